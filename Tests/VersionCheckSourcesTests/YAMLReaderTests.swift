import Foundation
import Testing
@testable import VersionCheckSources
import VersionCheckTestSupport

/// `YAMLReader`, the reader of the YAML subset electron-builder writes: what it reads,
/// every refusal (with its line), and that hostile shapes cost linear time.
@Suite("YAML reader")
struct YAMLReaderTests {
    static func parse(_ text: String) throws -> YAMLNode { try YAMLReader.parse(Array(text.utf8)) }
    static func map(_ pairs: KeyValuePairs<String, YAMLNode>) -> YAMLNode { .mapping(YAMLMapping(pairs.map { ($0.key, $0.value) })) }
    static func s(_ text: String) -> YAMLNode { .scalar(text) }

    @Test(arguments: [
        // Scalars are text, whatever they look like.
        ("version: 1.10\nflag: true\nnothing: null\ntilde: ~\n", map(["version": s("1.10"), "flag": s("true"), "nothing": s("null"), "tilde": s("~")])),
        ("a: b # a comment\n# a line of comment\nc:   d  \n", map(["a": s("b"), "c": s("d")])),
        ("url: https://example.com/a#b\n", map(["url": s("https://example.com/a#b")])),
        ("key: a:b\n", map(["key": s("a:b")])),
        ("---\na: 1\n", map(["a": s("1")])),
        ("--- # the document\na: 1\n", map(["a": s("1")])),
        ("\u{FEFF}a: 1", map(["a": s("1")])),
        ("a: 1\r\nb: 2\r\n", map(["a": s("1"), "b": s("2")])),
        ("a:\nb: 2\n", map(["a": s(""), "b": s("2")])),
        // Lists: indented under their key, or at its column; items that are mappings.
        ("files:\n  - url: a.zip\n    size: 1\n  - url: b.zip\npath: a.zip\n",
         map(["files": .sequence([map(["url": s("a.zip"), "size": s("1")]), map(["url": s("b.zip")])]), "path": s("a.zip")])),
        ("files:\n- url: a.zip\n- url: b.zip\npath: a.zip\n",
         map(["files": .sequence([map(["url": s("a.zip")]), map(["url": s("b.zip")])]), "path": s("a.zip")])),
        ("- a\n- - b\n  - c\n-\n  d: e\n-\n", .sequence([s("a"), .sequence([s("b"), s("c")]), map(["d": s("e")]), s("")])),
        ("a:\n  b:\n    c: d\n  e: f\n", map(["a": map(["b": map(["c": s("d")]), "e": s("f")])])),
        // Quoted scalars, escapes, folding.
        ("a: 'it''s # not a comment'\n", map(["a": s("it's # not a comment")])),
        (#"a: "tab\there \"q\" \\ \u00e9 \x41 \U0001F600 \/ \N""# + "\n", map(["a": s("tab\there \"q\" \\ é A 😀 / \u{85}")])),
        ("a: 'one\n  two\n\n  three'\n", map(["a": s("one two\nthree")])),
        ("a: \"one\\\n   two\"\n", map(["a": s("onetwo")])),
        ("'quoted key': 1\n\"other\": 2\n", map(["quoted key": s("1"), "other": s("2")])),
        ("- 'a: b'\n", .sequence([s("a: b")])),
        // Plain scalars continued on more indented lines.
        ("a: one\n  two\n\n  three\nb: c\n", map(["a": s("one two\nthree"), "b": s("c")])),
        // Block scalars: literal and folded, each chomping, an indentation indicator.
        ("a: |\n  line 1\n    more\n  line 3\n\nb: x\n", map(["a": s("line 1\n  more\nline 3\n"), "b": s("x")])),
        ("a: |-\n  one\n  two\n\n", map(["a": s("one\ntwo")])),
        ("a: |+\n  one\n\n\nb: x\n", map(["a": s("one\n\n\n"), "b": s("x")])),
        ("a: >\n  folded\n  text\n\n  para\n    kept\n  end\n", map(["a": s("folded text\npara\n  kept\nend\n")])),
        ("a: >-\n  <p>Faster sync.</p>\n", map(["a": s("<p>Faster sync.</p>")])),
        ("a: |2\n    two more\n", map(["a": s("  two more\n")])),
        ("a: | # comment\n  # not a comment\nb: c\n", map(["a": s("# not a comment\n"), "b": s("c")])),
        ("a: |\nb: c\n", map(["a": s(""), "b": s("c")])),
        ("- |\n  item\n- >-\n  x\n", .sequence([s("item\n"), s("x")])),
        ("text", s("text")),
        ("", s("")),
        ("# only a comment\n", s("")),
    ])
    func reads(_ text: String, _ expected: YAMLNode) throws {
        #expect(try Self.parse(text) == expected)
    }

    @Test(arguments: [
        ("a: &anchor 1\n", "an anchor (&) at line 1"),
        ("a: 1\nb: *anchor\n", "an alias (*) at line 2"),
        ("a: !!str 1\n", "a tag (!) at line 1"),
        ("&a key: 1\n", "an anchor (&) at line 1"),
        ("- &a\n", "an anchor (&) at line 1"),
        ("a: [1, 2]\n", "a flow collection ([) at line 1"),
        ("a: {b: 1}\n", "a flow collection ({) at line 1"),
        ("[1, 2]\n", "a flow collection ([) at line 1"),
        ("a: 1\n---\nb: 2\n", "more than one document at line 2"),
        ("---\na: 1\n---\n", "more than one document at line 3"),
        ("a: 1\n...\n", "a document end marker (...) at line 2"),
        ("%YAML 1.2\n---\na: 1\n", "a directive (%) at line 1"),
        ("? complex\n: key\n", "a complex key (?) at line 1"),
        ("a: 1\na: 2\n", "the key 'a' twice (line 2)"),
        ("a:\n\tb: 1\n", "a tab in indentation at line 2"),
        ("a: b: c\n", "': ' inside a plain value (quote it) at line 1"),
        ("a: 1\n  b: 2\n", "': ' inside a plain value (quote it) at line 2"),
        ("a:\n  b: 1\n c: 2\n", "unexpected indentation at line 3"),
        ("a: 'open\n", "an unterminated quoted scalar (line 1)"),
        ("a: \"x\\q\"\n", "an unknown escape '\\q' at line 1"),
        ("a: \"\\u12\"\n", "a \\x, \\u or \\U escape that is not hexadecimal at line 1"),
        ("a: 'x' y\n", "text after a quoted value at line 1"),
        ("a: |x\n", "text after a block scalar's header at line 1"),
        ("a: - b\n", "a list on the line of its key at line 1"),
        ("a: 1\n- b\n", "a list item where a key was expected at line 2"),
        ("a: 1\nb\n", "a line that is not 'key: value' in a mapping at line 2"),
        ("a: @x\n", "a plain scalar starting with '@' at line 1"),
        ("a: \u{01}\n", "a control character (byte 0x1) at line 1"),
        ("a: 1\nb: \u{7F}\n", "a control character (byte 0x7F) at line 2"),
        ("- a\nb: c\n", "unexpected text at line 2"),
    ])
    func refuses(_ text: String, _ reason: String) {
        #expect(throws: YAMLReader.Failure(description: reason)) { try Self.parse(text) }
    }

    /// 64 levels are read; the 65th is refused, for mappings and lists alike.
    @Test func nestingLimit() throws {
        func nested(_ depth: Int) -> String {
            (0..<depth).map { String(repeating: " ", count: $0) + "k:\n" }.joined() + String(repeating: " ", count: depth) + "v: 1\n"
        }
        _ = try Self.parse(nested(63))
        #expect(throws: YAMLReader.Failure(description: "nested deeper than 64 levels at line 65")) { try Self.parse(nested(64)) }
        let lists = String(repeating: "- ", count: 64) + "x\n"
        _ = try Self.parse(lists)
        #expect(throws: YAMLReader.Failure(description: "nested deeper than 64 levels at line 1")) {
            try Self.parse(String(repeating: "- ", count: 65) + "x\n")
        }
    }

    /// With a selection, only the named members are kept, and a streamed list's elements
    /// go to the sink with only their named members.
    @Test func selectionKeepsOnlyWhatIsRead() throws {
        let text = "version: 1\nx: [not, read]\nfiles:\n  - url: a\n    other: {b: 1}\n    size:\n      - 1\n  - b\nextra:\n  deep: 1\n"
        var elements: [YAMLNode] = []
        // The unknown `x` is still checked: a flow collection anywhere is refused.
        #expect(throws: YAMLReader.Failure(description: "a flow collection ([) at line 2")) {
            try YAMLReader.parse(Array(text.utf8), selection: .init(topLevel: ["version"]))
        }
        let clean = text.replacingOccurrences(of: "[not, read]", with: "1").replacingOccurrences(of: "{b: 1}", with: "2")
        let tree = try YAMLReader.parse(
            Array(clean.utf8), selection: .init(topLevel: ["version", "files", "extra"], streamed: ["files": ["url", "size"]])
        ) { key, element, index in
            #expect(key == "files" && index == elements.count)
            elements.append(element)
        }
        #expect(tree == Self.map(["version": Self.s("1"), "files": .sequence([]), "extra": .mapping(YAMLMapping())]))
        #expect(elements == [Self.map(["url": Self.s("a"), "size": .sequence([])]), Self.s("b")])
    }

    /// 8 MiB bodies of hostile shapes: each linear (well under the budget's second even in
    /// the test build; `make check-budget` holds the release build to it through the binary).
    /// What `ElectronBuilderFormat` keeps (the reader's test does not depend on the format).
    static let selection = YAMLReader.Selection(
        topLevel: ["version", "files", "path", "releaseNotes"],
        streamed: ["files": ["url", "sha512", "size"], "releaseNotes": ["version", "note"]])

    static let hostileShapes = [
        "740,000 keys", "760,000 list items", "one long line", "blank lines after a plain value", "a long folded block",
        "quoted lines", "60 levels deep, 4,000 times side by side", "lists 60 deep, side by side",
    ]

    static func hostile(_ name: String) -> String {
        switch name {
        case "740,000 keys": return (0..<740_000).map { "k\($0): v\n" }.joined()
        case "760,000 list items": return "files:\n" + String(repeating: "  - url: a\n", count: 760_000)
        case "one long line": return "a: " + String(repeating: "x", count: 8_000_000) + "\n"
        case "blank lines after a plain value": return "a: b" + String(repeating: "\n", count: 8_000_000) + "c: d\n"
        case "a long folded block": return "a: >\n" + String(repeating: "  word\n", count: 1_150_000)
        case "quoted lines": return "a: '" + String(repeating: "x''\n\n", count: 1_500_000) + "'\n"
        case "60 levels deep, 4,000 times side by side":
            let spaces: [String] = (0...60).map { String(repeating: " ", count: $0) }
            let inner: String = (1..<60).map { spaces[$0] + "k:\n" }.joined() + spaces[60] + "v: 1\n"
            return (0..<4_000).map { "k\($0):\n" + inner }.joined()
        default:
            let line: String = String(repeating: "- ", count: 60) + "x\n"
            return String(repeating: line, count: 65_000)
        }
    }

    @Test(arguments: hostileShapes)
    func hostileShapesAreLinear(_ name: String) {
        let bytes = Array(Self.hostile(name).utf8)
        #expect(bytes.count <= 8 * 1024 * 1024 + 64 * 1024)
        // As the format reads it (what the budget is about), then the whole tree (tests,
        // fuzzing); a sanitizer's shadow work stretches both, as it stretches the budget.
        let stretch = HostileBudget.sanitizer == nil ? 1.0 : 10.0
        var start = Date()
        _ = try? YAMLReader.parse(bytes, selection: Self.selection) { _, _, _ in }
        #expect(Date().timeIntervalSince(start) < 3 * stretch, "\(name): \(bytes.count) bytes, as selected")
        start = Date()
        _ = try? YAMLReader.parse(bytes)
        #expect(Date().timeIntervalSince(start) < 6 * stretch, "\(name): \(bytes.count) bytes, whole")
    }
}

import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckSources

/// A property list manifest keeps file order: of two keys with equal precedence
/// the first in the file wins (SPEC.md, Details), in XML and binary lists alike.
@Suite struct PropertyListFileOrderTests {
    enum Format: String, CaseIterable, CustomTestStringConvertible {
        case xml, binary
        var testDescription: String { rawValue }
    }

    static func plist(_ entries: [(String, String)], as format: Format) -> Data {
        switch format {
        case .xml:
            let body = entries.map { "\t<key>\($0.0)</key>\n\t<string>\($0.1)</string>\n" }.joined()
            return Data(("""
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>

                """ + body + "</dict>\n</plist>\n").utf8)
        case .binary:
            return Data(BinaryPlistBuilder.build(entries.map { ($0.0, .string($0.1)) }))
        }
    }

    /// The release an update check would offer from 1.0.
    static func chosen(_ manifest: SourceDocument) throws -> Release? {
        try decideUpdate(
            current: Version("1.0"), releases: manifest.releases, sourceMinimum: manifest.minimumVersion,
            policy: UpdatePolicy(), now: 0
        ).latest
    }

    /// Pairs of keys with equal precedence, in file order: each pair in both orders,
    /// so ascending text order (the old rule) gets one of each wrong.
    static let equalPairs = [
        ("1.2", "1.2.0"), ("1.2.0", "1.2"), ("v1.2", "1.2"), ("1.2", "v1.2"), ("1.2.0", "v1.2"), ("v1.2", "1.2.0"),
    ]

    @Test(arguments: Format.allCases, equalPairs)
    func firstInTheFileWins(format: Format, pair: (first: String, second: String)) throws {
        let data = Self.plist([(pair.first, "listed first"), ("1.0", "old"), (pair.second, "listed second")], as: format)
        let manifest = try SourceFormats.decodeManifest(Array(data))
        #expect(manifest.releases.map(\.version.description) == [pair.first, "1.0", pair.second])
        let chosen = try Self.chosen(manifest)
        #expect(chosen?.version.description == pair.first)
        #expect(chosen?.notes == "listed first")
    }

    /// A key given twice is refused wherever it comes: keys are hashed only once the
    /// versions stop rising or falling strictly and the keys stop rising as ASCII text
    /// (or one fails to parse), and then every key before counts, padded ones by their
    /// own text.
    @Test(arguments: Format.allCases, [
        (["1.0", "1.1", "1.2", "1.1"], "property list has the key '1.1' more than once"),
        (["3", "2", "1", "2"], "property list has the key '2' more than once"),
        (["1.0", "1.0"], "property list has the key '1.0' more than once"),
        (["1.0", "2.0", "0.5", "3.0", "2.0"], "property list has the key '2.0' more than once"),
        (["1.0", "x", "2.0", "1.0"], "property list has the key '1.0' more than once"),
        (["1.0", "x", "2.0"], "property list key: invalid version 'x': unexpected 'x' at offset 0, expected a digit"),
        ([" 1.0", "1.0", "2.0"], nil),
        (["1.0", "2.0", "3.0"], nil),
        (["3.0", "2.0", "1.0"], nil),
        (["1.0", "3.0", "2.0", "4.0"], nil),
        (["1.10", "1.2", "1.9"], nil),
        (["1.10", "1.2", "1.9", "1.9"], "property list has the key '1.9' more than once"),
        (["1.10", "1.2", "1.9", "1.2"], "property list has the key '1.2' more than once"),
        (["1.10", "1.2", "1.9", "1.10.0"], nil),
    ] as [([String], String?)])
    func repeatedKeys(format: Format, given: (keys: [String], failure: String?)) throws {
        let (keys, failure) = given
        let data = Self.plist(keys.map { ($0, "notes of \($0)") }, as: format)
        guard let failure else {
            let manifest = try SourceFormats.decodeManifest(Array(data))
            #expect(manifest.releases.map(\.notes) == keys.map { "notes of \($0)" })
            return
        }
        #expect(throws: BodyError(failure)) { try SourceFormats.decodeManifest(Array(data)) }
    }

    /// plistlib's output (Fixtures/make-binary-plist.py, sort_keys=False): "1.2.0"
    /// before "1.0" before "1.2", and "1.2" sorts before "1.2.0" as text.
    @Test(arguments: ["manifest-same-precedence.plist", "manifest-same-precedence-binary.plist"])
    func fixtureFromPlistlib(name: String) throws {
        let data = try Data(contentsOf: TestPaths.fixture(name))
        #expect(try PropertyListEntries.all(in: Array(data)).map(\.key) == ["1.2.0", "1.0", "1.2"])
        let manifest = try SourceFormats.decodeManifest(Array(data))
        #expect(manifest.releases == [
            Release(version: try Version("1.2.0"), notes: "Listed first\nso it wins"),
            Release(version: try Version("1.0"), notes: "First release"),
            Release(version: try Version("1.2"), notes: "Listed second"),
        ])
        #expect(try Self.chosen(manifest)?.notes == "Listed first\nso it wins")
    }

    @Test(arguments: ["manifest-same-precedence.plist", "manifest-same-precedence-binary.plist"])
    func endToEnd(name: String) throws {
        let path = TestPaths.fixture(name).path
        let result = try runProduct("versioncheck", ["manifest", "--url", path, "--current", "1.0", "--json"])
        #expect(result.status == 100, "\(result)")
        #expect(result.stdout.hasPrefix(#"{"status": "optional", "current": "1.0", "latest": "1.2.0", "#), "\(result)")
        #expect(result.stdout.contains(#""releaseNotes": "Listed first\nso it wins""#), "\(result)")
    }

    /// What Foundation's reading of a value says our reader must say of it.
    static func expectedValue(_ object: Any) -> PropertyListValue {
        if let text = object as? String { return .notes(text) }
        guard let array = object as? [Any] else { return .notNotes }
        guard let lines = array as? [String] else { return .arrayOfNonStrings }
        return .notes(lines.joined(separator: "\n"))
    }

    /// The entries agree with Foundation's reading of the same bytes: the same keys, and
    /// for each key given once, the same value (release notes, or not).
    static func expectAgreement(_ entries: [PropertyListEntry], with data: Data, _ comment: Comment? = nil) throws {
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        let dictionary = try #require(object as? [String: Any], comment)
        #expect(Set(dictionary.keys) == Set(entries.map(\.key)), comment)
        let counts = Dictionary(entries.map { ($0.key, 1) }, uniquingKeysWith: +)
        for entry in entries where counts[entry.key] == 1 {
            #expect(dictionary[entry.key].map(expectedValue) == entry.value, "key \(entry.key): \(comment?.rawValue ?? "")")
        }
    }
}

/// The XML scanner: the entries of the top-level dict only, as Foundation reads them.
@Suite struct XMLPropertyListEntriesTests {
    static let head = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"

    @Test(arguments: [
        // Nested dicts and arrays as values: their keys are not top-level keys.
        (head + "<plist version=\"1.0\"><dict><key>b</key><dict><key>inner</key><string>x</string>"
            + "<key>deeper</key><dict><key>d</key><array><dict><key>e</key><true/></dict></array></dict></dict>"
            + "<key>a</key><array><string>1</string><array/><dict/></array><key>c</key><integer>3</integer>"
            + "</dict></plist>", ["b", "a", "c"]),
        ("<plist><dict/></plist>", []),
        ("<plist version=\"1.0\">\n<dict>\n</dict>\n</plist>", []),
        // Comments anywhere between elements, including ones that look like keys.
        ("<!-- <dict><key>no</key> --><plist><!-- x --><dict><!-- <key>fake</key> --><key>2.0</key>"
            + "<!-- between --><string>n</string><key>1.0</key><string>m</string></dict></plist>",
         ["2.0", "1.0"]),
        // References in key text; values with references and CDATA that look like markup.
        ("<plist><dict><key>a&amp;b&lt;&gt;&quot;&apos;&#65;&#x42;&#x1F600;</key><string>&lt;/dict&gt;</string>"
            + "<key>k</key><string><![CDATA[</string></dict><key>x]]></string></dict></plist>",
         ["a&b<>\"'AB\u{1F600}", "k"]),
        ("<plist><dict><key><![CDATA[1.<&>2]]>.3</key><string/></dict></plist>", ["1.<&>2.3"]),
        // White space and line breaks in key text are kept, as Foundation keeps them.
        ("<plist><dict><key> 1.0\n</key><string>n</string><key/><string>e</string></dict></plist>", [" 1.0\n", ""]),
        // A byte order mark, a DOCTYPE, a processing instruction, no <plist>.
        ("\u{FEFF}" + head + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x.dtd\">\n<?pi data?>\n<dict>\n\t<key>é</key>"
            + "<string>1</string>\n</dict>", ["é"]),
        // Repeats are kept: the first place is the one that counts.
        ("<plist><dict><key>1.0</key><string>a</string><key>0.9</key><string>b</string>"
            + "<key>1.0</key><string>c</string></dict></plist>", ["1.0", "0.9", "1.0"]),
    ])
    func keysInFileOrder(xml: String, keys: [String]) throws {
        let data = Data(xml.utf8)
        let entries = try PropertyListEntries.all(in: Array(data))
        #expect(entries.map(\.key) == keys)
        // The same key and string text as Foundation's.
        try PropertyListFileOrderTests.expectAgreement(entries, with: data)
    }

    static let plistHead = head + #"<plist version="1.0">"#

    @Test(arguments: [
        ("<dict><key>1.0</key><string>one</string></dict>", [PropertyListValue.notes("one")]),
        ("<dict><key>1.0</key><string/><key>1.1</key><array/></dict>", [.notes(""), .notes("")]),
        ("<dict><key>1.0</key><array>\n\t<string>a</string>\n\t<string/><!-- c --><string>b &amp; c</string>\n</array></dict>",
         [.notes("a\n\nb & c")]),
        // Line breaks inside a string, kept as written (also CR LF).
        ("<dict><key>1.0</key><string>line 1\nline 2\r\nline 3</string></dict>", [.notes("line 1\nline 2\r\nline 3")]),
        ("<dict><key>1.0</key><integer>3</integer><key>1.1</key><true/><key>1.2</key><dict><key>x</key><string>y</string></dict>"
            + "<key>1.3</key><date>2024-01-01T00:00:00Z</date><key>1.4</key><data>AAAA</data></dict>",
         [.notNotes, .notNotes, .notNotes, .notNotes, .notNotes]),
        ("<dict><key>1.0</key><array><string>a</string><integer>1</integer></array>"
            + "<key>1.1</key><array><array><string>a</string></array></array><key>1.2</key><array><dict/></array></dict>",
         [.arrayOfNonStrings, .arrayOfNonStrings, .arrayOfNonStrings]),
    ])
    func values(dict: String, values: [PropertyListValue]) throws {
        let data = Data((Self.plistHead + dict + "</plist>").utf8)
        let entries = try PropertyListEntries.all(in: Array(data))
        #expect(entries.map(\.value) == values)
        try PropertyListFileOrderTests.expectAgreement(entries, with: data)
    }

    @Test(arguments: [
        ("<plist><array><string>1.0</string></array></plist>", PropertyListError.topLevelNotADictionary(found: "<array>")),
        ("<plist><array/></plist>", .topLevelNotADictionary(found: "<array/>")),
        ("<plist></plist>", .topLevelNotADictionary(found: "</plist>")),
        ("<plist><string>1.0</string></plist>", .topLevelNotADictionary(found: "<string>")),
        // A value nested past 128 levels (here 2 + 127 arrays) is refused as it is skipped.
        ("<plist><dict><key>a</key>" + String(repeating: "<array>", count: 127), .tooDeep(limit: 128)),
        ("<dict><key>a</key><array>" + String(repeating: "<dict>", count: 127), .tooDeep(limit: 128)),
        ("<?xml version=\"1.0\"?><html><body>", .xmlUnexpected(found: "<html>", offset: 21, expected: "<plist> or <dict>")),
        ("<plist>", .xmlUnexpected(found: "the end", offset: 7, expected: "<dict>")),
        ("<plist>1.0", .xmlUnexpected(found: "'1'", offset: 7, expected: "<dict>")),
        ("<plist><dict><key>a</key><string>x</string>", .xmlUnexpected(found: "the end", offset: 43, expected: "</dict>")),
        ("<dict><key>a</key><string>x</string></array></dict>",
         .xmlUnexpected(found: "</array>", offset: 36, expected: "<key> or </dict>")),
        ("<dict><array><key>a</key></dict>", .xmlUnexpected(found: "<array>", offset: 6, expected: "<key> or </dict>")),
        ("<dict><string>a</string></dict>", .xmlUnexpected(found: "<string>", offset: 6, expected: "<key> or </dict>")),
        ("<dict><key>a</key></dict>", .xmlUnexpected(found: "</dict>", offset: 18, expected: "a value for the <key> at byte 6")),
        ("<dict><key>a</key>", .xmlUnexpected(found: "the end", offset: 18, expected: "a value for the <key> at byte 6")),
        ("<dict><key>a</key><array><string>x</string></dict>",
         .xmlUnexpected(found: "</dict>", offset: 43, expected: "</array>")),
        ("<dict><key>a</key><dict><array></dict></array></dict>",
         .xmlUnexpected(found: "</dict>", offset: 31, expected: "</array>")),
        ("<dict><key>a</key><string>x</integer></dict>",
         .xmlUnexpected(found: "</integer>", offset: 27, expected: "</string>")),
        ("<dict><key>a<string>", .xmlUnexpected(found: "<string>", offset: 12, expected: "</key>")),
        ("<dict><key>a", .xmlUnexpected(found: "the end", offset: 12, expected: "</key>")),
        ("<dict><key>a&bogus;</key></dict>", .xmlBadReference("&bogus;", offset: 12)),
        ("<dict><key>a&#xD800;</key></dict>", .xmlBadReference("&#xD800;", offset: 12)),
        ("<dict><key>a&#12a;</key></dict>", .xmlBadReference("&#12a;", offset: 12)),
        ("<dict><key>a & b</key></dict>", .xmlBadReference("& b</key></dict>", offset: 13)),
        ("<dict><key>a&amp", .xmlBadReference("&amp", offset: 12)),
        ("<dict><!-- never closed <key>", .xmlUnexpected(found: "the end", offset: 29, expected: "'-->'")),
        ("<dict><key><![CDATA[1.0</key>", .xmlUnexpected(found: "the end", offset: 29, expected: "']]>'")),
        ("<dict><key>1.0</key", .xmlUnexpected(found: "the end", offset: 19, expected: "'>' closing the tag at byte 14")),
        ("<dict>< key>", .xmlUnexpected(found: "' '", offset: 7, expected: "a tag name after '<' (tag at byte 6)")),
        ("<!DOCTYPE plist [ <dict>", .xmlUnexpected(found: "the end", offset: 24, expected: "'>' closing the declaration")),
    ])
    func rejects(xml: String, error: PropertyListError) {
        #expect(throws: error) { try PropertyListEntries.all(in: Array(Data(xml.utf8))) }
    }
}

/// The binary reader: key order, values, and malformed lists that must throw, never trap.
@Suite struct BinaryPropertyListEntriesTests {
    /// Header 8 bytes; objects: 0 the dict (8-12: D2 01 02 03 04), 1 "1.0" (13-16),
    /// 2 "1.1" (17-20), 3 "a" (21-22), 4 "b" (23-24); offset table 25-29 (one byte
    /// each); trailer 30-61.
    static let small = BinaryPlistBuilder.build([("1.0", .string("a")), ("1.1", .string("b"))])

    @Test func smallLayout() {
        #expect(Self.small.count == 62)
        #expect(Array(Self.small[8...24]) == [0xD2, 1, 2, 3, 4] + [0x53] + Array("1.0".utf8) + [0x53] + Array("1.1".utf8)
            + [0x51, 0x61, 0x51, 0x62])
        #expect(Array(Self.small[25...29]) == [8, 13, 17, 21, 23])
    }

    static let manyKeys = (0..<20).map { "1.\(($0 * 7) % 20)" } + ["é-ü", String(repeating: "ab", count: 20)]

    @Test(arguments: [
        [("1.0", BinaryPlistBuilder.Value.string("a")), ("1.1", .string("b"))],
        // A dictionary is not release notes; arrays of strings are, joined by newlines.
        [("2.0", .dictionary([("inner", "x"), ("0.1", "y")])), ("1.0", .strings(["a", "b"])), ("3.0", .strings([]))],
        [("1.0", .strings(["only"])), ("1.1", .string("")), ("1.2", .string("é ü 🚀"))],
        // 22 keys (the 0xF count form), a UTF-16 key and a key of 40 characters.
        manyKeys.map { ($0, .string("n")) },
        [],
    ])
    func keysInFileOrder(entries: [(String, BinaryPlistBuilder.Value)]) throws {
        let data = Data(BinaryPlistBuilder.build(entries))
        let read = try PropertyListEntries.all(in: Array(data))
        #expect(read.map(\.key) == entries.map(\.0))
        // Foundation reads the same list, with the same keys and values.
        try PropertyListFileOrderTests.expectAgreement(read, with: data)
    }

    /// Values that are not release notes are reported, not decoded: an array that
    /// holds itself, a set, a number.
    @Test func valuesThatAreNotNotes() throws {
        let selfArray = Self.patch(Self.patch(Self.small, 21, 0xA1, 1), 22, 3, 1)  // value 0: [value 0]
        #expect(try PropertyListEntries.all(in: Array(Data(selfArray))).map(\.value) == [.arrayOfNonStrings, .notes("b")])
        let set = Self.patch(Self.small, 21, 0xC1, 1)  // value 0: a set
        #expect(try PropertyListEntries.all(in: Array(Data(set))).map(\.value) == [.notNotes, .notes("b")])
        let number = Self.patch(Self.small, 23, 0x10, 1)  // value 1: the integer 0x62
        #expect(try PropertyListEntries.all(in: Array(Data(number))).map(\.value) == [.notes("a"), .notNotes])
    }

    @Test func fixtureWithSortedKeys() throws {
        let data = try Data(contentsOf: TestPaths.fixture("manifest-binary.plist"))
        #expect(try PropertyListEntries.all(in: Array(data)).map(\.key) == ["1.0", "1.1", "1.3.0"])
    }

    static let end = 62  // Self.small.count
    static let patch = BinaryPlistBuilder.patch

    @Test(arguments: [
        ("too short", Array(small.prefix(40)), PropertyListError.binaryTooShort(length: 40)),
        ("other version", patch(small, 6, 0x3135, 2), .binaryHeader("bplist15")),
        ("offset size 0", patch(small, -26, 0, 1), .binaryTrailer(field: "the offset size", value: 0, expected: "1 to 8")),
        ("reference size 9", patch(small, -25, 9, 1),
         .binaryTrailer(field: "the object reference size", value: 9, expected: "1 to 8")),
        ("object count 0", patch(small, -24, 0, 8), .binaryOutOfRange(what: "the object count", value: 0, range: 1..<6)),
        ("object count huge", patch(small, -24, .max, 8),
         .binaryOutOfRange(what: "the object count", value: .max, range: 1..<6)),
        ("object count past the trailer", patch(small, -24, 6, 8),
         .binaryOutOfRange(what: "the object count", value: 6, range: 1..<6)),
        ("top object out of range", patch(small, -16, 5, 8), .binaryOutOfRange(what: "the top object", value: 5, range: 0..<5)),
        ("offset table in the trailer", patch(small, -8, 40, 8),
         .binaryOutOfRange(what: "the offset table offset", value: 40, range: 9..<31)),
        ("offset table in the header", patch(small, -8, 4, 8),
         .binaryOutOfRange(what: "the offset table offset", value: 4, range: 9..<31)),
        ("offset table offset huge", patch(small, -8, .max, 8),
         .binaryOutOfRange(what: "the offset table offset", value: .max, range: 9..<31)),
        ("top object offset past the objects", patch(small, 25, 200, 1),
         .binaryOutOfRange(what: "the top object's offset", value: 200, range: 8..<25)),
        ("top object offset in the header", patch(small, 25, 3, 1),
         .binaryOutOfRange(what: "the top object's offset", value: 3, range: 8..<25)),
        ("top object an array", patch(small, 8, 0xA2, 1), .topLevelNotADictionary(found: "an array (marker 0xA2)")),
        ("top object a string", patch(small, -16, 1, 8), .topLevelNotADictionary(found: "a string (marker 0x53)")),
        ("dictionary count beyond the objects", patch(small, 8, 0xDE, 1),
         .binaryOutOfRange(what: "the top dictionary's count", value: 14, range: 0..<9)),
        ("dictionary count not an integer", patch(small, 8, 0xDF, 1),
         .binaryMarker(what: "the top dictionary's count", marker: 0x01, expected: "an integer of 1, 2, 4 or 8 bytes (0x10 to 0x13)")),
        ("dictionary count huge", patch(patch(small, 8, 0xDF, 1), 9, 0x13, 1),
         .binaryOutOfRange(what: "the top dictionary's count", value: 0x0203_0453_312E_3053, range: 0..<26)),
        ("key reference out of range", patch(small, 9, 9, 1),
         .binaryOutOfRange(what: "key 0's object number", value: 9, range: 0..<5)),
        ("key offset past the objects", patch(small, 26, 40, 1),
         .binaryOutOfRange(what: "key 0's object's offset", value: 40, range: 8..<25)),
        ("key not a string", patch(small, 9, 0, 1),
         .binaryMarker(what: "key 0", marker: 0xD2, expected: "a string (0x5_ or 0x6_)")),
        ("key longer than the objects", patch(small, 13, 0x5E, 1),
         .binaryOutOfRange(what: "key 0's end", value: 28, range: 0..<26)),
        ("UTF-16 key longer than the objects", patch(small, 17, 0x66, 1),
         .binaryOutOfRange(what: "key 1's end", value: 30, range: 0..<26)),
        ("key length integer huge", patch(patch(small, 13, 0x5F, 1), 14, 0x13, 1),
         .binaryOutOfRange(what: "key 0's length", value: 0x2E30_5331_2E31_5161, range: 0..<26)),
        ("key not ASCII", patch(small, 14, 0xC3, 1),
         .binaryMarker(what: "key 0's ASCII text", marker: 0xC3, expected: "bytes below 0x80")),
        ("value reference out of range", patch(small, 11, 9, 1),
         .binaryOutOfRange(what: "value 0's object number", value: 9, range: 0..<5)),
        ("value array longer than the objects", patch(small, 21, 0xAE, 1),
         .binaryOutOfRange(what: "value 0's count", value: 14, range: 0..<4)),
        ("value array element out of range", patch(small, 21, 0xA1, 1),
         .binaryOutOfRange(what: "value 0 element 0's object number", value: 0x61, range: 0..<5)),
        ("value string not ASCII", patch(small, 24, 0xFF, 1),
         .binaryMarker(what: "value 1's ASCII text", marker: 0xFF, expected: "bytes below 0x80")),
    ] as [(String, [UInt8], PropertyListError)])
    func rejects(name: String, bytes: [UInt8], error: PropertyListError) {
        #expect(throws: error, "\(name)") { try PropertyListEntries.all(in: Array(Data(bytes))) }
        // And a manifest made of it is a bad response, whichever reader notices first.
        #expect(throws: BodyError.self, "\(name)") { try SourceFormats.decodeManifest(Array(Data(bytes))) }
    }

    /// Every truncation and every single-byte change of a real list: the reader
    /// throws or answers, never traps; a cut list has lost its trailer and throws;
    /// where both read the change, it agrees with Foundation on the keys and values.
    @Test(arguments: ["manifest-same-precedence-binary.plist", "manifest-binary.plist"])
    func damagedListsNeverTrap(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: TestPaths.fixture(name)))
        for length in 0..<bytes.count {
            #expect(throws: PropertyListError.self, "cut to \(length)") {
                try PropertyListEntries.all(in: Array(Data(bytes.prefix(length))))
            }
        }
        for offset in bytes.indices {
            for replacement: UInt8 in [0x00, 0x0F, 0xFF, bytes[offset] &+ 1] where replacement != bytes[offset] {
                var damaged = bytes
                damaged[offset] = replacement
                let data = Data(damaged)
                guard let entries = try? PropertyListEntries.all(in: Array(data)) else { continue }
                if (try? PropertyListSerialization.propertyList(from: data, format: nil)) is [String: Any] {
                    try PropertyListFileOrderTests.expectAgreement(entries, with: data, "byte \(offset) set to \(replacement)")
                }
            }
        }
    }
}

/// Repeated keys among many (the hashed keys grow several times), after a version
/// error (keys that are not versions), padded, and equal only as Unicode text.
@Suite("Property list manifests: repeated keys, hashed by entry number")
struct PropertyListRepeatedKeyTests {
    static let many = (0..<5_000).map { "1.\($0)" }.sorted()  // text order: hashed from "1.10" on

    @Test(arguments: PropertyListFileOrderTests.Format.allCases, [
        (many + ["1.4321"], "property list has the key '1.4321' more than once"),
        (many + ["1.4321.0"], nil),
        (["1.0", "x", "y", "x", "1.0"], "property list has the key 'x' more than once"),
        (["1.0", "x", "y", "z"], "property list key: invalid version 'x': unexpected 'x' at offset 0, expected a digit"),
        ([" 1.0", "2.0", "1.5", " 1.0"], "property list has the key ' 1.0' more than once"),
        ([" 1.0", "2.0", "1.5", "1.0"], nil),
        (["1.0-caf\u{E9}", "2.0", "1.5", "1.0-cafe\u{301}"], "property list has the key '1.0-cafe\u{301}' more than once"),
    ] as [([String], String?)])
    func repeatedKeys(format: PropertyListFileOrderTests.Format, given: (keys: [String], failure: String?)) throws {
        let (keys, failure) = given
        let data = PropertyListFileOrderTests.plist(keys.map { ($0, "notes of \($0)") }, as: format)
        guard let failure else {
            let manifest = try SourceFormats.decodeManifest(Array(data))
            #expect(manifest.releases.map(\.notes) == keys.map { "notes of \($0)" })
            #expect(manifest.releases.map(\.version.description) == keys.map { $0.trimmingCharacters(in: .whitespaces) })
            return
        }
        #expect(throws: BodyError(failure)) { try SourceFormats.decodeManifest(Array(data)) }
    }

    /// Releases with equal notes share them; each keeps its own version.
    @Test(arguments: PropertyListFileOrderTests.Format.allCases)
    func equalNotesKeepTheirVersions(format: PropertyListFileOrderTests.Format) throws {
        let keys = ["1.0", "1.10", "1.2", "1.3"]
        let data = PropertyListFileOrderTests.plist(keys.map { ($0, $0 == "1.2" ? "other" : "n") }, as: format)
        let manifest = try SourceFormats.decodeManifest(Array(data))
        #expect(manifest.releases == keys.map { Release(version: try! Version($0), notes: $0 == "1.2" ? "other" : "n") })
    }
}

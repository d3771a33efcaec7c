import VersionCheckCore

/// Reads the YAML that electron-builder writes (`latest-mac.yml`, `app-update.yml`)
/// into a `YAMLNode`, in one pass over the bytes. A reader, not a format: the formats
/// that read YAML (`ElectronBuilderFormat`) decide what the nodes mean, and so does the
/// command line for an app's `Contents/Resources/app-update.yml` (public for that).
///
/// The subset read: block mappings and block sequences (`- ` items, `- key: value`
/// mapping items, a list at its key's indentation), plain, single- and double-quoted
/// scalars (escapes decoded, lines folded), `|` and `>` block scalars with chomping
/// (`-`, `+`) and indentation indicators, comments, and one leading `---`. Every
/// scalar is text. Refused, with the line: anchors (`&`), aliases (`*`), tags (`!`),
/// flow collections (`[`, `{`), complex keys (`? `), directives (`%`), a second
/// document, a key given twice, a tab in indentation, control characters, and nesting
/// deeper than `maximumDepth` (the reader recurses once per level, so the depth bounds
/// its stack). A UTF-8 byte order mark is skipped; invalid UTF-8 in a scalar becomes
/// U+FFFD.
///
/// Cost: linear in the body (a run of blank lines after a plain scalar is read twice,
/// once to see whether the scalar continues). With a `Selection`, only the members a
/// decoder reads are kept and one list is streamed element by element, so a hostile
/// body of millions of keys or items costs no tree.
public struct YAMLReader {
    /// Why the text is not the YAML read here, with the line: "an anchor (&) at line 3".
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Deeper than electron-builder nests (3 levels: `files`, an entry, its keys).
    public static let maximumDepth = 64

    /// Takes one element of a streamed list: the top-level key it is under, the element
    /// and its index.
    public typealias ElementSink = (_ key: String, _ element: YAMLNode, _ index: Int) -> Void

    /// Told where each entry kept is, as it is read (before a streamed element is handed
    /// over): the depth of its mapping (1: the document's), its key and the key's line.
    public typealias KeyLocator = (_ depth: Int, _ key: String, _ line: Int) -> Void

    /// Which members a decoder reads, so that the rest is checked but never kept.
    public struct Selection: Sendable {
        /// The top-level mapping's keys kept; the values of the others are read and dropped.
        /// A kept value that is a collection is kept as its kind only (an empty one), unless streamed.
        public var topLevel: Set<String>
        /// Top-level keys whose value, when a list, goes element by element to the sink:
        /// of an element that is a mapping, the keys named here are kept (their values as
        /// the top level's are). The tree holds an empty list there.
        public var streamed: [String: Set<String>] = [:]

        public init(topLevel: Set<String>, streamed: [String: Set<String>] = [:]) {
            self.topLevel = topLevel
            self.streamed = streamed
        }
    }

    /// What of a node is kept.
    private enum Keeping {
        /// The whole node.
        case everything
        /// Nothing: a scalar becomes empty text, a collection an empty one of its kind.
        case nothing
        /// A scalar's text; a collection as its kind only.
        case shallow
        /// A mapping's entries of these keys, their values `shallow`; a scalar's text.
        case members(Set<String>)
        /// The top-level node with a selection.
        case root(Selection)
        /// A list's elements to the sink, each kept as `members`; otherwise `shallow`.
        case stream(key: String, members: Set<String>)
    }

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    /// Where the line holding `index` starts, and its number (from 1).
    private var lineStart = 0
    private var line = 1
    private let sink: ElementSink?
    /// Told where each kept entry's key is (`lint`'s lines); nil on the decoders' path,
    /// which pays one check an entry for it and nothing else.
    private let locator: KeyLocator?

    private init(_ bytes: UnsafeRawBufferPointer, sink: ElementSink?, locator: KeyLocator?) {
        self.bytes = bytes
        self.sink = sink
        self.locator = locator
    }

    /// Parses a whole document. With `selection`, only what it names is kept (see
    /// `Selection`); elements of streamed lists go to `sink` as they are read, before
    /// a failure further on can be found. With `locator`, each entry kept is reported
    /// there with its key's line (for `lint`; the tree is the same).
    public static func parse(
        _ data: [UInt8], selection: Selection? = nil, sink: ElementSink? = nil, locator: KeyLocator? = nil
    ) throws(Failure) -> YAMLNode {
        let result: Result<YAMLNode, Failure> = data.withUnsafeBytes { raw in
            var reader = YAMLReader(raw, sink: sink, locator: locator)
            do throws(Failure) {
                return .success(try reader.document(keeping: selection.map { .root($0) } ?? .everything))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: The document

    private mutating func document(keeping: Keeping) throws(Failure) -> YAMLNode {
        try checkCharacters()
        index = ByteText.startSkippingByteOrderMark(bytes)
        lineStart = index
        try nextContent()
        if index < bytes.count, byte(index) == UInt8(ascii: "%"), column == 0 {
            throw fail("a directive (%)")
        }
        var root: YAMLNode
        if atDocumentMarker(dashes: true) {
            index += 3
            skipBlanksInLine()
            if atLineEnd {
                try endLine()
                root = try blockNode(parentIndent: -1, depth: 1, keeping: keeping)
            } else {
                root = try node(parentIndent: -1, depth: 1, keeping: keeping)
            }
        } else {
            root = try blockNode(parentIndent: -1, depth: 1, keeping: keeping)
        }
        try nextContent()
        guard index == bytes.count else {
            if atDocumentMarker(dashes: true) { throw fail("more than one document") }
            if atDocumentMarker(dashes: false) { throw fail("a document end marker (...)") }
            throw fail("unexpected text")
        }
        return root
    }

    /// Control characters (other than tab, line feed and carriage return) and DEL are
    /// not YAML: refused before anything is read.
    private mutating func checkCharacters() throws(Failure) {
        for offset in 0..<bytes.count {
            let byte = bytes[offset]
            if byte < 0x20 ? (byte != 0x09 && byte != 0x0A && byte != 0x0D) : byte == 0x7F {
                index = offset
                line = 1 + bytes[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                throw fail("a control character (byte 0x\(String(byte, radix: 16, uppercase: true)))")
            }
        }
    }

    // MARK: Nodes

    /// The node that starts on a later line, more indented than `parentIndent`; empty
    /// text when there is none. `compactList`: a list at exactly `parentIndent` is the
    /// node too (a mapping's value: `files:` then `- url: …` at the key's column).
    private mutating func blockNode(
        parentIndent: Int, depth: Int, keeping: Keeping, compactList: Bool = false
    ) throws(Failure) -> YAMLNode {
        try nextContent()
        guard index < bytes.count, !atDocumentMarker(dashes: true), !atDocumentMarker(dashes: false) else { return .scalar("") }
        if column > parentIndent {
            return try node(parentIndent: parentIndent, depth: depth, keeping: keeping)
        }
        if compactList, column == parentIndent, atListItem {
            return try sequence(depth: depth, keeping: keeping)
        }
        return .scalar("")
    }

    /// The node at `index` (at a line's indentation, or after `- ` on the line).
    private mutating func node(parentIndent: Int, depth: Int, keeping: Keeping) throws(Failure) -> YAMLNode {
        if atListItem { return try sequence(depth: depth, keeping: keeping) }
        if try startsMappingEntry() { return try mapping(depth: depth, keeping: keeping) }
        return try value(parentIndent: parentIndent, keeping: keeping)
    }

    /// A block mapping whose first key is at `index`; its other keys are at the same column.
    private mutating func mapping(depth: Int, keeping: Keeping) throws(Failure) -> YAMLNode {
        guard depth <= Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
        let indent = column
        var entries = YAMLMapping()
        while true {
            let keyLine = line
            let key = try mappingKey()
            let childKeeping: Keeping
            var kept = true
            switch keeping {
            case .everything: childKeeping = .everything
            case .members(let names):
                kept = names.contains(key)
                childKeeping = kept ? .shallow : .nothing
            case .root(let selection):
                kept = selection.topLevel.contains(key)
                if kept, let members = selection.streamed[key] {
                    childKeeping = .stream(key: key, members: members)
                } else {
                    childKeeping = kept ? .shallow : .nothing
                }
            case .nothing, .shallow, .stream:
                kept = false
                childKeeping = .nothing
            }
            // After the ':': a value on this line, or a node on the lines below.
            skipBlanksInLine()
            let entry: YAMLNode
            if atLineEnd {
                try endLine()
                entry = try blockNode(parentIndent: indent, depth: depth + 1, keeping: childKeeping, compactList: true)
            } else {
                if atListItem { throw fail("a list on the line of its key") }
                entry = try value(parentIndent: indent, keeping: childKeeping)
            }
            if kept {
                guard entries.insert(key, entry) else {
                    throw Failure(description: "the key '\(TerminalText.dotted(key))' twice (line \(keyLine))")
                }
                locator?(depth, key, keyLine)
            }
            try nextContent()
            guard index < bytes.count, !atDocumentMarker(dashes: true), !atDocumentMarker(dashes: false) else { break }
            if column < indent { break }
            if column > indent { throw fail("unexpected indentation") }
            if atListItem { throw fail("a list item where a key was expected") }
            guard try startsMappingEntry() else { throw fail("a line that is not 'key: value' in a mapping") }
        }
        switch keeping {
        case .everything, .members, .root: return .mapping(entries)
        case .nothing, .shallow, .stream: return .mapping(YAMLMapping())
        }
    }

    /// A block sequence whose first `-` is at `index`; its other items are at the same column.
    private mutating func sequence(depth: Int, keeping: Keeping) throws(Failure) -> YAMLNode {
        guard depth <= Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
        let indent = column
        var elements: [YAMLNode] = []
        var count = 0
        let elementKeeping: Keeping
        switch keeping {
        case .everything: elementKeeping = .everything
        case .stream(_, let members): elementKeeping = .members(members)
        case .nothing, .shallow, .members, .root: elementKeeping = .nothing
        }
        while true {
            index += 1  // the '-'
            skipBlanksInLine()
            let element: YAMLNode
            if atLineEnd {
                try endLine()
                element = try blockNode(parentIndent: indent, depth: depth + 1, keeping: elementKeeping)
            } else {
                element = try node(parentIndent: indent, depth: depth + 1, keeping: elementKeeping)
            }
            switch keeping {
            case .everything: elements.append(element)
            case .stream(let key, _): sink?(key, element, count)
            case .nothing, .shallow, .members, .root: break
            }
            count += 1
            try nextContent()
            guard index < bytes.count, !atDocumentMarker(dashes: true), !atDocumentMarker(dashes: false) else { break }
            if column < indent { break }
            if column > indent { throw fail("unexpected indentation") }
            guard atListItem else { break }  // a key of the mapping this list is the value of
        }
        return .sequence(elements)
    }

    /// A scalar at `index` (after `key: `, `- `, or alone on its line): block, quoted or plain.
    private mutating func value(parentIndent: Int, keeping: Keeping) throws(Failure) -> YAMLNode {
        let keep: Bool
        switch keeping {
        case .nothing: keep = false
        default: keep = true
        }
        let text: [UInt8]
        switch byte(index) {
        case UInt8(ascii: "|"), UInt8(ascii: ">"): text = try blockScalar(parentIndent: parentIndent, keep: keep)
        case UInt8(ascii: "'"), UInt8(ascii: "\""): text = try quoted(byte(index), parentIndent: parentIndent, keep: keep)
        default:
            try refuseIndicator()
            text = try plain(parentIndent: parentIndent, keep: keep)
        }
        return .scalar(keep ? String(decoding: text, as: UTF8.self) : "")
    }

    // MARK: Keys

    /// Whether the line from `index` is `key: …` (a plain or quoted key, then ':' and a
    /// blank or the line's end). Moves nothing.
    private mutating func startsMappingEntry() throws(Failure) -> Bool {
        let save = (index, lineStart, line)
        defer { (index, lineStart, line) = save }
        switch byte(index) {
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            // A quoted scalar over more lines, or unterminated, is no key (`value` says why).
            do throws(Failure) {
                _ = try quoted(byte(index), parentIndent: column - 1, keep: false, oneLine: true)
            } catch {
                return false
            }
        default:
            if byte(index) == UInt8(ascii: "?"), isBlankOrEnd(index + 1) { throw fail("a complex key (?)") }
            return plainKeyEnd() != nil
        }
        skipBlanksInLine()
        return index < bytes.count && byte(index) == UInt8(ascii: ":") && isBlankOrEnd(index + 1)
    }

    /// Where the plain key starting at `index` ends (at its ':'), or nil when the line
    /// holds no ': ' before a comment or its end.
    private func plainKeyEnd() -> Int? {
        var scan = index
        while scan < bytes.count, !isBreak(bytes[scan]) {
            let byte = bytes[scan]
            if byte == UInt8(ascii: ":"), isBlankOrEnd(scan + 1) { return scan }
            if byte == UInt8(ascii: "#"), scan > index, isBlank(bytes[scan - 1]) { return nil }
            scan += 1
        }
        return nil
    }

    /// The key at `index`, moving past its ':'. A caller has checked `startsMappingEntry`.
    private mutating func mappingKey() throws(Failure) -> String {
        let key: [UInt8]
        switch byte(index) {
        case UInt8(ascii: "'"), UInt8(ascii: "\""): key = try quoted(byte(index), parentIndent: column - 1, keep: true, oneLine: true)
        default:
            try refuseIndicator()
            guard let end = plainKeyEnd() else { throw fail("expected 'key:'") }
            var last = end
            while last > index, isBlank(bytes[last - 1]) { last -= 1 }
            key = Array(bytes[index..<last])
            index = end
        }
        skipBlanksInLine()
        guard index < bytes.count, byte(index) == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
        index += 1
        return String(decoding: key, as: UTF8.self)
    }

    // MARK: Scalars

    /// Refuses what may not start a plain scalar here: the YAML this reader does not
    /// read (anchors, aliases, tags, flow collections) and the other indicators.
    private func refuseIndicator() throws(Failure) {
        switch byte(index) {
        case UInt8(ascii: "&"): throw fail("an anchor (&)")
        case UInt8(ascii: "*"): throw fail("an alias (*)")
        case UInt8(ascii: "!"): throw fail("a tag (!)")
        case UInt8(ascii: "["), UInt8(ascii: "{"): throw fail("a flow collection (\(Character(Unicode.Scalar(byte(index)))))")
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"),
             UInt8(ascii: "|"), UInt8(ascii: ">"):
            throw fail("a plain scalar starting with '\(Character(Unicode.Scalar(byte(index))))'")
        case UInt8(ascii: "?") where isBlankOrEnd(index + 1): throw fail("a complex key (?)")
        default: break
        }
    }

    /// A plain scalar: to the line's end or a comment, trailing blanks dropped, and
    /// continued on the lines below that are more indented than `parentIndent` (folded:
    /// one line break a space, n + 1 of them n line feeds).
    private mutating func plain(parentIndent: Int, keep: Bool) throws(Failure) -> [UInt8] {
        var text: [UInt8] = []
        var ended = try plainLine(into: &text, keep: keep)
        while !ended {
            // Peek past blank lines: a more indented line that is not a comment continues it.
            let save = (index, lineStart, line)
            try endLine()
            var breaks = 1
            while true {
                skipBlanksInLine()
                guard index < bytes.count, isBreak(byte(index)) else { break }
                try endLine()
                breaks += 1
            }
            guard index < bytes.count, column > parentIndent, byte(index) != UInt8(ascii: "#"),
                  !atDocumentMarker(dashes: true), !atDocumentMarker(dashes: false)
            else {
                (index, lineStart, line) = save
                break
            }
            try checkIndentation()
            if keep {
                if breaks == 1 { text.append(UInt8(ascii: " ")) } else { text.append(contentsOf: repeatElement(0x0A, count: breaks - 1)) }
            }
            ended = try plainLine(into: &text, keep: keep)
        }
        return text
    }

    /// One line of a plain scalar from `index`; true when a comment ended it (the scalar
    /// cannot go on after one). Leaves `index` at the line's end.
    private mutating func plainLine(into text: inout [UInt8], keep: Bool) throws(Failure) -> Bool {
        let start = index
        var end = index
        var comment = false
        while index < bytes.count, !isBreak(bytes[index]) {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":"), isBlankOrEnd(index + 1) { throw fail("': ' inside a plain value (quote it)") }
            if byte == UInt8(ascii: "#"), index > start, isBlank(bytes[index - 1]) {
                comment = true
                break
            }
            index += 1
            if !isBlank(byte) { end = index }
        }
        if keep { text.append(contentsOf: bytes[start..<end]) }
        if comment { skipToLineEnd() }
        return comment
    }

    /// A quoted scalar opened by `quote` at `index`, lines folded: single-quoted (`''`
    /// is a quote) or double-quoted (escapes decoded, an escaped line break joining its
    /// lines without a space). `oneLine`: a key's, which must end on its line. Leaves
    /// `index` after the closing quote, and, for a value, checks that only blanks or a
    /// comment follow on its line.
    private mutating func quoted(_ quote: UInt8, parentIndent: Int, keep: Bool, oneLine: Bool = false) throws(Failure) -> [UInt8] {
        let openLine = line
        let escapes = quote == UInt8(ascii: "\"")
        func unterminated() -> Failure { Failure(description: "an unterminated quoted scalar (line \(openLine))") }
        index += 1
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else { throw unterminated() }
            let byte = bytes[index]
            if byte == quote {
                index += 1
                // In single quotes, `''` is one quote.
                guard !escapes, index < bytes.count, bytes[index] == quote else { break }
                if keep { text.append(byte) }
                index += 1
                continue
            }
            if isBreak(byte) {
                if oneLine { throw fail("a key over more than one line") }
                try foldQuotedBreak(into: &text, parentIndent: parentIndent, keep: keep, openLine: openLine)
                continue
            }
            guard escapes, byte == UInt8(ascii: "\\") else {
                if keep { text.append(byte) }
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw unterminated() }
            if isBreak(bytes[index]) {
                // An escaped line break: the lines join, the next one's leading blanks dropped.
                if oneLine { throw fail("a key over more than one line") }
                try endLine()
                try quotedContinuation(parentIndent: parentIndent, openLine: openLine)
                continue
            }
            try escape(into: &text, keep: keep)
        }
        if !oneLine { try endValueLine() }
        return text
    }

    /// The escape after a `\` at `index`, appended to `text`.
    private mutating func escape(into text: inout [UInt8], keep: Bool) throws(Failure) {
        let letter = bytes[index]
        index += 1
        let simple: UInt8?
        switch letter {
        case UInt8(ascii: "0"): simple = 0x00
        case UInt8(ascii: "a"): simple = 0x07
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "t"), 0x09: simple = 0x09
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "v"): simple = 0x0B
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "e"): simple = 0x1B
        case UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "\\"): simple = letter
        default: simple = nil
        }
        if let simple {
            if keep { text.append(simple) }
            return
        }
        let scalar: Unicode.Scalar
        switch letter {
        case UInt8(ascii: "N"): scalar = "\u{85}"
        case UInt8(ascii: "_"): scalar = "\u{A0}"
        case UInt8(ascii: "L"): scalar = "\u{2028}"
        case UInt8(ascii: "P"): scalar = "\u{2029}"
        case UInt8(ascii: "x"): scalar = try hexEscape(digits: 2)
        case UInt8(ascii: "u"): scalar = try hexEscape(digits: 4)
        case UInt8(ascii: "U"): scalar = try hexEscape(digits: 8)
        default:
            index -= 1
            throw fail("an unknown escape '\\\(Character(Unicode.Scalar(letter)))'")
        }
        if keep { text.append(contentsOf: String(Character(scalar)).utf8) }
    }

    private mutating func hexEscape(digits: Int) throws(Failure) -> Unicode.Scalar {
        guard bytes.count - index >= digits else { throw fail("a short \\x, \\u or \\U escape") }
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let digit = ByteText.hexDigitValue(bytes[index]) else {
                throw fail("a \\x, \\u or \\U escape that is not hexadecimal")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// A line break inside a quoted scalar: trailing blanks before it dropped, then one
    /// break a space, n + 1 of them n line feeds; the next line's leading blanks dropped.
    private mutating func foldQuotedBreak(
        into text: inout [UInt8], parentIndent: Int, keep: Bool, openLine: Int
    ) throws(Failure) {
        if keep { while let last = text.last, isBlank(last) { text.removeLast() } }
        try endLine()
        var breaks = 1
        while true {
            skipBlanksInLine()
            guard index < bytes.count, isBreak(bytes[index]) else { break }
            try endLine()
            breaks += 1
        }
        try quotedContinuation(parentIndent: parentIndent, openLine: openLine)
        if keep {
            if breaks == 1 { text.append(UInt8(ascii: " ")) } else { text.append(contentsOf: repeatElement(0x0A, count: breaks - 1)) }
        }
    }

    /// At a quoted scalar's continuation line: its leading blanks skipped; it must be
    /// more indented than the scalar's parent and not a document marker.
    private mutating func quotedContinuation(parentIndent: Int, openLine: Int) throws(Failure) {
        skipBlanksInLine()
        guard index < bytes.count else { throw Failure(description: "an unterminated quoted scalar (line \(openLine))") }
        if atDocumentMarker(dashes: true) || atDocumentMarker(dashes: false) {
            throw Failure(description: "an unterminated quoted scalar (line \(openLine))")
        }
        if column <= parentIndent, !isBreak(bytes[index]) { throw fail("a quoted scalar's line not indented") }
    }

    /// A `|` (literal) or `>` (folded) block scalar: the header (chomping `-`/`+`, an
    /// indentation digit), then the lines more indented than `parentIndent`.
    private mutating func blockScalar(parentIndent: Int, keep: Bool) throws(Failure) -> [UInt8] {
        let folded = byte(index) == UInt8(ascii: ">")
        index += 1
        var chomping: UInt8?  // '-' strip, '+' keep, nil clip
        var indicator: Int?
        for _ in 0..<2 where index < bytes.count {
            let byte = bytes[index]
            if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")), chomping == nil {
                chomping = byte
            } else if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9"), indicator == nil {
                indicator = Int(byte - UInt8(ascii: "0"))
            } else {
                break
            }
            index += 1
        }
        try endValueLine(what: "a block scalar's header")
        try endLine()
        // The content's indentation: given, or the first non-blank line's.
        var contentIndent = indicator.map { max(parentIndent, 0) + $0 }
        var text: [UInt8] = []
        var breaks = 0  // line breaks pending (after the last content line, or leading)
        var started = false
        var previousMoreIndented = false
        while index < bytes.count {
            let indentEnd = indentationEnd()
            let spaces = indentEnd - lineStart
            var lineEnd = indentEnd
            while lineEnd < bytes.count, !isBreak(bytes[lineEnd]) { lineEnd += 1 }
            let blank = bytes[indentEnd..<lineEnd].allSatisfy(isBlank)
            if blank, contentIndent.map({ spaces <= $0 }) ?? true {
                index = lineEnd
                if index < bytes.count { try endLine() }
                breaks += 1
                continue
            }
            if contentIndent == nil {
                guard spaces > parentIndent, !blank else { break }
                contentIndent = spaces
            }
            guard let indent = contentIndent, spaces >= indent else { break }
            if spaces == 0, atDocumentMarkerAt(lineStart, dashes: true) || atDocumentMarkerAt(lineStart, dashes: false) { break }
            let content = bytes[(lineStart + indent)..<lineEnd]
            let moreIndented = content.first.map(isBlank) ?? false
            if keep {
                if !started {
                    text.append(contentsOf: repeatElement(0x0A, count: breaks))
                } else if !folded || moreIndented || previousMoreIndented {
                    text.append(contentsOf: repeatElement(0x0A, count: breaks))
                } else if breaks == 1 {
                    text.append(UInt8(ascii: " "))
                } else {
                    text.append(contentsOf: repeatElement(0x0A, count: breaks - 1))
                }
                text.append(contentsOf: content)
            }
            started = true
            previousMoreIndented = moreIndented
            index = lineEnd
            breaks = 0
            if index < bytes.count {
                try endLine()
                breaks = 1
            }
        }
        // The cursor is at the start of the line that ended the scalar (or at the end).
        guard keep else { return [] }
        switch chomping {
        case UInt8(ascii: "-"): break
        case UInt8(ascii: "+"): text.append(contentsOf: repeatElement(0x0A, count: breaks))
        default: if started, breaks > 0 { text.append(0x0A) }
        }
        return text
    }

    // MARK: Lines

    /// The column of `index`.
    private var column: Int { index - lineStart }

    private func byte(_ offset: Int) -> UInt8 { bytes[offset] }

    /// `- ` (or `-` at the line's end) at `index`.
    private var atListItem: Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: "-") && isBlankOrEnd(index + 1)
    }

    /// At the line's end, or at a comment after blanks.
    private var atLineEnd: Bool {
        index >= bytes.count || isBreak(bytes[index]) || bytes[index] == UInt8(ascii: "#")
    }

    /// `---` (or `...`) at the start of the line at `index`, then a blank or the line's end.
    private func atDocumentMarker(dashes: Bool) -> Bool {
        index == lineStart && atDocumentMarkerAt(index, dashes: dashes)
    }

    private func atDocumentMarkerAt(_ offset: Int, dashes: Bool) -> Bool {
        let mark = dashes ? UInt8(ascii: "-") : UInt8(ascii: ".")
        return bytes.count - offset >= 3 && bytes[offset] == mark && bytes[offset + 1] == mark && bytes[offset + 2] == mark
            && isBlankOrEnd(offset + 3)
    }

    /// Moves to the next byte of content: past blanks, comments and blank lines. A tab
    /// in the indentation of a line with content is refused.
    private mutating func nextContent() throws(Failure) {
        while true {
            skipBlanksInLine()
            guard index < bytes.count else { return }
            if bytes[index] == UInt8(ascii: "#") { skipToLineEnd() }
            guard index < bytes.count else { return }
            if isBreak(bytes[index]) {
                try endLine()
                continue
            }
            try checkIndentation()
            return
        }
    }

    /// Content at `index` first on its line must be indented by spaces alone.
    private func checkIndentation() throws(Failure) {
        var scan = lineStart
        while scan < index {
            if bytes[scan] == 0x09 { throw fail("a tab in indentation") }
            if bytes[scan] != UInt8(ascii: " ") { return }  // not first on its line
            scan += 1
        }
    }

    /// Where the spaces at the start of the current line end.
    private func indentationEnd() -> Int {
        var scan = lineStart
        while scan < bytes.count, bytes[scan] == UInt8(ascii: " ") { scan += 1 }
        return scan
    }

    /// After a value on its line: only blanks and a comment may follow.
    private mutating func endValueLine(what: String = "a quoted value") throws(Failure) {
        skipBlanksInLine()
        guard atLineEnd else { throw fail("text after \(what)") }
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") { skipToLineEnd() }
    }

    private mutating func skipBlanksInLine() {
        while index < bytes.count, isBlank(bytes[index]) { index += 1 }
    }

    private mutating func skipToLineEnd() {
        while index < bytes.count, !isBreak(bytes[index]) { index += 1 }
    }

    /// Past the line break at `index` (`\n`, `\r\n` or `\r`) to the next line's start.
    private mutating func endLine() throws(Failure) {
        skipBlanksInLine()
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") { skipToLineEnd() }
        guard index < bytes.count else { return }
        guard isBreak(bytes[index]) else { throw fail("unexpected text") }
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        index += 1
        lineStart = index
        line += 1
    }

    private func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
    private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// A blank, a line break or the end at `offset`.
    private func isBlankOrEnd(_ offset: Int) -> Bool {
        offset >= bytes.count || isBlank(bytes[offset]) || isBreak(bytes[offset])
    }

    private func fail(_ what: String) -> Failure {
        Failure(description: "\(what) at line \(line)")
    }
}

/// Reads RFC 8259 JSON text into a `JSONTree` in one pass over the bytes.
///
/// Strict where leniency would let two readers disagree about a body: a duplicate
/// key, invalid UTF-8, a raw control character in a string, or anything after the
/// value is an error. Nesting deeper than `maximumDepth` is an error too (the reader
/// recurses once per level, so the depth bounds its stack). A UTF-8 byte order mark
/// is skipped. Cost: linear in the body; a lone UTF-16 surrogate in a `\u` escape
/// becomes U+FFFD.
struct JSONReader {
    /// Why the text is not JSON, with the byte offset: "duplicate key 'a' at byte 12".
    struct Failure: Error, Equatable, CustomStringConvertible {
        var description: String
        /// The text is JSON but a key is given twice in one object (ambiguous, refused).
        var isDuplicateKey = false

        /// Failures are equal when they say the same.
        static func == (a: Failure, b: Failure) -> Bool { a.description == b.description }

        /// The failure as a manifest format reports it (bad response, 76): every JSON
        /// format's decoder and linter say it so.
        var badResponse: BodyError { BodyError("not valid JSON (\(description))") }
    }

    /// Deeper than any manifest or Lookup response nests (they need 4 or 5 levels).
    static let maximumDepth = 128

    /// Takes one element of a streamed array and its index.
    typealias ElementSink = (JSONTree, Int) -> Void

    /// Told where each member kept is, as it is read (before its object is handed over):
    /// the depth of its object (1: the document's), its key and the key's byte offset.
    typealias KeyLocator = (_ depth: Int, _ key: String, _ offset: Int) -> Void

    /// Which members a decoder reads, so that the rest is checked but never kept: a
    /// hostile body of millions of unknown keys or values costs no memory.
    struct Selection {
        /// The top-level object's members kept; the others are read and dropped.
        var topLevel: Set<String>
        /// The members kept of each object that is an element of the streamed array.
        var streamedElements: Set<String> = []
        /// Members (at either place) whose array of strings is read straight into one
        /// string, joined by `\n`, and kept as an array of that one string: millions of
        /// lines cost their bytes, not a tree each. At the first element that is not a
        /// string the array kept is `[lines so far, that element]` (the rest is checked
        /// and dropped), which a decoder reports as it would the whole array.
        var joinedLines: Set<String> = []
    }

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    /// The top-level object's member whose array is streamed, and where its elements go.
    private let streamed: (key: String, sink: ElementSink)?
    private let selection: Selection?
    /// Told where each kept member's key is (`lint`'s lines); nil on the decoders' path,
    /// which pays one check a member for it and nothing else.
    private let locator: KeyLocator?

    private init(
        _ bytes: UnsafeRawBufferPointer, streaming streamed: (key: String, sink: ElementSink)?, selection: Selection?,
        locator: KeyLocator?
    ) {
        self.bytes = bytes
        self.streamed = streamed
        self.selection = selection
        self.locator = locator
    }

    /// Parses a whole document. With `streaming`, when the document is an object whose
    /// member `key` is an array, each element of that array is handed to `sink` as soon
    /// as it is read and not kept: the tree holds an empty array there. An empty `key`
    /// streams the document itself when it is an array (a GitHub release list); its
    /// elements keep the members `selection.streamedElements` names. That keeps a
    /// list of hundreds of thousands of entries from living as one tree (peak memory).
    /// The syntax rules and the errors are the same; a failure can come after some
    /// elements were handed over.
    /// With `selection`, only the members it names are kept (the others are read, so the
    /// syntax is checked, but not kept, nor checked for duplicate keys: nothing reads them),
    /// and a streamed element that is an array is handed over empty.
    /// With `locator`, each member kept is reported there with its key's byte offset (for
    /// `lint`'s lines; the tree is the same).
    static func parse(
        _ data: [UInt8], streaming: (key: String, sink: ElementSink)? = nil, selection: Selection? = nil,
        locator: KeyLocator? = nil
    ) throws(Failure) -> JSONTree {
        let result: Result<JSONTree, Failure> = data.withUnsafeBytes { raw in
            var reader = JSONReader(raw, streaming: streaming, selection: selection, locator: locator)
            do throws(Failure) {
                return .success(try reader.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private mutating func document() throws(Failure) -> JSONTree {
        index = ByteText.startSkippingByteOrderMark(bytes)
        skipWhitespace()
        let value: JSONTree
        if let streamed, streamed.key.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
            value = try array(depth: 1, sink: streamed.sink)
        } else {
            value = try self.value(depth: 1)
        }
        skipWhitespace()
        guard index == bytes.count else { throw unexpected("after the JSON value") }
        return value
    }

    /// `keeping`: the members kept when the value is an object (nil: all of them).
    private mutating func value(depth: Int, keeping: Set<String>? = nil) throws(Failure) -> JSONTree {
        guard index < bytes.count else { throw fail("unexpected end of the data") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth, keeping: keeping)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw unexpected("where a value was expected")
        }
    }

    private mutating func object(depth: Int, keeping: Set<String>? = nil) throws(Failure) -> JSONTree {
        let keeping = depth == 1 ? selection?.topLevel : keeping
        guard depth <= Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
        index += 1
        var members = JSONMembers()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw unexpected("where a key was expected") }
            let keyOffset = index
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw unexpected("where ':' was expected") }
            index += 1
            skipWhitespace()
            if let keeping, !keeping.contains(key) {
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end of the data in an object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                throw unexpected("where ',' or '}' was expected")
            }
            let member: JSONTree
            if depth == 1, let streamed, key == streamed.key, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
                member = try array(depth: depth + 1, sink: streamed.sink)
            } else if keeping != nil, let selection, selection.joinedLines.contains(key), index < bytes.count,
                      bytes[index] == UInt8(ascii: "[") {
                member = try joinedLines(depth: depth + 1)
            } else {
                member = try value(depth: depth + 1)
            }
            guard members.insert(key, member) else {
                throw Failure(description: "duplicate key '\(key)' at byte \(keyOffset)", isDuplicateKey: true)
            }
            locator?(depth, key, keyOffset)
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of the data in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw unexpected("where ',' or '}' was expected")
            }
        }
    }

    /// An array; with `sink`, each element goes there and the array returned is empty.
    private mutating func array(depth: Int, sink: ElementSink? = nil) throws(Failure) -> JSONTree {
        guard depth <= Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
        index += 1
        var elements: [JSONTree] = []
        var count = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            let element: JSONTree
            if sink != nil, selection != nil, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
                // A streamed element that is an array is refused by its kind alone (every
                // decoder streams objects): checked, kept as an empty one, never built.
                try skipValue(depth: depth + 1)
                element = .array([])
            } else {
                element = try value(depth: depth + 1, keeping: sink == nil ? nil : selection?.streamedElements)
            }
            if let sink {
                sink(element, count)
                count += 1
            } else {
                elements.append(element)
            }
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of the data in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                throw unexpected("where ',' or ']' was expected")
            }
        }
    }

    /// An array of strings as `[joined]` (see `Selection.joinedLines`).
    private mutating func joinedLines(depth: Int) throws(Failure) -> JSONTree {
        guard depth <= Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
        index += 1
        var joined: [UInt8] = []
        var count = 0
        var misfit: JSONTree?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        while true {
            skipWhitespace()
            if misfit != nil {
                try skipValue(depth: depth + 1)
            } else if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                if count > 0 { joined.append(UInt8(ascii: "\n")) }
                joined.append(contentsOf: try string().utf8)
                count += 1
            } else {
                misfit = try value(depth: depth + 1)
            }
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of the data in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                let lines: [JSONTree] = count == 0 ? [] : [.string(String(decoding: joined, as: UTF8.self))]
                return .array(lines + (misfit.map { [$0] } ?? []))
            } else {
                throw unexpected("where ',' or ']' was expected")
            }
        }
    }

    /// Reads a value, checking its syntax, and keeps nothing of it.
    private mutating func skipValue(depth: Int) throws(Failure) {
        guard index < bytes.count else { throw fail("unexpected end of the data") }
        let opening = bytes[index]
        switch opening {
        case UInt8(ascii: "{"), UInt8(ascii: "["): break
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try scanNumber()
            return
        case UInt8(ascii: "\""):
            try skipString()
            return
        default:
            _ = try value(depth: depth)
            return
        }
        guard depth <= Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
        let isObject = opening == UInt8(ascii: "{")
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == closing {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            if isObject {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw unexpected("where a key was expected") }
                try skipString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw unexpected("where ':' was expected") }
                index += 1
                skipWhitespace()
            }
            try skipValue(depth: depth + 1)
            skipWhitespace()
            guard index < bytes.count else {
                throw fail("unexpected end of the data in \(isObject ? "an object" : "an array")")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == closing {
                index += 1
                return
            } else {
                throw unexpected(isObject ? "where ',' or '}' was expected" : "where ',' or ']' was expected")
            }
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONTree) throws(Failure) -> JSONTree {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeRawBufferPointer(start: word.utf8Start, count: count)
        guard bytes.count - index >= count, bytes[index..<index + count].elementsEqual(expected) else {
            throw unexpected("where a value was expected")
        }
        index += count
        return value
    }

    /// `-? (0 | [1-9] digits) (. digits)? ([eE] [+-]? digits)?`: an integer that fits
    /// `Int64` stays exact, anything else is a `Double`.
    private mutating func number() throws(Failure) -> JSONTree {
        let start = index
        let integral = try scanNumber()
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral, let whole = Int64(text) { return .integer(whole) }
        return .number(Double(text) ?? (text.hasPrefix("-") ? -.infinity : .infinity))
    }

    /// Moves past a number, checking its syntax; whether it has neither fraction nor exponent.
    private mutating func scanNumber() throws(Failure) -> Bool {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw unexpected("in a number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        var integral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw unexpected("in a number") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            integral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw unexpected("in a number") }
            skipDigits()
        }
        return integral
    }

    /// Moves past a string literal, checking it as `string()` does; an ASCII string
    /// without escapes (the usual key or value) is checked without making a `String`.
    private mutating func skipString() throws(Failure) {
        var scan = index + 1
        while scan < bytes.count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") {
                index = scan + 1
                return
            }
            if byte == UInt8(ascii: "\\") || byte >= 0x80 || byte < 0x20 { break }
            scan += 1
        }
        _ = try string()
    }

    /// A string literal, escapes decoded; the text must be valid UTF-8.
    private mutating func string() throws(Failure) -> String {
        let open = index
        index += 1
        let start = index
        // Fast path: no escapes, so the bytes are the string.
        var allBytes: UInt8 = 0  // OR of every byte: below 0x80 means ASCII, valid as is
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try UnsafeRawBufferPointer(rebasing: bytes[start..<index]).withMemoryRebound(to: UInt8.self) {
                    utf8 throws(Failure) in try validated(utf8, ascii: allBytes < 0x80, at: open)
                }
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw unexpected("in a string (control characters must be escaped)") }
            allBytes |= byte
            index += 1
        }
        var buffer = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return try buffer.withUnsafeBufferPointer { utf8 throws(Failure) in try validated(utf8, ascii: false, at: open) }
            }
            if byte < 0x20 { throw unexpected("in a string (control characters must be escaped)") }
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"): buffer.append(contentsOf: Array(String(try unicodeEscape()).utf8))
            default:
                index -= 1
                throw unexpected("after '\\' in a string")
            }
        }
        throw Failure(description: "unterminated string starting at byte \(open)")
    }

    /// The scalar of `XXXX` (after `\u`), joining a surrogate pair written as two escapes.
    private mutating func unicodeEscape() throws(Failure) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high), bytes.count - index >= 6,
           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        {
            let save = index
            index += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) {
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            index = save
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("unexpected end of the data in a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = ByteText.hexDigitValue(bytes[index]) else {
                throw unexpected("in a \\u escape (expected 4 hex digits)")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The bytes as a `String`, or a failure when they are not UTF-8. Decoding repairs
    /// invalid sequences with U+FFFD, and what it returns is always valid, so the bytes
    /// were valid exactly when they come back unchanged (`ascii`: known valid already).
    private func validated(_ utf8: UnsafeBufferPointer<UInt8>, ascii: Bool, at offset: Int) throws(Failure) -> String {
        let text = String(decoding: utf8, as: UTF8.self)
        guard ascii || text.utf8.elementsEqual(utf8) else {
            throw Failure(description: "invalid UTF-8 in the string at byte \(offset)")
        }
        return text
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, ByteText.isWhitespace(bytes[index]) { index += 1 }
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private func fail(_ message: String) -> Failure {
        Failure(description: "\(message) at byte \(index)")
    }

    /// "unexpected 'x' at byte 12 where a value was expected"; bytes shown as hex when not printable.
    private func unexpected(_ context: String) -> Failure {
        guard index < bytes.count else { return fail("unexpected end of the data \(context)") }
        let byte = bytes[index]
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        return Failure(description: "unexpected \(shown) at byte \(index) \(context)")
    }
}

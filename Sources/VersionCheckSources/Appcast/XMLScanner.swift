/// A name as XML namespaces resolve it: the namespace URI its prefix is bound to (`nil`
/// when it has none, or uses a prefix no one declared), the prefix as written and the
/// local part.
///
/// Immutable and shared: the scanner resolves a name once and hands the same object to
/// every event that names it (an appcast's `<item>` 100,000 times), so passing one
/// around costs a reference, not three strings.
public final class XMLName: Sendable, Equatable {
    public let uri: String?
    public let prefix: String?
    public let local: String

    public init(uri: String?, prefix: String?, local: String) {
        self.uri = uri
        self.prefix = prefix
        self.local = local
    }

    public static func == (left: XMLName, right: XMLName) -> Bool {
        left === right || (left.uri == right.uri && left.prefix == right.prefix && left.local == right.local)
    }

    /// The name as written: `sparkle:version`, `item`.
    public var qualified: String { prefix.map { "\($0):\(local)" } ?? local }

    /// The URI the `xml:` prefix is always bound to (`xml:lang`).
    public static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
}

/// One attribute of a start tag, its value with references decoded and white space
/// normalised as XML says (tab, line feed and carriage return read as spaces).
public struct XMLAttribute: Sendable, Equatable {
    public var name: XMLName
    public var value: String

    public init(name: XMLName, value: String) {
        self.name = name
        self.value = value
    }
}

/// What `XMLScanner.next()` reads: a start tag (an empty-element tag is a start and an
/// end), an end tag, or a piece of character data (text or a CDATA section, references
/// decoded; one element's text may come in several pieces).
public enum XMLEvent: Sendable, Equatable {
    case start(XMLName, [XMLAttribute])
    case end(XMLName)
    case text(String)
}

/// Why an XML document could not be read, with the line it was found on.
public struct XMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    public var line: Int
    public var reason: String

    public var description: String { "line \(line): \(reason)" }
}

/// A small, bounded XML reader: one pass over UTF-8 bytes, one event at a time.
///
/// Reads elements (names resolved to namespace URIs), attributes, text and CDATA, the
/// five predefined entities and character references (`&#38;`, `&#x26;`). Comments and
/// processing instructions (the XML declaration too) are skipped. Refused, each with a
/// line number: a document type declaration (`<!DOCTYPE`, so no entity is ever
/// declared, let alone expanded), any other entity reference, nesting deeper than
/// `maximumDepth`, more than `maximumAttributes` attributes on a tag, mismatched or unclosed tags, text outside the root element.
///
/// Cost: linear in the input (every byte is looked at a bounded number of times; a
/// reference is at most 40 bytes, namespace look-ups are hashed), memory proportional
/// to the depth plus the largest event; no recursion.
public struct XMLScanner {
    /// The deepest nesting read; the root element is level 1.
    public static let maximumDepth = 128
    /// The most attributes one tag may have (namespace declarations included), so that a
    /// hostile tag cannot hold the memory of millions.
    public static let maximumAttributes = 1024

    private let bytes: [UInt8]
    private var index: Int
    /// Open elements, outermost first: the resolved name, where its qualified name is in
    /// the input (an end tag is matched byte for byte, no string made), and the prefixes
    /// it declared.
    private var open: [(name: XMLName, qualified: Range<Int>, declared: [String])] = []
    /// Prefix (`""` for the default namespace) → the URIs bound to it, innermost last.
    private var bindings: [String: [String]] = [:]
    /// Names resolved since the bindings last changed (`RememberedNames`): an appcast
    /// repeats a dozen names 100,000 times, each then found by its bytes.
    private var remembered = RememberedNames()
    /// A start tag's attributes as read (qualified name in the input, value), kept
    /// between tags so that reading one allocates no list.
    private var rawAttributes: [(qualified: Range<Int>, value: String)] = []
    private var pendingEnd: XMLName?
    private var sawRoot = false

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        index = ByteText.startSkippingByteOrderMark(bytes)
    }

    public init(_ buffer: UnsafeRawBufferPointer) {
        self.init(Array(buffer))
    }

    /// How deep the scanner is: the number of open elements.
    public var depth: Int { open.count }

    /// Where reading resumes: the byte offset just after the last event read (after the
    /// `>` of a start tag).
    var offset: Int { index }

    /// The next event, or `nil` at the end of a well-formed document.
    public mutating func next() throws(XMLError) -> XMLEvent? {
        if let name = pendingEnd {
            pendingEnd = nil
            close()
            return .end(name)
        }
        while index < bytes.count {
            guard bytes[index] == lessThan else {
                if open.isEmpty {
                    try skipWhitespaceOutsideRoot()
                    continue
                }
                let text = try readText()
                if !text.isEmpty { return .text(text) }
                continue
            }
            // Tags first, by the byte after '<': most of a feed is tags.
            if index + 1 < bytes.count, isNameStart(bytes[index + 1]) {
                return try readStartTag()
            } else if index + 1 < bytes.count, bytes[index + 1] == slash {
                return try readEndTag()
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<![CDATA[") {
                guard !open.isEmpty else { throw failure("a CDATA section outside the root element") }
                let start = index + 9
                guard let end = find("]]>", from: start) else { throw failure("unterminated CDATA section") }
                index = end + 3
                if end > start { return .text(normalisedText(start..<end)) }
            } else if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") {
                throw failure("a document type declaration (<!DOCTYPE) is not allowed")
            } else if starts(with: "<!") {
                throw failure("unexpected markup '<!'")
            } else if starts(with: "</") {
                return try readEndTag()
            } else {
                return try readStartTag()
            }
        }
        if let innermost = open.last { throw failure("the document ends inside <\(text(innermost.qualified))>") }
        if !sawRoot { throw failure("no root element") }
        return nil
    }

    // MARK: tags

    private mutating func readStartTag() throws(XMLError) -> XMLEvent {
        if sawRoot && open.isEmpty { throw failure("a second root element") }
        if open.count >= Self.maximumDepth {
            throw failure("elements nested deeper than \(Self.maximumDepth) levels")
        }
        index += 1
        let qualified = try readName()
        rawAttributes.removeAll(keepingCapacity: true)
        var declared: [String] = []
        var selfClosing = false
        while true {
            let hadSpace = skipWhitespace()
            guard index < bytes.count else { throw failure("unterminated tag <\(text(qualified))>") }
            if bytes[index] == greaterThan {
                index += 1
                break
            }
            if bytes[index] == slash {
                guard index + 1 < bytes.count, bytes[index + 1] == greaterThan else {
                    throw failure("expected '>' after '/' in <\(text(qualified))>")
                }
                index += 2
                selfClosing = true
                break
            }
            guard hadSpace else { throw failure("expected white space between attributes in <\(text(qualified))>") }
            if rawAttributes.count == Self.maximumAttributes {
                throw failure("more than \(Self.maximumAttributes) attributes in <\(text(qualified))>")
            }
            let name = try readName()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == equals else {
                throw failure("expected '=' after attribute \(text(name)) in <\(text(qualified))>")
            }
            index += 1
            skipWhitespace()
            let value = try readAttributeValue(name)
            if let prefix = declaredPrefix(name) {
                declared.append(prefix)
                bindings[prefix, default: []].append(value)
            }
            rawAttributes.append((name, value))
        }
        if rawAttributes.count > 1 { try checkDistinct(in: qualified) }
        if !declared.isEmpty { remembered.forgetAll() }
        let name = try resolve(qualified, isAttribute: false)
        var attributes: [XMLAttribute] = []
        if !rawAttributes.isEmpty {
            attributes.reserveCapacity(rawAttributes.count)
            for attribute in rawAttributes where declaredPrefix(attribute.qualified) == nil {
                attributes.append(XMLAttribute(name: try resolve(attribute.qualified, isAttribute: true), value: attribute.value))
            }
        }
        open.append((name, qualified, declared))
        sawRoot = true
        if selfClosing { pendingEnd = name }
        return .start(name, attributes)
    }

    private mutating func readEndTag() throws(XMLError) -> XMLEvent {
        index += 2
        let qualified = try readName()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == greaterThan else { throw failure("unterminated end tag </\(text(qualified))>") }
        index += 1
        guard let innermost = open.last else { throw failure("end tag </\(text(qualified))> with no element open") }
        guard sameBytes(innermost.qualified, qualified) else {
            throw failure("end tag </\(text(qualified))> does not close <\(text(innermost.qualified))>")
        }
        let name = innermost.name
        close()
        return .end(name)
    }

    private mutating func close() {
        guard let closed = open.popLast() else { return }
        if !closed.declared.isEmpty { remembered.forgetAll() }
        for prefix in closed.declared {
            bindings[prefix]?.removeLast()
        }
    }

    /// For a namespace declaration (`xmlns` or `xmlns:p`), the prefix it binds (`""` for
    /// the default namespace); nil for any other attribute name.
    private func declaredPrefix(_ name: Range<Int>) -> String? {
        let xmlns: StaticString = "xmlns"
        guard name.count >= 5, xmlns.withUTF8Buffer({ sameBytes(name.lowerBound..<name.lowerBound + 5, $0) }) else { return nil }
        if name.count == 5 { return "" }
        guard bytes[name.lowerBound + 5] == UInt8(ascii: ":") else { return nil }
        return text(name.lowerBound + 6..<name.upperBound)
    }

    /// The qualified name at `qualified` in the input resolved against the declarations
    /// in scope. An unprefixed attribute has no namespace; an unprefixed element has the
    /// default one. An undeclared prefix leaves the URI `nil` (the name still reads as
    /// written).
    private mutating func resolve(_ qualified: Range<Int>, isAttribute: Bool) throws(XMLError) -> XMLName {
        let found = bytes.withUnsafeBufferPointer { bytes in
            remembered.find(UnsafeBufferPointer(rebasing: bytes[qualified]), isAttribute: isAttribute)
        }
        if let found { return found }
        let name = try resolveInScope(text(qualified), isAttribute: isAttribute)
        bytes.withUnsafeBufferPointer { bytes in
            remembered.add(name, UnsafeBufferPointer(rebasing: bytes[qualified]), isAttribute: isAttribute)
        }
        return name
    }

    /// `resolve(_:isAttribute:)` of a qualified name's text against the bindings.
    private func resolveInScope(_ qualified: String, isAttribute: Bool) throws(XMLError) -> XMLName {
        // On the UTF-8 view: ':' is ASCII, and no grapheme breaking is needed to find it.
        let colonByte = UInt8(ascii: ":")
        guard let colon = qualified.utf8.firstIndex(of: colonByte) else {
            let uri = isAttribute ? nil : bindings[""]?.last.flatMap { $0.isEmpty ? nil : $0 }
            return XMLName(uri: uri, prefix: nil, local: qualified)
        }
        let prefix = String(qualified[..<colon])
        let local = String(qualified[qualified.utf8.index(after: colon)...])
        if prefix.isEmpty || local.isEmpty || local.utf8.contains(colonByte) {
            throw failure("'\(qualified)' is not a valid qualified name")
        }
        let uri = prefix == "xml" ? XMLName.xmlNamespace : bindings[prefix]?.last
        return XMLName(uri: uri, prefix: prefix, local: local)
    }

    /// The attributes' names are distinct: pairwise for a few, hashed for many (so a tag
    /// with thousands stays linear).
    private func checkDistinct(in element: Range<Int>) throws(XMLError) {
        if rawAttributes.count <= 8 {
            for position in rawAttributes.indices {
                let name = rawAttributes[position].qualified
                if rawAttributes[..<position].contains(where: { sameBytes($0.qualified, name) }) {
                    throw failure("attribute \(text(name)) given twice in <\(text(element))>")
                }
            }
            return
        }
        var seen = Set<[UInt8]>()  // by bytes, as the pairwise test compares (XML compares names by code point)
        for attribute in rawAttributes where !seen.insert(Array(bytes[attribute.qualified])).inserted {
            throw failure("attribute \(text(attribute.qualified)) given twice in <\(text(element))>")
        }
    }

    // MARK: names, values, text

    /// A name's place in the input (no string made: most names are looked up by their bytes).
    private mutating func readName() throws(XMLError) -> Range<Int> {
        let start = index
        guard index < bytes.count, isNameStart(bytes[index]) else {
            throw failure(index < bytes.count ? "expected a name after '<'" : "the document ends inside a tag")
        }
        index += 1
        while index < bytes.count, isNameStart(bytes[index]) || isNameByte(bytes[index]) { index += 1 }
        return start..<index
    }

    /// The input's bytes at `range` as text.
    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func sameBytes(_ left: Range<Int>, _ right: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            ByteText.equal(UnsafeBufferPointer(rebasing: bytes[left]), UnsafeBufferPointer(rebasing: bytes[right]))
        }
    }

    private func sameBytes(_ range: Range<Int>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in ByteText.equal(UnsafeBufferPointer(rebasing: bytes[range]), other) }
    }

    private mutating func readAttributeValue(_ nameRange: Range<Int>) throws(XMLError) -> String {
        guard index < bytes.count, bytes[index] == quote || bytes[index] == apostrophe else {
            throw failure("expected a quoted value for attribute \(text(nameRange))")
        }
        let delimiter = bytes[index]
        index += 1
        let start = index
        var plain = true
        while index < bytes.count, bytes[index] != delimiter {
            switch bytes[index] {
            case lessThan: throw failure("'<' in the value of attribute \(text(nameRange))")
            case ampersand, 0x09, 0x0A, 0x0D: plain = false
            default: break
            }
            index += 1
        }
        guard index < bytes.count else { throw failure("unterminated value of attribute \(text(nameRange))") }
        let end = index
        index += 1
        if plain { return String(decoding: bytes[start..<end], as: UTF8.self) }
        return try decode(start..<end, attribute: true)
    }

    /// Character data up to the next `<`, references decoded, line ends normalised.
    private mutating func readText() throws(XMLError) -> String {
        let start = index
        var plain = true
        while index < bytes.count, bytes[index] != lessThan {
            if bytes[index] == ampersand || bytes[index] == 0x0D { plain = false }
            index += 1
        }
        if plain { return String(decoding: bytes[start..<index], as: UTF8.self) }
        return try decode(start..<index, attribute: false)
    }

    /// CDATA content: only line ends change.
    private func normalisedText(_ range: Range<Int>) -> String {
        guard bytes[range].contains(0x0D) else { return String(decoding: bytes[range], as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            let byte = bytes[position]
            if byte == 0x0D {
                out.append(0x0A)
                if position + 1 < range.upperBound, bytes[position + 1] == 0x0A { position += 1 }
            } else {
                out.append(byte)
            }
            position += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func decode(_ range: Range<Int>, attribute: Bool) throws(XMLError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            let byte = bytes[position]
            switch byte {
            case ampersand:
                position = try appendReference(at: position, limit: range.upperBound, to: &out)
                continue
            case 0x0D:
                out.append(attribute ? 0x20 : 0x0A)
                if position + 1 < range.upperBound, bytes[position + 1] == 0x0A { position += 1 }
            case 0x09, 0x0A:
                out.append(attribute ? 0x20 : byte)
            default:
                out.append(byte)
            }
            position += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes the reference at `position` (`&amp;`, `&#38;`, `&#x26;`) into `out`; returns
    /// the position after its `;`. Any other entity is refused.
    private func appendReference(at position: Int, limit: Int, to out: inout [UInt8]) throws(XMLError) -> Int {
        let start = position + 1
        var end = start
        while end < limit, end - start < 40, bytes[end] != semicolon { end += 1 }
        guard end < limit, bytes[end] == semicolon, end > start else {
            throw failure(at: position, "'&' that does not start a reference (write &amp;)")
        }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        let scalar: Unicode.Scalar?
        switch name {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "apos": scalar = "'"
        case "quot": scalar = "\""
        default:
            if name.hasPrefix("#x") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Self.characterScalar)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Self.characterScalar)
            } else {
                throw failure(at: position, "undefined entity '&\(name);' (entities are never expanded)")
            }
            if name.dropFirst(name.hasPrefix("#x") ? 2 : 1).contains(where: { $0 == "+" || $0 == "-" }) {
                throw failure(at: position, "invalid character reference '&\(name);'")
            }
        }
        guard let scalar else { throw failure(at: position, "invalid character reference '&\(name);'") }
        out.append(contentsOf: String(scalar).utf8)
        return end + 1
    }

    /// A scalar XML 1.0 allows as a character.
    private static func characterScalar(_ value: UInt32) -> Unicode.Scalar? {
        let allowed = value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        return allowed ? Unicode.Scalar(value) : nil
    }

    // MARK: bytes

    private mutating func skipWhitespaceOutsideRoot() throws(XMLError) {
        guard ByteText.isWhitespace(bytes[index]) else {
            throw failure(sawRoot ? "text after the root element" : "text before the root element")
        }
        while index < bytes.count, ByteText.isWhitespace(bytes[index]) { index += 1 }
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while index < bytes.count, ByteText.isWhitespace(bytes[index]) { index += 1 }
        return index > start
    }

    private mutating func skip(past terminator: StaticString, what: String) throws(XMLError) {
        guard let end = find(terminator, from: index + 2) else { throw failure("unterminated \(what)") }
        index = end + terminator.utf8CodeUnitCount
    }

    private func starts(with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { pattern in
            for offset in 0..<count where bytes[index + offset] != pattern[offset] { return false }
            return true
        }
    }

    /// Where `pattern` (2 or 3 bytes, first byte distinct from the rest) next starts.
    private func find(_ pattern: StaticString, from start: Int) -> Int? {
        pattern.withUTF8Buffer { pattern -> Int? in
            var position = start
            let last = bytes.count - pattern.count
            while position <= last {
                if bytes[position] == pattern[0] {
                    var matched = true
                    for offset in 1..<pattern.count where bytes[position + offset] != pattern[offset] {
                        matched = false
                        break
                    }
                    if matched { return position }
                }
                position += 1
            }
            return nil
        }
    }

    private func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private func failure(_ reason: String) -> XMLError { failure(at: index, reason) }

    private func failure(at position: Int, _ reason: String) -> XMLError {
        let end = min(position, bytes.count)
        var line = 1
        for byte in bytes[..<end] where byte == 0x0A { line += 1 }
        return XMLError(line: line, reason: reason)
    }
}

private let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
private let equals = UInt8(ascii: "="), quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'")
private let ampersand = UInt8(ascii: "&"), semicolon = UInt8(ascii: ";")

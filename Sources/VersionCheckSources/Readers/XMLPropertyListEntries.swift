/// The entries of an XML property list's top-level `<dict>`, in file order: a small
/// scanner over the bytes (UTF-8), not an XML parser.
///
/// It skips the prolog (`<?xml …?>`, `<!DOCTYPE …>`, comments) and an opening
/// `<plist …>`, expects `<dict>` (or `<dict/>`), then reads key, value, key, value…
/// up to its `</dict>`. Key and string text is read as Foundation reads it: entities
/// (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`, `&#…;`, `&#x…;`) decoded, CDATA kept as
/// is, comments dropped, the rest byte for byte. A value that is not a string or an
/// array of strings is skipped (its containers' end tags must still match) and
/// reported as such. One pass, no recursion: a skipped value keeps a stack of the
/// container names it is inside, at most `maximumDepth` deep.
struct XMLPropertyListEntries {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// How deep the top `<dict>` is: 1, or 2 inside `<plist>`.
    private var dictDepth = 1
    /// Told the byte offset of each entry's `<key>` before the entry is handed over
    /// (`lint`'s lines); nil on the decoder's path.
    private let locator: ((Int) -> Void)?

    /// Elements may nest this deep, as in JSON: a manifest needs four levels.
    static let maximumDepth = JSONReader.maximumDepth

    /// Calls `body` with the top-level dict's entries in file order (repeats kept), and
    /// `locator`, first, with the byte offset of each one's `<key>`.
    static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, locator: ((Int) -> Void)? = nil, _ body: (PropertyListEntry) -> Void
    ) throws(PropertyListError) {
        var scanner = XMLPropertyListEntries(bytes: bytes, locator: locator)
        try scanner.topLevelEntries(body)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, locator: ((Int) -> Void)?) {
        self.bytes = bytes
        self.locator = locator
        index = ByteText.startSkippingByteOrderMark(bytes)
    }

    private struct Tag {
        var name: String
        var isEnd: Bool
        var isEmpty: Bool
        var offset: Int
        var text: String { isEnd ? "</\(name)>" : isEmpty ? "<\(name)/>" : "<\(name)>" }
        /// `<dict>` and `<array>` hold elements; every other element holds text.
        var isContainer: Bool { name == "dict" || name == "array" }
    }

    private mutating func topLevelEntries(_ body: (PropertyListEntry) -> Void) throws(PropertyListError) {
        while true {
            while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { throw unexpected(expected: "<dict>") }
            if try skipMarkup() { continue }
            let tag = try readTag()
            if tag.name == "plist", !tag.isEnd, !tag.isEmpty {
                dictDepth = 2
                continue
            }
            guard tag.name == "dict", !tag.isEnd else {
                // Another property list object is a list of the wrong shape; any other
                // element (an HTML page) is not a property list at all.
                guard tag.isEnd || Self.objectNames.contains(tag.name) else {
                    throw .xmlUnexpected(found: tag.text, offset: tag.offset, expected: "<plist> or <dict>")
                }
                throw .topLevelNotADictionary(found: tag.text)
            }
            if !tag.isEmpty { try dictionaryEntries(body) }
            return
        }
    }

    /// After the top `<dict>`: key and value pairs, up to its `</dict>`.
    private mutating func dictionaryEntries(_ body: (PropertyListEntry) -> Void) throws(PropertyListError) {
        while true {
            let tag = try nextTag(expected: "</dict>")
            if tag.isEnd, tag.name == "dict" { return }
            guard tag.name == "key", !tag.isEnd else {
                throw .xmlUnexpected(found: tag.text, offset: tag.offset, expected: "<key> or </dict>")
            }
            let key = tag.isEmpty ? "" : String(decoding: try leafText(of: tag, keeping: true), as: UTF8.self)
            let valueTag = try nextTag(expected: "a value for the <key> at byte \(tag.offset)")
            guard !valueTag.isEnd else {
                throw .xmlUnexpected(found: valueTag.text, offset: valueTag.offset, expected: "a value for the <key> at byte \(tag.offset)")
            }
            locator?(tag.offset)
            body(PropertyListEntry(key: key, value: try value(valueTag)))
        }
    }

    /// The next tag, past white space, comments and declarations; at the end of the
    /// input, an error that says `expected`.
    private mutating func nextTag(expected: @autoclosure () -> String) throws(PropertyListError) -> Tag {
        while true {
            _ = try text(keeping: false)  // white space and comments between elements
            guard index < bytes.count else { throw unexpected(expected: expected()) }
            if try skipMarkup() { continue }
            return try readTag()
        }
    }

    /// The value whose start tag is `tag`, read to its end.
    private mutating func value(_ tag: Tag) throws(PropertyListError) -> PropertyListValue {
        switch tag.name {
        case "string":
            return .notes(tag.isEmpty ? "" : String(decoding: try leafText(of: tag, keeping: true), as: UTF8.self))
        case "array":
            return tag.isEmpty ? .notes("") : try arrayOfStrings()
        default:
            try skip(tag, depth: dictDepth + 1)
            return .notNotes
        }
    }

    /// After `<array>`: its strings joined by newlines, up to `</array>`; any other
    /// element makes it `arrayOfNonStrings` (and is skipped).
    private mutating func arrayOfStrings() throws(PropertyListError) -> PropertyListValue {
        var lines: [UInt8] = []
        var count = 0
        var allStrings = true
        while true {
            let tag = try nextTag(expected: "</array>")
            if tag.isEnd {
                guard tag.name == "array" else { throw .xmlUnexpected(found: tag.text, offset: tag.offset, expected: "</array>") }
                return allStrings ? .notes(String(decoding: lines, as: UTF8.self)) : .arrayOfNonStrings
            }
            guard tag.name == "string", allStrings else {
                try skip(tag, depth: dictDepth + 2)
                allStrings = false
                continue
            }
            if count > 0 { lines.append(UInt8(ascii: "\n")) }
            if !tag.isEmpty { lines += try leafText(of: tag, keeping: true) }
            count += 1
        }
    }

    /// After a start tag: the text up to its end tag, which must match. The bytes are
    /// returned only when `keeping`.
    private mutating func leafText(of tag: Tag, keeping: Bool) throws(PropertyListError) -> [UInt8] {
        let text = try text(keeping: keeping)
        guard index < bytes.count else { throw unexpected(expected: "</\(tag.name)>") }
        let end = try readTag()
        guard end.isEnd, end.name == tag.name else {
            throw .xmlUnexpected(found: end.text, offset: end.offset, expected: "</\(tag.name)>")
        }
        return text
    }

    /// After a start tag at `depth` (elements open around it, itself included): skips
    /// the element to its end tag. Inside a container the end tags must match and
    /// nesting past `maximumDepth` is refused; leaf contents are not checked (no value
    /// of this kind is ever used).
    private mutating func skip(_ tag: Tag, depth: Int) throws(PropertyListError) {
        guard !tag.isEmpty else { return }
        guard tag.isContainer else {
            _ = try leafText(of: tag, keeping: false)
            return
        }
        var open = [tag.name]  // the containers around the cursor, innermost last
        while let innermost = open.last {
            _ = try text(keeping: false)
            guard index < bytes.count else { throw unexpected(expected: "</\(innermost)>") }
            if try skipMarkup() { continue }
            let inner = try readTag()
            if inner.isEnd {
                guard inner.name == innermost else {
                    throw .xmlUnexpected(found: inner.text, offset: inner.offset, expected: "</\(innermost)>")
                }
                open.removeLast()
            } else if inner.isEmpty {
                continue
            } else if inner.isContainer {
                open.append(inner.name)
                guard depth + open.count - 1 <= Self.maximumDepth else { throw .tooDeep(limit: Self.maximumDepth) }
            } else {
                _ = try leafText(of: inner, keeping: false)
            }
        }
    }

    /// Character data up to the next tag, processing instruction or declaration:
    /// references decoded, CDATA sections kept, comments dropped. Returns the bytes
    /// only when `keeping` (values are skipped without copying).
    private mutating func text(keeping: Bool) throws(PropertyListError) -> [UInt8] {
        var text: [UInt8] = []
        var run = index  // start of the plain bytes not yet copied
        func flush(_ end: Int) { if keeping { text += bytes[run..<end] } }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"):
                if starts(with: "<![CDATA[") {
                    flush(index)
                    let contents = index + 9
                    let end = try find("]]>", from: contents)
                    if keeping { text += bytes[contents..<end] }
                    index = end + 3
                    run = index
                } else if starts(with: "<!--") {
                    flush(index)
                    index = try find("-->", from: index + 4) + 3
                    run = index
                } else {
                    flush(index)
                    return text
                }
            case UInt8(ascii: "&"):
                flush(index)
                let scalar = try reference()
                if keeping { text += Array(String(scalar).utf8) }
                run = index
            default:
                index += 1
            }
        }
        flush(index)
        return text
    }

    /// The reference `&…;` at the cursor, moving past it.
    private mutating func reference() throws(PropertyListError) -> Unicode.Scalar {
        let start = index
        // The longest reference is "&#x10FFFF;" (give leading zeros some room).
        let limit = min(bytes.count, start + 16)
        guard let semicolon = bytes[start..<limit].firstIndex(of: UInt8(ascii: ";")) else {
            throw .xmlBadReference(String(decoding: bytes[start..<limit], as: UTF8.self), offset: start)
        }
        let name = String(decoding: bytes[(start + 1)..<semicolon], as: UTF8.self)
        index = semicolon + 1
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let isHex = name.hasPrefix("#x")
            let digits = name.dropFirst(isHex ? 2 : 1)
            let allowed = isHex ? "0123456789abcdefABCDEF" : "0123456789"
            guard name.hasPrefix("#"), !digits.isEmpty, digits.allSatisfy(allowed.contains),
                  let value = UInt32(digits, radix: isHex ? 16 : 10), let scalar = Unicode.Scalar(value)
            else { throw .xmlBadReference("&\(name);", offset: start) }
            return scalar
        }
    }

    /// At `<`: skips a processing instruction `<?…?>`, a comment or a declaration
    /// such as `<!DOCTYPE …>` (with an internal subset in brackets) and says so;
    /// returns false, moving nothing, at a tag.
    private mutating func skipMarkup() throws(PropertyListError) -> Bool {
        if starts(with: "<?") {
            index = try find("?>", from: index + 2) + 2
        } else if starts(with: "<!--") {
            index = try find("-->", from: index + 4) + 3
        } else if starts(with: "<!") {
            var depth = 0
            var cursor = index + 2
            while cursor < bytes.count {
                switch bytes[cursor] {
                case UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "]"): depth -= 1
                case UInt8(ascii: ">") where depth <= 0:
                    index = cursor + 1
                    return true
                default: break
                }
                cursor += 1
            }
            index = cursor
            throw unexpected(expected: "'>' closing the declaration")
        } else {
            return false
        }
        return true
    }

    /// The tag at `<`: its name (up to white space, `/` or `>`), whether it is an
    /// end tag `</…>` or empty `<…/>`; attributes are skipped.
    private mutating func readTag() throws(PropertyListError) -> Tag {
        let start = index
        var cursor = index + 1
        let isEnd = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "/")
        if isEnd { cursor += 1 }
        let nameStart = cursor
        while cursor < bytes.count, !Self.isWhitespace(bytes[cursor]),
              bytes[cursor] != UInt8(ascii: "/"), bytes[cursor] != UInt8(ascii: ">") {
            cursor += 1
        }
        guard cursor > nameStart else {
            index = cursor
            throw unexpected(expected: "a tag name after '<' (tag at byte \(start))")
        }
        let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
        guard let close = bytes[cursor...].firstIndex(of: UInt8(ascii: ">")) else {
            index = bytes.count
            throw unexpected(expected: "'>' closing the tag at byte \(start)")
        }
        index = close + 1
        return Tag(name: name, isEnd: isEnd, isEmpty: !isEnd && bytes[close - 1] == UInt8(ascii: "/"), offset: start)
    }

    private func starts(with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        return prefix.withUTF8Buffer { $0.elementsEqual(bytes[index..<(index + count)]) }
    }

    /// Where `terminator` next starts at or after `from`; throws at the end of input.
    private mutating func find(_ terminator: StaticString, from: Int) throws(PropertyListError) -> Int {
        let pattern = terminator.withUTF8Buffer { Array($0) }
        var cursor = from
        while cursor + pattern.count <= bytes.count {
            if bytes[cursor] == pattern[0], bytes[cursor..<(cursor + pattern.count)].elementsEqual(pattern) {
                return cursor
            }
            cursor += 1
        }
        index = bytes.count
        throw unexpected(expected: "'\(terminator)'")
    }

    /// "Found what is at the cursor, expected …".
    private func unexpected(expected: String) -> PropertyListError {
        guard index < bytes.count else { return .xmlUnexpected(found: "the end", offset: index, expected: expected) }
        let byte = bytes[index]
        let found = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return .xmlUnexpected(found: found, offset: index, expected: expected)
    }

    /// The elements that are property list objects (Apple's PropertyList-1.0 DTD).
    private static let objectNames: Set<String> = ["array", "data", "date", "dict", "false", "integer", "real", "string", "true"]

    private static func isWhitespace(_ byte: UInt8) -> Bool { ByteText.isWhitespace(byte) }
}

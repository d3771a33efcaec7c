/// The keys of an XML property list's top-level `<dict>`, in file order: a small
/// scanner over the bytes (UTF-8), not an XML parser.
///
/// It skips the prolog (`<?xml …?>`, `<!DOCTYPE …>`, comments) and an opening
/// `<plist …>`, expects `<dict>` (or `<dict/>`), then walks the elements, keeping
/// the text of each `<key>` directly inside that dict: entities (`&amp;` `&lt;`
/// `&gt;` `&quot;` `&apos;`, `&#…;`, `&#x…;`) decoded, CDATA kept as is, comments
/// dropped, the rest of the text byte for byte (as Foundation reads it, so the keys
/// match). Nested `<dict>`/`<array>` contents are skipped; end tags of containers
/// must match. Values are not checked: Foundation does that. One pass, no recursion.
struct XMLPropertyListKeys {
    private let bytes: [UInt8]
    private var index = 0

    /// The top-level dict's keys in file order (repeats kept).
    static func scan(_ bytes: [UInt8]) throws(PropertyListKeyError) -> [String] {
        var scanner = XMLPropertyListKeys(bytes: bytes)
        return try scanner.topLevelKeys()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private struct Tag {
        var name: String
        var isEnd: Bool
        var isEmpty: Bool
        var offset: Int
        var text: String { isEnd ? "</\(name)>" : isEmpty ? "<\(name)/>" : "<\(name)>" }
    }

    private mutating func topLevelKeys() throws(PropertyListKeyError) -> [String] {
        while true {
            while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { throw unexpected(expected: "<dict>") }
            if try skipMarkup() { continue }
            let tag = try readTag()
            if tag.name == "plist", !tag.isEnd, !tag.isEmpty { continue }
            guard tag.name == "dict", !tag.isEnd else { throw .topLevelNotADictionary(found: tag.text) }
            return tag.isEmpty ? [] : try dictionaryKeys()
        }
    }

    /// After the top `<dict>`: the keys at depth 1, up to its `</dict>`.
    private mutating func dictionaryKeys() throws(PropertyListKeyError) -> [String] {
        var keys: [String] = []
        var open = ["dict"]  // the containers around the cursor, innermost last
        while let innermost = open.last {
            _ = try text(keeping: false)  // white space and comments between elements
            guard index < bytes.count else { throw unexpected(expected: "</\(innermost)>") }
            if try skipMarkup() { continue }
            let tag = try readTag()
            let isTopKey = tag.name == "key" && open.count == 1
            if tag.isEnd {
                guard tag.name == innermost else {
                    throw .xmlUnexpected(found: tag.text, offset: tag.offset, expected: "</\(innermost)>")
                }
                open.removeLast()
            } else if tag.isEmpty {
                if isTopKey { keys.append("") }
            } else if tag.name == "dict" || tag.name == "array" {
                open.append(tag.name)
            } else {  // a leaf: <key>, <string>, <integer>, <date>, <data>, <real>, <true>…
                let text = try text(keeping: isTopKey)
                guard index < bytes.count else { throw unexpected(expected: "</\(tag.name)>") }
                let end = try readTag()
                guard end.isEnd, end.name == tag.name else {
                    throw .xmlUnexpected(found: end.text, offset: end.offset, expected: "</\(tag.name)>")
                }
                if isTopKey { keys.append(String(decoding: text, as: UTF8.self)) }
            }
        }
        return keys
    }

    /// Character data up to the next tag, processing instruction or declaration:
    /// references decoded, CDATA sections kept, comments dropped. Returns the bytes
    /// only when `keeping` (values are skipped without copying).
    private mutating func text(keeping: Bool) throws(PropertyListKeyError) -> [UInt8] {
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
    private mutating func reference() throws(PropertyListKeyError) -> Unicode.Scalar {
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
    private mutating func skipMarkup() throws(PropertyListKeyError) -> Bool {
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
    private mutating func readTag() throws(PropertyListKeyError) -> Tag {
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
    private mutating func find(_ terminator: StaticString, from: Int) throws(PropertyListKeyError) -> Int {
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
    private func unexpected(expected: String) -> PropertyListKeyError {
        guard index < bytes.count else { return .xmlUnexpected(found: "the end", offset: index, expected: expected) }
        let byte = bytes[index]
        let found = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return .xmlUnexpected(found: found, offset: index, expected: expected)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

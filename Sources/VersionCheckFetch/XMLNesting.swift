import Foundation

/// How deeply an XML document nests its elements, found in one pass over the bytes
/// before the property list is read. FoundationEssentials' XML scanner, which read
/// manifests once, recursed once per level with no limit, so a body of 100,000
/// nested `<dict>`s overflowed the stack (SIGSEGV). `XMLPropertyListEntries` does not
/// recurse, but a manifest is two levels deep: refusing deeper nesting up front keeps
/// the error the same as JSON's and the skipping of values short.
///
/// Comments, CDATA sections, processing instructions and declarations are skipped;
/// `<x/>` does not nest. Malformed markup is left to the reader to reject. Cost: one
/// pass, stopping as soon as the depth passes the limit.
enum XMLNesting {
    /// Whether elements nest deeper than `limit` anywhere in `data`.
    static func exceeds(_ limit: Int, in data: Data) -> Bool {
        data.withUnsafeBytes { bytes in exceeds(limit, in: bytes) }
    }

    private static func exceeds(_ limit: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        var depth = 0
        var i = 0
        while i < count {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if starts(bytes, at: i, with: "<!--") {
                guard let end = find(bytes, "-->", from: i + 4) else { return false }
                i = end + 3
            } else if starts(bytes, at: i, with: "<![CDATA[") {
                guard let end = find(bytes, "]]>", from: i + 9) else { return false }
                i = end + 3
            } else if i + 1 < count, bytes[i + 1] == UInt8(ascii: "?") || bytes[i + 1] == UInt8(ascii: "!") {
                guard let end = find(bytes, ">", from: i + 2) else { return false }
                i = end + 1
            } else if i + 1 < count, bytes[i + 1] == UInt8(ascii: "/") {
                depth -= 1
                guard let end = find(bytes, ">", from: i + 2) else { return false }
                i = end + 1
            } else {
                guard let end = find(bytes, ">", from: i + 1) else { return false }
                if bytes[end - 1] != UInt8(ascii: "/") {
                    depth += 1
                    if depth > limit { return true }
                }
                i = end + 1
            }
        }
        return false
    }

    private static func starts(_ bytes: UnsafeRawBufferPointer, at index: Int, with text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard bytes.count - index >= length else { return false }
        for k in 0..<length where bytes[index + k] != text.utf8Start[k] { return false }
        return true
    }

    /// The index where `text` next starts at or after `from`.
    private static func find(_ bytes: UnsafeRawBufferPointer, _ text: StaticString, from: Int) -> Int? {
        var index = from
        while index < bytes.count {
            if starts(bytes, at: index, with: text) { return index }
            index += 1
        }
        return nil
    }
}

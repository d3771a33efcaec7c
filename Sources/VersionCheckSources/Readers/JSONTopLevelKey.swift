/// Whether a JSON object has a member, judged without parsing it: a format's sniff
/// (a GitHub release is an object with `tag_name`).
enum JSONTopLevelKey {
    /// True when `body` (after a byte order mark and white space) is a `{` whose members
    /// include `key` at the top level, before the object's end.
    ///
    /// One pass over the bytes, no allocation, stopping at the key: strings are skipped
    /// whole (escapes included), nesting is counted, and only a string in key position of
    /// the top-level object is compared. A key spelled with escapes (`"tag\u005fname"`)
    /// is not recognised. Nothing else is checked: the decoder reads the JSON.
    static func objectHas(_ key: StaticString, in body: [UInt8]) -> Bool {
        body.withUnsafeBufferPointer { bytes in
            let wanted = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
            var index = ByteText.startSkippingByteOrderMark(bytes)
            while index < bytes.count, ByteText.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
            index += 1
            var depth = 1
            var atKey = true  // at depth 1, the next string is a key
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    let start = index + 1
                    var end = start
                    var escaped = false
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                        if bytes[end] == UInt8(ascii: "\\") {
                            escaped = true
                            end += 1
                        }
                        end += 1
                    }
                    guard end < bytes.count else { return false }
                    if depth == 1, atKey, !escaped, end - start == wanted.count,
                       ByteText.equal(UnsafeBufferPointer(rebasing: bytes[start..<end]), wanted) {
                        return true
                    }
                    atKey = false
                    index = end + 1
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return false }
                    index += 1
                case UInt8(ascii: ","):
                    if depth == 1 { atKey = true }
                    index += 1
                default:
                    index += 1
                }
            }
            return false
        }
    }
}

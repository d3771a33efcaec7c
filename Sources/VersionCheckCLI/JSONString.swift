/// The one rule for the text of a JSON string: `"` and `\` escaped, control characters
/// as `\n`, `\t`, … or `\u00XX`, U+2028 and U+2029 as `\u2028` and `\u2029` (valid
/// JSON, but they end a line in JavaScript); everything else (all of Unicode) written as
/// UTF-8. Written straight into a buffer, byte by byte: a release's version and notes
/// (a check can list 400,000 releases) cost a copy loop, not a call per piece.
enum JSONString {
    /// The most bytes one input byte becomes (`\u001F`, or `\u2028` for 3 bytes).
    static let maximumGrowth = 6

    /// Writes the escaped text of `utf8` (no quotes) at `out`, which has room for
    /// `maximumGrowth` bytes per byte of `utf8`; returns how many bytes it wrote. A
    /// U+2028 or U+2029 split across two calls is not escaped: callers pass whole
    /// characters (`wholeCharacters(_:from:limit:)`).
    @inline(__always)
    static func escape(_ utf8: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var written = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            // Most bytes need no escape: one test each, the cases below only for the rest.
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xE2 else {
                out[written] = byte
                written += 1
                continue
            }
            let escape: StaticString
            switch byte {
            case UInt8(ascii: "\""): escape = "\\\""
            case UInt8(ascii: "\\"): escape = "\\\\"
            case UInt8(ascii: "\n"): escape = "\\n"
            case UInt8(ascii: "\r"): escape = "\\r"
            case UInt8(ascii: "\t"): escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0xE2:
                guard index + 1 < utf8.count, utf8[index] == 0x80, utf8[index + 1] == 0xA8 || utf8[index + 1] == 0xA9 else {
                    out[written] = byte
                    written += 1
                    continue
                }
                escape = utf8[index + 1] == 0xA8 ? "\\u2028" : "\\u2029"
                index += 2
            default:  // the other control characters and DEL
                let prefix: StaticString = "\\u00"
                let digits: StaticString = "0123456789abcdef"
                (out + written).update(from: prefix.utf8Start, count: 4)
                out[written + 4] = digits.utf8Start[Int(byte >> 4)]
                out[written + 5] = digits.utf8Start[Int(byte & 0xF)]
                written += 6
                continue
            }
            (out + written).update(from: escape.utf8Start, count: escape.utf8CodeUnitCount)
            written += escape.utf8CodeUnitCount
        }
        return written
    }

    /// The end of the longest prefix of `utf8[start...]` of at most `limit` bytes that
    /// ends between two characters (never inside a UTF-8 sequence), so that a long text
    /// escaped piece by piece is escaped as a whole; at least one byte when any is left.
    static func wholeCharacters(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int {
        guard utf8.count - start > limit else { return utf8.count }
        var end = start + limit
        while end > start + 1 && utf8[end] & 0xC0 == 0x80 { end -= 1 }
        return end
    }
}

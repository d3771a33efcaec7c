import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// The one rule for the text of a JSON string: `"` and `\` escaped, control characters
/// (C0, DEL, C1) as `\n`, `\t`, … or `\u00XX`, and the characters a terminal must never
/// get raw (`TerminalText.isPlain`: U+2028 and U+2029, which also end a line in
/// JavaScript, and the bidirectional controls) as `\uXXXX`; everything else (all of
/// Unicode) written as UTF-8. Written straight into a buffer, byte by byte: a release's version and notes
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
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xE2
                || byte == 0xC2 || byte == 0xD8
            else {
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
            case 0xC2, 0xD8, 0xE2:
                // C1 (C2 80…9F), U+061C (D8 9C), U+200E/F, U+2028…U+202E (E2 80 8E/8F/A8…AE),
                // U+2066…U+2069 (E2 81 A6…A9): `\uXXXX`. Other characters as they are.
                let length = byte == 0xE2 ? 3 : 2
                guard index + length - 1 <= utf8.count else {
                    out[written] = byte
                    written += 1
                    continue
                }
                var value = UInt32(byte & (length == 3 ? 0x0F : 0x1F))
                for offset in 0..<length - 1 { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
                guard let scalar = Unicode.Scalar(value), !TerminalText.isPlain(scalar),
                      utf8[index..<index + length - 1].allSatisfy({ $0 & 0xC0 == 0x80 })
                else {
                    out[written] = byte
                    written += 1
                    continue
                }
                let digits: StaticString = "0123456789abcdef"
                out[written] = UInt8(ascii: "\\")
                out[written + 1] = UInt8(ascii: "u")
                for position in 0..<4 { out[written + 2 + position] = digits.utf8Start[Int(value >> (12 - 4 * UInt32(position)) & 0xF)] }
                written += 6
                index += length - 1
                continue
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

/// Byte-level facts about text bodies, written once for every reader.
public enum ByteText {
    /// The UTF-8 byte order mark, `EF BB BF`.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Where the text of `bytes` starts: 3 after a UTF-8 byte order mark, else 0.
    public static func startSkippingByteOrderMark(_ bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    }

    /// JSON's and XML's white space: space, tab, line feed, carriage return.
    public static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

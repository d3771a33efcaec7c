/// Byte-level facts about text bodies, written once for every reader.
public enum ByteText {
    /// The UTF-8 byte order mark, `EF BB BF`.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Where the text of `bytes` starts: 3 after a UTF-8 byte order mark, else 0.
    public static func startSkippingByteOrderMark(_ bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    }

    /// Decimal digits only, not all zeros (`10240000`; not `0`, `-1`, `+5`, `1e6` or empty):
    /// an electron-builder `size`, an enclosure's `length`, a `phasedRolloutInterval`.
    public static func isPositiveInteger(_ text: String) -> Bool {
        let utf8 = text.utf8
        return !utf8.isEmpty && utf8.allSatisfy { $0 &- UInt8(ascii: "0") < 10 } && utf8.contains { $0 != UInt8(ascii: "0") }
    }

    /// Standard base64 (`+`, `/`) of exactly 64 bytes: 86 characters, or 88 ending `==`
    /// (a SHA-512 digest, an EdDSA signature).
    public static func isBase64OfSixtyFourBytes(_ text: String) -> Bool {
        var utf8 = Array(text.utf8)
        if utf8.count == 88 {
            guard utf8[86] == UInt8(ascii: "="), utf8[87] == UInt8(ascii: "=") else { return false }
            utf8.removeLast(2)
        }
        guard utf8.count == 86 else { return false }
        return utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "+"), UInt8(ascii: "/"): true
            default: false
            }
        }
    }

    /// JSON's and XML's white space: space, tab, line feed, carriage return.
    public static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// FNV-1a's 64-bit offset basis and prime: the one small hash of the program (cache
    /// file names and checksums, the readers' direct-mapped tables).
    public static let fnvOffsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let fnvPrime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a 64 of `bytes`, byte by byte, continuing from `seed`.
    @inlinable
    public static func fnv1a(_ bytes: some Sequence<UInt8>, seed: UInt64 = fnvOffsetBasis) -> UInt64 {
        var hash = seed
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* fnvPrime }
        return hash
    }

    /// Whether two runs of bytes are equal: a plain loop (the generic `elementsEqual`
    /// walks iterators), for the short names a reader compares 100,000 times.
    @inline(__always)
    public static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        var index = 0
        while index < left.count {
            if left[index] != right[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether `left` sorts before `right` byte by byte (a shorter run first when it is
    /// a prefix of the longer), as `LC_ALL=C sort` orders paths.
    public static func precedes(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                let common = min(left.count, right.count)
                var index = 0
                while index < common {
                    if left[index] != right[index] { return left[index] < right[index] }
                    index += 1
                }
                return left.count < right.count
            }
        }
    }

    /// Whether `bytes` starts with `prefix` (lower-case ASCII), the letters A–Z matched in
    /// either case and no other byte folded (`0x1A` is not `:`).
    public static func startsIgnoringASCIICase(_ bytes: some Collection<UInt8>, with prefix: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        var index = bytes.startIndex
        for byte in expected {
            guard index != bytes.endIndex else { return false }
            guard lowercasedASCII(bytes[index]) == byte else { return false }
            index = bytes.index(after: index)
        }
        return true
    }

    /// Whether `left` and `right` are the same text, the letters A–Z matched in either
    /// case and no other byte folded; nothing is allocated.
    public static func equalIgnoringASCIICase(_ left: some Collection<UInt8>, _ right: some Collection<UInt8>) -> Bool {
        left.count == right.count && left.elementsEqual(right) { lowercasedASCII($0) == lowercasedASCII($1) }
    }

    /// `byte` with A–Z made a–z, every other byte as it is.
    @inline(__always)
    /// The value of an ASCII hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`); nil for any
    /// other byte. The one reading of a hex digit, for the readers' `\u` and `\x` escapes.
    static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}

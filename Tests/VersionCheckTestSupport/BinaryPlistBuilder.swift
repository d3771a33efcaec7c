/// Builds `bplist00` bytes for tests: a top-level dictionary whose keys keep the
/// order given (Foundation's writer sorts nothing but keeps no order either).
/// Object 0 is the top dictionary, then the keys and values in entry order.
/// Strings are ASCII (`0x5_`) when they can be, else UTF-16BE (`0x6_`); counts of
/// 15 or more take the `0xF` form with an integer object. With `uniquingStrings`,
/// equal value strings are one object, as Apple's and Python's writers make them.
public enum BinaryPlistBuilder {
    public enum Value: Sendable {
        case string(String)
        case strings([String])
        case dictionary([(String, String)])
        /// The value object of entry `index` (an earlier one) again: one object, named twice.
        case sameAs(Int)
        /// An array of `count` references to one string object.
        case repeatedLine(String, count: Int)
    }

    private enum Object {
        case string(String)
        /// kind: 0xA array, 0xD dictionary; refs: a dictionary's keys then values.
        case collection(kind: UInt8, count: Int, refs: [Int])
    }

    /// With `smallestSizes`, object references and offsets take as few bytes as hold
    /// them (3 for 400,000 objects), as Apple's and Python's writers make them; else 1, 2 or 4.
    public static func build(_ entries: [(String, Value)], uniquingStrings: Bool = false, smallestSizes: Bool = false) -> [UInt8] {
        var objects: [Object] = [.collection(kind: 0xD, count: 0, refs: [])]
        var stringObjects: [String: Int] = [:]
        func add(_ object: Object) -> Int {
            objects.append(object)
            return objects.count - 1
        }
        let keyRefs = entries.map { add(.string($0.0)) }
        var valueRefs: [Int] = []
        for entry in entries {
            valueRefs.append({ () -> Int in
            switch entry.1 {
            case .sameAs(let index): return valueRefs[index]
            case .repeatedLine(let text, let count):
                let line = add(.string(text))
                return add(.collection(kind: 0xA, count: count, refs: [Int](repeating: line, count: count)))
            case .string(let text) where uniquingStrings:
                if let known = stringObjects[text] { return known }
                let reference = add(.string(text))
                stringObjects[text] = reference
                return reference
            case .string(let text): return add(.string(text))
            case .strings(let lines): return add(.collection(kind: 0xA, count: lines.count, refs: lines.map { add(.string($0)) }))
            case .dictionary(let pairs):
                let keys = pairs.map { add(.string($0.0)) }
                let values = pairs.map { add(.string($0.1)) }
                return add(.collection(kind: 0xD, count: pairs.count, refs: keys + values))
            }
            }())
        }
        objects[0] = .collection(kind: 0xD, count: entries.count, refs: keyRefs + valueRefs)

        let referenceSize = smallestSizes ? byteCount(objects.count) : objects.count <= 0x100 ? 1 : objects.count <= 0x10000 ? 2 : 4
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            switch object {
            case .string(let text):
                if text.unicodeScalars.allSatisfy(\.isASCII) {
                    bytes += header(kind: 0x5, count: text.utf8.count) + Array(text.utf8)
                } else {
                    bytes += header(kind: 0x6, count: text.utf16.count)
                    for unit in text.utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
                }
            case let .collection(kind, count, refs):
                bytes += header(kind: kind, count: count)
                for ref in refs { bytes += bigEndian(UInt64(ref), size: referenceSize) }
            }
        }
        let offsetTable = bytes.count
        let offsetSize = smallestSizes ? byteCount(offsetTable) : offsetTable <= 0x100 ? 1 : offsetTable <= 0x10000 ? 2 : 4
        for offset in offsets { bytes += bigEndian(UInt64(offset), size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += bigEndian(UInt64(objects.count), size: 8) + bigEndian(0, size: 8) + bigEndian(UInt64(offsetTable), size: 8)
        return bytes
    }

    /// How many bytes hold the numbers below `limit`.
    private static func byteCount(_ limit: Int) -> Int {
        var size = 1
        while limit > 1 << (8 * size) { size += 1 }
        return size
    }

    /// A marker with its count, in the nibble or as a following integer object.
    private static func header(kind: UInt8, count: Int) -> [UInt8] {
        if count < 15 { return [kind << 4 | UInt8(count)] }
        let size = count <= 0xFF ? 1 : count <= 0xFFFF ? 2 : 4
        return [kind << 4 | 0xF, 0x10 | UInt8(size.trailingZeroBitCount)] + bigEndian(UInt64(count), size: size)
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
    }

    /// `bytes` with `value` written big-endian over `size` bytes at `offset`
    /// (negative: from the end), for building malformed lists.
    public static func patch(_ bytes: [UInt8], at offset: Int, _ value: UInt64, size: Int = 1) -> [UInt8] {
        var bytes = bytes
        let start = offset < 0 ? bytes.count + offset : offset
        bytes.replaceSubrange(start..<(start + size), with: bigEndian(value, size: size))
        return bytes
    }
}

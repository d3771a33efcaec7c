/// One line of a byte buffer: `bytes[start..<end]`, already trimmed of surrounding whitespace.
public struct LineSpan: Sendable, Equatable {
    public var start: UInt32
    public var end: UInt32

    @inlinable
    public init(start: UInt32, end: UInt32) {
        self.start = start
        self.end = end
    }
}

/// The fast path of `versioncheck sort`: many plain numeric versions sorted by packing
/// each into one 64-bit key and radix-sorting the keys.
///
/// A line qualifies when it is an optional `v`/`V` followed by one to eight dot-separated
/// decimal numbers and nothing else (the overwhelmingly common case: `1.2.3`). Each
/// component position gets as many bits as its largest value needs; when the widths add
/// up to at most 64 bits, the packed keys order exactly as version precedence does
/// (missing components pack as 0, leading zeros vanish in the value), so sorting keys is
/// sorting versions. Anything else — a pre-release, build metadata, a 65-bit total —
/// returns `nil` and the caller takes the general path, which also reports errors.
///
/// Cost: two linear scans of the bytes and `ceil(bits / 11)` passes of a stable LSD radix
/// sort; no per-line allocation.
public enum PackedVersionSort {
    /// The most component positions the fast path tracks.
    @usableFromInline static let maxPositions = 8

    /// The input order of `spans` sorted by version precedence, stable (equal versions keep
    /// their input order, also when `descending`), or `nil` if some line does not qualify.
    /// `unique`: of equal versions only the first in input order (equal keys are equal
    /// precedence; one more pass over the sorted keys).
    public static func sortedOrder(
        of spans: UnsafeBufferPointer<LineSpan>,
        in bytes: UnsafeBufferPointer<UInt8>,
        descending: Bool,
        unique: Bool = false
    ) -> [UInt32]? {
        guard spans.count < Int(UInt32.max) else { return nil }
        guard let widths = measureWidths(of: spans, in: bytes) else { return nil }
        var shifts = [Int](repeating: 0, count: maxPositions)
        var totalBits = 0
        for position in stride(from: maxPositions - 1, through: 0, by: -1) {
            shifts[position] = totalBits
            totalBits += widths[position]
        }
        guard totalBits <= 64 else { return nil }

        var keys = packKeys(of: spans, in: bytes, shifts: shifts)
        if descending {
            let mask: UInt64 = totalBits == 64 ? ~0 : (1 << UInt64(totalBits)) - 1
            for i in keys.indices { keys[i] = ~keys[i] & mask }
        }
        var order = radixSortedOrder(keys: &keys, significantBits: totalBits)
        if unique { keepFirstOfEqualKeys(&order, sortedKeys: keys) }
        return order
    }

    /// Removes from `order` every entry whose key equals the one before it (`keys` sorted
    /// in `order`'s order), in place.
    @usableFromInline
    static func keepFirstOfEqualKeys(_ order: inout [UInt32], sortedKeys keys: [UInt64]) {
        guard order.count > 1 else { return }
        var kept = 1
        for i in 1..<order.count where keys[i] != keys[i - 1] {
            order[kept] = order[i]
            kept += 1
        }
        order.removeSubrange(kept...)
    }

    /// Validates every line and returns the bit width each component position needs,
    /// or `nil` when a line is not a plain numeric version of at most eight components.
    @usableFromInline
    static func measureWidths(
        of spans: UnsafeBufferPointer<LineSpan>,
        in bytes: UnsafeBufferPointer<UInt8>
    ) -> [Int]? {
        var largest = [UInt64](repeating: 0, count: maxPositions)
        let ok = largest.withUnsafeMutableBufferPointer { largest -> Bool in
            for span in spans {
                var index = Int(span.start)
                let end = Int(span.end)
                guard index < end else { return false }
                if bytes[index] == UInt8(ascii: "v") || bytes[index] == UInt8(ascii: "V") { index += 1 }
                var position = 0
                var value: UInt64 = 0
                var digits = 0
                while index < end {
                    let byte = bytes[index]
                    let digit = byte &- UInt8(ascii: "0")
                    if digit < 10 {
                        let (times10, overflowA) = value.multipliedReportingOverflow(by: 10)
                        let (sum, overflowB) = times10.addingReportingOverflow(UInt64(digit))
                        if overflowA || overflowB { return false }
                        value = sum
                        digits += 1
                    } else if byte == UInt8(ascii: ".") {
                        if digits == 0 || position == maxPositions - 1 { return false }
                        if value > largest[position] { largest[position] = value }
                        position += 1
                        value = 0
                        digits = 0
                    } else {
                        return false
                    }
                    index += 1
                }
                if digits == 0 { return false }
                if value > largest[position] { largest[position] = value }
            }
            return true
        }
        guard ok else { return nil }
        return largest.map { UInt64.bitWidth - $0.leadingZeroBitCount }
    }

    /// Packs each (already validated) line into its key: component `p` shifted by `shifts[p]`.
    @usableFromInline
    static func packKeys(
        of spans: UnsafeBufferPointer<LineSpan>,
        in bytes: UnsafeBufferPointer<UInt8>,
        shifts: [Int]
    ) -> [UInt64] {
        shifts.withUnsafeBufferPointer { shifts in
            [UInt64](unsafeUninitializedCapacity: spans.count) { keys, initialized in
                for (line, span) in spans.enumerated() {
                    var index = Int(span.start)
                    let end = Int(span.end)
                    if bytes[index] > UInt8(ascii: "9") { index += 1 }  // the `v`
                    var key: UInt64 = 0
                    var position = 0
                    var value: UInt64 = 0
                    while index < end {
                        let byte = bytes[index]
                        if byte == UInt8(ascii: ".") {
                            key |= value &<< UInt64(shifts[position])
                            position += 1
                            value = 0
                        } else {
                            value = value &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                        }
                        index += 1
                    }
                    key |= value &<< UInt64(shifts[position])
                    keys[line] = key
                }
                initialized = spans.count
            }
        }
    }

    /// Stable LSD radix sort of `keys` (11-bit digits, only the low `significantBits`),
    /// returning the permutation as input indices.
    @usableFromInline
    static func radixSortedOrder(keys: inout [UInt64], significantBits: Int) -> [UInt32] {
        let count = keys.count
        var order = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count { buffer[i] = UInt32(truncatingIfNeeded: i) }
            initialized = count
        }
        guard count > 1, significantBits > 0 else { return order }
        let digitBits = 11
        let radix = 1 << digitBits
        let passes = (significantBits + digitBits - 1) / digitBits
        var spareKeys = [UInt64](repeating: 0, count: count)
        var spareOrder = [UInt32](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: radix)

        for pass in 0..<passes {
            let shift = UInt64(pass * digitBits)
            let mask = UInt64(radix - 1)
            keys.withUnsafeBufferPointer { source in
                order.withUnsafeBufferPointer { sourceOrder in
                    spareKeys.withUnsafeMutableBufferPointer { target in
                        spareOrder.withUnsafeMutableBufferPointer { targetOrder in
                            counts.withUnsafeMutableBufferPointer { counts in
                                for i in 0..<radix { counts[i] = 0 }
                                for key in source { counts[Int((key &>> shift) & mask)] += 1 }
                                var offset = 0
                                for i in 0..<radix {
                                    let bucket = counts[i]
                                    counts[i] = offset
                                    offset += bucket
                                }
                                for i in 0..<count {
                                    let key = source[i]
                                    let digit = Int((key &>> shift) & mask)
                                    let slot = counts[digit]
                                    counts[digit] = slot + 1
                                    target[slot] = key
                                    targetOrder[slot] = sourceOrder[i]
                                }
                            }
                        }
                    }
                }
            }
            swap(&keys, &spareKeys)
            swap(&order, &spareOrder)
        }
        return order
    }
}

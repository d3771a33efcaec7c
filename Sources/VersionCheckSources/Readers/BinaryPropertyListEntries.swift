import VersionCheckCore

/// The entries of a binary property list's (`bplist00`) top-level dictionary, in
/// file order: each key, and its value as release notes (a string or an array of
/// strings) or as the reason it is not. Nothing else is decoded.
///
/// Layout: an 8-byte header, the objects, an offset table (one big-endian offset
/// per object) and a 32-byte trailer: 6 unused bytes, the offset size, the object
/// reference size, then the object count, the top object's number and the offset
/// table's offset as big-endian 64-bit integers. A dictionary is marker `0xD_`
/// (the low nibble its count; `0xF`: an integer object with the count follows),
/// then its key references, then its value references. A key is an ASCII string
/// (`0x5_`) or a UTF-16BE string (`0x6_`), with the same count rule; an array is
/// `0xA_`, then its element references.
///
/// Every offset, reference and count is checked against the buffer before use:
/// objects lie in `8..<offsetTableOffset`, the offset table between the objects
/// and the trailer, so a count can never exceed the bytes that would hold it.
///
/// Objects are shared by reference: 400,000 entries may all name one 512-byte notes
/// string. A value object that more than one entry names is decoded once and handed
/// out shared (`PropertyListEntry.sharedValue` says which, so releases can share their
/// details too); and the text decoded for all entries together (a shared object once,
/// while it stays decoded; an array's lines joined each time) may not pass
/// `maximumExpandedText`: a body of 8 MiB that would build gigabytes of text is
/// refused. What is printed is bounded apart (`UpdateChecker`): 300,000 entries that
/// share one notes string cost one string, and an install that is up to date prints none.
struct BinaryPropertyListEntries {
    /// The most text decoding may build (a shared object counted when it is decoded, an
    /// array's lines with their newlines each time it is joined): 16 MiB, twice the body
    /// cap. Text that distinct arrays build from shared lines is real memory, so the
    /// bound is the memory budget's.
    static let maximumExpandedText = 2 * FetchLimits.maximumBodySize
    private let bytes: UnsafeBufferPointer<UInt8>
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let topObject: UInt64
    /// Where the offset table starts: also the end of the objects.
    private let offsetTable: Int
    /// Value objects named by more than one entry (a bit per object number).
    private var sharedObjects: [UInt64] = []
    /// Those decoded so far, by object number; at most `decodedSharedLimit`, then it
    /// starts again (200,000 objects each named twice would otherwise hold 17 MiB here;
    /// one forgotten is decoded again, its text counted as before).
    private var decodedShared: [UInt64: PropertyListValue] = [:]
    private static let decodedSharedLimit = 4096
    /// The text handed out so far (`maximumExpandedText`).
    private var expandedText = 0

    private static let headerSize = 8
    private static let trailerSize = 32

    /// Calls `body` with the top-level dictionary's entries in file order (repeats kept).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (PropertyListEntry) -> Void) throws(PropertyListError) {
        var reader = try BinaryPropertyListEntries(bytes)
        try reader.topLevelEntries(body)
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
        guard bytes.count >= Self.headerSize + 1 + Self.trailerSize else {
            throw .binaryTooShort(length: bytes.count)
        }
        guard bytes.starts(with: "bplist0".utf8) else {
            throw .binaryHeader(String(decoding: bytes.prefix(Self.headerSize), as: UTF8.self))
        }
        self.bytes = bytes
        let trailer = bytes.count - Self.trailerSize
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize) else {
            throw .binaryTrailer(field: "the offset size", value: UInt64(offsetSize), expected: "1 to 8")
        }
        guard (1...8).contains(referenceSize) else {
            throw .binaryTrailer(field: "the object reference size", value: UInt64(referenceSize), expected: "1 to 8")
        }
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        topObject = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        let tableRange = (Self.headerSize + 1)..<(trailer + 1)
        guard table >= UInt64(tableRange.lowerBound), table < UInt64(tableRange.upperBound) else {
            throw .binaryOutOfRange(what: "the offset table offset", value: table, range: tableRange)
        }
        offsetTable = Int(table)
        let countRange = 1..<((trailer - offsetTable) / offsetSize + 1)
        guard count >= UInt64(countRange.lowerBound), count < UInt64(countRange.upperBound) else {
            throw .binaryOutOfRange(what: "the object count", value: count, range: countRange)
        }
        objectCount = Int(count)
        guard topObject < count else {
            throw .binaryOutOfRange(what: "the top object", value: topObject, range: 0..<objectCount)
        }
    }

    private mutating func topLevelEntries(_ body: (PropertyListEntry) -> Void) throws(PropertyListError) {
        let top = try objectOffset(topObject, what: "the top object")
        let marker = bytes[top]
        guard marker >> 4 == 0xD else { throw .topLevelNotADictionary(found: Self.describe(marker)) }
        let (count, start) = try countAndStart(at: top, what: "the top dictionary's count")
        let room = (offsetTable - start) / (2 * referenceSize)
        guard count <= room else {
            throw .binaryOutOfRange(what: "the top dictionary's count", value: UInt64(count), range: 0..<(room + 1))
        }
        let values = start + count * referenceSize
        markSharedObjects(values: values, count: count)
        for index in 0..<count {
            let keyReference = Self.bigEndian(bytes, at: start + index * referenceSize, size: referenceSize)
            let key = try string(at: try objectOffset(keyReference, what: "key \(index)'s object"), what: "key \(index)")
            let valueReference = Self.bigEndian(bytes, at: values + index * referenceSize, size: referenceSize)
            let shared = isShared(valueReference)
            let value: PropertyListValue
            if shared, let known = decodedShared[valueReference] {
                // The same string, shared: no new text.
                value = known
            } else {
                value = try notes(at: try objectOffset(valueReference, what: "value \(index)'s object"), what: "value \(index)")
                if case .notes(let text) = value { try expand(by: text.utf8.count) }
                if shared {
                    if decodedShared.count == Self.decodedSharedLimit { decodedShared.removeAll(keepingCapacity: true) }
                    decodedShared[valueReference] = value
                }
            }
            body(PropertyListEntry(key: key, value: value, sharedValue: shared ? valueReference : nil))
        }
    }

    /// Notes `objectCount` value references from `values` on: the objects named twice
    /// or more go into `sharedObjects`. Two bits per object; a reference out of range
    /// is left for the entry loop to report.
    private mutating func markSharedObjects(values: Int, count: Int) {
        let words = (objectCount + 63) / 64
        var seen = [UInt64](repeating: 0, count: words)
        sharedObjects = [UInt64](repeating: 0, count: words)
        for index in 0..<count {
            let reference = Self.bigEndian(bytes, at: values + index * referenceSize, size: referenceSize)
            guard reference < UInt64(objectCount) else { continue }
            let (word, bit) = (Int(reference / 64), UInt64(1) << (reference % 64))
            if seen[word] & bit != 0 { sharedObjects[word] |= bit } else { seen[word] |= bit }
        }
    }

    private func isShared(_ reference: UInt64) -> Bool {
        reference < UInt64(objectCount) && sharedObjects[Int(reference / 64)] & (UInt64(1) << (reference % 64)) != 0
    }

    /// Counts `count` more bytes of text handed out; past `maximumExpandedText`, an error.
    private mutating func expand(by count: Int) throws(PropertyListError) {
        expandedText += count
        guard expandedText <= Self.maximumExpandedText else {
            throw .binaryExpansion(limit: Self.maximumExpandedText)
        }
    }

    /// The value object at `offset` as release notes: a string, or an array of strings
    /// joined by newlines.
    /// The join is held to `maximumExpandedText` as it grows (an array may name one long
    /// string a million times).
    private func notes(at offset: Int, what: @autoclosure () -> String) throws(PropertyListError) -> PropertyListValue {
        let marker = bytes[offset]
        if Self.isString(marker) { return .notes(try string(at: offset, what: what())) }
        guard marker >> 4 == 0xA else { return .notNotes }
        let (count, start) = try countAndStart(at: offset, what: "\(what())'s count")
        let room = (offsetTable - start) / referenceSize
        guard count <= room else {
            throw .binaryOutOfRange(what: "\(what())'s count", value: UInt64(count), range: 0..<(room + 1))
        }
        var lines = ""
        for index in 0..<count {
            let reference = Self.bigEndian(bytes, at: start + index * referenceSize, size: referenceSize)
            let element = try objectOffset(reference, what: "\(what()) element \(index)'s object")
            guard Self.isString(bytes[element]) else { return .arrayOfNonStrings }
            if index > 0 { lines += "\n" }
            lines += try string(at: element, what: "\(what()) element \(index)")
            guard lines.utf8.count <= Self.maximumExpandedText - expandedText else {
                throw .binaryExpansion(limit: Self.maximumExpandedText)
            }
        }
        return .notes(lines)
    }

    /// An ASCII (`0x5_`) or UTF-16 (`0x6_`) string's marker.
    private static func isString(_ marker: UInt8) -> Bool { marker >> 4 == 0x5 || marker >> 4 == 0x6 }

    /// Where object `number` starts, from the offset table.
    private func objectOffset(_ number: UInt64, what: @autoclosure () -> String) throws(PropertyListError) -> Int {
        guard number < UInt64(objectCount) else {
            throw .binaryOutOfRange(what: "\(what()) number", value: number, range: 0..<objectCount)
        }
        let offset = Self.bigEndian(bytes, at: offsetTable + Int(number) * offsetSize, size: offsetSize)
        let objects = Self.headerSize..<offsetTable
        guard offset >= UInt64(objects.lowerBound), offset < UInt64(objects.upperBound) else {
            throw .binaryOutOfRange(what: "\(what())'s offset", value: offset, range: objects)
        }
        return Int(offset)
    }

    /// The count in the low nibble of the marker at `offset`, or, when that is
    /// `0xF`, in the integer object that follows; and where the contents start.
    private func countAndStart(at offset: Int, what: @autoclosure () -> String) throws(PropertyListError) -> (count: Int, start: Int) {
        let nibble = Int(bytes[offset] & 0x0F)
        guard nibble == 0xF else { return (nibble, offset + 1) }
        let intMarker = offset + 1
        guard intMarker < offsetTable else {
            throw .binaryOutOfRange(what: "\(what())'s offset", value: UInt64(intMarker), range: Self.headerSize..<offsetTable)
        }
        let marker = bytes[intMarker]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw .binaryMarker(what: what(), marker: marker, expected: "an integer of 1, 2, 4 or 8 bytes (0x10 to 0x13)")
        }
        let size = 1 << Int(marker & 0x0F)
        guard size <= offsetTable - (intMarker + 1) else {
            throw .binaryOutOfRange(what: "\(what())'s end", value: UInt64(intMarker + 1 + size), range: 0..<(offsetTable + 1))
        }
        let count = Self.bigEndian(bytes, at: intMarker + 1, size: size)
        // No count can exceed the bytes that would hold its contents.
        guard count <= UInt64(offsetTable) else {
            throw .binaryOutOfRange(what: what(), value: count, range: 0..<(offsetTable + 1))
        }
        return (Int(count), intMarker + 1 + size)
    }

    /// The string object at `offset`: ASCII (`0x5_`) or UTF-16BE (`0x6_`).
    private func string(at offset: Int, what: @autoclosure () -> String) throws(PropertyListError) -> String {
        let marker = bytes[offset]
        let unitSize: Int
        switch marker >> 4 {
        case 0x5: unitSize = 1
        case 0x6: unitSize = 2
        default: throw .binaryMarker(what: what(), marker: marker, expected: "a string (0x5_ or 0x6_)")
        }
        let (count, start) = try countAndStart(at: offset, what: "\(what())'s length")
        guard count <= (offsetTable - start) / unitSize else {
            throw .binaryOutOfRange(
                what: "\(what())'s end", value: UInt64(start) + UInt64(count) * UInt64(unitSize),
                range: 0..<(offsetTable + 1))
        }
        let contents = bytes[start..<(start + count * unitSize)]
        if unitSize == 1 {
            if let byte = contents.first(where: { $0 >= 0x80 }) {
                throw .binaryMarker(what: "\(what())'s ASCII text", marker: byte, expected: "bytes below 0x80")
            }
            return String(decoding: contents, as: UTF8.self)
        }
        let units = stride(from: start, to: start + count * 2, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        return String(decoding: units, as: UTF16.self)
    }

    /// The unsigned big-endian integer of `size` (1 to 8) bytes at `offset`; the
    /// caller has checked that they lie in the buffer.
    private static func bigEndian(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
        return value
    }

    /// What a marker byte stands for, for messages: "an array (marker 0xA2)".
    static func describe(_ marker: UInt8) -> String {
        let kind: String
        switch marker >> 4 {
        case 0x0: kind = marker == 0x08 || marker == 0x09 ? "a boolean" : "a null or fill byte"
        case 0x1: kind = "an integer"
        case 0x2: kind = "a real"
        case 0x3: kind = "a date"
        case 0x4: kind = "data"
        case 0x5, 0x6, 0x7: kind = "a string"
        case 0x8: kind = "a UID"
        case 0xA: kind = "an array"
        case 0xB, 0xC: kind = "a set"
        case 0xD: kind = "a dictionary"
        default: kind = "an unknown object"
        }
        let hex = String(marker, radix: 16, uppercase: true)
        return "\(kind) (marker 0x\(hex.count == 1 ? "0" + hex : hex))"
    }
}

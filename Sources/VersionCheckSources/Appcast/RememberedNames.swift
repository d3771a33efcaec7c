/// Qualified names resolved since the namespace bindings last changed, found again by
/// their bytes: an appcast repeats a dozen names 100,000 times, and each is then a hash
/// of a few bytes and one comparison, with no string made.
///
/// Direct-mapped: `slotCount` slots, a name taking the slot of an older one whose hash
/// falls in the same slot. Memory is fixed, and a miss only costs resolving the name
/// again. `forgetAll()` (a declaration coming into or going out of scope) empties every
/// slot at once by starting a new generation.
struct RememberedNames {
    static let slotCount = 64
    /// Each slot's generation plus one (0 empty): a slot of an older generation is empty.
    private var generations = [UInt64](repeating: 0, count: slotCount)
    private var attributeFlags = [Bool](repeating: false, count: slotCount)
    private var qualifiedNames = [[UInt8]](repeating: [], count: slotCount)
    private var names = [XMLName?](repeating: nil, count: slotCount)
    private var generation: UInt64 = 1

    /// The name remembered for `qualified` (an attribute's, or an element's), if any.
    func find(_ qualified: UnsafeBufferPointer<UInt8>, isAttribute: Bool) -> XMLName? {
        let slot = Self.slot(qualified, isAttribute: isAttribute)
        guard generations[slot] == generation, attributeFlags[slot] == isAttribute,
            qualifiedNames[slot].withUnsafeBufferPointer({ ByteText.equal($0, qualified) })
        else { return nil }
        return names[slot]
    }

    /// Remembers `name` as what `qualified` resolves to until `forgetAll()`.
    mutating func add(_ name: XMLName, _ qualified: UnsafeBufferPointer<UInt8>, isAttribute: Bool) {
        let slot = Self.slot(qualified, isAttribute: isAttribute)
        generations[slot] = generation
        attributeFlags[slot] = isAttribute
        qualifiedNames[slot] = Array(qualified)
        names[slot] = name
    }

    /// Forgets every name (the bindings changed).
    mutating func forgetAll() {
        generation += 1
    }

    /// FNV-1a over the bytes, then the kind, folded to a slot.
    private static func slot(_ bytes: UnsafeBufferPointer<UInt8>, isAttribute: Bool) -> Int {
        var hash = ByteText.fnv1a(bytes)
        if isAttribute { hash = (hash ^ 0xFF) &* ByteText.fnvPrime }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32)) & (slotCount - 1)
    }
}

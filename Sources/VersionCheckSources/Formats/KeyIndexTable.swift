/// A set of keys that holds no keys: an open-addressing hash table whose slots are
/// the caller's numbers for them (an entry index), the text being asked of the caller
/// when two hashes meet.
///
/// A `Set<String>` of 400,000 keys costs some 17 MiB (16-byte strings at a load of at
/// most 3/4, grown by doubling); this costs 4 bytes a slot at a load of at most 1/2:
/// 4 MiB for 400,000 keys. Keys compare as `String`s do (canonical equivalence), and
/// hash with `String`'s own hash, so the answers are those of a `Set<String>`.
struct KeyIndexTable {
    /// `0` empty, else the key's number plus one.
    private var slots: [UInt32]
    private var count = 0

    /// Room for `expected` keys before the first growth.
    init(expected: Int) {
        var capacity = 16
        while capacity < 2 * expected { capacity *= 2 }
        slots = [UInt32](repeating: 0, count: capacity)
    }

    /// Adds `key` as number `number` unless an equal key is there: then returns false
    /// and adds nothing. `text(n)` is the text of the key numbered `n` (any number
    /// added before). Numbers must be below `UInt32.max`.
    mutating func insert(_ key: String, number: Int, text: (Int) -> String) -> Bool {
        if 2 * (count + 1) > slots.count { grow(text: text) }
        let mask = slots.count - 1
        var slot = key.hashValue & mask
        while slots[slot] != 0 {
            if text(Int(slots[slot]) - 1) == key { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = UInt32(number + 1)
        count += 1
        return true
    }

    /// Doubles the slots, placing each number again by its key's hash (before an
    /// insertion, so `text` is only asked for numbers already added).
    private mutating func grow(text: (Int) -> String) {
        var larger = [UInt32](repeating: 0, count: 2 * slots.count)
        let mask = larger.count - 1
        for stored in slots where stored != 0 {
            var slot = text(Int(stored) - 1).hashValue & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = stored
        }
        slots = larger
    }
}

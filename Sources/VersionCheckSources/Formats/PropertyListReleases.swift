import VersionCheckCore

/// The releases of a property list manifest, made as its entries are read; after
/// the first failure of a kind that outranks versions, nothing more is kept.
///
/// A key given twice is refused (which of two equal keys a reader keeps is a choice
/// the file did not make; JSON refuses them too). Keys are hashed only once the
/// versions stop rising (or falling) strictly, or one fails to parse: until then no
/// key can have come before, since equal keys are equal versions; nor while the keys
/// are ASCII and rise byte for byte (their text sorted, as plistlib and Xcode write
/// them: `1.10` before `1.9`), since two different ASCII texts are never equal strings.
/// A list written in either order (the usual case) costs no hashing at all. Hashed keys
/// are kept as entry numbers (`KeyIndexTable`), their text read back from the
/// releases' versions.
///
/// Releases whose notes are equal share one details object (a copy of the first
/// with the version replaced): found by the value object they name in a binary list,
/// else by the text. 400,000 releases that each carry "n" then cost 64 bytes each,
/// not the 208 that a details object apiece (144 bytes) makes them. Releases whose
/// notes all differ still take a details object each.
struct PropertyListReleases {
    private var kept: [Release] = []
    private var direction = 0  // 1 rising, -1 falling, 0 not known yet
    /// Until keys are hashed: whether the versions so far rise or fall strictly.
    private var versionsInOrder = true
    /// Until keys are hashed: whether the keys so far are ASCII and rise byte for byte;
    /// `lastKey` is the one before.
    private var keyTextInOrder = true
    private var lastKey = ""
    /// The keys so far, once they must be hashed: number `n` is `kept[n]`'s key for
    /// `n < kept.count`, else `otherKeys[n - kept.count]` (keys that are not versions,
    /// which come only after the first version error, when `kept` no longer grows).
    private var keys: KeyIndexTable? = nil
    private var otherKeys: [String] = []
    /// Keys with white space around them, by release index: their version's text
    /// differs from the key.
    private var paddedKeys: [Int: String] = [:]
    /// Makes the releases: those with equal notes share one details object.
    private var recent = RecentReleases()
    private var shapeError: BodyError?
    private var repeatedKey: String?
    private var versionError: BodyError?

    /// Reserves room for as many releases as `bodySize` bytes could hold (an entry
    /// takes at least 8 bytes in a binary list, more in XML). That reserves address
    /// space only, so the array never copies itself while it grows.
    init(bodySize: Int) {
        kept.reserveCapacity(bodySize / 8 + 2)
    }

    mutating func add(_ entry: PropertyListEntry) {
        guard shapeError == nil else { return }
        let notes: String
        switch entry.value {
        case .notNotes:
            shapeError = BodyError("property list entry \(Excerpt.quoted(entry.key)) is not release notes (a string or an array of strings)")
            return
        case .arrayOfNonStrings:
            shapeError = BodyError("property list entry \(Excerpt.quoted(entry.key)) holds an array of non-strings, expected release notes")
            return
        case .notes(let text):
            notes = text
        }
        if keys != nil {
            guard repeatedKey == nil else { return }
            if versionError != nil {
                addOtherKey(entry.key)
                return
            }
        }
        let version: Version
        do {
            version = try decodeVersion(entry.key, what: "property list key")
        } catch {
            versionError = error
            hashKeys()
            addOtherKey(entry.key)
            return
        }
        if keys == nil {
            if keyTextInOrder {
                keyTextInOrder = Self.risesAsASCIIText(entry.key, after: kept.isEmpty ? nil : lastKey)
                lastKey = entry.key
            }
            if versionsInOrder, let last = kept.last?.version {
                let order = last.compare(to: version)
                if order == 0 || (direction != 0 && order != -direction) {
                    versionsInOrder = false
                } else {
                    direction = -order
                }
            }
            if !versionsInOrder && !keyTextInOrder { hashKeys() }
        }
        if keys != nil, !insertKey(entry.key, number: kept.count) {
            repeatedKey = entry.key
            return
        }
        if version.description.utf8.count != entry.key.utf8.count { paddedKeys[kept.count] = entry.key }
        kept.append(recent.release(version: version, notes: notes, object: entry.sharedValue))
    }

    /// From now on keys are hashed: the table starts with every release's key so far.
    private mutating func hashKeys() {
        guard keys == nil else { return }
        var table = KeyIndexTable(expected: kept.count + 1)
        for index in kept.indices {
            _ = table.insert(keyText(index), number: index) { keyText($0) }
        }
        keys = table
    }

    /// Adds `key`, which is not a version, to the hashed keys (after a version error).
    private mutating func addOtherKey(_ key: String) {
        guard repeatedKey == nil else { return }
        otherKeys.append(key)
        if !insertKey(key, number: kept.count + otherKeys.count - 1) { repeatedKey = key }
    }

    /// Adds `key` as number `number` to the hashed keys; false when it was there.
    private mutating func insertKey(_ key: String, number: Int) -> Bool {
        guard var table = keys else { return true }
        keys = nil  // the table is held once, so inserting does not copy it
        defer { keys = table }
        // A closure, not `text: keyText`: a method taken as a value copies the whole struct
        // (every array and table in it retained) at each insertion.
        return table.insert(key, number: number) { keyText($0) }
    }

    /// The key of number `number` (see `keys`).
    private func keyText(_ number: Int) -> String {
        guard number < kept.count else { return otherKeys[number - kept.count] }
        return paddedKeys.isEmpty ? kept[number].version.description : paddedKeys[number] ?? kept[number].version.description
    }

    /// Whether `key` is ASCII and sorts after `earlier` (if any) by their bytes.
    private static func risesAsASCIIText(_ key: String, after earlier: String?) -> Bool {
        let checkOrder = earlier != nil
        var key = key
        var earlier = earlier ?? ""
        return key.withUTF8 { key in
            var bits: UInt8 = 0
            for byte in key { bits |= byte }
            guard bits < 0x80 else { return false }
            guard checkOrder else { return true }
            return earlier.withUTF8 { earlier in
                for index in 0..<min(earlier.count, key.count) where earlier[index] != key[index] {
                    return earlier[index] < key[index]
                }
                return earlier.count < key.count
            }
        }
    }

    /// The releases in file order, or the failure that outranks the others.
    consuming func releases() throws(BodyError) -> [Release] {
        if let shapeError { throw shapeError }
        if let repeatedKey { throw BodyError("property list has the key \(Excerpt.quoted(repeatedKey)) more than once") }
        if let versionError { throw versionError }
        guard !kept.isEmpty else { throw BodyError("the property list has no versions") }
        return kept
    }
}

import VersionCheckCore

/// Makes the releases of a property list manifest, sharing one details object among
/// releases with the same notes: a release made lately from the same binary property
/// list object, or with notes equal byte for byte, is copied with the version replaced.
///
/// Direct-mapped: `slotCount` slots per kind, a newer release taking the slot of an
/// older one whose key falls in the same slot. Memory is fixed (two arrays of
/// `slotCount` releases) and a lookup costs one hash of the notes and, when the 64-bit
/// hashes match, one comparison: no dictionary to grow, probe or empty. Notes repeated
/// back to back, or among a few texts, are found; a text last seen thousands of entries
/// ago may not be, which costs only memory (a details object of its own).
///
/// Notes match by their UTF-8 bytes, not by `String`'s canonical equivalence: a release
/// keeps the exact text its entry gave.
struct RecentReleases {
    static let slotCount = 4096
    /// By notes: each slot's 64-bit hash (0 empty) apart from its release, so that a miss
    /// reads one integer and copies no release.
    private var notesHashes = [UInt64](repeating: 0, count: slotCount)
    private var byNotes = [Release?](repeating: nil, count: slotCount)
    /// By object: each slot's object number plus one (0 empty), and its release.
    private var objectNumbers = [UInt64](repeating: 0, count: slotCount)
    private var byObject = [Release?](repeating: nil, count: slotCount)

    /// A release of `version` with `notes`, read from the value object `object` when the
    /// binary list shares it among entries (nil otherwise). Objects named by two entries
    /// each are found by their text for the first, by their number for the second.
    mutating func release(version: Version, notes: String, object: UInt64?) -> Release {
        let objectSlot = object.map { Int(truncatingIfNeeded: $0) & (Self.slotCount - 1) }
        if let object, let objectSlot, objectNumbers[objectSlot] == object &+ 1, var release = byObject[objectSlot] {
            release.version = version
            return release
        }
        let hash = Self.hash(notes) | 1  // never 0, which marks an empty slot
        let slot = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & (Self.slotCount - 1)
        var release: Release
        if notesHashes[slot] == hash, let made = byNotes[slot], let madeNotes = made.notes, Self.sameBytes(madeNotes, notes) {
            release = made
            release.version = version
        } else {
            release = Release(version: version, notes: notes)
            notesHashes[slot] = hash
            byNotes[slot] = release
        }
        if let object, let objectSlot {
            objectNumbers[objectSlot] = object &+ 1
            byObject[objectSlot] = release
        }
        return release
    }

    /// FNV-1a over the UTF-8 bytes.
    private static func hash(_ notes: String) -> UInt64 {
        var notes = notes
        return notes.withUTF8 { ByteText.fnv1a($0) }
    }

    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        var left = left
        var right = right
        return left.utf8.count == right.utf8.count
            && left.withUTF8 { left in right.withUTF8 { right in ByteText.equal(left, right) } }
    }
}

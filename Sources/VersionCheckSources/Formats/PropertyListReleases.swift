import VersionCheckCore

/// The releases of a property list manifest, made as its entries are read; after
/// the first failure of a kind that outranks versions, nothing more is kept.
///
/// A key given twice is refused (which of two equal keys a reader keeps is a choice
/// the file did not make; JSON refuses them too). Keys are hashed only once the
/// versions stop rising (or falling) strictly, or one fails to parse: until then no
/// key can have come before, since equal keys are equal versions. A list written in
/// order (the usual case) costs no hashing at all.
struct PropertyListReleases {
    private var kept: [Release] = []
    private var direction = 0  // 1 rising, -1 falling, 0 not known yet
    private var keys: Set<String>? = nil  // nil until keys must be hashed
    /// Keys with white space around them, by release index: their version's text
    /// differs from the key.
    private var paddedKeys: [Int: String] = [:]
    /// A release for each value object that several entries share (binary lists), so
    /// that their releases share one details object: a copy with the version replaced.
    /// At most `sharedDetailsLimit`: past that it starts again (a list of many objects
    /// each named twice shares less, and costs what an unshared list costs).
    private var sharedDetails: [UInt64: Release] = [:]
    private static let sharedDetailsLimit = 4096
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
            if repeatedKey == nil, keys?.insert(entry.key).inserted == false { repeatedKey = entry.key }
            guard repeatedKey == nil, versionError == nil else { return }
        }
        let version: Version
        do {
            version = try decodeVersion(entry.key, what: "property list key")
        } catch {
            versionError = error
            hashKeys(adding: entry.key)
            return
        }
        if keys == nil, let last = kept.last?.version {
            let order = last.compare(to: version)
            if order == 0 || (direction != 0 && order != -direction) {
                hashKeys(adding: entry.key)
                guard repeatedKey == nil else { return }
            } else {
                direction = -order
            }
        }
        if keys == nil, version.description.utf8.count != entry.key.utf8.count { paddedKeys[kept.count] = entry.key }
        kept.append(release(version: version, notes: notes, sharedValue: entry.sharedValue))
    }

    /// A release of `version` with `notes`; for a shared value, one whose details are
    /// those of the first release made from it.
    private mutating func release(version: Version, notes: String, sharedValue: UInt64?) -> Release {
        guard let sharedValue else { return Release(version: version, notes: notes) }
        guard var release = sharedDetails[sharedValue] else {
            let release = Release(version: version, notes: notes)
            if sharedDetails.count == Self.sharedDetailsLimit { sharedDetails.removeAll(keepingCapacity: true) }
            sharedDetails[sharedValue] = release
            return release
        }
        release.version = version
        return release
    }

    /// From now on keys are hashed: the set starts with every key so far and `key`.
    private mutating func hashKeys(adding key: String) {
        guard keys == nil else { return }
        var set = Set<String>(minimumCapacity: kept.count + 1)
        for (index, release) in kept.enumerated() { set.insert(paddedKeys[index] ?? release.version.description) }
        if !set.insert(key).inserted { repeatedKey = key }
        keys = set
        paddedKeys = [:]
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

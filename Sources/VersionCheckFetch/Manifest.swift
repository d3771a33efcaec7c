import Foundation
import VersionCheckCore

/// A publisher's manifest, decoded: the releases it lists (file order), its
/// `minimumVersion` and its `updateURL`. JSON or a property list (XML or
/// binary), told apart by the content, never by a file name or a header.
public struct Manifest: Sendable, Equatable {
    public var releases: [Release]
    /// `minimumVersion`: below it an update is forced.
    public var minimumVersion: Version?
    /// `updateURL` (alias `url`): where to get the app when a release has no `url` of its own.
    public var updateURL: String?

    public init(releases: [Release], minimumVersion: Version? = nil, updateURL: String? = nil) {
        self.releases = releases
        self.minimumVersion = minimumVersion
        self.updateURL = updateURL
    }

    /// The formats a manifest may take.
    public enum Format: Sendable, Equatable { case json, propertyList }

    /// Which format `data` is, from its first bytes (a UTF-8 byte order mark and
    /// white space skipped): `bplist`, `<?xml`, `<plist` or `<!DOCTYPE plist` is a
    /// property list; `{` or `[` is JSON; anything else is neither (nil).
    public static func detect(_ data: Data) -> Format? {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.starts(with: Array("bplist".utf8)) { return .propertyList }
        bytes = bytes.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .json }
        let head = String(decoding: bytes.prefix(15), as: UTF8.self).lowercased()
        if head.hasPrefix("<?xml") || head.hasPrefix("<plist") || head.hasPrefix("<!doctype plist") {
            return .propertyList
        }
        return nil
    }

    /// Decodes a manifest of either format. Throws a one-line reason (bad-response, 76).
    public static func decode(_ data: Data) throws(BodyError) -> Manifest {
        switch detect(data) {
        case .json?: return try decodeJSON(data)
        case .propertyList?: return try decodePropertyList(data)
        case nil: throw BodyError("neither JSON nor a property list (\(BodySniffer.describe(data)))")
        }
    }
}

// MARK: - JSON

/// One entry of `releases`, as written.
struct ManifestReleaseWire: Equatable {
    var version: String
    var notes: String?
    var date: String?
    var critical: Bool?
    var minimumOsVersion: String?
    var url: String?
}

/// A JSON manifest, as written (SPEC.md's keys; unknown keys are not kept), except
/// `releases`: its entries are type-checked and made `Release`s as they are read.
struct ManifestWire {
    var latestVersion: String?
    var minimumVersion: String?
    var updateURL: String?
    var releaseNotes: String?
    var releaseDate: String?
    var minimumOsVersion: String?
    var critical: Bool?
    var releases: StreamedReleases?
}

/// What became of a `releases` array read entry by entry (`JSONReader` streaming).
///
/// Failures keep the order a whole-tree decode reports them in: an entry of the wrong
/// shape wins over any version that does not parse (and over the top-level version
/// fields); among versions, the first entry's wins. After the first failure nothing
/// more is kept: the list is never wanted again.
struct StreamedReleases {
    private(set) var releases: [Release] = []
    /// The first entry that is not an object of the right member types.
    private(set) var shapeFailure: BodyError?
    /// The first entry whose version does not parse.
    private(set) var versionFailure: BodyError?

    /// Room for as many entries as `byteCount` bytes can hold: the shortest entry,
    /// `{"version":"1"},`, takes 16 bytes. Only address space is reserved; the pages
    /// are touched as entries arrive, and the array never grows by copying itself.
    init(byteCount: Int) {
        releases.reserveCapacity(byteCount / 16 + 2)  // + 2: the last entry lacks a comma; room for latestVersion
    }

    mutating func add(_ entry: JSONTree, index: Int) {
        guard shapeFailure == nil else { return }
        let wire: ManifestReleaseWire
        do {
            wire = try Manifest.releaseWire(from: entry, index: index)
        } catch {
            shapeFailure = error
            releases = []
            return
        }
        guard versionFailure == nil else { return }
        do {
            releases.append(Release(
                version: try Manifest.version(wire.version, what: "releases[\(index)].version"), notes: wire.notes,
                date: wire.date, critical: wire.critical ?? false, minimumOsVersion: wire.minimumOsVersion,
                url: wire.url))
        } catch {
            versionFailure = error
            releases = []
        }
    }

    /// The releases, or the version failure (the shape failure is thrown earlier, by `Manifest.wire`).
    consuming func decoded() throws(BodyError) -> [Release] {
        if let versionFailure { throw versionFailure }
        return releases
    }
}

extension Manifest {
    /// The JSON text straight to core values. `releases` is streamed: each entry becomes
    /// a `Release` as it is read, so no tree or intermediate list ever holds the whole
    /// list (a manifest at the 8 MiB cap holds some 400,000 entries).
    static func decodeJSON(_ data: Data) throws(BodyError) -> Manifest {
        try manifest(from: wireJSON(data))
    }

    static func wireJSON(_ data: Data) throws(BodyError) -> ManifestWire {
        var streamed = StreamedReleases(byteCount: data.count)
        let tree: JSONTree
        do {
            tree = try JSONReader.parse(data, streaming: (key: "releases", sink: { entry, index in
                streamed.add(entry, index: index)
            }))
        } catch {
            throw BodyError("not valid JSON (\(error.description))")
        }
        return try wire(from: tree, streamed: streamed)
    }

    /// The top-level members into plain fields, checking each known key's type.
    /// `streamed`: what became of `releases` (the tree holds an empty array there, as
    /// `JSONReader` streams every top-level `releases` array).
    static func wire(from tree: JSONTree, streamed: StreamedReleases) throws(BodyError) -> ManifestWire {
        guard case .object(let members) = tree else {
            throw BodyError("manifest is \(tree.typeName), expected a JSON object")
        }
        let top = JSONObjectReader(members: members, path: "manifest")
        let updateURL = try top.string("updateURL")
        let alias = try top.string("url")
        var wire = ManifestWire(
            latestVersion: try top.string("latestVersion"),
            minimumVersion: try top.string("minimumVersion"),
            updateURL: updateURL ?? alias,
            releaseNotes: try notes(members["releaseNotes"], path: "manifest.releaseNotes"),
            releaseDate: try top.string("releaseDate"),
            minimumOsVersion: try top.string("minimumOsVersion"),
            critical: try top.bool("critical"))
        switch members["releases"] {
        case nil, .null?: break
        case .array?:
            if let failure = streamed.shapeFailure { throw failure }
            wire.releases = streamed
        case let other?: throw BodyError("manifest.releases is \(other.typeName), expected an array")
        }
        guard wire.latestVersion != nil || wire.releases != nil else {
            throw BodyError("manifest has neither 'latestVersion' nor 'releases'")
        }
        return wire
    }

    /// One entry of `releases`, type-checked. Messages name it `releases[index]`; that
    /// text is built only for a message (this runs once per entry).
    static func releaseWire(from tree: JSONTree, index: Int) throws(BodyError) -> ManifestReleaseWire {
        guard case .object(let members) = tree else {
            throw BodyError("releases[\(index)] is \(tree.typeName), expected an object")
        }
        let entry = JSONObjectReader(members: members, path: "releases", index: index)
        guard let version = try entry.string("version") else { throw BodyError("releases[\(index)] has no 'version'") }
        return ManifestReleaseWire(
            version: version, notes: try notes(members["notes"], path: entry.location + ".notes"),
            date: try entry.string("date"), critical: try entry.bool("critical"),
            minimumOsVersion: try entry.string("minimumOsVersion"), url: try entry.string("url"))
    }

    /// Release notes: a string, or an array of strings joined by newlines.
    static func notes(_ tree: JSONTree?, path: @autoclosure () -> String) throws(BodyError) -> String? {
        switch tree {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case .array(let lines)?:
            var texts: [String] = []
            for line in lines {
                guard case .string(let text) = line else {
                    throw BodyError("\(path()) holds \(line.typeName), expected strings")
                }
                texts.append(text)
            }
            return texts.joined(separator: "\n")
        case let other?: throw BodyError("\(path()) is \(other.typeName), expected a string or an array of strings")
        }
    }

    /// Plain fields into core types. `latestVersion` and `releases` are one set: when
    /// an entry of `releases` has the precedence of `latestVersion`, it is that release
    /// (the top-level `releaseNotes`, `releaseDate`, `minimumOsVersion` fill what it
    /// lacks, and `critical` from either counts); otherwise `latestVersion` is one more
    /// release, listed first. The highest of the set is the latest, whatever the order.
    static func manifest(from wire: consuming ManifestWire) throws(BodyError) -> Manifest {
        var releases = try wire.releases.take()?.decoded() ?? []
        if let text = wire.latestVersion {
            let latest = try version(text, what: "latestVersion")
            if let index = releases.firstIndex(where: { $0.version == latest }) {
                releases[index].notes = releases[index].notes ?? wire.releaseNotes
                releases[index].date = releases[index].date ?? wire.releaseDate
                releases[index].minimumOsVersion = releases[index].minimumOsVersion ?? wire.minimumOsVersion
                releases[index].critical = releases[index].critical || (wire.critical ?? false)
            } else {
                releases.insert(Release(
                    version: latest, notes: wire.releaseNotes, date: wire.releaseDate, critical: wire.critical ?? false,
                    minimumOsVersion: wire.minimumOsVersion), at: 0)
            }
        }
        return Manifest(
            releases: releases, minimumVersion: try wire.minimumVersion.map { (text) throws(BodyError) in
                try version(text, what: "minimumVersion")
            },
            updateURL: wire.updateURL)
    }

    static func version(_ text: String, what: @autoclosure () -> String) throws(BodyError) -> Version {
        do {
            return try Version(text)
        } catch {
            throw BodyError("\(what()): \(error.description)")
        }
    }
}

// MARK: - Property list

extension Manifest {
    /// A property list manifest (iVersion style): a dictionary from version to release
    /// notes, a string or an array of strings joined by newlines. Releases come in
    /// file order, so of two keys with equal precedence ("1.0", "1.0.0") the first in
    /// the file wins. `PropertyListEntries` reads the bytes (no Foundation decoder).
    ///
    /// Failures in this order: a malformed list; the first entry (in file order) whose
    /// value is not release notes; the first key given twice; the first key that is
    /// not a version; no entries.
    static func decodePropertyList(_ data: Data) throws(BodyError) -> Manifest {
        var collected = PropertyListReleases(bodySize: data.count)
        do {
            try PropertyListEntries.read(data) { collected.add($0) }
        } catch .topLevelNotADictionary {
            throw BodyError("the property list is not a dictionary from version to release notes")
        } catch {
            throw BodyError("not a valid property list (\(error.description))")
        }
        return Manifest(releases: try collected.releases())
    }
}

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
            version = try Manifest.version(entry.key, what: "property list key")
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
        kept.append(Release(version: version, notes: notes))
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
    func releases() throws(BodyError) -> [Release] {
        if let shapeError { throw shapeError }
        if let repeatedKey { throw BodyError("property list has the key \(Excerpt.quoted(repeatedKey)) more than once") }
        if let versionError { throw versionError }
        guard !kept.isEmpty else { throw BodyError("the property list has no versions") }
        return kept
    }
}

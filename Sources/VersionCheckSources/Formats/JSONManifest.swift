import VersionCheckCore

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
    /// How many entries the array held, kept or not.
    private(set) var entryCount = 0

    /// Room for as many entries as `byteCount` bytes can hold: the shortest entry,
    /// `{"version":"1"},`, takes 16 bytes. Only address space is reserved; the pages
    /// are touched as entries arrive, and the array never grows by copying itself.
    init(byteCount: Int) {
        releases.reserveCapacity(byteCount / 16 + 2)  // + 2: the last entry lacks a comma; room for latestVersion
    }

    mutating func add(_ entry: JSONTree, index: Int) {
        entryCount += 1
        guard shapeFailure == nil else { return }
        let wire: ManifestReleaseWire
        do {
            wire = try JSONManifestFormat.releaseWire(from: entry, index: index)
        } catch {
            shapeFailure = error
            releases = []
            return
        }
        guard versionFailure == nil else { return }
        do {
            releases.append(Release(
                version: try decodeVersion(wire.version, what: "releases[\(index)].version"), notes: wire.notes,
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

/// A JSON manifest: `{"latestVersion": "…", "releases": [{"version": "…", …}], …}`
/// (SPEC.md's keys; unknown keys ignored; at least `latestVersion` or a non-empty `releases`).
public enum JSONManifestFormat: ManifestFormat {
    public static let name = "JSON"

    /// `{` as the first character, unless the object has a top-level `tag_name`: that is
    /// one GitHub release (`GitHubReleasesFormat`), as an array is a list of them.
    public static func sniff(_ body: [UInt8]) -> Bool {
        guard let first = content(of: body).first else { return false }
        return first == UInt8(ascii: "{") && !GitHubReleasesFormat.isReleaseObject(body)
    }

    public static func decode(_ body: [UInt8], context: SourceContext) throws(BodyError) -> SourceDocument {
        try manifest(from: wireJSON(body))
    }
}

extension JSONManifestFormat {
    /// The JSON text straight to core values. `releases` is streamed: each entry becomes
    /// a `Release` as it is read, so no tree or intermediate list ever holds the whole
    /// list (a manifest at the 8 MiB cap holds some 400,000 entries).
    static func wireJSON(_ data: [UInt8]) throws(BodyError) -> ManifestWire {
        var streamed = StreamedReleases(byteCount: data.count)
        let tree: JSONTree
        do {
            tree = try JSONReader.parse(data, streaming: (key: "releases", sink: { entry, index in
                streamed.add(entry, index: index)
            }), selection: Self.selection)
        } catch {
            throw error.badResponse
        }
        return try wire(from: tree, streamed: streamed)
    }

    /// The members this decoder reads (`wire`, `releaseWire`): nothing else of a body is
    /// kept, and notes given as arrays of lines are joined as they are read.
    static let selection = JSONReader.Selection(
        topLevel: [
            "latestVersion", "minimumVersion", "updateURL", "url", "releaseNotes", "releaseDate", "minimumOsVersion",
            "critical", "releases",
        ],
        streamedElements: ["version", "notes", "date", "critical", "minimumOsVersion", "url"],
        joinedLines: ["releaseNotes", "notes"])

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
        // `{"releases": []}` alone offers nothing to compare with: not "up to date".
        guard wire.latestVersion != nil || streamed.entryCount > 0 else {
            throw BodyError("manifest has no 'latestVersion' and an empty 'releases': nothing to compare with")
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
    static func manifest(from wire: consuming ManifestWire) throws(BodyError) -> SourceDocument {
        var releases = try wire.releases.take()?.decoded() ?? []
        if let text = wire.latestVersion {
            let latest = try decodeVersion(text, what: "latestVersion")
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
        return SourceDocument(
            releases: releases, minimumVersion: try wire.minimumVersion.map { (text) throws(BodyError) in
                try decodeVersion(text, what: "minimumVersion")
            },
            updateURL: wire.updateURL)
    }
}

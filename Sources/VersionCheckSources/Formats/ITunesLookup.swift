import VersionCheckCore

/// The app a Lookup query asked for: what an entry of `results` must be to answer it.
public struct AskedApp: Sendable, Equatable {
    /// `--id` as an integer: an entry whose `trackId` equals it is the app (nil: asked by
    /// bundle id, or an id too large to be one).
    public var id: Int?
    /// `--bundle-id` (or the one `--current-from` read): an entry whose `bundleId`
    /// equals it, ASCII case ignored, is the app.
    public var bundleId: String?
    /// The `kind` of the store asked (`software` for iOS, `mac-software` for the Mac): an
    /// entry whose `kind` is present and another is not the app.
    public var kind: String

    /// The `kind` of an iOS app and of a Mac app in Lookup answers.
    public static let iOSKind = "software"
    public static let macKind = "mac-software"

    public init(id: Int? = nil, bundleId: String? = nil, kind: String) {
        self.id = id
        self.bundleId = bundleId
        self.kind = kind
    }

    /// Whether an entry with these fields names the app (whatever its kind).
    func isNamed(trackId: Int?, bundleId entryBundleId: String?) -> Bool {
        if let id, trackId == id { return true }
        guard let bundleId, let entryBundleId else { return false }
        return ByteText.equalIgnoringASCIICase(bundleId.utf8, entryBundleId.utf8)
    }

    /// What was asked, as messages say it: `id 123` or `bundle id 'com.example.app'`.
    var description: String {
        if let id { return "id \(id)" }
        return "bundle id " + Excerpt.quoted(bundleId ?? "")
    }
}

/// The entry of a Lookup response's `results` that is the app asked for: the fields
/// versioncheck reads, as sent.
public struct AppStoreResult: Sendable, Equatable {
    public var version: String?
    public var trackViewUrl: String?
    public var releaseNotes: String?
    public var currentVersionReleaseDate: String?
    public var minimumOsVersion: String?
    public var trackId: Int?
    public var bundleId: String?
    public var trackName: String?
    /// Where the entry is in `results` (for messages: `results[2].version`).
    public var index = 0
}

/// What the Lookup API said about one query.
public enum AppStoreAnswer: Sendable, Equatable {
    /// `resultCount` 0: no such app in that storefront.
    case noResults
    case found(AppStoreResult)
}

/// The iTunes Lookup API's response: `resultCount` and, of `results`, the entry that is
/// the app asked for (`AskedApp`): its `version`, `trackViewUrl`, `releaseNotes`,
/// `currentVersionReleaseDate`, `minimumOsVersion`, `trackId`, `bundleId` and
/// `trackName`. Chosen by the command (`lookup`), never sniffed from a manifest.
public enum ITunesLookupFormat: SourceFormat {
    public static let name = "an iTunes Lookup response"

    /// The first entry of a 2xx body, whatever app it names: only for the `SourceFormat`
    /// list. A check decodes with `decode(_:asked:)`, which never takes another app's answer.
    public static func decode(_ body: [UInt8], context: SourceContext) throws(BodyError) -> SourceDocument {
        try decode(body, asked: nil)
    }

    /// The one release and the app a 2xx body describes for `asked`; no release at all
    /// when `resultCount` is 0 (the app is not in that storefront: not-found, 69). Results
    /// of which none is the app asked for are a bad response (`answer`).
    public static func decode(_ body: [UInt8], asked: AskedApp?) throws(BodyError) -> SourceDocument {
        guard case .found(let result) = try answer(body, asked: asked) else { return SourceDocument(releases: []) }
        return SourceDocument(releases: [try release(from: result)], app: app(from: result))
    }
}

extension ITunesLookupFormat {
    /// Decodes a 2xx Lookup body: of `results`, the first entry that is the app `asked`
    /// for (nil: the first entry). Every field but the ones above is ignored, whatever
    /// its type; a field we read with the wrong type counts as absent, except `version`,
    /// which the caller requires. Results of which none is the app asked for throw
    /// `the App Store answered for another app: …` naming what it sent (and `--platform`
    /// when only the kind differs). Throws a one-line reason.
    public static func answer(_ body: [UInt8], asked: AskedApp?) throws(BodyError) -> AppStoreAnswer {
        let tree: JSONTree
        do {
            tree = try JSONTree.parse(body)
        } catch {
            // JSON whose reading is ambiguous (a key given twice) is named for what it is;
            // anything else is most likely not JSON at all (an HTML error page).
            if error.isDuplicateKey { throw BodyError("not valid JSON (\(error.description))") }
            throw BodyError("not JSON (\(BodyDescription.describe(body)))")
        }
        guard case .object(let top) = tree else { throw BodyError("expected a JSON object, got \(tree.typeName)") }
        let results: [JSONTree]
        switch top["results"] {
        case .array(let list)?: results = list
        case nil, .null?:
            throw BodyError("no 'results' array (is this an iTunes Lookup response?)")
        case let other?: throw BodyError("'results' is \(other.typeName), expected an array")
        }
        let count = JSONObjectReader(members: top, path: "response").integer("resultCount")
        guard let first = results.first, count != 0 else { return .noResults }
        guard let asked else {
            guard case .object(let members) = first else {
                throw BodyError("results[0] is \(first.typeName), expected an object")
            }
            return .found(try result(members, index: 0))
        }
        // The app asked for, but in the other store: named by the hint.
        var otherKind: (entry: EntryName, kind: String)?
        for (index, entry) in results.enumerated() {
            guard case .object(let members) = entry else { continue }
            let name = EntryName(members)
            guard asked.isNamed(trackId: name.trackId, bundleId: name.bundleId) else { continue }
            if let kind = name.kind, kind != asked.kind {
                if otherKind == nil { otherKind = (name, kind) }
                continue
            }
            return .found(try result(members, index: index))
        }
        throw anotherApp(results, asked: asked, otherKind: otherKind)
    }

    /// What names an entry of `results`: its `trackId`, `bundleId`, `trackName`, `kind`
    /// (each nil when absent or of another type).
    struct EntryName {
        var trackId: Int?
        var bundleId: String?
        var trackName: String?
        var kind: String?

        init(_ members: JSONMembers) {
            let reader = JSONObjectReader(members: members, path: "results")
            let text: (String) -> String? = { key in (try? reader.string(key)) ?? nil }
            trackId = reader.integer("trackId")
            bundleId = text("bundleId")
            trackName = text("trackName")
            kind = text("kind")
        }

        /// As messages name it: `id 456 (bundle id 'com.other.app', 'Other App')`.
        var description: String {
            var details: [String] = []
            if let bundleId { details.append("bundle id " + Excerpt.quoted(bundleId)) }
            if let trackName { details.append(Excerpt.quoted(trackName)) }
            let head = trackId.map { "id \($0)" } ?? "an entry without 'trackId'"
            return details.isEmpty ? head : head + " (" + details.joined(separator: ", ") + ")"
        }
    }

    /// The fields of the entry at `index` of `results`.
    static func result(_ members: JSONMembers, index: Int) throws(BodyError) -> AppStoreResult {
        let reader = JSONObjectReader(members: members, path: "results[\(index)]")
        let text: (String) -> String? = { key in (try? reader.string(key)) ?? nil }
        return AppStoreResult(
            version: try reader.string("version"),
            trackViewUrl: text("trackViewUrl"),
            releaseNotes: text("releaseNotes"),
            currentVersionReleaseDate: text("currentVersionReleaseDate"),
            minimumOsVersion: text("minimumOsVersion"),
            trackId: reader.integer("trackId"),
            bundleId: text("bundleId"),
            trackName: text("trackName"),
            index: index)
    }

    /// `the App Store answered for another app: id 456 (bundle id 'com.other.app',
    /// 'Other App'), not id 123`; when the app asked for is there in the other store,
    /// `…: id 123 (…) is 'mac-software', not 'software'; try --platform mac`.
    static func anotherApp(_ results: [JSONTree], asked: AskedApp, otherKind: (entry: EntryName, kind: String)?) -> BodyError {
        let lead = "the App Store answered for another app: "
        if let otherKind {
            let (entry, kind) = otherKind
            let hint = switch kind {
            case AskedApp.macKind: "try --platform mac"
            case AskedApp.iOSKind: "try --platform ios"
            default: "--platform names the store asked"
            }
            return BodyError(lead + "\(entry.description) is \(Excerpt.quoted(kind)), not '\(asked.kind)'; \(hint)")
        }
        let named = results.lazy.compactMap { entry -> EntryName? in
            guard case .object(let members) = entry else { return nil }
            return EntryName(members)
        }
        guard let first = named.first else {
            return BodyError(lead + "no entry of 'results' is an object, so none is \(asked.description)")
        }
        let more = results.count > 1 ? " and \(results.count - 1) more" : ""
        return BodyError(lead + "\(first.description)\(more), not \(asked.description)")
    }

    /// Whether `body` is an iTunes Lookup response (a JSON object with `resultCount` and
    /// `results`): what `manifest` names when it is given one by mistake.
    public static func isLookupResponse(_ body: [UInt8]) -> Bool {
        guard case .object(let top)? = try? JSONTree.parse(body) else { return false }
        return top["resultCount"] != nil && top["results"] != nil
    }

    /// The `errorMessage` of an error body (Apple's 400 answers carry one), if any.
    public static func errorMessage(in body: [UInt8]) -> String? {
        guard case .object(let top)? = try? JSONTree.parse(body), case .string(let message)? = top["errorMessage"]
        else { return nil }
        return message
    }

    /// The release a result describes: version (required, lenient syntax), notes,
    /// date, minimum OS, store URL. `critical` is always false for the App Store.
    public static func release(from result: AppStoreResult) throws(BodyError) -> Release {
        guard let text = result.version else { throw BodyError("results[\(result.index)] has no 'version'") }
        let version: Version
        do {
            version = try Version(text)
        } catch {
            throw BodyError("results[\(result.index)].version: \(error.description)")
        }
        return Release(
            version: version, notes: result.releaseNotes, date: result.currentVersionReleaseDate, critical: false,
            minimumOsVersion: result.minimumOsVersion, url: result.trackViewUrl)
    }

    /// The `app` object of the result.
    public static func app(from result: AppStoreResult) -> AppInfo {
        AppInfo(id: result.trackId, bundleId: result.bundleId, name: result.trackName)
    }
}

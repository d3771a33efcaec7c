import VersionCheckCore

/// `results[0]` of a Lookup response: the fields versioncheck reads, as sent.
public struct AppStoreResult: Sendable, Equatable {
    public var version: String?
    public var trackViewUrl: String?
    public var releaseNotes: String?
    public var currentVersionReleaseDate: String?
    public var minimumOsVersion: String?
    public var trackId: Int?
    public var bundleId: String?
    public var trackName: String?
}

/// What the Lookup API said about one query.
public enum AppStoreAnswer: Sendable, Equatable {
    /// `resultCount` 0: no such app in that storefront.
    case noResults
    case found(AppStoreResult)
}

/// The iTunes Lookup API's response: `resultCount` and `results[0]`'s `version`,
/// `trackViewUrl`, `releaseNotes`, `currentVersionReleaseDate`, `minimumOsVersion`,
/// `trackId`, `bundleId` and `trackName`. Chosen by the command (`lookup`), never
/// sniffed from a manifest.
public enum ITunesLookupFormat: SourceFormat {
    public static let name = "an iTunes Lookup response"

    /// The one release and the app a 2xx body describes; no release at all when
    /// `resultCount` is 0 (the app is not in that storefront: not-found, 69).
    public static func decode(_ body: [UInt8], context: SourceContext) throws(BodyError) -> SourceDocument {
        guard case .found(let result) = try answer(body) else { return SourceDocument(releases: []) }
        return SourceDocument(releases: [try release(from: result)], app: app(from: result))
    }
}

extension ITunesLookupFormat {
    /// Decodes a 2xx Lookup body. Every field but the ones above is ignored,
    /// whatever its type; a field we read with the wrong type counts as absent,
    /// except `version`, which the caller requires. Throws a one-line reason.
    public static func answer(_ body: [UInt8]) throws(BodyError) -> AppStoreAnswer {
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
        guard case .object(let members) = first else {
            throw BodyError("results[0] is \(first.typeName), expected an object")
        }
        let reader = JSONObjectReader(members: members, path: "results[0]")
        let text: (String) -> String? = { key in (try? reader.string(key)) ?? nil }
        return .found(AppStoreResult(
            version: try reader.string("version"),
            trackViewUrl: text("trackViewUrl"),
            releaseNotes: text("releaseNotes"),
            currentVersionReleaseDate: text("currentVersionReleaseDate"),
            minimumOsVersion: text("minimumOsVersion"),
            trackId: reader.integer("trackId"),
            bundleId: text("bundleId"),
            trackName: text("trackName")))
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
        guard let text = result.version else { throw BodyError("results[0] has no 'version'") }
        let version: Version
        do {
            version = try Version(text)
        } catch {
            throw BodyError("results[0].version: \(error.description)")
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

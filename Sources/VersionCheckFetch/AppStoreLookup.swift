import Foundation
import VersionCheckCLI
import VersionCheckCore

/// The iTunes Lookup API: the request URL for a query, and the response decoded
/// into plain values, then into core types.
public enum AppStoreLookup {
    /// Apple's endpoint, used unless `--lookup-url` / `VERSIONCHECK_LOOKUP_URL` replace it.
    public static let defaultEndpoint = "https://itunes.apple.com/lookup"

    /// `endpoint?id=N` or `?bundleId=ID`, then `&country=cc`, then `&entity=macSoftware`
    /// for the Mac. Every value is percent-encoded down to RFC 3986's unreserved set, so
    /// no value can add a parameter (`&`, `=`, `+`, `#` are all encoded). Query items the
    /// endpoint already has are kept, before ours. Throws usage (64) if the endpoint is
    /// not a URL.
    public static func url(for query: AppStoreQuery, flag: String = "--lookup-url") throws(Failure) -> URL {
        let endpoint = query.endpoint ?? defaultEndpoint
        guard var components = URLComponents(string: endpoint), components.scheme != nil, components.host != nil else {
            throw Failure(.usage, "\(flag) '\(endpoint)': not a URL (expected e.g. \(defaultEndpoint))")
        }
        var items = components.percentEncodedQueryItems ?? []
        switch query.identifier {
        case .id(let id): items.append(encoded("id", id))
        case .bundleId(let bundleId): items.append(encoded("bundleId", bundleId))
        }
        items.append(encoded("country", query.country.lowercased()))
        if query.platform == .mac { items.append(encoded("entity", "macSoftware")) }
        components.percentEncodedQueryItems = items
        guard let url = components.url else {
            throw Failure(.usage, "\(flag) '\(endpoint)': not a URL (expected e.g. \(defaultEndpoint))")
        }
        return url
    }

    private static func encoded(_ name: String, _ value: String) -> URLQueryItem {
        URLQueryItem(name: name, value: value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

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

/// The app a lookup found (`app` in `--json`).
public struct AppInfo: Sendable, Equatable {
    public var id: Int?
    public var bundleId: String?
    public var name: String?
}

extension AppStoreLookup {
    /// Decodes a 2xx Lookup body. Every field but the ones above is ignored,
    /// whatever its type; a field we read with the wrong type counts as absent,
    /// except `version`, which the caller requires. Throws a one-line reason.
    public static func decode(_ body: Data) throws(BodyError) -> AppStoreAnswer {
        let tree: JSONTree
        do {
            tree = try JSONTree.parse(body)
        } catch {
            throw BodyError("not JSON (\(BodySniffer.describe(body)))")
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

    /// The `errorMessage` of an error body (Apple's 400 answers carry one), if any.
    public static func errorMessage(in body: Data) -> String? {
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

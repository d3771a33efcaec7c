import Foundation
import VersionCheckCLI
import VersionCheckCore

/// Everything one update check found, ready to print.
public struct CheckReport: Sendable, Equatable {
    public var current: Version
    public var decision: UpdateDecision
    /// The latest release's own URL, else the manifest's `updateURL`.
    public var url: String?
    /// The lookup URL asked, or the manifest location as the user gave it (credentials removed).
    public var source: String
    /// The app, for `lookup`; nil for `manifest`.
    public var app: AppInfo?
    /// `--gate` was given.
    public var gate: Bool
}

/// Runs one update check: fetch (HTTP or file), decode, decide. The network is
/// injected (`HTTPGetting`), so is the file reader and the clock; nothing prints.
///
/// Every failure is a `Failure` with its SPEC.md kind, whose message names the
/// URL or path at fault.
public struct UpdateChecker: Sendable {
    public var http: any HTTPGetting
    public var readFile: @Sendable (String) throws(Failure) -> Data
    /// Seconds since the Unix epoch (for `--min-age`).
    public var now: @Sendable () -> Int64
    /// How the lookup endpoint is named in messages: `--lookup-url` or `VERSIONCHECK_LOOKUP_URL`.
    public var lookupSetting: String

    public init(
        http: any HTTPGetting,
        readFile: @escaping @Sendable (String) throws(Failure) -> Data = { path throws(Failure) in try ManifestFile.read(path) },
        now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) },
        lookupSetting: String = "--lookup-url"
    ) {
        self.http = http
        self.readFile = readFile
        self.now = now
        self.lookupSetting = lookupSetting
    }

    public func check(_ request: CheckRequest) throws(Failure) -> CheckReport {
        let found: Found
        switch request.source {
        case .appStore(let query): found = try lookUp(query, allowInsecure: request.allowInsecure)
        case .manifest(let location): found = try readManifest(location, allowInsecure: request.allowInsecure)
        }
        let decision: UpdateDecision
        do {
            decision = try decideUpdate(
                current: request.current, releases: found.releases, sourceMinimum: found.minimum,
                policy: request.policy, now: now())
        } catch {
            throw Failure(.badResponse, "\(found.source): \(error.description)")
        }
        let url = decision.latest?.url ?? found.fallbackURL
        return CheckReport(
            current: request.current, decision: decision, url: url, source: found.source, app: found.app,
            gate: request.gate)
    }

    /// What a source yielded, before the decision.
    private struct Found {
        var releases: [Release]
        var minimum: Version?
        var fallbackURL: String?
        var source: String
        var app: AppInfo?
    }

    // MARK: lookup

    private func lookUp(_ query: AppStoreQuery, allowInsecure: Bool) throws(Failure) -> Found {
        let url = try AppStoreLookup.url(for: query, flag: lookupSetting)
        if let refusal = URLPolicy.checkRequest(url, allowInsecure: allowInsecure, flag: lookupSetting) {
            throw refusal
        }
        let shown = Redaction.display(url)
        let response = try fetch(url)
        if !response.isSuccess {
            if let message = AppStoreLookup.errorMessage(in: response.body), !Self.isNotFound(response.status) {
                throw Failure(.httpStatus, "\(shown): \(HTTPStatusPhrase.line(response.status)), the App Store says '\(message)'")
            }
            throw Self.statusFailure(response, shown: shown)
        }
        let answer: AppStoreAnswer
        do {
            answer = try AppStoreLookup.decode(response.body)
        } catch {
            throw Failure(.badResponse, "\(shown): \(error.description)")
        }
        guard case .found(let result) = answer else { throw Self.notInStorefront(query, shown: shown) }
        let release: Release
        do {
            release = try AppStoreLookup.release(from: result)
        } catch {
            throw Failure(.badResponse, "\(shown): \(error.description)")
        }
        return Found(
            releases: [release], minimum: nil, fallbackURL: nil, source: shown, app: AppStoreLookup.app(from: result))
    }

    /// `resultCount` 0 (69): names the storefront and suggests `--country` (and `--platform mac`).
    private static func notInStorefront(_ query: AppStoreQuery, shown: String) -> Failure {
        let store = "the App Store storefront '\(query.country.lowercased())'\(query.platform == .mac ? " (Mac)" : "")"
        let hint = "try --country for another storefront" + (query.platform == .ios ? " or --platform mac" : "")
        return Failure(.notFound, "\(describe(query)) in \(store) (\(shown)); \(hint)")
    }

    private static func describe(_ query: AppStoreQuery) -> String {
        switch query.identifier {
        case .id(let id): "no app with id \(id)"
        case .bundleId(let bundleId): "no app with bundle id '\(bundleId)'"
        }
    }

    // MARK: manifest

    private func readManifest(_ location: String, allowInsecure: Bool) throws(Failure) -> Found {
        let body: Data
        let shown: String
        switch try ManifestLocation.parse(location) {
        case .file(let path):
            shown = location
            body = try readFile(path)
        case .remote(let url):
            if let refusal = URLPolicy.checkRequest(url, allowInsecure: allowInsecure) { throw refusal }
            shown = Redaction.display(url)
            let response = try fetch(url)
            guard response.isSuccess else { throw Self.statusFailure(response, shown: shown) }
            body = response.body
        }
        let manifest: Manifest
        do {
            manifest = try Manifest.decode(body)
        } catch {
            throw Failure(.badResponse, "manifest \(shown): \(error.description)")
        }
        return Found(
            releases: manifest.releases, minimum: manifest.minimumVersion, fallbackURL: manifest.updateURL,
            source: shown, app: nil)
    }

    // MARK: HTTP

    /// GET through the injected client; transport errors become failures naming the URL.
    private func fetch(_ url: URL) throws(Failure) -> HTTPResponse {
        do {
            return try http.get(url)
        } catch let failure as Failure {
            throw failure
        } catch let error as TransportError {
            throw Failure(error.kind, "\(Redaction.display(url)): \(error)")
        } catch {
            throw Failure(.internal, "\(Redaction.display(url)): \(error)")
        }
    }

    private static func isNotFound(_ status: Int) -> Bool { status == 404 || status == 410 }

    /// The failure for a final non-2xx status: 404/410 not-found (69), anything else
    /// http-status (76). (429 and 5xx never get here: the retrying client reports them.)
    static func statusFailure(_ response: HTTPResponse, shown: String) -> Failure {
        let status = HTTPStatusPhrase.line(response.status)
        if isNotFound(response.status) { return Failure(.notFound, "\(shown): \(status)") }
        if (300..<400).contains(response.status) {
            return Failure(.httpStatus, "\(shown): \(status), a redirect that was not followed")
        }
        return Failure(.httpStatus, "\(shown): \(status) (expected 200)")
    }
}

/// The reason phrases of the statuses a check may meet.
enum HTTPStatusPhrase {
    /// "HTTP 404 Not Found", or "HTTP 599" for a status without a known phrase.
    static func line(_ status: Int) -> String {
        let phrase = text(status)
        return phrase.isEmpty ? "HTTP \(status)" : "HTTP \(status) \(phrase)"
    }

    static func text(_ status: Int) -> String {
        switch status {
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 451: "Unavailable For Legal Reasons"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: (200..<300).contains(status) ? "OK" : ""
        }
    }
}

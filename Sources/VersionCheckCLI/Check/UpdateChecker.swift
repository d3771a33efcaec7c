import VersionCheckCore
import VersionCheckSources

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
    /// Why the gate fails whatever the versions: `lookup --gate` with a `--current` that
    /// App Store Connect would refuse. Nil otherwise.
    public var gateRefusal: String?
    /// The answer came from the cache, without asking the source in this run.
    public var cached: Bool
    /// When the body was last fetched or revalidated (ISO 8601 UTC), when the cache was consulted.
    public var fetchedAt: String?

    public init(
        current: Version, decision: UpdateDecision, url: String?, source: String, app: AppInfo?, gate: Bool,
        gateRefusal: String? = nil, cached: Bool = false, fetchedAt: String? = nil
    ) {
        self.current = current
        self.decision = decision
        self.url = url
        self.source = source
        self.app = app
        self.gate = gate
        self.gateRefusal = gateRefusal
        self.cached = cached
        self.fetchedAt = fetchedAt
    }

    /// The gate's verdict: `current` newer than the latest offered (or none offered),
    /// and no refusal.
    public var gatePassed: Bool { gateRefusal == nil && decision.gatePassed }
}

/// Runs one update check: fetch (through a `BodyFetcher`, or a file), decode with the
/// source's format, decide. The network, the file reader and the clock are injected;
/// nothing prints.
///
/// Every failure is a `Failure` with its SPEC.md kind, whose message names the
/// URL or path at fault.
public struct UpdateChecker: Sendable {
    public var fetcher: any BodyFetcher
    public var readFile: @Sendable (String) throws(Failure) -> [UInt8]
    /// Seconds since the Unix epoch (for `--min-age`).
    public var now: @Sendable () -> Int64
    /// `User-Agent: versioncheck/<version>`.
    public var userAgent: String

    public init(
        fetcher: any BodyFetcher,
        readFile: @escaping @Sendable (String) throws(Failure) -> [UInt8] = { path throws(Failure) in
            try ManifestFile.read(path)
        },
        now: @escaping @Sendable () -> Int64 = { Clock.secondsSinceEpoch() },
        userAgent: String = "versioncheck/\(ToolInfo.version)"
    ) {
        self.fetcher = fetcher
        self.readFile = readFile
        self.now = now
        self.userAgent = userAgent
    }

    public func check(_ request: CheckRequest) throws(Failure) -> CheckReport {
        let found: Found
        switch request.source {
        case .appStore(let query): found = try lookUp(query, request: request)
        case .manifest(let location): found = try readManifest(location, request: request)
        }
        let decision: UpdateDecision
        do {
            decision = try decideUpdate(
                current: request.current, releases: found.document.releases, sourceMinimum: found.document.minimumVersion,
                policy: request.policy, now: now())
        } catch {
            throw Failure(.badResponse, "\(found.source): \(error.description)")
        }
        let url = decision.latest?.url ?? found.document.updateURL
        return CheckReport(
            current: request.current, decision: decision, url: url, source: found.source, app: found.document.app,
            gate: request.gate, gateRefusal: Self.gateRefusal(request))
    }

    /// `lookup --gate` also requires a `--current` App Store Connect accepts (`validate --app-store`).
    static func gateRefusal(_ request: CheckRequest) -> String? {
        guard request.gate, case .appStore = request.source else { return nil }
        do {
            _ = try Version(request.current.description, syntax: .appStore)
            return nil
        } catch {
            return "\(request.current) is not a version App Store Connect accepts (\(error.description))"
        }
    }

    /// What a source yielded, before the decision.
    private struct Found {
        var document: SourceDocument
        var source: String
    }

    // MARK: lookup

    private func lookUp(_ query: AppStoreQuery, request: CheckRequest) throws(Failure) -> Found {
        let url = try LookupURL.url(for: query)
        let shown = url.display
        let response = try fetch(url, request: request)
        if !response.isSuccess {
            if let message = ITunesLookupFormat.errorMessage(in: response.body), !HTTPStatusPhrase.isNotFound(response.status) {
                throw Failure(.httpStatus, "\(shown): \(HTTPStatusPhrase.line(response.status)), the App Store says '\(message)'")
            }
            throw HTTPStatusPhrase.failure(response.status, shown: shown)
        }
        let document: SourceDocument
        do {
            document = try ITunesLookupFormat.decode(response.body)
        } catch {
            throw Failure(.badResponse, "\(shown): \(error.description)")
        }
        guard !document.releases.isEmpty else { throw Self.notInStorefront(query, shown: shown) }
        return Found(document: document, source: shown)
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

    private func readManifest(_ location: String, request: CheckRequest) throws(Failure) -> Found {
        let body: [UInt8]
        let shown: String
        switch try ManifestLocation.parse(location) {
        case .file(let path):
            shown = location
            body = try readFile(path)
        case .remote(let url):
            try URLRules.checkRequest(url, allowInsecure: request.allowInsecure)
            shown = url.display
            let response = try fetch(url, request: request)
            guard response.isSuccess else { throw HTTPStatusPhrase.failure(response.status, shown: shown) }
            body = response.body
        }
        do {
            return Found(document: try SourceFormats.decodeManifest(body), source: shown)
        } catch {
            throw Failure(.badResponse, "manifest \(shown): \(error.description)")
        }
    }

    // MARK: network

    /// GET through the fetcher; a transport failure becomes the `Failure` of its kind.
    private func fetch(_ url: WebAddress, request: CheckRequest) throws(Failure) -> FetchedResponse {
        let fetchRequest = FetchRequest(
            url: url.text, timeout: request.timeout, retries: request.retries, allowInsecure: request.allowInsecure,
            verbose: request.global.verbose, userAgent: userAgent)
        switch try fetcher.fetch(fetchRequest) {
        case .response(let response): return response
        case .failure(let failure): throw Failure(ErrorKind(failure.kind), failure.message)
        }
    }
}

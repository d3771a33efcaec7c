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
    /// The source is a Sparkle appcast (its releases carry more fields).
    public var appcast = false
    /// The entry answered although this run wanted a fresh answer: it was older than the
    /// period (`--background-refresh`, `VERSIONCHECK_OFFLINE`), `--refresh` was given, or
    /// the source failed (`--stale-if-error`).
    public var stale: Bool
    /// `--gate --allow-new` and the source does not know the app (69): why the gate passes
    /// for a first release (`app id 123 is not on the App Store yet`). Nil otherwise.
    public var firstRelease: String?

    public init(
        current: Version, decision: UpdateDecision, url: String?, source: String, app: AppInfo?, gate: Bool,
        gateRefusal: String? = nil, cached: Bool = false, fetchedAt: String? = nil, firstRelease: String? = nil,
        stale: Bool = false
    ) {
        self.stale = stale
        self.current = current
        self.decision = decision
        self.url = url
        self.source = source
        self.app = app
        self.gate = gate
        self.gateRefusal = gateRefusal
        self.cached = cached
        self.fetchedAt = fetchedAt
        self.firstRelease = firstRelease
    }

    /// The gate's verdict: `current` newer than the latest offered (or none offered),
    /// and no refusal; or a first release that `--allow-new` lets pass.
    public var gatePassed: Bool { gateRefusal == nil && (firstRelease != nil || decision.gatePassed) }

    /// What can be installed: the highest offered release in (`current`, `latest`] that
    /// is not informational; nil when there is none.
    public var installable: Release? { decision.installable }
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
    /// `VERSIONCHECK_OFFLINE` is set: no request is ever made (`OfflineSwitch`).
    public var offline: Bool
    /// Starts (or, in a list run, collects) the detached refresh of the expired entry for
    /// the URL of the request (`--background-refresh`); the real program's is
    /// `BackgroundRefresh.starter` or a `RefreshCollector`. The default starts nothing.
    public var startRefresh: @Sendable (_ request: CheckRequest, _ url: String, _ store: inout CacheStore) -> Void
    /// Seconds on a monotonic clock, for `--deadline`.
    public var monotonicSeconds: @Sendable () -> Double

    public init(
        fetcher: any BodyFetcher,
        readFile: @escaping @Sendable (String) throws(Failure) -> [UInt8] = { path throws(Failure) in
            try ManifestFile.read(path)
        },
        now: @escaping @Sendable () -> Int64 = { Clock.secondsSinceEpoch() },
        userAgent: String = "versioncheck/\(ToolInfo.version)",
        offline: Bool = false,
        startRefresh: @escaping @Sendable (_ request: CheckRequest, _ url: String, _ store: inout CacheStore) -> Void = { _, _, _ in },
        monotonicSeconds: (@Sendable () -> Double)? = nil
    ) {
        self.offline = offline
        self.startRefresh = startRefresh
        self.monotonicSeconds = monotonicSeconds ?? { System.monotonicSeconds() }
        self.fetcher = fetcher
        self.readFile = readFile
        self.now = now
        self.userAgent = userAgent
    }

    /// Runs the check; with `--check-period`, `cache` answers a fresh request and keeps
    /// what the source says (nil: no cache, as without `--check-period`).
    public func check(_ request: CheckRequest, cache: CacheStore? = nil) throws(Failure) -> CheckReport {
        var cache = request.cache == nil ? nil : cache
        var found: Found
        let clock = DeadlineClock(deadline: request.deadline, started: monotonicSeconds(), now: monotonicSeconds)
        do {
            switch request.source {
            case .appStore(let query): found = try lookUp(query, request: request, cache: &cache, clock: clock)
            case .manifest(let location): found = try readManifest(location, request: request, cache: &cache, clock: clock)
            }
        } catch {
            guard let firstRelease = Self.firstRelease(request, failure: error) else { throw error }
            return try firstReleaseReport(request, firstRelease: firstRelease)
        }
        // The decision orders and thins the releases in place when it holds the only
        // reference to them: no second array of up to 400,000 releases.
        var releases: [Release] = []
        swap(&releases, &found.decoded.document.releases)
        let decision: UpdateDecision
        do {
            decision = try decideUpdate(
                current: found.current, releases: consume releases, sourceMinimum: found.document.minimumVersion,
                policy: found.policy, now: now())
        } catch {
            throw Failure(.badResponse, "\(found.source): \(error.description)")
        }
        try Self.checkPrintedNotes(decision, request: request, source: found.source)
        let url = decision.latest?.url ?? found.document.updateURL
        let fetchedAt = found.fetchedAt.map { ISO8601.text(secondsSinceEpoch: $0) }
        var report = CheckReport(
            current: found.current, decision: decision, url: url, source: found.source, app: found.document.app,
            gate: request.gate, gateRefusal: Self.gateRefusal(request) ?? Self.staleRefusal(request, found: found, latest: decision.latest?.version, fetchedAt: fetchedAt),
            cached: found.cached, fetchedAt: fetchedAt, stale: found.stale)
        report.appcast = found.decoded.appcast
        return report
    }

    /// A gate never passes on an old answer (SPEC.md, "Check period and cache").
    static func staleRefusal(_ request: CheckRequest, found: Found, latest: Version?, fetchedAt: String?) -> String? {
        guard request.gate, found.stale else { return nil }
        let versions = "\(found.current) against \(latest.map { "latest \($0)" } ?? "no release offered")"
        return "\(versions): the answer is from the cache of \(fetchedAt ?? "an unknown time"), not from the source; a gate never passes on an old answer"
    }

    /// Why `--gate --allow-new` passes on `failure`: the App Store has no such app, or a
    /// manifest URL answered 404/410 (never a missing local file). Nil when it does not.
    static func firstRelease(_ request: CheckRequest, failure: Failure) -> String? {
        guard request.gate, request.allowNew, failure.kind == .notFound else { return nil }
        switch request.source {
        case .appStore(let query):
            let app = switch query.identifier {
            case .id(let id): "app id \(id)"
            case .bundleId(let bundleId): "bundle id \(bundleId)"
            }
            return "\(app) is not on the App Store yet"
        case .manifest(let location):
            guard case .remote? = try? ManifestLocation.parse(location) else { return nil }
            return "the manifest does not exist yet"
        }
    }

    /// The report of a first release: nothing offered (status none, latest null), the
    /// gate passed unless `--current` itself is refused.
    private func firstReleaseReport(_ request: CheckRequest, firstRelease: String) throws(Failure) -> CheckReport {
        if let failure = request.currentNeedsAppcast { throw failure }
        var policy = request.policy
        policy.minimum = nil
        let decision: UpdateDecision
        do {
            decision = try decideUpdate(current: request.current, releases: [], sourceMinimum: nil, policy: policy, now: now())
        } catch {
            throw Failure(.internal, "the decision failed on no releases: \(error.description)")
        }
        // The source was asked already, so its URL is known to be valid.
        let address: WebAddress?
        switch request.source {
        case .appStore(let query): address = try LookupURL.url(for: query, allowInsecure: request.allowInsecure)
        case .manifest(let location):
            guard case .remote(let url) = try ManifestLocation.parse(location) else { address = nil; break }
            address = url
        }
        let source = address?.display ?? ""
        return CheckReport(
            current: request.current, decision: decision, url: nil, source: source, app: nil, gate: true,
            gateRefusal: Self.gateRefusal(request), firstRelease: firstRelease)
    }

    /// The most release-notes text one answer prints: 16 MiB (twice the body cap; a
    /// binary property list can name one notes string from every entry).
    static let maximumPrintedNotes = 2 * FetchLimits.maximumBodySize

    /// Only what is printed is expanded, so only that is bounded: the notes text output
    /// shows for an update (JSON: the releases' and the latest's, whatever the status;
    /// `-q` and a gate: none). Past `maximumPrintedNotes`, a bad response (76), before
    /// anything is written.
    static func checkPrintedNotes(_ decision: UpdateDecision, request: CheckRequest, source: String) throws(Failure) {
        let global = request.global
        guard !global.quiet, !request.gate, global.json || decision.status != .upToDate else { return }
        var total = global.json ? decision.latest?.notes?.utf8.count ?? 0 : 0
        for release in decision.releases {
            total += release.notes?.utf8.count ?? 0
            guard total <= maximumPrintedNotes else {
                throw Failure(
                    .badResponse,
                    "\(source): the release notes to print come to more than \(maximumPrintedNotes / 1024 / 1024) MiB of text")
            }
        }
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

    /// A body decoded for this run, with the current version and the policy read as its
    /// format reads versions (an appcast: Sparkle's spellings and defaults).
    struct Decoded {
        var document: SourceDocument
        var current: Version
        var policy: UpdatePolicy
        /// The body is a Sparkle appcast.
        var appcast = false
        /// The items of an appcast read from its XML, as `AppcastItemCoding` writes them:
        /// kept beside its cache entry for the next run (nil otherwise, or when too many).
        var itemsToKeep: [UInt8]? = nil
    }

    /// A body to decode, with the appcast items kept beside its cache entry, when there
    /// are some (`CacheStore.keptItems`): read instead of its XML.
    struct Body {
        var bytes: [UInt8]
        var keptItems: [AppcastItem]? = nil
    }

    /// What a source yielded, before the decision.
    struct Found {
        var decoded: Decoded
        var source: String
        var document: SourceDocument { decoded.document }
        var current: Version { decoded.current }
        var policy: UpdatePolicy { decoded.policy }
        /// Answered from the cache, without a request.
        var cached = false
        /// When the body was fetched or revalidated, when the cache was consulted.
        var fetchedAt: Int64?
        /// The entry answered although this run wanted a fresh answer.
        var stale = false
    }

    // MARK: lookup

    private func lookUp(
        _ query: AppStoreQuery, request: CheckRequest, cache: inout CacheStore?, clock: DeadlineClock
    ) throws(Failure) -> Found {
        let url = try LookupURL.url(for: query, allowInsecure: request.allowInsecure)
        let shown = url.display
        return try obtain(url, request: request, cache: &cache, clock: clock) { response in
            if let message = ITunesLookupFormat.errorMessage(in: response.body), !HTTPStatusPhrase.isNotFound(response.status) {
                return Failure(.httpStatus, "\(shown): \(HTTPStatusPhrase.line(response.status)), the App Store says '\(message)'")
            }
            return HTTPStatusPhrase.failure(response.status, shown: shown)
        } decode: { body throws(Failure) in
            let document: SourceDocument
            do throws(BodyError) {
                document = try ITunesLookupFormat.decode(body.bytes)
            } catch {
                throw Failure(.badResponse, "\(shown): \(error.description)")
            }
            guard !document.releases.isEmpty else { throw Self.notInStorefront(query, shown: shown) }
            return Decoded(document: document, current: request.current, policy: request.policy)
        }
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

    private func readManifest(
        _ location: String, request: CheckRequest, cache: inout CacheStore?, clock: DeadlineClock
    ) throws(Failure) -> Found {
        // `base`: the URL relative links in the body are read against (nil for a file).
        let decode = { (body: Body, shown: String, base: String?) throws(Failure) -> Decoded in
            let format: any SourceFormat.Type
            do throws(BodyError) {
                format = body.keptItems == nil ? try SourceFormats.recognise(body.bytes) : AppcastFormat.self
            } catch {
                throw Failure(.badResponse, "manifest \(shown): \(error.description)")
            }
            let (current, policy) = try Self.versions(of: request, reading: format.versionReading)
            let context = SourceContext(current: current, appcast: AppcastOptions(
                channels: request.appcast.channels, rolloutGroup: request.appcast.rolloutGroup,
                versionField: request.appcast.compared, osVersion: policy.osVersion,
                now: now()), base: base)
            do throws(BodyError) {
                var itemsToKeep: [UInt8]?
                let document: SourceDocument
                if let items = body.keptItems {
                    document = try AppcastFormat.decode(items: items, context: context)
                } else if format is AppcastFormat.Type, base != nil, request.cache != nil {
                    // A cached appcast's items are kept beside its entry.
                    itemsToKeep = []
                    document = try AppcastFormat.decode(body.bytes, context: context, recording: &itemsToKeep)
                } else {
                    document = try SourceFormats.decode(body.bytes, as: format, context: context)
                }
                return Decoded(
                    document: document, current: current, policy: policy, appcast: format.versionReading == .sparkle,
                    itemsToKeep: itemsToKeep)
            } catch {
                // A likely slip: the App Store's answer saved or linked as a manifest.
                let hint = ITunesLookupFormat.isLookupResponse(body.bytes) ? "; this is an App Store lookup response: use versioncheck lookup" : ""
                throw Failure(.badResponse, "manifest \(shown): \(error.description)\(hint)")
            }
        }
        switch try ManifestLocation.parse(location) {
        case .file(let path):
            // Local manifests are never cached (and read whatever VERSIONCHECK_OFFLINE says).
            cache?.log("cache: not used: \(Quote.single(path)) is a local manifest, never cached")
            return Found(decoded: try decode(Body(bytes: try readFile(path)), location, nil), source: location)
        case .remote(let url):
            try URLRules.checkRequest(url, allowInsecure: request.allowInsecure)
            let shown = url.display
            return try obtain(url, request: request, cache: &cache, clock: clock) { response in
                HTTPStatusPhrase.failure(response.status, shown: shown)
            } decode: { body throws(Failure) in
                try decode(body, shown, shown)
            }
        }
    }

    /// `--current`, `--skip`, `--minimum` and `--force-on`'s default as a format with
    /// `reading` takes them: as given for the lenient grammar; for an appcast read again
    /// as Sparkle reads versions, and `--force-on` defaulting to `never` (SPEC.md "Sparkle
    /// appcasts"). An invalid one is 65, naming its option.
    private static func versions(of request: CheckRequest, reading: VersionReading) throws(Failure) -> (Version, UpdatePolicy) {
        let appcast = request.appcast
        guard reading == .sparkle else {
            if let failure = request.currentNeedsAppcast { throw failure }
            // A spelling only Sparkle reads (`1.0 (1234)`, `1.2.3-`) was kept for an
            // appcast; this source is not one.
            let given = [(request.current, Option.current), (request.policy.skip, Option.skip), (request.policy.minimum, Option.minimum)]
            for case (let version?, let option) in given {
                do {
                    _ = try Version(version.description)
                } catch {
                    throw Failure(.invalidInput, "\(option.longFlag): \(error.description) (the source is not a Sparkle appcast)")
                }
            }
            return (request.current, request.policy)
        }
        func read(_ text: String, _ option: OptionSpec) throws(Failure) -> Version {
            do {
                return try reading.version(text)
            } catch {
                throw Failure(.invalidInput, "\(option.longFlag): \(error.description) (read as Sparkle reads an appcast's versions)")
            }
        }
        let current: Version
        switch appcast.current {
        case .given(let text): current = try read(text, Option.current)
        case .bundle(let bundle): current = try bundle.version(appcast.compared == .display ? .marketing : .build, reading: reading)
        }
        var policy = request.policy
        policy.sparkle = true
        policy.comparesBuildNumbers = appcast.compared == .build
        if appcast.compared == .build, case .bundle(let bundle) = appcast.current {
            // Levels on display versions: the bundle's own, when it has a readable one.
            policy.currentDisplayVersion = try? bundle.version(.marketing, reading: reading)
        }
        if let text = appcast.skip { policy.skip = try read(text, Option.skip) }
        if let text = appcast.minimum { policy.minimum = try read(text, Option.minimum) }
        if !appcast.forceOnGiven { policy.forceOn = SparkleDefaults.forceOn }
        return (current, policy)
    }

    // MARK: the cache around the network

    /// The document at `url`: from a fresh cache entry without a request, else from the
    /// source (conditionally when the entry has validators: a 304 reuses and renews the
    /// entry). Only a body that `decode` accepted is stored; a failure leaves the entry.
    /// An expired entry answers at once with `--background-refresh` (a detached process
    /// renews it) and under `VERSIONCHECK_OFFLINE`; with `--stale-if-error` it answers a 75.
    private func obtain(
        _ url: WebAddress, request: CheckRequest, cache: inout CacheStore?, clock: DeadlineClock,
        failure: (FetchedResponse) -> Failure, decode: (Body) throws(Failure) -> Decoded
    ) throws(Failure) -> Found {
        let shown = url.display
        guard var store = cache, let policy = request.cache, CacheStore.isCacheable(url.text) else {
            if offline { throw OfflineSwitch.failure(shown, cached: false) }
            let response = try fetch(url, request: request, clock: clock)
            guard response.isSuccess else { throw failure(response) }
            return Found(decoded: try decode(Body(bytes: response.body)), source: shown)
        }
        defer { cache = store }
        var revalidated: CacheEntry?
        // The cache keys and stores the URL without its credentials.
        switch store.consult(url: url.withoutUserInfo, checkPeriodDays: policy.periodDays, refresh: policy.refresh) {
        case .fresh(let entry, _):
            if let decoded = try Self.decodeEntry(entry, base: shown, store: &store, decode) {
                return Found(decoded: decoded, source: shown, cached: true, fetchedAt: entry.fetchedAt)
            }
            store.warn("ignoring the cache entry for \(shown): it no longer reads as an answer")
        case .stale(let entry, let reason):
            let answersAtOnce = offline || (policy.backgroundRefresh && !reason.isRefreshRequested)
            guard answersAtOnce else {
                revalidated = entry
                break
            }
            if let decoded = try Self.decodeEntry(entry, base: shown, store: &store, decode) {
                if offline {
                    store.log("cache: \(OfflineSwitch.environmentVariable) is set: answering from the entry, whatever its age")
                } else {
                    store.log("cache: answering from the expired entry; refreshing it in the background")
                    startRefresh(request, url.text, &store)
                }
                return Found(decoded: decoded, source: shown, cached: true, fetchedAt: entry.fetchedAt, stale: true)
            }
            store.warn("ignoring the cache entry for \(shown): it no longer reads as an answer")
            revalidated = entry
        case .absent:
            break
        }
        if offline { throw OfflineSwitch.failure(shown, cached: true) }
        do throws(Failure) {
            let response = try fetch(url, request: request, clock: clock, validators: revalidated)
            let now = store.now()
            if response.status == 304, let entry = revalidated {
                let decoded = try decode(Body(bytes: entry.body))
                store.renew(entry, at: now)
                return Found(decoded: decoded, source: shown, fetchedAt: now)
            }
            guard response.isSuccess else { throw failure(response) }
            let decoded = try decode(Body(bytes: response.body))
            let stored = store.store(
                url: url.withoutUserInfo, body: response.body, entityTag: response.entityTag,
                lastModified: response.lastModified, fetchedAt: now)
            if stored, let items = decoded.itemsToKeep {
                store.keepItems(items, body: response.body, url: url.withoutUserInfo, base: shown)
            }
            return Found(decoded: decoded, source: shown, fetchedAt: now)
        } catch {
            // --stale-if-error: a 75 (never a 69 or 76, which are answers) is covered by an
            // entry younger than DAYS, decided afresh with this run's options.
            guard error.exitStatus == .unreachable, let days = policy.staleIfErrorDays, let entry = revalidated,
                  Double(store.now() &- entry.fetchedAt) < days * CacheFreshness.secondsPerDay,
                  let decoded = try Self.decodeEntry(entry, base: shown, store: &store, decode)
            else { throw error }
            store.warn("\(error.message); answering from the cache entry of \(ISO8601.text(secondsSinceEpoch: entry.fetchedAt))")
            return Found(decoded: decoded, source: shown, cached: true, fetchedAt: entry.fetchedAt, stale: true)
        }
    }

    /// A cache entry's body decoded — from the appcast items kept beside it when they are
    /// there (no XML read), else from its bytes, keeping an appcast's items for the next
    /// run — or nil when it no longer reads as an answer (76: a body problem, so the source
    /// is asked instead). Any other failure is the user's (65: `--current` invalid for this
    /// format) and is thrown: the cache never changes an answer. `base` is what the body's
    /// links are read against (the URL as shown), which its items depend on.
    private static func decodeEntry(
        _ entry: CacheEntry, base: String, store: inout CacheStore, _ decode: (Body) throws(Failure) -> Decoded
    ) throws(Failure) -> Decoded? {
        let kept = AppcastFormat.sniff(entry.body) ? store.keptItems(body: entry.body, url: entry.url, base: base) : nil
        do {
            let decoded = try decode(Body(bytes: entry.body, keptItems: kept))
            if kept == nil, let items = decoded.itemsToKeep {
                store.keepItems(items, body: entry.body, url: entry.url, base: base)
            }
            return decoded
        } catch where error.exitStatus == .badResponse {
            return nil
        }
    }

    // MARK: network

    /// GET through the fetcher; a transport failure becomes the `Failure` of its kind.
    private func fetch(
        _ url: WebAddress, request: CheckRequest, clock: DeadlineClock, validators: CacheEntry? = nil
    ) throws(Failure) -> FetchedResponse {
        if let left = clock.remaining(), left <= 0, let deadline = request.deadline {
            throw Failure(.timeout, "\(url.display): not asked: the --deadline of \(DeadlineClock.format(deadline)) s passed before the request")
        }
        let fetchRequest = FetchRequest(
            url: url.text, timeout: request.timeout, retries: request.retries, allowInsecure: request.allowInsecure,
            verbose: request.global.verbose, userAgent: userAgent, entityTag: validators?.entityTag,
            lastModified: validators?.lastModified, deadline: clock.deadlineAt)
        switch try fetcher.fetch(fetchRequest) {
        case .response(let response): return response
        case .failure(let failure): throw Failure(ErrorKind(failure.kind), failure.message)
        }
    }
}

import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckCore
import VersionCheckSources

/// Where a body comes from: a file, the cache (an entry, and the items kept beside it),
/// else the network helper (`BodyFetcher`), under the run's deadline. Decoding is the
/// caller's (`decode`): this type only decides which body is read, and what is stored.
public struct BodySource: Sendable {
    public var fetcher: any BodyFetcher
    public var readFile: @Sendable (String) throws(Failure) -> [UInt8]
    /// `User-Agent: versioncheck/<version>`.
    public var userAgent: String
    /// `VERSIONCHECK_OFFLINE` is set: no request is ever made (`OfflineSwitch`).
    public var offline: Bool
    /// Starts (or, in a list run, collects) the detached refresh of the expired entry for
    /// the URL of the request (`--background-refresh`); the real program's is
    /// `BackgroundRefresh.starter` or a `RefreshCollector`.
    public var startRefresh: @Sendable (_ request: CheckRequest, _ url: String, _ store: inout CacheStore) -> Void

    public init(
        fetcher: any BodyFetcher, readFile: @escaping @Sendable (String) throws(Failure) -> [UInt8], userAgent: String,
        offline: Bool, startRefresh: @escaping @Sendable (_ request: CheckRequest, _ url: String, _ store: inout CacheStore) -> Void
    ) {
        self.fetcher = fetcher
        self.readFile = readFile
        self.userAgent = userAgent
        self.offline = offline
        self.startRefresh = startRefresh
    }

    /// The document at `url`: from a fresh cache entry without a request, else from the
    /// source (conditionally when the entry has validators: a 304 reuses and renews the
    /// entry). Only a body that `decode` accepted is stored; a failure leaves the entry.
    /// An expired entry answers at once with `--background-refresh` (a detached process
    /// renews it) and under `VERSIONCHECK_OFFLINE`; with `--stale-if-error` it answers a 75.
    /// Each of these steps is noted in `explanation` (`--explain`) as it is taken.
    package func obtain(
        _ url: WebAddress, request: CheckRequest, cache: inout CacheStore?, clock: DeadlineClock,
        explaining explanation: inout Explanation?,
        failure: (FetchedResponse) -> Failure, decode: (SourceBody) throws(Failure) -> DecodedBody
    ) throws(Failure) -> SourceAnswer {
        let shown = url.display
        guard var store = cache, let policy = request.cache, CacheStore.isCacheable(url.text) else {
            if request.cache != nil { explanation?.note(CacheExplanation.miss(.notCacheable)) }
            if offline { throw OfflineSwitch.failure(shown, cached: false) }
            let response = try fetch(url, request: request, clock: clock)
            guard response.isSuccess else { throw failure(response) }
            return SourceAnswer(decoded: try decode(SourceBody(bytes: response.body)), source: shown)
        }
        defer { cache = store }
        var revalidated: CacheEntry?
        // The cache keys and stores the URL without its credentials.
        switch store.consult(url: url.withoutUserInfo, checkPeriodDays: policy.periodDays, refresh: policy.refresh) {
        case .fresh(let entry, _):
            if let decoded = try Self.decodeEntry(entry, base: shown, store: &store, decode) {
                explanation?.note(CacheExplanation.fresh(entry, now: store.now(), periodDays: policy.periodDays))
                return SourceAnswer(decoded: decoded, source: shown, cached: true, fetchedAt: entry.fetchedAt)
            }
            store.warn("ignoring the cache entry for \(shown): it no longer reads as an answer")
            explanation?.note("cache: the entry no longer reads as an answer: ignored")
        case .stale(let entry, let reason):
            let answersAtOnce = offline || (policy.backgroundRefresh && !reason.isRefreshRequested)
            let stale = explanation == nil ? "" : CacheExplanation.stale(entry, reason: reason, now: store.now(), periodDays: policy.periodDays)
            guard answersAtOnce else {
                explanation?.note("\(stale): revalidating with the source")
                revalidated = entry
                break
            }
            if let decoded = try Self.decodeEntry(entry, base: shown, store: &store, decode) {
                if offline {
                    store.log("cache: \(OfflineSwitch.environmentVariable) is set: answering from the entry, whatever its age")
                    explanation?.note("\(stale), answered (stale): \(OfflineSwitch.environmentVariable) is set; no request")
                } else {
                    store.log("cache: answering from the expired entry; refreshing it in the background")
                    explanation?.note("\(stale), answered (stale); a background refresh started; no request")
                    startRefresh(request, url.text, &store)
                }
                return SourceAnswer(decoded: decoded, source: shown, cached: true, fetchedAt: entry.fetchedAt, stale: true)
            }
            store.warn("ignoring the cache entry for \(shown): it no longer reads as an answer")
            explanation?.note("\(stale): the entry no longer reads as an answer: asking the source")
            revalidated = entry
        case .absent(let miss):
            explanation?.note(CacheExplanation.miss(miss))
        }
        if offline { throw OfflineSwitch.failure(shown, cached: true) }
        do throws(Failure) {
            // When the request is sent: an entry stored meanwhile by a run that asked later
            // (a `--refresh` while this background refresh waited) holds a newer answer, and
            // the store leaves it. A retry sends the request that gets the body later still:
            // the entry is dated at, never after, the question its answer is to.
            let sentAt = store.now()
            let response = try fetch(url, request: request, clock: clock, validators: revalidated)
            if response.status == 304, let entry = revalidated {
                let decoded = try decode(SourceBody(bytes: entry.body))
                store.renew(entry, at: sentAt)
                explanation?.note("cache: revalidated: the source answered 304 Not Modified; the entry answered and was renewed")
                return SourceAnswer(decoded: decoded, source: shown, fetchedAt: sentAt)
            }
            guard response.isSuccess else { throw failure(response) }
            let decoded = try decode(SourceBody(bytes: response.body))
            let stored = store.store(
                url: url.withoutUserInfo, body: response.body, entityTag: response.entityTag,
                lastModified: response.lastModified, fetchedAt: sentAt)
            explanation?.note("cache: the source answered anew; " + (stored ? "the answer stored" : "the answer not stored"))
            if stored, let items = decoded.itemsToKeep {
                store.keepItems(items, body: response.body, url: url.withoutUserInfo, base: shown)
            }
            return SourceAnswer(decoded: decoded, source: shown, fetchedAt: sentAt)
        } catch {
            // --stale-if-error: a 75 (never a 69 or 76, which are answers) is covered by an
            // entry younger than DAYS, decided afresh with this run's options.
            guard error.exitStatus == .unreachable, let days = policy.staleIfErrorDays, let entry = revalidated,
                  CacheFreshness.isWithin(days: days, fetchedAt: entry.fetchedAt, now: store.now()),
                  let decoded = try Self.decodeEntry(entry, base: shown, store: &store, decode)
            else { throw error }
            store.warn("\(error.message); answering from the cache entry of \(ISO8601.text(secondsSinceEpoch: entry.fetchedAt))")
            explanation?.note(
                "cache: the source failed (\(error.kind.rawValue)): the entry of \(ISO8601.text(secondsSinceEpoch: entry.fetchedAt)), "
                    + "younger than --stale-if-error \(Seconds.text(days)) days, answered (stale)")
            return SourceAnswer(decoded: decoded, source: shown, cached: true, fetchedAt: entry.fetchedAt, stale: true)
        }
    }

    /// A cache entry's body decoded — from the appcast items kept beside it when they are
    /// there (no XML read), else from its bytes, keeping an appcast's items for the next
    /// run — or nil when it no longer reads as an answer (76: a body problem, so the source
    /// is asked instead). Any other failure is the user's (65: `--current` invalid for this
    /// format) and is thrown: the cache never changes an answer. `base` is what the body's
    /// links are read against (the URL as shown), which its items depend on.
    package static func decodeEntry(
        _ entry: CacheEntry, base: String, store: inout CacheStore, _ decode: (SourceBody) throws(Failure) -> DecodedBody
    ) throws(Failure) -> DecodedBody? {
        let kept = AppcastFormat.sniff(entry.body) ? store.keptItems(body: entry.body, url: entry.url, base: base) : nil
        do {
            let decoded = try decode(SourceBody(bytes: entry.body, keptItems: kept))
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
    package func fetch(
        _ url: WebAddress, request: CheckRequest, clock: DeadlineClock, validators: CacheEntry? = nil
    ) throws(Failure) -> FetchedResponse {
        if let left = clock.remaining(), left <= 0, let seconds = clock.seconds {
            throw Failure(.timeout, "\(url.display): not asked: the --deadline of \(Seconds.text(seconds)) s passed before the request")
        }
        let fetchRequest = FetchRequest(
            url: url.text, timeout: request.timeout, retries: request.retries, allowInsecure: request.allowInsecure,
            verbose: request.global.verbose, userAgent: userAgent, entityTag: validators?.entityTag,
            lastModified: validators?.lastModified, deadline: clock.deadline)
        switch try fetcher.fetch(fetchRequest) {
        case .response(let response): return response
        case .failure(let failure): throw failure
        }
    }
}

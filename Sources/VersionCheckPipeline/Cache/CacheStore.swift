import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// What a lookup found.
public enum CacheLookup: Sendable, Equatable {
    /// A whole, verified entry for the URL, `age` seconds old (negative if dated after now).
    case found(CacheEntry, age: Int64)
    /// No usable entry, and why.
    case absent(CacheMiss)
}

/// Why there was no usable entry. Only the last two came with a warning.
public enum CacheMiss: Sendable, Equatable {
    /// Not an `http(s)://` URL: local manifests are never cached.
    case notCacheable
    /// Nothing stored for this URL yet (or the cache directory does not exist yet).
    case noEntry
    /// The cache directory is not used (warned once; the store does nothing more this run).
    case directoryUnusable(CacheDirectoryProblem)
    /// The entry file is unusable: damaged, foreign, too large (warned; a new answer replaces it).
    case entryUnusable(CacheEntryProblem)
    /// The entry is dated after now (a clock set back): it counts as absent (a `-v` line).
    case fromTheFuture(age: Int64)
}

/// What `consult` decided: the hit path (`fresh`) never starts the network helper.
public enum CacheConsultation: Sendable, Equatable {
    /// Answer from `entry.body`; no request.
    case fresh(CacheEntry, age: Int64)
    /// Ask the source with `entry`'s validators; a 304 → `renew(entry, at:)`, a 200 that
    /// decodes → `store(url:body:…)`.
    case stale(CacheEntry, CacheFreshness.StaleReason)
    /// Ask the source unconditionally; a 200 that decodes → `store(url:body:…)`.
    case absent(CacheMiss)
}

/// The on-disk response cache of `--check-period`: one file per request URL in a
/// vetted directory (see `CacheDirectory`), in the format of `CacheEntryFormat`.
///
/// Rules, in one place:
/// - A cache problem never fails a check: it is one warning through `warn` and the
///   check goes on as if there were no cache. A directory problem is warned once per
///   store value; later calls do nothing.
/// - Only `http://` and `https://` URLs are cached.
/// - Reading costs one `open` of the directory, one of the file, one `fstat` and one
///   `pread` for a small entry (two for a large one, the body read straight into its array).
/// - Writing is atomic: a new file of mode 0600 beside the entry (`O_EXCL`), written
///   whole, then renamed over it; a reader sees the old entry or the new one, never
///   part of one. The directory is created (mode 0700) on the first write only.
///
/// One value serves one run: create it where the check starts, as a `var`.
public struct CacheStore: Sendable {
    /// The resolved directory, or why there is none.
    public let location: Result<CacheDirectory, CacheDirectoryProblem>
    /// Seconds since the Unix epoch (`Clock.now(environment:)` in the real program).
    public var now: @Sendable () -> Int64
    /// One warning line (`Output.warning`).
    public var warn: @Sendable (String) -> Void
    /// One `-v` line (`Output.diagnostic`).
    public var log: @Sendable (String) -> Void
    /// `fsync` each new entry before renaming it into place. Off by default: a crash
    /// can at worst leave an entry that fails its checksum, which counts as absent.
    public var synchronizesWrites: Bool
    /// The directory problem warned about, after which the store does nothing.
    private(set) var directoryProblem: CacheDirectoryProblem?

    public init(
        location: Result<CacheDirectory, CacheDirectoryProblem>,
        now: @escaping @Sendable () -> Int64,
        warn: @escaping @Sendable (String) -> Void,
        log: @escaping @Sendable (String) -> Void = { _ in },
        synchronizesWrites: Bool = false
    ) {
        self.location = location
        self.now = now
        self.warn = warn
        self.log = log
        self.synchronizesWrites = synchronizesWrites
    }

    /// Whether `url` may be cached: `http://` and `https://` only (never a path or `file://`).
    public static func isCacheable(_ url: String) -> Bool {
        let lower = url.prefix(8).lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }

    /// Looks the entry up and applies `CacheFreshness`, saying on `-v` what it found:
    /// `cache: hit (fetched 3 h ago)`, `cache: stale, revalidating (fetched 8 d ago)`, …
    public mutating func consult(url: String, checkPeriodDays: Double, refresh: Bool) -> CacheConsultation {
        switch lookup(url: url) {
        case .absent(let miss):
            return .absent(miss)
        case .found(let entry, _):
            let freshness = CacheFreshness.judge(
                checkPeriodDays: checkPeriodDays, refresh: refresh, fetchedAt: entry.fetchedAt, now: now())
            switch freshness {
            case .fresh(let age):
                log("cache: hit (fetched \(CacheAge.describe(seconds: age)))")
                return .fresh(entry, age: age)
            case .stale(let reason):
                log(Self.describe(reason))
                return .stale(entry, reason)
            case .fromTheFuture(let age):
                log("cache: the entry is dated \(CacheAge.describe(seconds: age)) (the clock was set back?): counts as absent")
                return .absent(.fromTheFuture(age: age))
            }
        }
    }

    /// The `-v` line for a stale entry.
    package static func describe(_ reason: CacheFreshness.StaleReason) -> String {
        switch reason {
        case .expired(let age): "cache: stale, revalidating (fetched \(CacheAge.describe(seconds: age)))"
        case .refreshRequested(let age): "cache: --refresh, revalidating (fetched \(CacheAge.describe(seconds: age)))"
        }
    }

    /// The directory opened and vetted, or nil (after one warning, or quietly when it
    /// does not exist and `create` is false; `missing` is then true).
    package mutating func openDirectory(create: Bool) -> (opened: CacheDirectory.Opened?, missing: Bool) {
        guard directoryProblem == nil else { return (nil, false) }
        let directory: CacheDirectory
        switch location {
        case .success(let found): directory = found
        case .failure(let problem):
            disable(problem)
            return (nil, false)
        }
        switch directory.open(create: create) {
        case .opened(let opened): return (opened, false)
        case .missing: return (nil, true)
        case .unusable(let problem):
            disable(problem)
            return (nil, false)
        }
    }

    private mutating func disable(_ problem: CacheDirectoryProblem) {
        directoryProblem = problem
        warn(problem.description)
    }
}

import VersionCheckCore

/// The `--explain` lines of the cache's part in a check (SPEC.md "Output"): whether an
/// entry answered, its date and age against the period, and what was asked of the
/// source. `BodySource.obtain` notes them as it decides; the phrases live here.
enum CacheExplanation {
    /// `entry of 2026-01-02T03:04:05Z, age 2.1 days, period 7 days`.
    static func entry(_ entry: CacheEntry, now: Int64, periodDays: Double) -> String {
        let age = CacheFreshness.age(fetchedAt: entry.fetchedAt, now: now)
        return "entry of \(ISO8601.text(secondsSinceEpoch: entry.fetchedAt)), age \(days(age)) days, period \(Seconds.text(periodDays)) days"
    }

    /// An age in days to one decimal (`2.1`), rounded down.
    static func days(_ seconds: Int64) -> String {
        let tenths = seconds.multipliedReportingOverflow(by: 10).overflow ? seconds / 8_640 : seconds * 10 / 86_400
        return "\(tenths / 10).\((tenths % 10).magnitude)"
    }

    static func fresh(_ entry: CacheEntry, now: Int64, periodDays: Double) -> String {
        "cache: \(Self.entry(entry, now: now, periodDays: periodDays)), answered; no request"
    }

    static func stale(_ entry: CacheEntry, reason: CacheFreshness.StaleReason, now: Int64, periodDays: Double) -> String {
        let why = reason.isRefreshRequested ? "--refresh" : "expired"
        return "cache: \(Self.entry(entry, now: now, periodDays: periodDays)), \(why)"
    }

    static func miss(_ miss: CacheMiss) -> String {
        switch miss {
        case .notCacheable: "cache: not used: only http:// and https:// answers are cached"
        case .noEntry: "cache: no entry for this URL"
        case .directoryUnusable: "cache: not used: the cache directory is unusable"
        case .entryUnusable: "cache: the entry is unusable: counts as absent"
        case .fromTheFuture: "cache: the entry is dated in the future: counts as absent"
        }
    }
}

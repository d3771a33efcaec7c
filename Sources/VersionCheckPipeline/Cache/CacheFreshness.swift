import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// Whether a cached entry may answer without asking the source (SPEC.md, "Check period
/// and cache"): a pure function of the period, `--refresh`, the entry's time and now.
public enum CacheFreshness: Sendable, Equatable {
    /// Younger than the period: answer from the entry, no request. `age` ≥ 0 seconds.
    case fresh(age: Int64)
    /// Ask the source, with the entry's validators (a 304 renews it).
    case stale(StaleReason)
    /// Fetched after now (a clock that went back, a copied cache): `age` < 0 seconds. The
    /// entry counts as absent: it neither answers nor stands in the way of a new answer.
    case fromTheFuture(age: Int64)

    /// Why an entry must be revalidated.
    public enum StaleReason: Sendable, Equatable {
        /// At least the period old (`age` seconds; a period of 0 makes every entry stale).
        case expired(age: Int64)
        /// `--refresh` was given (`age` seconds, ≥ 0).
        case refreshRequested(age: Int64)

        /// `--refresh` asked for it: the source must answer now.
        public var isRefreshRequested: Bool {
            if case .refreshRequested = self { return true }
            return false
        }
    }

    /// Seconds in a day.
    public static let secondsPerDay: Double = 86_400

    /// The rule: an entry dated after `now` is from the future (absent); with `refresh`,
    /// stale; an entry strictly younger than `checkPeriodDays` days, fresh; anything else, stale.
    /// `checkPeriodDays` is `--check-period` (a non-negative decimal number of days).
    public static func judge(checkPeriodDays: Double, refresh: Bool, fetchedAt: Int64, now: Int64) -> CacheFreshness {
        let age = age(fetchedAt: fetchedAt, now: now)
        if age < 0 { return .fromTheFuture(age: age) }
        if refresh { return .stale(.refreshRequested(age: age)) }
        if isYounger(age: age, thanDays: checkPeriodDays) { return .fresh(age: age) }
        return .stale(.expired(age: age))
    }

    /// Whether an entry fetched at `fetchedAt` is younger than `days` days at `now`, and not
    /// dated after it: what `--stale-if-error DAYS` asks of the entry that answers a 75.
    public static func isWithin(days: Double, fetchedAt: Int64, now: Int64) -> Bool {
        let age = age(fetchedAt: fetchedAt, now: now)
        return age >= 0 && isYounger(age: age, thanDays: days)
    }

    /// `now - fetchedAt` in seconds, saturated instead of overflowing (an entry dated at
    /// `Int64.min`, a clock at `Int64.max`): negative for an entry dated after now.
    static func age(fetchedAt: Int64, now: Int64) -> Int64 {
        let (age, overflow) = now.subtractingReportingOverflow(fetchedAt)
        return overflow ? (fetchedAt > now ? Int64.min : Int64.max) : age
    }

    /// The one comparison of an age with a number of days: strictly younger.
    private static func isYounger(age: Int64, thanDays days: Double) -> Bool {
        Double(age) < days * secondsPerDay
    }
}

/// Ages as `-v` prints them: `12 s`, `5 min`, `3 h`, `8 d` (rounded down).
public enum CacheAge {
    public static func describe(seconds: Int64) -> String {
        let magnitude = seconds.magnitude
        let text: String
        switch magnitude {
        case ..<60: text = "\(magnitude) s"
        case ..<3_600: text = "\(magnitude / 60) min"
        case ..<86_400: text = "\(magnitude / 3_600) h"
        default: text = "\(magnitude / 86_400) d"
        }
        return seconds < 0 ? text + " in the future" : text + " ago"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system clock (wall time, for cache ages; `DeadlineClock` measures durations on a
/// monotonic one). Debug builds can fix it for tests: `Clock+Test.swift`.
public enum Clock {
    /// Seconds since the Unix epoch.
    public static func secondsSinceEpoch() -> Int64 { Int64(time(nil)) }
}

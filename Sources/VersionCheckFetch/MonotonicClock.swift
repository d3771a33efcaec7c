#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import VersionCheckCore

/// The helper's reading of `CLOCK_MONOTONIC`, the clock `FetchRequest.deadline` is
/// written on by the main process (`System.monotonicNow`): the same clock and the same
/// type in both processes. (The helper links no platform target of the main binary.)
public enum MonotonicClock {
    public static func now() -> MonotonicInstant {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return MonotonicInstant(seconds: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `CLOCK_MONOTONIC` in seconds: the clock `FetchRequest.deadline` is written in by the
/// main process (`System.monotonicSeconds`) and read here, the same for both processes.
enum MonotonicClock {
    static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

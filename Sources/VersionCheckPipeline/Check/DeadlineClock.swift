import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// `--deadline`: what is left of the whole check's time, on a monotonic clock. The
/// helper gets the rest (`FetchRequest.deadline`) and bounds its attempts and retry
/// waits by it.
package struct DeadlineClock: Sendable {
    /// `--deadline` in seconds; nil: none.
    package var deadline: Double?
    /// When the check started, in `now`'s seconds.
    package var started: Double
    package var now: @Sendable () -> Double

    /// Seconds left (≤ 0 once passed); nil without `--deadline`.
    package func remaining() -> Double? {
        deadline.map { $0 - (now() - started) }
    }

    /// When the deadline passes, on `now`'s clock (`CLOCK_MONOTONIC`: what the helper reads).
    package var deadlineAt: Double? { deadline.map { started + $0 } }
}

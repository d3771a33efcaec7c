import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// `--deadline`: when the whole check must end, on the monotonic clock, from the moment
/// it starts. The helper gets that instant (`FetchRequest.deadline`) and bounds its
/// attempts and retry waits by it.
package struct DeadlineClock: Sendable {
    /// `--deadline` in seconds, as given (messages quote it); nil: none.
    package var seconds: Double?
    /// When the deadline passes (`seconds` after the check started); nil: none.
    package var deadline: MonotonicInstant?
    /// The monotonic clock (`System.monotonicNow` but in tests).
    package var now: @Sendable () -> MonotonicInstant

    /// The deadline of a check that starts now, `seconds` long (nil: none).
    package init(seconds: Double?, now: @escaping @Sendable () -> MonotonicInstant) {
        self.seconds = seconds
        self.now = now
        deadline = seconds.map { now().advanced(by: $0) }
    }

    /// Seconds left (≤ 0 once passed); nil without `--deadline`.
    package func remaining() -> Double? {
        deadline.map { $0.remaining(now: now()) }
    }

}

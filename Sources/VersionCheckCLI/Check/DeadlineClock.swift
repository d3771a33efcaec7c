/// `--deadline`: what is left of the whole check's time, on a monotonic clock. The
/// helper gets the rest (`FetchRequest.deadline`) and bounds its attempts and retry
/// waits by it.
struct DeadlineClock: Sendable {
    /// `--deadline` in seconds; nil: none.
    var deadline: Double?
    /// When the check started, in `now`'s seconds.
    var started: Double
    var now: @Sendable () -> Double

    /// Seconds left (≤ 0 once passed); nil without `--deadline`.
    func remaining() -> Double? {
        deadline.map { $0 - (now() - started) }
    }

    /// When the deadline passes, on `now`'s clock (`CLOCK_MONOTONIC`: what the helper reads).
    var deadlineAt: Double? { deadline.map { started + $0 } }

    /// Seconds as the options spell them: `2`, `0.5`.
    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }
}

/// An instant on the system's monotonic clock (`CLOCK_MONOTONIC`), in seconds: the one
/// clock `--deadline` is kept on, from the check that starts it to the network helper
/// that ends its attempts by it. Both processes read the same clock, so an instant one
/// writes (`encoded`) the other compares as it is.
///
/// This type only holds and compares instants; reading the clock is the platform's
/// (`System.monotonicNow()` in the main binary, `MonotonicClock.now()` in the helper).
public struct MonotonicInstant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds on the monotonic clock (since an unspecified start, such as the boot).
    public let seconds: Double

    public init(seconds: Double) {
        self.seconds = seconds
    }

    /// The instant `seconds` later (earlier when negative).
    public func advanced(by seconds: Double) -> MonotonicInstant {
        MonotonicInstant(seconds: self.seconds + seconds)
    }

    /// Seconds from `now` until this instant: 0 or less once it has passed.
    public func remaining(now: MonotonicInstant) -> Double {
        seconds - now.seconds
    }

    /// Seconds from `earlier` to this instant.
    public func seconds(since earlier: MonotonicInstant) -> Double {
        seconds - earlier.seconds
    }

    public static func < (left: MonotonicInstant, right: MonotonicInstant) -> Bool {
        left.seconds < right.seconds
    }

    /// The instant's one text encoding (the helper's `--deadline-at`): its seconds as
    /// Swift writes a `Double`, which reads back exactly.
    public var encoded: String { String(seconds) }

    public var description: String { encoded }

    /// An instant `encoded` wrote; nil unless `text` is a finite, non-negative number.
    public init?(encoded text: String) {
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else { return nil }
        self.init(seconds: seconds)
    }
}

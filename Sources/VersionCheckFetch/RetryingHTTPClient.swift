import Foundation
import VersionCheckCore

/// How many times to try again, and how long to wait in between (SPEC.md:
/// backoff starts at 0.5 s, doubles, full jitter, at most 8 s per wait;
/// `Retry-After` honoured up to 60 s).
public struct RetryPolicy: Sendable, Equatable {
    /// Retries after the first attempt (`--retries`, 0...10).
    public var retries: Int
    /// `--deadline`: when the whole `get` must have ended, attempts, redirects and waits
    /// included (nil: none). No attempt or wait is started that would end after it.
    public var deadline: MonotonicInstant?
    public var baseDelay: Double = 0.5
    public var maximumDelay: Double = 8
    /// The longest `Retry-After` obeyed; a longer one fails at once.
    public var maximumRetryAfter: Double = FetchLimits.maximumRetryAfter

    public init(retries: Int, deadline: MonotonicInstant? = nil) {
        self.retries = retries
        self.deadline = deadline
    }

    /// The upper bound of wait `k` (from 0): min(maximumDelay, baseDelay × 2^k).
    public func backoffCeiling(_ k: Int) -> Double {
        min(maximumDelay, baseDelay * Double(sign: .plus, exponent: min(k, 62), significand: 1))
    }
}

/// Retries another `HTTPGetting` on connect failure, timeout, 429 and 5xx, with
/// exponential backoff and full jitter, honouring `Retry-After`.
///
/// Returns any other response as it is (2xx, 3xx, 4xx other than 429). Throws a
/// `Failure` naming the URL: the transport's error, or `rate-limited` /
/// `server-error` when the retries run out or the server asks to wait over 60 s.
/// The sleeper, the random source and the clocks are injected so tests do not wait.
public struct RetryingHTTPClient: HTTPGetting {
    public var transport: any HTTPGetting
    public var policy: RetryPolicy
    /// Waits this many seconds.
    public var sleep: @Sendable (Double) -> Void
    /// A uniform random number in [0, upper].
    public var random: @Sendable (Double) -> Double
    /// The wall clock, which a `Retry-After` date is read against.
    public var now: @Sendable () -> Date
    /// The monotonic clock, which `--deadline` is kept on.
    public var monotonicNow: @Sendable () -> MonotonicInstant
    /// Receives one line per retry and why (`-v`).
    public var log: @Sendable (String) -> Void

    public init(
        transport: any HTTPGetting, policy: RetryPolicy,
        sleep: @escaping @Sendable (Double) -> Void = { seconds in Thread.sleep(forTimeInterval: seconds) },
        random: @escaping @Sendable (Double) -> Double = { upper in upper > 0 ? Double.random(in: 0...upper) : 0 },
        now: @escaping @Sendable () -> Date = { Date() },
        monotonicNow: @escaping @Sendable () -> MonotonicInstant = { MonotonicClock.now() },
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.monotonicNow = monotonicNow
        self.transport = transport
        self.policy = policy
        self.sleep = sleep
        self.random = random
        self.now = now
        self.log = log
    }

    public func get(_ url: URL) throws -> HTTPResponse {
        let shown = Redaction.display(url)
        /// Seconds left before `--deadline` (nil: no deadline).
        func remaining() -> Double? { policy.deadline.map { $0.remaining(now: monotonicNow()) } }
        var attempt = 0
        while true {
            let problem: Problem
            if let left = remaining(), left <= 0 {
                throw deadlinePassed(shown, attempts: attempt)
            }
            do {
                let response = try transport.get(url, within: remaining())
                guard let retryable = Problem(response: response, now: now()) else { return response }
                problem = retryable
            } catch let error as TransportError {
                guard error.isRetryable else { throw Failure(error.kind, "\(shown): \(error)") }
                problem = .transport(error)
            }
            if let left = remaining(), left <= 0 { throw deadlinePassed(shown, attempts: attempt + 1) }
            if let wait = problem.retryAfter, wait > policy.maximumRetryAfter {
                throw Failure(problem.kind, "\(shown): \(problem); the server asked to wait \(Seconds.text(wait.rounded(.up))) s (more than \(Seconds.text(policy.maximumRetryAfter)) s), not retrying")
            }
            guard attempt < policy.retries else {
                let tries = attempt + 1
                throw Failure(problem.kind, "\(shown): \(problem) (\(tries) attempt\(tries == 1 ? "" : "s"))")
            }
            let wait = problem.retryAfter ?? random(policy.backoffCeiling(attempt))
            let why = problem.retryAfter == nil ? "backoff" : "Retry-After"
            if let left = remaining(), wait >= left {
                let tries = attempt + 1
                throw Failure(.timeout, "\(shown): \(problem) (\(tries) attempt\(tries == 1 ? "" : "s")); retry \(attempt + 1) not started: its wait of \(String(format: "%.2f", wait)) s would end after the --deadline")
            }
            log("retry \(attempt + 1) of \(policy.retries) for \(shown) in \(String(format: "%.2f", wait)) s (\(why)): \(problem)")
            sleep(wait)
            attempt += 1
        }
    }
}

extension RetryingHTTPClient {
    /// The whole check ran out of time before attempt `attempts + 1` (75, kind `timeout`).
    func deadlinePassed(_ shown: String, attempts: Int) -> Failure {
        Failure(.timeout, "\(shown): no answer before the --deadline (\(attempts) attempt\(attempts == 1 ? "" : "s"))")
    }
}

/// What makes an attempt worth repeating.
private enum Problem: CustomStringConvertible {
    case transport(TransportError)
    case status(Int, retryAfter: Double?)

    /// nil when `response` is final (not 429, not 5xx).
    init?(response: HTTPResponse, now: Date) {
        guard response.status == 429 || (500...599).contains(response.status) else { return nil }
        let wait = response.header("Retry-After").flatMap { RetryAfter.seconds($0, now: now) }
        self = .status(response.status, retryAfter: wait)
    }

    var retryAfter: Double? {
        if case .status(_, let wait) = self { return wait }
        return nil
    }

    var kind: ErrorKind {
        switch self {
        case .transport(let error): error.kind
        case .status(429, _): .rateLimited
        case .status: .serverError
        }
    }

    var description: String {
        switch self {
        case .transport(let error): error.description
        case .status(429, _): "HTTP 429 Too Many Requests"
        case .status(let code, _): "HTTP \(code) server error"
        }
    }
}

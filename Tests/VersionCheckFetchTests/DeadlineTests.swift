import Foundation
import Testing
import VersionCheckCore
@testable import VersionCheckFetch

/// `--deadline` in the retrying client: on a fake clock that each attempt and each wait
/// moves on, no attempt or retry wait is started that would end after the deadline, and
/// each attempt gets min(timeout, what is left).
@Suite(.blockingBodies) struct DeadlineTests {
    /// A clock moved by the attempts and the waits.
    final class FakeClock: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds: Double = 0
        func advance(_ by: Double) { lock.lock(); seconds += by; lock.unlock() }
        var now: Date { lock.lock(); defer { lock.unlock() }; return Date(timeIntervalSince1970: 1_700_000_000 + seconds) }
        var elapsed: Double { lock.lock(); defer { lock.unlock() }; return seconds }
    }

    /// Each attempt times out after min(its timeout, the limit it was given), on the fake clock.
    final class StalledServer: HTTPGetting, @unchecked Sendable {
        let clock: FakeClock
        let timeout: Double
        private let lock = NSLock()
        private(set) var limits: [Double?] = []
        init(clock: FakeClock, timeout: Double) { self.clock = clock; self.timeout = timeout }

        func get(_ url: URL) throws -> HTTPResponse { try get(url, within: nil) }

        func get(_ url: URL, within limit: Double?) throws -> HTTPResponse {
            lock.lock()
            limits.append(limit)
            lock.unlock()
            let allowed = min(timeout, limit ?? .infinity)
            clock.advance(allowed)
            throw TransportError.timedOut(seconds: allowed)
        }
    }

    static let url = URL(string: "https://example.invalid/app.json")!

    /// A client whose deadline is `deadline` seconds after the fake clock's start.
    func client(_ server: StalledServer, clock: FakeClock, retries: Int, deadline: Double?, wait: Double) -> RetryingHTTPClient {
        RetryingHTTPClient(
            transport: server, policy: RetryPolicy(retries: retries, deadline: deadline.map { MonotonicInstant(seconds: $0) }),
            sleep: { clock.advance($0) }, random: { _ in wait }, now: { clock.now },
            monotonicNow: { MonotonicInstant(seconds: clock.elapsed) })
    }

    @Test func theWholeCheckEndsByTheDeadlineWhateverTimeoutAndRetriesSay() {
        let clock = FakeClock()
        let server = StalledServer(clock: clock, timeout: 10)
        let client = client(server, clock: clock, retries: 10, deadline: 2, wait: 0.25)
        #expect(throws: Failure(.timeout, "https://example.invalid/app.json: no answer before the --deadline (1 attempt)")) {
            try client.get(Self.url)
        }
        #expect(clock.elapsed == 2)
        #expect(server.limits == [2])
    }

    @Test func eachAttemptGetsWhatIsLeftAndARetryThatCannotFinishIsNotStarted() {
        let clock = FakeClock()
        let server = StalledServer(clock: clock, timeout: 1)
        // Attempt 1: 1 s; wait 0.75 s (ends at 1.75 < 2.5); attempt 2: min(1, 0.75) = 0.75 s, ends at 2.5.
        let client = client(server, clock: clock, retries: 5, deadline: 2.5, wait: 0.75)
        #expect(throws: Failure(.timeout, "https://example.invalid/app.json: no answer before the --deadline (2 attempts)")) {
            try client.get(Self.url)
        }
        #expect(server.limits == [2.5, 0.75])
        #expect(clock.elapsed == 2.5)
    }

    @Test func aWaitThatWouldEndAfterTheDeadlineIsNotStarted() {
        let clock = FakeClock()
        let server = StalledServer(clock: clock, timeout: 1)
        let client = client(server, clock: clock, retries: 5, deadline: 3, wait: 2.5)
        do {
            _ = try client.get(Self.url)
            Issue.record("no failure")
        } catch let failure as Failure {
            #expect(failure.kind == .timeout)
            #expect(failure.message.contains("retry 1 not started: its wait of 2.50 s would end after the --deadline"), "\(failure.message)")
        } catch {
            Issue.record("\(error)")
        }
        #expect(server.limits == [3])
        #expect(clock.elapsed == 1)
    }

    @Test func withoutADeadlineNothingChanges() {
        let clock = FakeClock()
        let server = StalledServer(clock: clock, timeout: 1)
        let client = client(server, clock: clock, retries: 2, deadline: nil, wait: 0.5)
        #expect(throws: Failure(.timeout, "https://example.invalid/app.json: timed out after 1 s (3 attempts)")) {
            try client.get(Self.url)
        }
        #expect(server.limits == [nil, nil, nil])
        #expect(clock.elapsed == 4)
    }

    @Test func theDeadlineTravelsOnTheHelpersCommandLine() {
        let request = FetchRequest(url: "https://example.invalid/a", timeout: 10, retries: 2, userAgent: "ua", deadline: MonotonicInstant(seconds: 1.5))
        #expect(request.arguments.contains("--deadline-at"))
        #expect(FetchRequest(arguments: request.arguments) == request)
        let without = FetchRequest(url: "https://example.invalid/a", userAgent: "ua")
        #expect(FetchRequest(arguments: without.arguments) == without)
        #expect(FetchRequest(arguments: ["--timeout", "1", "--retries", "0", "--user-agent", "u", "--deadline-at", "-1", "--", "u"]) == nil)
    }
}

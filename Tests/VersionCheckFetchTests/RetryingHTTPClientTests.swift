import Foundation
import Testing
import VersionCheckCore
@testable import VersionCheckFetch

/// Retries, backoff and Retry-After, with a scripted transport, a recording
/// sleeper and a fixed random source: nothing waits.
@Suite(.blockingBodies) struct RetryingHTTPClientTests {
    /// Serves scripted outcomes in order and counts the calls.
    final class Script: HTTPGetting, @unchecked Sendable {
        private let lock = NSLock()
        private var outcomes: [Result<HTTPResponse, TransportError>]
        private(set) var calls = 0
        init(_ outcomes: [Result<HTTPResponse, TransportError>]) { self.outcomes = outcomes }

        func get(_ url: URL) throws -> HTTPResponse {
            lock.lock()
            defer { lock.unlock() }
            calls += 1
            return try outcomes.count > 1 ? outcomes.removeFirst().get() : outcomes[0].get()
        }
    }

    /// Records every wait.
    final class Sleeps: @unchecked Sendable {
        private let lock = NSLock()
        private var waits: [Double] = []
        func record(_ seconds: Double) { lock.lock(); waits.append(seconds); lock.unlock() }
        var all: [Double] { lock.lock(); defer { lock.unlock() }; return waits }
    }

    static let url = URL(string: "https://example.invalid/lookup?id=1")!
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func response(_ status: Int, retryAfter: String? = nil) -> Result<HTTPResponse, TransportError> {
        .success(HTTPResponse(url: url, status: status, headers: retryAfter.map { ["Retry-After": $0] } ?? [:]))
    }

    /// The client with the random source returning the top of its range.
    func client(_ script: Script, retries: Int, sleeps: Sleeps) -> RetryingHTTPClient {
        RetryingHTTPClient(
            transport: script, policy: RetryPolicy(retries: retries), sleep: { sleeps.record($0) },
            random: { $0 }, now: { Self.now })
    }

    @Test func backoffCeilingsDoubleFromHalfASecondUpToEight() {
        let policy = RetryPolicy(retries: 10)
        #expect((0..<7).map(policy.backoffCeiling) == [0.5, 1, 2, 4, 8, 8, 8])
    }

    @Test func fullJitterDrawsFromZeroToTheCeiling() throws {
        let draws = Sleeps()
        let sleeps = Sleeps()
        let script = Script([.failure(.cannotConnect("connection refused"))])
        let client = RetryingHTTPClient(
            transport: script, policy: RetryPolicy(retries: 3), sleep: { sleeps.record($0) },
            random: { upper in draws.record(upper); return upper / 4 }, now: { Self.now })
        #expect(throws: Failure(.unreachable, "https://example.invalid/lookup?id=1: cannot connect: connection refused (4 attempts)")) {
            try client.get(Self.url)
        }
        #expect(draws.all == [0.5, 1, 2])
        #expect(sleeps.all == [0.125, 0.25, 0.5])
        #expect(script.calls == 4)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var outcomes: [Result<HTTPResponse, TransportError>]
        var retries: Int
        var status: Int?
        var failure: Failure?
        var waits: [Double]
        var calls: Int
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "200 at once", outcomes: [response(200)], retries: 2, status: 200, waits: [], calls: 1),
        Row(name: "404 is final", outcomes: [response(404)], retries: 2, status: 404, waits: [], calls: 1),
        Row(name: "500 then 200", outcomes: [response(500), response(200)], retries: 2, status: 200, waits: [0.5],
            calls: 2),
        Row(name: "timeout, 502, then 200",
            outcomes: [.failure(.timedOut(seconds: 1)), response(502), response(200)], retries: 2, status: 200,
            waits: [0.5, 1], calls: 3),
        Row(name: "429 with Retry-After seconds", outcomes: [response(429, retryAfter: "7"), response(200)],
            retries: 1, status: 200, waits: [7], calls: 2),
        Row(name: "503 with Retry-After as an HTTP-date 30 s ahead",
            outcomes: [response(503, retryAfter: "Tue, 14 Nov 2023 22:13:50 GMT"), response(200)], retries: 1,
            status: 200, waits: [30], calls: 2),
        Row(name: "Retry-After of exactly 60 s is honoured", outcomes: [response(429, retryAfter: "60"), response(200)],
            retries: 1, status: 200, waits: [60], calls: 2),
        Row(name: "Retry-After over 60 s fails at once", outcomes: [response(429, retryAfter: "61")], retries: 5,
            failure: Failure(.rateLimited, "https://example.invalid/lookup?id=1: HTTP 429 Too Many Requests; the server asked to wait 61 s (more than 60 s), not retrying"),
            waits: [], calls: 1),
        Row(name: "unreadable Retry-After falls back to backoff", outcomes: [response(503, retryAfter: "soon"), response(200)],
            retries: 1, status: 200, waits: [0.5], calls: 2),
        Row(name: "500 until the retries run out", outcomes: [response(500)], retries: 2,
            failure: Failure(.serverError, "https://example.invalid/lookup?id=1: HTTP 500 server error (3 attempts)"),
            waits: [0.5, 1], calls: 3),
        Row(name: "429 with no retries", outcomes: [response(429)], retries: 0,
            failure: Failure(.rateLimited, "https://example.invalid/lookup?id=1: HTTP 429 Too Many Requests (1 attempt)"),
            waits: [], calls: 1),
        Row(name: "timeouts until the retries run out", outcomes: [.failure(.timedOut(seconds: 0.5))], retries: 1,
            failure: Failure(.timeout, "https://example.invalid/lookup?id=1: timed out after 0.5 s (2 attempts)"),
            waits: [0.5], calls: 2),
        Row(name: "too large is not retried", outcomes: [.failure(.tooLarge(limit: 8 * 1024 * 1024))], retries: 3,
            failure: Failure(.tooLarge, "https://example.invalid/lookup?id=1: response body larger than 8 MiB"),
            waits: [], calls: 1),
        Row(name: "an insecure redirect is not retried",
            outcomes: [.failure(.insecureRedirect(to: "http://192.0.2.1/", reason: "https to http"))], retries: 3,
            failure: Failure(.insecureRedirect, "https://example.invalid/lookup?id=1: redirect to 'http://192.0.2.1/' refused (https to http)"),
            waits: [], calls: 1),
        // Issue 21: printed as `99999999999999991611392. s`.
        Row(name: "a Retry-After of 10^23 s is printed sensibly", outcomes: [response(429, retryAfter: "99999999999999999999999")],
            retries: 3,
            failure: Failure(.rateLimited, "https://example.invalid/lookup?id=1: HTTP 429 Too Many Requests; the server asked to wait 1e+23 s (more than 60 s), not retrying"),
            waits: [], calls: 1),
        Row(name: "a Retry-After of 400 digits is printed sensibly", outcomes: [response(503, retryAfter: String(repeating: "9", count: 400))],
            retries: 3,
            failure: Failure(.serverError, "https://example.invalid/lookup?id=1: HTTP 503 server error; the server asked to wait 1.8e+308 s (more than 60 s), not retrying"),
            waits: [], calls: 1),
        Row(name: "TLS failure is not retried", outcomes: [.failure(.tlsFailed("bad certificate"))], retries: 3,
            failure: Failure(.unreachable, "https://example.invalid/lookup?id=1: TLS failed: bad certificate"),
            waits: [], calls: 1),
    ]

    @Test(arguments: rows)
    func retries(row: Row) throws {
        let script = Script(row.outcomes)
        let sleeps = Sleeps()
        let client = client(script, retries: row.retries, sleeps: sleeps)
        if let failure = row.failure {
            #expect(throws: failure) { try client.get(Self.url) }
        } else {
            #expect(try client.get(Self.url).status == row.status)
        }
        #expect(sleeps.all == row.waits)
        #expect(script.calls == row.calls)
    }
}

@Suite(.blockingBodies) struct RetryAfterTests {
    static let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test(arguments: [
        ("0", 0.0), ("120", 120), (" 5 ", 5),
        ("Sun, 06 Nov 1994 08:49:37 GMT", 0), ("Sun, 06 Nov 1994 08:50:37 GMT", 60),
        ("Sunday, 06-Nov-94 08:49:47 GMT", 10), ("Sun Nov  6 08:49:57 1994", 20),
        ("Sat, 05 Nov 1994 08:49:37 GMT", 0),  // in the past: no wait
        ("99999999999999999999999", 1e23),  // far over 60 s: fails at once
    ] as [(String, Double)])
    func parses(text: String, seconds: Double) {
        #expect(RetryAfter.seconds(text, now: Self.now) == seconds)
    }

    @Test(arguments: ["", "-1", "1.5", "soon", "+3", "Sun, 06 Nov 1994"])
    func rejects(text: String) {
        #expect(RetryAfter.seconds(text, now: Self.now) == nil)
    }
}

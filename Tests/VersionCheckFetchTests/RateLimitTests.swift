import Foundation
import Testing
import VersionCheckCore
@testable import VersionCheckFetch

/// Issue 34: rate limits (any host). A spent one (403 or 429 with
/// `X-RateLimit-Remaining: 0`) is 75 `rate-limited` at once, its reset time in ISO 8601;
/// a 403 with `Retry-After` is a 429; any other 403 is a response, as before.
@Suite(.blockingBodies) struct RateLimitTests {
    typealias Script = RetryingHTTPClientTests.Script
    typealias Sleeps = RetryingHTTPClientTests.Sleeps

    static let url = URL(string: "https://example.invalid/feed.json")!
    /// 2026-11-27T21:00:00Z.
    static let reset = "1795813200"

    static func response(
        _ status: Int, _ headers: [String: String] = [:], api: GitHubAPIRequest? = nil
    ) -> Result<HTTPResponse, TransportError> {
        var response = HTTPResponse(url: url, status: status, headers: headers)
        response.gitHubAPI = api
        return .success(response)
    }

    func client(_ script: Script, retries: Int = 2, sleeps: Sleeps = Sleeps()) -> RetryingHTTPClient {
        RetryingHTTPClient(
            transport: script, policy: RetryPolicy(retries: retries), sleep: { sleeps.record($0) },
            random: { $0 }, now: { RetryingHTTPClientTests.now })
    }

    struct Spent: Sendable, CustomTestStringConvertible {
        var status: Int
        var headers: [String: String]
        var api: GitHubAPIRequest?
        var message: String
        var testDescription: String { "\(status) \(headers) \(String(describing: api))" }
    }

    static let hint = "; requests to the GitHub API without a token have a low limit: set GITHUB_TOKEN (or GH_TOKEN) to raise it"

    @Test(arguments: [
        Spent(status: 403, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset], api: nil,
              message: "https://example.invalid/feed.json: HTTP 403 Forbidden: rate limit exceeded, not retrying; it resets at 2026-11-27T21:00:00Z"),
        Spent(status: 429, headers: ["x-ratelimit-remaining": " 0 ", "x-ratelimit-reset": reset], api: nil,
              message: "https://example.invalid/feed.json: HTTP 429 Too Many Requests: rate limit exceeded, not retrying; it resets at 2026-11-27T21:00:00Z"),
        // Spent wins over Retry-After: not retried.
        Spent(status: 429, headers: ["X-RateLimit-Remaining": "0", "Retry-After": "1"], api: nil,
              message: "https://example.invalid/feed.json: HTTP 429 Too Many Requests: rate limit exceeded, not retrying; the server did not say when it resets"),
        Spent(status: 403, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "soon"], api: nil,
              message: "https://example.invalid/feed.json: HTTP 403 Forbidden: rate limit exceeded, not retrying; the server did not say when it resets"),
        Spent(status: 403, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset], api: .withoutToken,
              message: "https://example.invalid/feed.json: HTTP 403 Forbidden: rate limit exceeded, not retrying; it resets at 2026-11-27T21:00:00Z" + hint),
        Spent(status: 403, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset], api: .withToken,
              message: "https://example.invalid/feed.json: HTTP 403 Forbidden: rate limit exceeded, not retrying; it resets at 2026-11-27T21:00:00Z"),
    ])
    func aSpentLimitIsRateLimitedAtOnce(row: Spent) {
        let script = Script([Self.response(row.status, row.headers, api: row.api), Self.response(200)])
        let sleeps = Sleeps()
        #expect(throws: Failure(.rateLimited, row.message)) { try client(script, sleeps: sleeps).get(Self.url) }
        #expect(script.calls == 1)
        #expect(sleeps.all.isEmpty)
    }

    /// Responses returned as they are (the main binary decides: a 403 is 76 http-status).
    @Test(arguments: [
        (403, [:]),
        (403, ["X-RateLimit-Remaining": "5", "X-RateLimit-Reset": reset]),
        (403, ["X-RateLimit-Remaining": "00"]),
        (401, ["X-RateLimit-Remaining": "0"]),
        (404, ["X-RateLimit-Remaining": "0"]),
        (200, ["X-RateLimit-Remaining": "0"]),
    ] as [(Int, [String: String])])
    func otherAnswersAreResponses(status: Int, headers: [String: String]) throws {
        let script = Script([Self.response(status, headers)])
        #expect(try client(script).get(Self.url).status == status)
        #expect(script.calls == 1)
    }

    @Test func aForbiddenWithRetryAfterIsRetriedAsA429() throws {
        let sleeps = Sleeps()
        let script = Script([Self.response(403, ["Retry-After": "3"]), Self.response(200)])
        #expect(try client(script, sleeps: sleeps).get(Self.url).status == 200)
        #expect(script.calls == 2)
        #expect(sleeps.all == [3])
    }

    @Test func aForbiddenWithRetryAfterEndsRateLimited() {
        let sleeps = Sleeps()
        let script = Script([Self.response(403, ["Retry-After": "2"])])
        #expect(throws: Failure(.rateLimited, "https://example.invalid/feed.json: HTTP 403 Forbidden with Retry-After (a rate limit) (3 attempts)")) {
            try client(script, retries: 2, sleeps: sleeps).get(Self.url)
        }
        #expect(script.calls == 3)
        #expect(sleeps.all == [2, 2])
    }

    @Test(arguments: [
        ("1795813200", "2026-11-27T21:00:00Z"),
        (" 0", "1970-01-01T00:00:00Z"),
        ("-1", nil), ("1.5", nil), ("", nil), ("999999999999999999999", nil),
    ] as [(String, String?)])
    func resetTimeIsISO8601UTC(value: String, expected: String?) {
        #expect(RateLimit.resetTime(value) == expected)
    }
}

import VersionCheckCore

/// A server's rate limit, from its answer (SPEC.md, "GitHub Releases and electron-builder
/// feeds"; any host). A 403 or 429 whose `X-RateLimit-Remaining` is `0` is a spent limit:
/// 75 `rate-limited` at once, never retried (a retry could only spend the next window),
/// the reset time from `X-RateLimit-Reset` in the message. A 403 with `Retry-After`
/// (GitHub's secondary limits) is retried as a 429 is (`RetryingHTTPClient`).
enum RateLimit {
    /// Whether `response` says the limit is spent: a 403 or 429 with `X-RateLimit-Remaining: 0`.
    static func isSpent(_ response: HTTPResponse) -> Bool {
        guard response.status == 403 || response.status == 429 else { return false }
        return response.header("X-RateLimit-Remaining")?.trimmingASCIISpaces() == "0"
    }

    /// Whether `response` is a 403 that asks to wait (`Retry-After`): treated as a 429.
    static func isSecondaryLimit(_ response: HTTPResponse) -> Bool {
        response.status == 403 && response.header("Retry-After") != nil
    }

    /// The failure for a spent limit, naming `shown` (the URL, password masked): when it
    /// resets (ISO 8601 UTC), and — for a request to the GitHub API that carried no
    /// token — that `GITHUB_TOKEN` raises the limit.
    static func spent(_ response: HTTPResponse, shown: String) -> Failure {
        let status = response.status == 429 ? "HTTP 429 Too Many Requests" : "HTTP 403 Forbidden"
        var message = "\(shown): \(status): rate limit exceeded, not retrying; "
        if let reset = resetTime(response.header("X-RateLimit-Reset")) {
            message += "it resets at \(reset)"
        } else {
            message += "the server did not say when it resets"
        }
        if response.gitHubAPI == .withoutToken {
            message += "; requests to the GitHub API without a token have a low limit: set GITHUB_TOKEN (or GH_TOKEN) to raise it"
        }
        return Failure(.rateLimited, message)
    }

    /// `X-RateLimit-Reset` (Unix seconds) as ISO 8601 UTC, `2026-11-27T21:00:00Z`; nil
    /// when it is not a whole number of seconds.
    static func resetTime(_ value: String?) -> String? {
        guard let text = value?.trimmingASCIISpaces(), !text.isEmpty, text.utf8.count <= 18,
              text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let seconds = Int64(text)
        else { return nil }
        return ISO8601.text(secondsSinceEpoch: seconds)
    }
}

private extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingASCIISpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}

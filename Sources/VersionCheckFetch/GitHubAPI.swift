import Foundation

/// What requests to the GitHub REST API carry (SPEC.md, "GitHub Releases and
/// electron-builder feeds"): `Accept: application/vnd.github+json` and
/// `X-GitHub-Api-Version: 2022-11-28` on every request to `https://api.github.com`,
/// and `Authorization: Bearer TOKEN` when a token is set — to that origin only.
///
/// The token comes from the helper's own environment (the first of `GH_TOKEN` and
/// `GITHUB_TOKEN` that is set and not empty, the order `gh` reads them), which it
/// inherits from the main binary: never from its command line, which every user of the
/// machine can read. It is sent while a request and its redirects stay on the API's
/// origin; the first redirect to another origin (another host, and also another scheme
/// or port) drops it for the rest of that chain, even if a later redirect leads back.
public struct GitHubAPI: Sendable, Equatable {
    /// The origin that is the API: `https://api.github.com` (port 443), host compared
    /// in ASCII without case; in debug builds `VERSIONCHECK_TEST_GITHUB_API_ORIGIN` may
    /// name another, for tests on loopback.
    public var origin: Origin
    /// The bearer token, if one was given.
    public var token: GitHubToken?

    /// The variables a token is read from, first to last.
    public static let tokenVariables = ["GH_TOKEN", "GITHUB_TOKEN"]
    /// The API's real origin.
    public static let realOrigin = Origin(scheme: "https", host: "api.github.com", port: 443)

    /// The API at `origin`, with `token`.
    public init(origin: Origin = GitHubAPI.realOrigin, token: GitHubToken? = nil) {
        self.origin = origin
        self.token = token
    }

    /// The API as `environment` configures it: its token, and its origin (debug builds only:
    /// `VERSIONCHECK_TEST_GITHUB_API_ORIGIN`). A token that is not one header value's worth
    /// of visible ASCII (a line break, a space, a control character in it) is never sent: it
    /// could end the `Authorization` line and start another.
    public init(environment: [String: String]) {
        let text = Self.tokenVariables.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        let token = text.flatMap { $0.utf8.allSatisfy { (0x21...0x7E).contains($0) } ? GitHubToken($0) : nil }
        self.init(origin: Self.origin(environment: environment), token: token)
    }

    /// Whether `url` is on the API's origin.
    public func isAPI(_ url: URL) -> Bool { Origin(url) == origin }

    /// The header fields a request to `url` adds: none off the API's origin; the two
    /// GitHub headers on it, and `Authorization` too when `authorized` (the chain has
    /// not left the origin) and there is a token.
    public func headers(for url: URL, authorized: Bool) -> [String: String] {
        guard isAPI(url) else { return [:] }
        var fields = ["Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"]
        if authorized, let token { fields["Authorization"] = "Bearer " + token.value }
        return fields
    }

    private static func origin(environment: [String: String]) -> Origin {
#if DEBUG
        if let text = environment[testOriginVariable], let url = URL(string: text), let test = Origin(url) {
            return test
        }
#endif
        return realOrigin
    }

#if DEBUG
    /// FOR TESTS ONLY, and only in debug builds: an origin (`http://127.0.0.1:PORT`) that
    /// stands for `https://api.github.com` (which then is not the API), so loopback tests
    /// see the headers and the token. Release builds never read it.
    public static let testOriginVariable = "VERSIONCHECK_TEST_GITHUB_API_ORIGIN"
#endif
}

/// A URL's origin (RFC 6454): scheme and host in ASCII lower case, and the port, the
/// scheme's default when none is written (80 for http, 443 for https).
public struct Origin: Sendable, Hashable {
    public var scheme: String
    public var host: String
    public var port: Int

    /// The origin of the given parts, scheme and host lower-cased in ASCII.
    public init(scheme: String, host: String, port: Int) {
        self.scheme = Self.asciiLowercased(scheme)
        self.host = Self.asciiLowercased(host)
        self.port = port
    }

    /// `url`'s origin; nil without a host, or for a scheme other than http(s) with no port.
    public init?(_ url: URL) {
        guard let scheme = url.scheme, let host = url.host, !host.isEmpty else { return nil }
        let lowered = Self.asciiLowercased(scheme)
        guard let port = url.port ?? (lowered == "https" ? 443 : lowered == "http" ? 80 : nil) else { return nil }
        self.init(scheme: lowered, host: host, port: port)
    }

    /// `text` with A–Z lowered and every other character as it is (no Unicode case folding:
    /// `API.GitHub.com` is the API, a look-alike with a non-ASCII letter is not).
    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}

/// A GitHub token: a secret that shows as `(a GitHub token)` wherever it is printed,
/// interpolated or dumped, so no message, log line or test failure can reveal it.
public struct GitHubToken: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The token itself; read only to build the `Authorization` header.
    let value: String

    /// A token with this text.
    public init(_ value: String) { self.value = value }

    public var description: String { "(a GitHub token)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: []) }
}

/// Whether the request that got a response went to the GitHub API, and with a token:
/// a spent rate limit there without one says that a token raises it.
public enum GitHubAPIRequest: Sendable, Equatable {
    case withToken
    case withoutToken
}

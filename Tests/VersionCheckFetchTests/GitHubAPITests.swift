import Foundation
import Testing
import VersionCheckCore
@testable import VersionCheckFetch

/// Issue 34: which requests carry the GitHub token and the GitHub headers, decided
/// without a network (a recording engine under the real `URLSessionTransport`).
@Suite(.blockingBodies) struct GitHubAPITests {
    static let secret = "ghp_unit5ecret"

    @Test(arguments: [
        ([:], nil),
        (["GITHUB_TOKEN": "b"], "b"),
        (["GH_TOKEN": "a"], "a"),
        (["GH_TOKEN": "a", "GITHUB_TOKEN": "b"], "a"),  // GH_TOKEN first, as gh reads them
        (["GH_TOKEN": "", "GITHUB_TOKEN": "b"], "b"),   // an empty one is not set
        (["GH_TOKEN": "", "GITHUB_TOKEN": ""], nil),
        (["GH_TOKEN": "a", "GITHUB_TOKEN": ""], "a"),
        (["github_token": "c"], nil),                   // names are exact
        (["GH_TOKEN": "a\r\nX-Injected: 1"], nil),        // never a second header line
        (["GH_TOKEN": "a b", "GITHUB_TOKEN": "b"], nil),  // the first set decides, and is not sent
        (["GITHUB_TOKEN": "ghp_\u{7F}"], nil),
    ] as [([String: String], String?)])
    func tokenIsTheFirstSetAndNotEmpty(environment: [String: String], expected: String?) {
        #expect(GitHubAPI(environment: environment).token?.value == expected)
    }

    @Test(arguments: [
        ("https://api.github.com/repos/o/r/releases?per_page=100", true),
        ("HTTPS://API.GitHub.COM/repos/o/r/releases", true),
        ("https://api.github.com:443/repos/o/r/releases", true),
        ("https://api.github.com:8443/repos/o/r/releases", false),  // another origin
        ("http://api.github.com/repos/o/r/releases", false),        // another scheme
        ("https://api.github.com./repos/o/r/releases", false),      // resolved by DNS: another name
        ("https://api.github.com.example.com/repos", false),
        ("https://example.com/api.github.com", false),
        ("https://github.com/o/r/releases", false),
        ("https://uploads.github.com/x", false),
    ])
    func onlyTheAPIsOriginIsTheAPI(url: String, isAPI: Bool) {
        #expect(GitHubAPI().isAPI(URL(string: url)!) == isAPI)
    }

    @Test func headersOnTheAPIAndTheTokenOnlyWhenAuthorized() {
        let api = GitHubAPI(token: GitHubToken(Self.secret))
        let url = URL(string: "https://api.github.com/repos/o/r/releases")!
        let gitHub = ["Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"]
        #expect(api.headers(for: url, authorized: true) == gitHub.merging(["Authorization": "Bearer \(Self.secret)"]) { a, _ in a })
        #expect(api.headers(for: url, authorized: false) == gitHub)
        #expect(GitHubAPI().headers(for: url, authorized: true) == gitHub)
        #expect(api.headers(for: URL(string: "https://example.com/feed.json")!, authorized: true) == [:])
    }

    @Test func theTokenNeverShowsWhenPrinted() {
        let api = GitHubAPI(token: GitHubToken(Self.secret))
        var dumped = ""
        dump(api, to: &dumped)
        for text in ["\(api)", String(reflecting: api), "\(api.token!)", String(reflecting: api.token!), dumped] {
            #expect(!text.contains(Self.secret), "\(text)")
        }
    }

    #if DEBUG
    @Test func aTestOriginStandsForTheAPIInDebugBuilds() {
        let api = GitHubAPI(environment: [GitHubAPI.testOriginVariable: "http://127.0.0.1:8123"])
        #expect(api.isAPI(URL(string: "http://127.0.0.1:8123/repos/o/r/releases")!))
        #expect(!api.isAPI(URL(string: "http://127.0.0.1:8124/repos/o/r/releases")!))
        #expect(!api.isAPI(URL(string: "http://localhost:8123/repos/o/r/releases")!))
        #expect(GitHubAPI(environment: [GitHubAPI.testOriginVariable: "not a url"]).origin == GitHubAPI.realOrigin)
    }
    #endif

    /// Answers from a script per URL and records the header fields of every request.
    final class RecordingEngine: HTTPExchanging, @unchecked Sendable {
        private let lock = NSLock()
        private let redirects: [String: String]
        private(set) var sent: [(url: String, headers: [String: String])] = []
        init(redirects: [String: String]) { self.redirects = redirects }

        func exchange(_ request: ExchangeRequest) throws -> HTTPResponse {
            lock.lock()
            defer { lock.unlock() }
            sent.append((request.url.absoluteString, request.headers))
            if let location = redirects[request.url.absoluteString] {
                return HTTPResponse(url: request.url, status: 302, headers: ["Location": location])
            }
            return HTTPResponse(url: request.url, status: 200, body: Data("{}".utf8))
        }
    }

    static let api = "https://api.github.com/repos/o/r/releases"
    static let moved = "https://api.github.com/repositories/1/releases"
    static let other = "https://objects.example.com/r"

    /// A chain of redirects from its first URL, and whether each request carried the token.
    @Test(arguments: [
        ([api], [true]),
        ([api, moved], [true, true]),                   // a renamed repository: still the API
        ([api, other], [true, false]),                  // another host: dropped
        ([api, other, moved], [true, false, false]),    // and not taken up again
        ([other, api], [false, false]),                 // never added after a redirect from elsewhere
        ([api, "https://api.github.com:8443/x"], [true, false]),  // another port
        ([other], [false]),
    ])
    func theTokenStaysOnTheAPIsOriginAlongARedirectChain(chain: [String], carried: [Bool]) throws {
        var redirects: [String: String] = [:]
        for (from, to) in zip(chain, chain.dropFirst()) { redirects[from] = to }
        let engine = RecordingEngine(redirects: redirects)
        var transport = URLSessionTransport(timeout: 5, allowInsecure: false, userAgent: "test")
        transport.engine = engine
        transport.gitHubAPI = GitHubAPI(token: GitHubToken(Self.secret))
        let response = try transport.get(URL(string: chain[0])!)
        #expect(engine.sent.map(\.url) == chain)
        #expect(engine.sent.map { $0.headers["Authorization"] == "Bearer \(Self.secret)" } == carried)
        // The GitHub headers go to the API's origin, token or not.
        #expect(engine.sent.map { $0.headers["X-GitHub-Api-Version"] != nil }
            == chain.map { GitHubAPI().isAPI(URL(string: $0)!) })
        let last = chain.last!
        #expect(response.gitHubAPI == (GitHubAPI().isAPI(URL(string: last)!) ? (carried.last! ? .withToken : .withoutToken) : nil))
    }
}

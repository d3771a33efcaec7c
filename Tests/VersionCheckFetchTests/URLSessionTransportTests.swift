import Foundation
import Testing
import VersionCheckCLI
import VersionCheckCore
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckTestSupport
@testable import VersionCheckFetch

/// One attempt against a real loopback server: body, headers, cap, redirects, timeout.
@Suite(.blockingBodies) struct URLSessionTransportTests {
    func transport(timeout: Double = 2, allowInsecure: Bool = false) -> URLSessionTransport {
        URLSessionTransport(timeout: timeout, allowInsecure: allowInsecure, userAgent: "versioncheck/9.9.9-test")
    }

    @Test func fetchesBodyStatusAndSendsUserAgent() throws {
        let server = try LoopbackServer(routes: ["/a": [.init(file: "itunes-ios.json")]])
        let response = try transport().get(URL(string: server.url("/a?x=1"))!)
        #expect(response.status == 200)
        #expect(response.body == (try Data(contentsOf: TestPaths.fixture("itunes-ios.json"))))
        #expect(response.header("content-type") == "application/json")
        let request = try #require(server.requests().first)
        #expect(request.header("User-Agent") == "versioncheck/9.9.9-test")
        #expect(request.query == "x=1")
    }

    @Test(arguments: [404, 400, 500, 429])
    func errorStatusIsAResponse(status: Int) throws {
        let server = try LoopbackServer(routes: ["/a": [.init(status: status, body: "{}")]])
        #expect(try transport().get(URL(string: server.url("/a"))!).status == status)
    }

    @Test func followsLoopbackRedirects() throws {
        let server = try LoopbackServer(routes: [
            "/old": [.init(redirect: "/new")],
            "/new": [.init(redirect: "http://localhost:{port}/final")],
            "/final": [.init(body: "{\"ok\": true}")],
        ])
        let response = try transport().get(URL(string: server.url("/old"))!)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"ok\": true}")
        #expect(server.requests().map(\.path) == ["/old", "/new", "/final"])
    }

    @Test func redirectLoopStopsAfterFive() throws {
        let server = try LoopbackServer(routes: ["/loop": [.init(redirect: "{path}")]])
        #expect(throws: TransportError.tooManyRedirects(limit: 5)) {
            try transport().get(URL(string: server.url("/loop"))!)
        }
        #expect(server.requests().count == 6)
    }

    @Test func redirectToAnotherSchemeIsRefused() throws {
        let server = try LoopbackServer(routes: ["/a": [.init(redirect: "ftp://127.0.0.1:1/x")]])
        #expect(throws: TransportError.insecureRedirect(to: "ftp://127.0.0.1:1/x", reason: "not an http(s) URL")) {
            try transport().get(URL(string: server.url("/a"))!)
        }
    }

    @Test func plainHTTPRedirectOffLoopbackIsRefusedBeforeConnecting() throws {
        // 192.0.2.1 is TEST-NET-1: never reachable. Refusal happens in the redirect
        // delegate, before any connection; a connection attempt would hang until the timeout.
        let server = try LoopbackServer(routes: ["/a": [.init(redirect: "http://192.0.2.1/lookup")]])
        let started = Date()
        #expect(throws: TransportError.insecureRedirect(
            to: "http://192.0.2.1/lookup", reason: "plain http to a non-loopback host")) {
            try transport(timeout: 5).get(URL(string: server.url("/a"))!)
        }
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test(arguments: [false, true])
    func bodyOfExactlyTheCapIsAccepted(noLength: Bool) throws {
        let cap = HTTPLimits.maximumBodySize
        let server = try LoopbackServer(routes: ["/a": [.init(body: "{\"latestVersion\": \"1.0\"}", padTo: cap, noLength: noLength)]])
        let response = try transport(timeout: 10).get(URL(string: server.url("/a"))!)
        #expect(response.body.count == cap)
    }

    @Test(arguments: [false, true])
    func bodyOverTheCapIsRefused(noLength: Bool) throws {
        let cap = HTTPLimits.maximumBodySize
        let server = try LoopbackServer(routes: ["/a": [.init(body: "{}", padTo: cap + 1, noLength: noLength)]])
        #expect(throws: TransportError.tooLarge(limit: cap)) {
            try transport(timeout: 10).get(URL(string: server.url("/a"))!)
        }
    }

    @Test func capCountsBytesAsTheyArrive() throws {
        // No Content-Length, a small cap: the transfer is cancelled once past it.
        let server = try LoopbackServer(routes: ["/a": [.init(body: "{}", padTo: 200_000, noLength: true)]])
        var small = transport(timeout: 10)
        small.maximumBodySize = 1000
        #expect(throws: TransportError.tooLarge(limit: 1000)) { try small.get(URL(string: server.url("/a"))!) }
    }

    @Test(arguments: [
        LoopbackServer.Response(body: "{}", delay: 3),
        LoopbackServer.Response(body: "{}", padTo: 400, trickle: (bytes: 10, seconds: 0.1)),
    ])
    func slowResponseTimesOut(response: LoopbackServer.Response) throws {
        let server = try LoopbackServer(routes: ["/a": [response]])
        let started = Date()
        #expect(throws: TransportError.timedOut(seconds: 0.5)) {
            try transport(timeout: 0.5).get(URL(string: server.url("/a"))!)
        }
        // Not sooner either: URLSession on Linux cuts 0.5 s down to 0 and fires at once.
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 0.45 && elapsed < 1.5, "\(elapsed) s")
    }

    /// Fractions count (1.5 s is not 1 s), and a timeout too large to count in
    /// milliseconds (SPEC: any positive number) means waiting as long as it takes.
    @Test(arguments: [(1.5, 1.4), (0.9, 0.85)])
    func fractionalTimeoutsAreKept(timeout: Double, atLeast: Double) throws {
        let server = try LoopbackServer(routes: ["/a": [.init(body: "{}", delay: 3)]])
        let started = Date()
        #expect(throws: TransportError.timedOut(seconds: timeout)) {
            try transport(timeout: timeout).get(URL(string: server.url("/a"))!)
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= atLeast && elapsed < timeout + 1, "\(elapsed) s")
    }

    @Test(arguments: [1e16, 1e300, Double.greatestFiniteMagnitude])
    func hugeTimeoutWaitsForTheAnswer(timeout: Double) throws {
        let server = try LoopbackServer(routes: ["/a": [.init(body: "{}", delay: 0.3)]])
        let response = try transport(timeout: timeout).get(URL(string: server.url("/a"))!)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "{}")
    }

    @Test func nothingListeningCannotConnect() throws {
        let url = URL(string: "http://127.0.0.1:\(unusedLoopbackPort())/lookup")!
        #expect {
            try transport().get(url)
        } throws: { error in
            guard case TransportError.cannotConnect = error else { return false }
            return (error as? TransportError)?.isRetryable == true
        }
    }
}

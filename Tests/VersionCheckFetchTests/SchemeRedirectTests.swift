import Foundation
import Testing
import VersionCheckTestSupport
@testable import VersionCheckFetch

/// Issue 11: a redirect to another scheme is refused as SPEC says (76,
/// `insecure-redirect`), never followed and never retried as "cannot connect",
/// whether the transport sees the 3xx or only URLSession's `.unsupportedURL`.
@Suite(.blockingBodies) struct SchemeRedirectTests {
    static let targets = ["ftp://127.0.0.1:1/x", "file:///etc/passwd", "gopher://127.0.0.1:1/", "data:,x"]

    @Test(arguments: targets, [301, 302, 303, 307, 308])
    func anotherSchemeIsRefusedInProcess(target: String, status: Int) throws {
        for engine in TransportEngines.all {
            let server = try LoopbackServer(routes: ["/a": [.init(status: status, redirect: target)]])
            var transport = URLSessionTransport(timeout: 5, allowInsecure: true, userAgent: "t")
            transport.engine = engine.engine
            #expect(throws: TransportError.insecureRedirect(to: target, reason: "not an http(s) URL"), "\(engine.name)") {
                try transport.get(URL(string: server.url("/a"))!)
            }
            #expect(server.requests().map(\.path) == ["/a"], "\(engine.name)")
        }
    }

    /// The whole chain, `versioncheck` and its helper, with retries to spare: one request, exit 76.
    @Test(arguments: ["ftp://127.0.0.1:1/x", "file:///etc/passwd"])
    func anotherSchemeEndsAsInsecureRedirect(target: String) throws {
        let server = try LoopbackServer(routes: ["/m": [.init(redirect: target)]])
        let result = try runProduct("versioncheck", [
            "manifest", "--url", server.url("/m"), "--current", "1.0", "--retries", "2", "--timeout", "5", "--json",
        ])
        #expect(result.status == 76, "\(result)")
        let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
        let error = object?["error"] as? [String: Any]
        #expect(error?["kind"] as? String == "insecure-redirect", "\(result)")
        #expect(result.stderr.contains(target), "\(result)")
        #expect(!result.stdout.contains("root:"), "\(result)")
        #expect(server.requests().count == 1)
    }

    /// What URLSession reports when it follows such a redirect without asking (Darwin).
    @Test(arguments: [
        (URLError(.unsupportedURL, userInfo: [URLSessionExchange.failingURLStringKey: "ftp://u:p@h/x"]),
         TransportError.insecureRedirect(to: "ftp://u:***@h/x", reason: "not an http(s) URL")),
        (URLError(.unsupportedURL), TransportError.insecureRedirect(to: "an unsupported URL", reason: "not an http(s) URL")),
    ])
    func unsupportedURLIsARefusal(error: URLError, expected: TransportError) {
        let classified = URLSessionExchange.classify(error)
        #expect(classified == expected)
        #expect(!classified.isRetryable)
        #expect(classified.kind == .insecureRedirect)
    }

    @Test func badURLIsNotRetried() {
        #expect(!URLSessionExchange.classify(URLError(.badURL)).isRetryable)
    }

    #if os(Linux)
    @Test func libcurlUnsupportedProtocolIsARefusal() {
        let error = CurlExchange.classify(1, osErrno: 0, message: "Protocol not supported", timeout: 5,
                                          url: URL(string: "ftp://h/x")!)
        #expect(error == .insecureRedirect(to: "ftp://h/x", reason: "not an http(s) URL"))
        #expect(!error.isRetryable)
    }
    #endif
}

import Foundation
import Testing
import VersionCheckCLI
import VersionCheckCore
@testable import VersionCheckFetch

@Suite struct URLPolicyTests {
    @Test(arguments: [
        ("127.0.0.1", true), ("127.255.0.9", true), ("localhost", true), ("LOCALHOST.", true), ("::1", true),
        ("[::1]", true), ("128.0.0.1", false), ("127.0.0.1.example.com", false), ("127.1", false),
        ("127.0.0.256", false), ("example.com", false), ("192.0.2.1", false), ("0.0.0.0", false), ("", false),
        ("localhost.example.com", false), ("::2", false),
    ])
    func loopback(host: String, expected: Bool) {
        #expect(URLPolicy.isLoopback(host: host) == expected)
    }

    @Test(arguments: [
        ("https://itunes.apple.com/lookup", false, true),
        ("http://127.0.0.1:8080/lookup", false, true),
        ("http://localhost/lookup", false, true),
        ("http://[::1]:9/lookup", false, true),
        ("http://192.0.2.1/lookup", false, false),
        ("http://192.0.2.1/lookup", true, true),
        ("http://127.0.0.1.example.com/", false, false),
        ("ftp://127.0.0.1/x", true, false),
    ])
    func requests(url: String, allowInsecure: Bool, allowed: Bool) {
        let failure = URLPolicy.checkRequest(URL(string: url)!, allowInsecure: allowInsecure)
        #expect((failure == nil) == allowed)
        #expect(failure.map { $0.kind == .usage } ?? true)
    }

    @Test(arguments: [
        ("https://a.example/x", "https://b.example/y", false, nil),
        ("http://127.0.0.1/x", "https://b.example/y", false, nil),
        ("http://127.0.0.1/x", "http://localhost:9/y", false, nil),
        ("https://a.example/x", "http://b.example/y", false, "https to http"),
        ("https://a.example/x", "http://127.0.0.1/y", false, "https to http"),
        ("http://127.0.0.1/x", "http://192.0.2.1/y", false, "plain http to a non-loopback host"),
        ("https://a.example/x", "http://b.example/y", true, nil),
        ("https://a.example/x", "file:///etc/passwd", true, "not an http(s) URL"),
    ] as [(String, String, Bool, String?)])
    func redirects(from: String, to: String, allowInsecure: Bool, refusal: String?) {
        let error = URLPolicy.checkRedirect(from: URL(string: from)!, to: URL(string: to)!, allowInsecure: allowInsecure)
        #expect(error == refusal.map { TransportError.insecureRedirect(to: to, reason: $0) })
    }

    @Test func credentialsAreNeverShown() {
        #expect(Redaction.display(URL(string: "https://me:pw@example.com/a?b=1")!) == "https://example.com/a?b=1")
        #expect(Redaction.display(URL(string: "https://example.com/a")!) == "https://example.com/a")
    }
}

@Suite struct LookupURLTests {
    @Test(arguments: [
        (AppStoreQuery(identifier: .id("284882215")), "https://itunes.apple.com/lookup?id=284882215&country=us"),
        (AppStoreQuery(identifier: .bundleId("com.example.app"), country: "FR", platform: .mac),
         "https://itunes.apple.com/lookup?bundleId=com.example.app&country=fr&entity=macSoftware"),
        (AppStoreQuery(identifier: .bundleId("x&country=zz#"), endpoint: "http://127.0.0.1:5/l?lang=en"),
         "http://127.0.0.1:5/l?lang=en&bundleId=x%26country%3Dzz%23&country=us"),
    ])
    func builds(query: AppStoreQuery, url: String) throws {
        #expect(try AppStoreLookup.url(for: query).absoluteString == url)
    }

    @Test func aBadEndpointIsAUsageError() {
        #expect(throws: Failure(.usage, "--lookup-url 'not a url': not a URL (expected e.g. https://itunes.apple.com/lookup)")) {
            try AppStoreLookup.url(for: AppStoreQuery(identifier: .id("1"), endpoint: "not a url"))
        }
    }
}

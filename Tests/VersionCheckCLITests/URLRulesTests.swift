import Testing
import VersionCheckCore
@testable import VersionCheckCLI
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// Which URLs may be fetched, checked in the main binary before any helper starts.
@Suite(.blockingBodies) struct URLRulesTests {
    @Test(arguments: [
        ("127.0.0.1", true), ("127.255.0.9", true), ("localhost", true), ("LOCALHOST.", false), ("127.0.0.1.", false), ("127.0.0.01", false), ("::1", true),
        ("[::1]", true), ("128.0.0.1", false), ("127.0.0.1.example.com", false), ("127.1", false),
        ("127.0.0.256", false), ("example.com", false), ("192.0.2.1", false), ("0.0.0.0", false), ("", false),
        ("localhost.example.com", false), ("::2", false),
    ])
    func loopback(host: String, expected: Bool) {
        #expect(WebAddress.isLoopback(host: host) == expected)
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
    func requests(url: String, allowInsecure: Bool, allowed: Bool) throws {
        let address = try #require(WebAddress(url))
        do {
            try URLRules.checkRequest(address, allowInsecure: allowInsecure)
            #expect(allowed)
        } catch {
            #expect(!allowed)
            #expect(error.kind == .usage)
        }
    }
}

@Suite(.blockingBodies) struct LookupURLTests {
    @Test(arguments: [
        (AppStoreQuery(identifier: .id("284882215")), "https://itunes.apple.com/lookup?id=284882215&country=us"),
        (AppStoreQuery(identifier: .bundleId("com.example.app"), country: "FR", platform: .mac),
         "https://itunes.apple.com/lookup?bundleId=com.example.app&country=fr&entity=macSoftware"),
        (AppStoreQuery(identifier: .bundleId("x&country=zz#"), endpoint: "http://127.0.0.1:5/l?lang=en"),
         "http://127.0.0.1:5/l?lang=en&bundleId=x%26country%3Dzz%23&country=us"),
    ])
    func builds(query: AppStoreQuery, url: String) throws {
        #expect(try LookupURL.url(for: query, allowInsecure: false).text == url)
    }

    @Test func aBadEndpointIsAUsageError() {
        #expect(throws: Failure(.usage, "--lookup-url 'not a url': not a URL (expected e.g. https://itunes.apple.com/lookup)")) {
            try LookupURL.url(for: AppStoreQuery(identifier: .id("1"), endpoint: "not a url"), allowInsecure: false)
        }
    }
}

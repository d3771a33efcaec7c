import Testing
import VersionCheckCore

/// The one rule of which URLs are fetched, as both processes apply it.
@Suite struct FetchRuleTests {
    @Test(arguments: [
        // scheme, host, redirected from, --allow-insecure, refusal
        ("https", "example.com", nil, false, nil),
        ("HTTPS", "example.com", "http", false, nil),
        ("https", "", nil, true, FetchRule.Refusal.noHost),
        ("http", "127.0.0.1", nil, false, nil),
        ("http", "localhost", nil, false, nil),
        ("http", "::1", nil, false, nil),
        ("http", "example.com", nil, false, .plainHTTPToNonLoopback),
        ("http", "example.com", nil, true, nil),
        ("http", "127.0.0.1", "https", false, .httpsToHTTP),
        ("http", "127.0.0.1", "https", true, nil),
        ("http", "", nil, true, .noHost),
        ("ftp", "example.com", nil, true, .otherScheme),
        ("file", "", nil, true, .otherScheme),
        (nil, "example.com", nil, true, .otherScheme),
    ] as [(String?, String, String?, Bool, FetchRule.Refusal?)])
    func rule(scheme: String?, host: String, from: String?, allowInsecure: Bool, refusal: FetchRule.Refusal?) {
        #expect(FetchRule.refusal(scheme: scheme, host: host, fromScheme: from, allowInsecure: allowInsecure) == refusal)
    }
}

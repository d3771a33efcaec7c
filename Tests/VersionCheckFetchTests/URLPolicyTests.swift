import Foundation
import Testing
import VersionCheckCore
@testable import VersionCheckFetch

@Suite(.blockingBodies) struct URLPolicyTests {
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
        #expect(Redaction.display(URL(string: "https://me:pw@example.com/a?b=1")!) == "https://me:***@example.com/a?b=1")
        #expect(Redaction.display(URL(string: "https://example.com/a")!) == "https://example.com/a")
    }
}

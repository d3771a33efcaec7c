import Foundation
import Testing
import VersionCheckCLI
import VersionCheckCore
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckTestSupport

/// What the server receives, what `-v` shows, and the refusals that happen
/// before any connection: all through the built binary.
@Suite(.blockingBodies) struct NetworkRequestTests {
    struct QueryRow: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var query: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let queries: [QueryRow] = [
        QueryRow(arguments: ["--id", "1450000001"], query: "id=1450000001&country=us"),
        QueryRow(arguments: ["--bundle-id", "com.example.notes", "--country", "GB"],
                 query: "bundleId=com.example.notes&country=gb"),
        QueryRow(arguments: ["--bundle-id", "com.example.clipboard", "--platform", "mac", "--country", "de"],
                 query: "bundleId=com.example.clipboard&country=de&entity=macSoftware"),
        QueryRow(arguments: ["--id", "1450000001", "--platform", "ios"], query: "id=1450000001&country=us"),
        // No value can add a parameter: & = + # space and non-ASCII are all percent-encoded.
        QueryRow(arguments: ["--bundle-id", "a&id=1+2 #é"], query: "bundleId=a%26id%3D1%2B2%20%23%C3%A9&country=us"),
    ]

    @Test(arguments: queries)
    func lookupSendsTheQueryAndUserAgent(row: QueryRow) throws {
        let server = try LoopbackServer()
        let result = try runProduct(
            "versioncheck", ["lookup", "--current", "1.0", "--timeout", "5"] + row.arguments,
            environment: ["VERSIONCHECK_LOOKUP_URL": server.url("/lookup")])
        #expect([0, 69, 100, 101].contains(result.status), "\(result)")
        let request = try #require(server.requests().first)
        #expect(request.path == "/lookup")
        #expect(request.query == row.query)
        #expect(request.header("User-Agent") == "versioncheck/\(ToolInfo.version)")
        #expect(server.requests().count == 1)
    }

    @Test func flagWinsOverEnvironment() throws {
        let used = try LoopbackServer()
        let ignored = try LoopbackServer()
        let result = try runProduct(
            "versioncheck", ["lookup", "--id", "1450000001", "--current", "2.4.1", "--lookup-url", used.url("/lookup")],
            environment: ["VERSIONCHECK_LOOKUP_URL": ignored.url("/lookup")])
        #expect(result.status == 0, "\(result)")
        #expect(used.requests().count == 1)
        #expect(ignored.requests().isEmpty)
    }

    @Test func verboseShowsRequestsAndRetriesWithoutCredentials() throws {
        let server = try LoopbackServer(routes: [
            "/lookup": [.init(status: 503, headers: ["Retry-After": "0"], body: ""), .init(file: "itunes-ios.json")],
        ])
        let url = "http://robot:s3cret@127.0.0.1:\(server.port)/lookup"
        let result = try runProduct(
            "versioncheck", ["lookup", "--id", "1450000001", "--current", "1.0", "-v", "--lookup-url", url, "--json"])
        #expect(result.status == 101, "\(result)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let shown = "http://robot:***@127.0.0.1:\(server.port)/lookup?id=1450000001&country=us"
        #expect(lines.count == 3, "\(result)")
        #expect(lines.first?.hasPrefix("versioncheck: GET \(shown) -> 503, 0 bytes, ") == true, "\(result)")
        #expect(lines.contains { $0.hasPrefix("versioncheck: retry 1 of 2 for \(shown) in 0.00 s (Retry-After): HTTP 503") })
        #expect(lines.last?.hasPrefix("versioncheck: GET \(shown) -> 200, 2") == true, "\(result)")
        #expect(lines.last?.hasSuffix(" ms") == true)
        #expect(!result.stderr.contains("s3cret"))
        #expect(!result.stdout.contains("s3cret"))
    }

    @Test func nothingListeningIsUnreachable() throws {
        let url = "http://127.0.0.1:\(unusedLoopbackPort())/lookup"
        let result = try runProduct(
            "versioncheck", ["lookup", "--id", "1", "--current", "1.0", "--retries", "1", "--lookup-url", url, "--json"])
        #expect(result.status == 75, "\(result)")
        #expect(result.stdout.contains("\"kind\": \"unreachable\""))
        #expect(result.stderr.contains(url) && result.stderr.contains("connection refused"), "\(result)")
        #expect(result.stderr.contains("2 attempts"))
    }

    /// Refused before any connection: 192.0.2.1 (TEST-NET-1) is never contacted, and a
    /// connection attempt would show as a timeout instead of 64.
    @Test(arguments: [
        ["lookup", "--id", "1", "--current", "1.0", "--lookup-url", "http://192.0.2.1/lookup"],
        ["manifest", "--url", "http://192.0.2.1/manifest.json", "--current", "1.0"],
        ["manifest", "--url", "ftp://127.0.0.1/manifest.json", "--current", "1.0"],
    ])
    func plainHTTPOffLoopbackIsAUsageError(arguments: [String]) throws {
        let started = Date()
        let result = try runProduct("versioncheck", arguments + ["--timeout", "20", "--json"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.contains("\"kind\": \"usage\""))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func textOutputOfAnOptionalUpdate() throws {
        let server = try LoopbackServer()
        let result = try runProduct(
            "versioncheck", ["lookup", "--id", "1450000001", "--current", "2.3", "--lookup-url", server.url("/lookup")])
        #expect(result.status == 100, "\(result)")
        #expect(result.stdoutLines == [
            "optional update: 2.3 -> 2.4.1 (2.4.1 is a minor update)",
            "url: https://apps.apple.com/us/app/example-notes-quick-capture/id1450000001?uo=4",
            "",
            "release 2.4.1 (2018-10-02T23:28:05Z):",
            "  What’s new in 2.4.1:",
            "  • Fixed a crash when syncing large notebooks",
            "  • Improved VoiceOver labels — thanks for the feedback!",
            "",
            "  Bug fixes: 修正とパフォーマンスの改善",
        ])
    }

    @Test func quietPrintsNothingButKeepsTheExitCode() throws {
        let server = try LoopbackServer()
        let result = try runProduct(
            "versioncheck",
            ["lookup", "-q", "--json", "--id", "1450000001", "--current", "1.0", "--lookup-url", server.url("/lookup")])
        #expect(result.status == 101)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
    }

    /// An https server whose certificate nobody trusts: a TLS failure is unreachable
    /// (75), reported at once (another attempt cannot fix a certificate).
    @Test(.enabled(if: OpenSSL.works, "openssl is not installed (it makes the server's certificate)"))
    func untrustedCertificateIsUnreachable() throws {
        let tls = try #require(selfSignedCertificate(), "openssl could not make a certificate")
        let server = try LoopbackServer(tls: tls)
        let url = "https://127.0.0.1:\(server.port)/lookup"
        let result = try runProduct(
            "versioncheck", ["lookup", "--id", "1", "--current", "1.0", "--lookup-url", url, "--json", "--timeout", "5"])
        #expect(result.status == 75, "\(result)")
        #expect(result.stdout.contains("\"kind\": \"unreachable\""), "\(result)")
        #expect(result.stderr.contains(url) && result.stderr.contains("TLS"), "\(result)")
        #expect(!result.stderr.contains("attempts"), "\(result)")
    }
}

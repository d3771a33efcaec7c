import Foundation
import Testing
import VersionCheckTestSupport

/// The publishing gate through the built `versioncheck` binary against a loopback
/// server: its verdict line, `gateReason`, and `--allow-new` for an app's first release
/// (the App Store's `resultCount` 0, a manifest URL's 404/410 — never a missing file,
/// never a server failure).
@Suite(.blockingBodies) struct GateEndToEndTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        /// The route `/app` answers with.
        var response: LoopbackServer.Response
        var arguments: [String]
        var status: Int32
        /// The first line of the text output (nil: the error line is checked instead).
        var verdict: String?
        var stderr: String? = nil
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "lookup: not on the store, --allow-new passes",
            response: .init(file: "itunes-empty.json"), arguments: ["lookup", "--id", "1999999999", "--current", "1.0.0", "--allow-new"],
            status: 0, verdict: "gate passed: 1.0.0 is the first release: app id 1999999999 is not on the App Store yet"),
        Row(name: "lookup by bundle id: not on the store, --allow-new passes",
            response: .init(file: "itunes-empty.json"), arguments: ["lookup", "--bundle-id", "com.example.new", "--current", "1.0", "--allow-new"],
            status: 0, verdict: "gate passed: 1.0 is the first release: bundle id com.example.new is not on the App Store yet"),
        Row(name: "lookup: not on the store without --allow-new is 69",
            response: .init(file: "itunes-empty.json"), arguments: ["lookup", "--id", "1999999999", "--current", "1.0.0"],
            status: 69, stderr: "no app with id 1999999999"),
        Row(name: "lookup: not on the store without --allow-new points to it",
            response: .init(file: "itunes-empty.json"), arguments: ["lookup", "--bundle-id", "com.example.new", "--current", "1.0"],
            status: 69, stderr: "; --allow-new passes the gate for an app's first release\n"),
        Row(name: "lookup: the endpoint's 404 is a broken endpoint, never a first release",
            response: .init(status: 404, body: "<html>Not Found</html>"),
            arguments: ["lookup", "--id", "1999999999", "--current", "1.0.0", "--allow-new"],
            status: 69, stderr: "HTTP 404 Not Found\n"),
        Row(name: "lookup: the endpoint's 410 is a broken endpoint, never a first release",
            response: .init(status: 410, body: "gone"),
            arguments: ["lookup", "--id", "1999999999", "--current", "1.0.0", "--allow-new"],
            status: 69, stderr: "HTTP 410 Gone\n"),
        Row(name: "lookup: --allow-new does not pass a version App Store Connect refuses",
            response: .init(file: "itunes-empty.json"), arguments: ["lookup", "--id", "1999999999", "--current", "1.0.0.1", "--allow-new"],
            status: 1, verdict: "gate failed: 1.0.0.1 is not a version App Store Connect accepts (invalid version '1.0.0.1': 4 numeric components, App Store Connect accepts one to three (ITMS-90060))"),
        Row(name: "lookup: an app on the store is gated as usual with --allow-new",
            response: .init(file: "itunes-ios.json"), arguments: ["lookup", "--id", "1450000001", "--current", "2.4.1", "--allow-new"],
            status: 1, verdict: "gate failed: 2.4.1 is not newer than the latest 2.4.1"),
        Row(name: "manifest URL 404 with --allow-new passes",
            response: .init(status: 404, body: "gone"), arguments: ["manifest", "--url", "URL", "--current", "1.0", "--allow-new"],
            status: 0, verdict: "gate passed: 1.0 is the first release: the manifest does not exist yet"),
        Row(name: "manifest URL 410 with --allow-new passes",
            response: .init(status: 410, body: "gone"), arguments: ["manifest", "--url", "URL", "--current", "1.0", "--allow-new"],
            status: 0, verdict: "gate passed: 1.0 is the first release: the manifest does not exist yet"),
        Row(name: "manifest URL 503 with --allow-new is still 75",
            response: .init(status: 503, body: "busy"), arguments: ["manifest", "--url", "URL", "--current", "1.0", "--allow-new"],
            status: 75, stderr: "503"),
        Row(name: "manifest URL 404 without --allow-new is 69",
            response: .init(status: 404, body: "gone"), arguments: ["manifest", "--url", "URL", "--current", "1.0"],
            status: 69, stderr: "404"),
        Row(name: "a missing local manifest never passes, even with --allow-new",
            response: .init(status: 404), arguments: ["manifest", "--url", "/nonexistent/app.json", "--current", "1.0", "--allow-new"],
            status: 69, stderr: "no such file"),
    ]

    @Test(arguments: rows)
    func gate(row: Row) throws {
        let server = try LoopbackServer(routes: ["/app": [row.response]])
        let url = server.url("/app")
        let arguments = row.arguments.map { $0 == "URL" ? url : $0 } + ["--gate", "--retries", "0", "--timeout", "5"]
        let environment = ["VERSIONCHECK_LOOKUP_URL": url]
        let text = try runProduct("versioncheck", arguments, environment: environment)
        #expect(text.status == row.status, "\(text)")
        if let verdict = row.verdict {
            #expect(text.stdoutLines.first == verdict, "\(text)")
            #expect(!text.stdout.contains("release "), "a gate prints no release notes: \(text)")
        } else {
            #expect(text.stdout.isEmpty)
            #expect(text.stderr.hasPrefix("versioncheck: error: "), "\(text)")
            #expect(text.stderr.contains(row.stderr ?? ""), "\(text)")
        }
        let json = try runProduct("versioncheck", arguments + ["--json"], environment: environment)
        #expect(json.status == row.status)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json)")
        if let verdict = row.verdict {
            let passed = verdict.hasPrefix("gate passed: ")
            #expect(object["gate"] as? Bool == passed)
            #expect(object["gateReason"] as? String == String(verdict.dropFirst("gate passed: ".count)))
            if verdict.contains("first release") {
                #expect(object["status"] as? String == "none")
                #expect(object["latest"] is NSNull)
                #expect((object["releases"] as? [Any])?.isEmpty == true)
            }
        } else {
            #expect(object["status"] as? String == "error")
            #expect(object["gate"] == nil)
        }
    }

    /// Issue 31: a manifest gate passed after a redirect that ended in 404. Only the URL
    /// given answering 404/410 itself is a first release; a 404 reached by a redirect is
    /// a broken link (69), with or without `--allow-new`.
    @Test(arguments: [404, 410])
    func aNotFoundReachedAfterARedirectNeverPasses(status: Int) throws {
        let server = try LoopbackServer(routes: [
            "/app.json": [.init(status: 301, redirect: "/moved/app.json")],
            "/moved/app.json": [.init(status: status, body: "gone")],
        ])
        let url = server.url("/app.json")
        let result = try runProduct(
            "versioncheck", ["manifest", "--url", url, "--current", "1.0", "--gate", "--allow-new", "--retries", "0", "--timeout", "5"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasPrefix("versioncheck: error: \(url): HTTP \(status) "), "\(result)")
        #expect(result.stderr.contains("answered by \(server.url("/moved/app.json")) after a redirect"), "\(result)")
    }

    /// The hint to `--allow-new` is for the App Store's "no such app" alone: not for an
    /// endpoint's 404 (which `--allow-new` never passes), nor for a check without `--gate`.
    @Test func theAllowNewHintOnlyWhereItHelps() throws {
        let server = try LoopbackServer(routes: ["/app": [.init(status: 404, body: "gone")], "/empty": [.init(file: "itunes-empty.json")]])
        let broken = try runProduct(
            "versioncheck", ["lookup", "--id", "1", "--current", "1.0", "--gate", "--retries", "0"],
            environment: ["VERSIONCHECK_LOOKUP_URL": server.url("/app")])
        #expect(broken.status == 69, "\(broken)")
        #expect(!broken.stderr.contains("--allow-new"), "\(broken)")
        let ungated = try runProduct(
            "versioncheck", ["lookup", "--id", "1", "--current", "1.0", "--retries", "0"],
            environment: ["VERSIONCHECK_LOOKUP_URL": server.url("/empty")])
        #expect(ungated.status == 69, "\(ungated)")
        #expect(!ungated.stderr.contains("--allow-new"), "\(ungated)")
    }

    @Test func allowNewWithoutGateIsAUsageErrorNamingGate() throws {
        let result = try runProduct("versioncheck", ["lookup", "--id", "1", "--current", "1.0", "--allow-new"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("versioncheck: error: "))
        #expect(result.stderr.contains("'--gate'"), "\(result)")
        let manifest = try runProduct("versioncheck", ["manifest", "--url", "/x.json", "--current", "1.0", "--allow-new"])
        #expect(manifest.status == 64)
    }
}

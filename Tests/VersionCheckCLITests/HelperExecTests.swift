import Foundation
import Testing
import VersionCheckCLI
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckCore
import VersionCheckTestSupport

/// `lookup` and `manifest` in the main binary: parse and check everything, then start
/// the helper as a child with one `FetchRequest` and decide from its report; bad usage
/// never starts it.
@Suite("versioncheck starts versioncheck-fetch for a GET", .blockingBodies)
struct HelperExecTests {
    /// A fake helper: records its arguments, answers with `report` (exit `status`).
    static func fakeHelper(report: [UInt8], status: Int32 = 0) throws -> (helper: URL, marker: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-helper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let marker = folder.appendingPathComponent("ran")
        let answer = folder.appendingPathComponent("report")
        try Data(report).write(to: answer)
        let helper = folder.appendingPathComponent("fake-fetch")
        let script = """
            #!/bin/sh
            printf '%s\\n' "$0" "$@" > '\(marker.path)'
            cat '\(answer.path)'
            exit \(status)
            """
        try writeExecutable(script, to: helper.path)
        return (helper, marker)
    }

    static func response(_ body: String, status: Int = 200) -> [UInt8] {
        FetchReport.response(FetchedResponse(status: status, url: "http://127.0.0.1:9/x", body: Array(body.utf8))).encoded
    }

    static let userAgent = "versioncheck/\(ToolInfo.version)"

    struct Row: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var body: String
        var helperArguments: [String]
        var status: Int32
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let rows = [
        Row(
            arguments: ["lookup", "--id", "12", "--current", "1.0", "--json"],
            body: #"{"resultCount": 1, "results": [{"trackId": 12, "version": "1.1"}]}"#,
            helperArguments: ["--timeout", "10.0", "--retries", "2", "--user-agent", userAgent, "--",
                              "https://itunes.apple.com/lookup?id=12&country=us"],
            status: 100),
        Row(
            arguments: ["-v", "manifest", "--url=http://127.0.0.1:9/m.json", "--current", "2", "--timeout", "2.5", "--retries", "0", "--"],
            body: #"{"latestVersion": "3.0"}"#,
            helperArguments: ["--timeout", "2.5", "--retries", "0", "--user-agent", userAgent, "--verbose", "--",
                              "http://127.0.0.1:9/m.json"],
            status: 101),
    ]

    @Test(arguments: rows)
    func aValidCheckStartsTheHelperWithOneRequest(row: Row) throws {
        let (helper, marker) = try Self.fakeHelper(report: Self.response(row.body))
        let result = try runProduct("versioncheck", row.arguments, environment: ["VERSIONCHECK_FETCH_HELPER": helper.path])
        #expect(result.status == row.status, "\(result)")
        let recorded = try String(contentsOf: marker, encoding: .utf8)
        #expect(recorded == ([helper.path] + row.helperArguments).joined(separator: "\n") + "\n")
    }

    @Test func theHelpersFailureIsReportedWithItsKind() throws {
        let report = FetchReport.failure(Failure(.timeout, "http://127.0.0.1:9/m.json: timed out after 1 s (1 attempt)"))
        let (helper, _) = try Self.fakeHelper(report: report.encoded)
        let result = try runProduct(
            "versioncheck", ["manifest", "--url", "http://127.0.0.1:9/m.json", "--current", "1", "--json"],
            environment: ["VERSIONCHECK_FETCH_HELPER": helper.path])
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr == "versioncheck: error: http://127.0.0.1:9/m.json: timed out after 1 s (1 attempt)\n")
        #expect(result.stdout.hasPrefix(#"{"status": "error", "error": {"code": 75, "kind": "timeout", "#))
    }

    @Test(arguments: [
        (Array("not a report\n\n".utf8), Int32(0), "answered with no report"),
        (response(#"{"latestVersion": "3.0"}"#), Int32(3), "failed (exit 3)"),
        (Array(response(#"{"latestVersion": "3.0"}"#).dropLast(3)), Int32(0), "answered with no report"),
    ])
    func aBrokenHelperIsAnInternalError(report: [UInt8], status: Int32, reason: String) throws {
        let (helper, _) = try Self.fakeHelper(report: report, status: status)
        let result = try runProduct(
            "versioncheck", ["manifest", "--url", "http://127.0.0.1:9/m.json", "--current", "1"],
            environment: ["VERSIONCHECK_FETCH_HELPER": helper.path])
        #expect(result.status == 70, "\(result)")
        #expect(result.stderr == "versioncheck: error: the network helper '\(helper.path)' \(reason)\n")
    }

    static let badUsage: [([String], Int32)] = [
        (["lookup", "--id", "12"], 64),
        (["lookup", "--id", "12", "--current", "1", "--timeout", "0"], 64),
        (["manifest", "--url", "x", "--current", "1", "--bogus"], 64),
        (["lookup", "--id", "12", "--current", "1..2"], 65),
        (["manifest", "--url", "x", "--current", "1", "--skip", " "], 65),
        (["lookup", "--id", "12", "--current", "1", "--help"], 0),
        (["manifest", "--url", "ftp://127.0.0.1/m.json", "--current", "1"], 64),
        (["manifest", "--url", "http://192.0.2.1/m.json", "--current", "1"], 64),
        (["lookup", "--id", "12", "--current", "1", "--lookup-url", "gopher://127.0.0.1/"], 64),
        (["manifest", "--url", "/nonexistent/m.json", "--current", "1"], 69),
    ]

    @Test(arguments: badUsage)
    func badUsageNeverStartsTheHelper(arguments: [String], status: Int32) throws {
        let (helper, marker) = try Self.fakeHelper(report: Self.response("{}"))
        let result = try runProduct("versioncheck", arguments, environment: ["VERSIONCHECK_FETCH_HELPER": helper.path])
        #expect(result.status == status, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }

    @Test func aMissingHelperIsAnInternalError() throws {
        let result = try runProduct(
            "versioncheck", ["lookup", "--id", "12", "--current", "1", "--json"],
            environment: ["VERSIONCHECK_FETCH_HELPER": "/nonexistent/versioncheck-fetch"])
        #expect(result.status == 70)
        #expect(result.stderr == "versioncheck: error: VERSIONCHECK_FETCH_HELPER is '/nonexistent/versioncheck-fetch', which is not an executable file\n")
        #expect(result.stdout.hasPrefix(#"{"status": "error", "error": {"code": 70, "kind": "internal", "#))
    }
}

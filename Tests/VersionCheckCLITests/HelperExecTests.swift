import Foundation
import Testing
import VersionCheckTestSupport

/// `lookup` and `manifest` in the main binary: parse, then exec the helper with the
/// same arguments; bad usage never starts it.
@Suite("versioncheck execs versioncheck-fetch")
struct HelperExecTests {
    /// A fake helper: records that it ran and its arguments, exits 100.
    static func fakeHelper() throws -> (helper: URL, marker: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-helper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let marker = folder.appendingPathComponent("ran")
        let helper = folder.appendingPathComponent("fake-fetch")
        let script = """
            #!/bin/sh
            printf '%s\\n' "$0" "$@" > '\(marker.path)'
            echo "helper stdout"
            exit 100
            """
        try script.write(to: helper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper.path)
        return (helper, marker)
    }

    @Test(arguments: [
        ["lookup", "--id", "12", "--current", "1.0", "--json"],
        ["-v", "manifest", "--url=./m.json", "--current", "2", "--", ],
    ])
    func validCommandLineExecsTheHelperWithTheSameArguments(arguments: [String]) throws {
        let (helper, marker) = try Self.fakeHelper()
        let result = try runProduct("versioncheck", arguments, environment: ["VERSIONCHECK_FETCH_HELPER": helper.path])
        #expect(result.status == 100, "\(result)")
        #expect(result.stdout == "helper stdout\n")
        let recorded = try String(contentsOf: marker, encoding: .utf8)
        #expect(recorded == ([helper.path] + arguments).joined(separator: "\n") + "\n")
    }

    static let badUsage: [([String], Int32)] = [
        (["lookup", "--id", "12"], 64),
        (["lookup", "--id", "12", "--current", "1", "--timeout", "0"], 64),
        (["manifest", "--url", "x", "--current", "1", "--bogus"], 64),
        (["lookup", "--id", "12", "--current", "1..2"], 65),
        (["manifest", "--url", "x", "--current", "1", "--skip", "v"], 65),
        (["lookup", "--id", "12", "--current", "1", "--help"], 0),
    ]

    @Test(arguments: badUsage)
    func badUsageNeverStartsTheHelper(arguments: [String], status: Int32) throws {
        let (helper, marker) = try Self.fakeHelper()
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

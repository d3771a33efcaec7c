import Foundation
import Testing
import VersionCheckTestSupport

/// Issue 31: `lookup` read `results[0]` whatever app it named, so another app's version
/// answered ("up to date" from someone else's release). Of `results`, only the entry
/// that is the app asked for is read — `trackId` equal to `--id` as an integer, or
/// `bundleId` equal to the bundle id asked for (ASCII case ignored), of the store asked
/// (`kind`) — and results of which none is it are a bad response (76) naming what came.
@Suite(.blockingBodies) struct LookupIdentityTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var fixture: String
        var arguments: [String]
        var status: Int32
        /// The first line of stdout (nil: the error line is checked instead).
        var firstLine: String?
        /// The whole error line (nil: none expected).
        var stderr: String?
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "another app's answer is refused, never read as the app's version",
            fixture: "itunes-other-app.json", arguments: ["--id", "1450000001", "--current", "2.4.1"], status: 76,
            stderr: "URL?id=1450000001&country=us: the App Store answered for another app: id 1450000009 (bundle id 'com.example.notes.lite', 'Example Notes Lite'), not id 1450000001"),
        Row(name: "asked by bundle id, another app's answer is refused",
            fixture: "itunes-other-app.json", arguments: ["--bundle-id", "com.example.notes", "--current", "2.4.1"], status: 76,
            stderr: "URL?bundleId=com.example.notes&country=us: the App Store answered for another app: id 1450000009 (bundle id 'com.example.notes.lite', 'Example Notes Lite'), not bundle id 'com.example.notes'"),
        Row(name: "the entry that is the app is read wherever it stands",
            fixture: "itunes-two-results.json", arguments: ["--id", "1450000001", "--current", "2.4.0"], status: 100,
            firstLine: "optional update: 2.4.0 -> 2.4.1 (2.4.1 is a patch update)"),
        Row(name: "--id is compared as an integer",
            fixture: "itunes-two-results.json", arguments: ["--id", "01450000001", "--current", "2.4.1"], status: 0,
            firstLine: "up to date: 2.4.1 (latest 2.4.1)"),
        Row(name: "a bundle id matches whatever its ASCII case",
            fixture: "itunes-two-results.json", arguments: ["--bundle-id", "COM.Example.Notes", "--current", "2.4.1"], status: 0,
            firstLine: "up to date: 2.4.1 (latest 2.4.1)"),
        Row(name: "the app of the other store: the hint names --platform",
            fixture: "itunes-mac.json", arguments: ["--id", "1460000002", "--current", "3.10"], status: 76,
            stderr: "URL?id=1460000002&country=us: the App Store answered for another app: id 1460000002 (bundle id 'com.example.clipboard', 'Example Clipboard') is 'mac-software', not 'software'; try --platform mac"),
        Row(name: "the same app asked for the Mac store is read",
            fixture: "itunes-mac.json", arguments: ["--id", "1460000002", "--current", "3.10", "--platform", "mac"], status: 0,
            firstLine: "up to date: 3.10 (latest 3.10)"),
        Row(name: "an iOS app asked for the Mac store: the hint names --platform ios",
            fixture: "itunes-ios.json", arguments: ["--bundle-id", "com.example.notes", "--current", "2.4.1", "--platform", "mac"], status: 76,
            stderr: "URL?bundleId=com.example.notes&country=us&entity=macSoftware: the App Store answered for another app: id 1450000001 (bundle id 'com.example.notes', 'Example Notes – Quick Capture') is 'software', not 'mac-software'; try --platform ios"),
    ]

    @Test(arguments: rows)
    func identity(row: Row) throws {
        let server = try LoopbackServer(routes: ["/lookup": [.init(file: row.fixture)]])
        let endpoint = server.url("/lookup")
        let result = try runProduct(
            "versioncheck", ["lookup"] + row.arguments + ["--retries", "0", "--timeout", "5"],
            environment: ["VERSIONCHECK_LOOKUP_URL": endpoint])
        #expect(result.status == row.status, "\(result)")
        if let firstLine = row.firstLine {
            #expect(result.stdoutLines.first == firstLine, "\(result)")
            #expect(result.stderr.isEmpty, "\(result)")
        }
        if let stderr = row.stderr {
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(result.stderr == "versioncheck: error: " + stderr.replacingOccurrences(of: "URL", with: endpoint) + "\n", "\(result)")
        }
    }

    /// A gate never passes on another app's answer: before, `lookup --gate` compared
    /// with the other app's 1.0.3 and passed (exit 0).
    @Test func aGateNeverPassesOnAnotherAppsAnswer() throws {
        let server = try LoopbackServer(routes: ["/lookup": [.init(file: "itunes-other-app.json")]])
        let result = try runProduct(
            "versioncheck", ["lookup", "--id", "1450000001", "--current", "2.0", "--gate", "--json", "--retries", "0"],
            environment: ["VERSIONCHECK_LOOKUP_URL": server.url("/lookup")])
        #expect(result.status == 76, "\(result)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
        #expect(object["status"] as? String == "error")
        #expect((object["error"] as? [String: Any])?["kind"] as? String == "bad-response")
    }
}

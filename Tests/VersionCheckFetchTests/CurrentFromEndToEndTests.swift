import Foundation
import Testing
import VersionCheckTestSupport

/// `--current-from` through the built `versioncheck` binary: `lookup` against a
/// loopback lookup server (`VERSIONCHECK_LOOKUP_URL`) finds the app by the plist's
/// bundle id and platform, `manifest` reads a local file; every failure is reported
/// before any request reaches the server.
@Suite(.blockingBodies) struct CurrentFromEndToEndTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var options: [String]
        var status: Int32
        /// The JSON `current`, or the error kind.
        var current: String? = nil
        var kind: String? = nil
        /// The query the server must have received (nil: no request at all).
        var query: [String]? = nil
        var stderr: String? = nil
        var testDescription: String { name }
    }

    static func fixture(_ name: String) -> String { TestPaths.fixture(name).path }

    static let lookupRows: [Row] = [
        Row(name: "iOS bundle: bundle id from the plist, 2.4 -> 2.4.1", options: ["--current-from", fixture("ios/Example.app")],
            status: 100, current: "2.4", query: ["bundleId=com.example.notes", "country=us"]),
        Row(name: "macOS bundle implies --platform mac", options: ["--current-from", fixture("macos/Example.app")],
            status: 100, current: "3.9", query: ["bundleId=com.example.clipboard", "country=us", "entity=macSoftware"]),
        // The server answers with another app (itunes-ios.json): never read as this one's.
        Row(name: "macOS bundle with --platform ios (asked without entity; another app's answer is refused)",
            options: ["--current-from", fixture("macos/Example.app"), "--platform", "ios"], status: 76, kind: "bad-response",
            query: ["bundleId=com.example.clipboard", "country=us"], stderr: "the App Store answered for another app: id 1450000001"),
        Row(name: "binary Info.plist with --id", options: ["--current-from", fixture("info-binary.plist"), "--id", "1450000001"],
            status: 100, current: "2.4", query: ["country=us", "id=1450000001"]),
        Row(name: "--current-key build: the App Store's version is a marketing version (64, no request)",
            options: ["--current-from", fixture("info.plist"), "--current-key", "build"],
            status: 64, kind: "usage", stderr: "--current-key build: lookup compares the App Store's version"),
        Row(name: "--gate with the built app", options: ["--current-from", fixture("info.plist"), "--gate"],
            status: 1, current: "2.4", query: ["bundleId=com.example.notes", "country=us"]),
        Row(name: "no such path", options: ["--current-from", fixture("nowhere/Example.app")], status: 66,
            kind: "no-input", stderr: "no such file or folder"),
        Row(name: "a folder with no Info.plist", options: ["--current-from", fixture("macos")], status: 66,
            kind: "no-input", stderr: "a folder with no Contents/Info.plist"),
        Row(name: "not a property list", options: ["--current-from", fixture("itunes-ios.json")], status: 65,
            kind: "invalid-input", stderr: "not a property list"),
        Row(name: "a plist without the key", options: ["--current-from", fixture("manifest-iversion.plist"), "--id", "1"],
            status: 65, kind: "invalid-input", stderr: "no CFBundleShortVersionString"),
        Row(name: "an unexpanded build setting", options: ["--current-from", fixture("info-build-setting.plist"), "--id", "1"],
            status: 65, kind: "invalid-input", stderr: "pass the built product's Info.plist"),
        Row(name: "both --current and --current-from", options: ["--current-from", fixture("info.plist"), "--current", "1"],
            status: 64, kind: "usage", stderr: "cannot be used together"),
    ]

    @Test(arguments: lookupRows)
    func lookup(row: Row) throws {
        let server = try LoopbackServer(routes: ["/lookup": [.init(file: "itunes-ios.json")], "/mac": [.init(file: "itunes-mac.json")]])
        let path = row.query?.contains("entity=macSoftware") == true ? "/mac" : "/lookup"
        let result = try runProduct(
            "versioncheck", ["lookup", "--json", "--timeout", "5", "--retries", "0"] + row.options,
            environment: ["VERSIONCHECK_LOOKUP_URL": server.url(path)])
        try expect(row, result)
        let requests = server.requests()
        if let query = row.query {
            #expect(requests.count == 1, "\(row.name)")
            #expect(requests.first.map { $0.query.split(separator: "&").map(String.init).sorted() } == query, "\(row.name)")
        } else {
            #expect(requests.isEmpty, "\(row.name): the plist is read before any request")
        }
    }

    static let manifestRows: [Row] = [
        Row(name: "XML Info.plist", options: ["--current-from", fixture("info.plist")], status: 0, current: "2.4"),
        Row(name: "binary Info.plist", options: ["--current-from", fixture("info-binary.plist")], status: 0, current: "2.4"),
        Row(name: "iOS bundle", options: ["--current-from", fixture("ios/Example.app")], status: 0, current: "2.4"),
        Row(name: "macOS bundle", options: ["--current-from", fixture("macos/Example.app")], status: 0, current: "3.9"),
        Row(name: "macOS bundle, build", options: ["--current-from", fixture("macos/Example.app"), "--current-key", "build"],
            status: 0, current: "390"),
        Row(name: "no such file", options: ["--current-from", fixture("no-such.plist")], status: 66, kind: "no-input",
            stderr: "no such file or folder"),
        Row(name: "build setting", options: ["--current-from", fixture("info-build-setting.plist")], status: 65,
            kind: "invalid-input", stderr: "'$(MARKETING_VERSION)', a build setting not yet expanded"),
        Row(name: "bad --current-key", options: ["--current-from", fixture("info.plist"), "--current-key", "short"],
            status: 64, kind: "usage", stderr: "expected marketing or build"),
    ]

    /// `manifest-full.json` offers 2.1.0: 2.4 and 3.9 are newer, so each is up to date.
    @Test(arguments: manifestRows)
    func manifest(row: Row) throws {
        let result = try runProduct(
            "versioncheck", ["manifest", "--json", "--url", Self.fixture("manifest-full.json")] + row.options)
        try expect(row, result)
    }

    func expect(_ row: Row, _ result: ProcessResult) throws {
        #expect(result.status == row.status, "\(row.name)\n\(result)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(row.name)\n\(result)")
        if let current = row.current {
            #expect(object["current"] as? String == current, "\(row.name)\n\(result)")
            #expect(result.stderr.isEmpty, "\(row.name)\n\(result)")
        }
        if let kind = row.kind {
            let error = object["error"] as? [String: Any]
            #expect(error?["kind"] as? String == kind, "\(row.name)\n\(result)")
            #expect(error?["code"] as? Int == Int(row.status))
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("versioncheck: error: "), "\(row.name)\n\(result)")
        }
        if let text = row.stderr { #expect(result.stderr.contains(text), "\(row.name)\n\(result)") }
    }
}

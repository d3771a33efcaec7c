import Foundation
import Testing
import VersionCheckTestSupport

/// Regressions of the check pipeline (issue "One check pipeline"), through the built
/// binary: the `--current-from` key an appcast reads is decided once the body is known,
/// and a cache hit never turns the user's 65 into a warning and a request.
@Suite("Check pipeline regressions, end to end", .blockingBodies)
struct PipelineRegressionTests {
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-pipeline-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// An Info.plist with a build version only (`CFBundleVersion`), as many Mac apps
    /// distributed through Sparkle have.
    static func buildOnlyPlist() throws -> String {
        let url = folder.appendingPathComponent("build-only-\(UUID().uuidString).plist")
        let text = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleVersion</key><string>5200</string></dict></plist>"#
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// An appcast compares `CFBundleVersion` by default, so a bundle without a marketing
    /// version is fine for it (was 65: the key was chosen before the body was read).
    @Test func anAppcastReadsTheBuildVersionOfABundleWithoutAMarketingOne() throws {
        let plist = try Self.buildOnlyPlist()
        let appcast = TestPaths.fixture("appcast-sparkle2.xml").path
        let result = try versioncheck("manifest", "--url", appcast, "--current-from", plist, "--json")
        #expect([0, 100, 101].contains(result.status), "\(result)")
        #expect(result.stdout.contains(#""current": "5200""#), "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    /// Every other format reads the marketing version: its absence is still 65, named.
    @Test(arguments: ["manifest-full.json", "manifest-iversion.plist", "manifest-binary.plist"])
    func otherFormatsStillNeedTheMarketingVersion(manifest: String) throws {
        let plist = try Self.buildOnlyPlist()
        let result = try versioncheck("manifest", "--url", TestPaths.fixture(manifest).path, "--current-from", plist)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("CFBundleShortVersionString"), "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }

    /// A cached JSON manifest and a `--current` only Sparkle reads: 65 from the entry,
    /// with no warning and no request (was: "ignoring the cache entry", then a fetch).
    @Test func aCacheHitKeepsTheUsersInvalidInput() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(body: #"{"latestVersion": "2.0.0"}"#)]])
        let cache = Self.folder.appendingPathComponent("cache-\(UUID().uuidString)").path
        let environment = ["VERSIONCHECK_CACHE_DIR": cache]
        let base = ["manifest", "--url", server.url("/m.json"), "--check-period", "1"]
        let first = try runProduct("versioncheck", base + ["--current", "1.0", "-q"], environment: environment)
        #expect(first.status == 101, "\(first)")
        let hit = try runProduct("versioncheck", base + ["--current", "1.0 (1234)", "-v"], environment: environment)
        #expect(hit.status == 65, "\(hit)")
        #expect(hit.stderr.contains("--current"), "\(hit)")
        #expect(!hit.stderr.contains("ignoring the cache entry"), "\(hit)")
        #expect(server.requests().count == 1)
    }
}

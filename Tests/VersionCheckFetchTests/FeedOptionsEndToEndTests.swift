import Foundation
import Testing
import VersionCheckTestSupport

/// The options of the GitHub Releases and electron-builder feeds, from the command line
/// to the answer, through the built binary, on fixtures in the shapes GitHub's API and
/// electron-builder write: each option reaches the format, and `lookup` refuses them.
@Suite("Feed options, end to end", .blockingBodies)
struct FeedOptionsEndToEndTests {
    static func fixture(_ name: String) -> String { TestPaths.packageRoot.appendingPathComponent("Fixtures/\(name)").path }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test func preReleasesAreHeldBackUnlessIncluded() throws {
        let held = try runProduct("versioncheck", ["manifest", "--url", Self.fixture("github-releases.json"), "--current", "1.0.0"])
        #expect(held.status == 101, "\(held)")
        #expect(held.stdout.contains("forced update: 1.0.0 -> v2.1.0"), "\(held.stdout)")
        #expect(held.stdout.contains("newer: v2.2.0-beta.1 held back (pre-release)"), "\(held.stdout)")
        let included = try runProduct(
            "versioncheck", ["manifest", "--url", Self.fixture("github-releases.json"), "--current", "1.0.0", "--include-prereleases", "--json"])
        let object = try Self.json(included.stdout)
        #expect(object["latest"] as? String == "v2.2.0-beta.1")
        #expect(object["heldBack"] is NSNull)
        let releases = try #require(object["releases"] as? [[String: Any]])
        #expect(releases.last?["notesFormat"] as? String == "markdown")
    }

    /// `app-v1.3.0`, `cli-v0.3.0`, `docs-2026-02`…: no tag reads as a version as it is
    /// (76); with `--tag-prefix cli-v`, the CLI's releases do, reported without the prefix.
    @Test func aTagPrefixKeepsOneComponentsTags() throws {
        let plain = try runProduct("versioncheck", ["manifest", "--url", Self.fixture("github-releases-monorepo.json"), "--current", "0.0.1"])
        #expect(plain.status == 76, "\(plain)")
        let prefixed = try runProduct(
            "versioncheck", ["manifest", "--url", Self.fixture("github-releases-monorepo.json"), "--current", "0.0.1", "--json", "--tag-prefix", "cli-v"])
        let object = try Self.json(prefixed.stdout)
        #expect(object["latest"] as? String == "0.3.0", "\(prefixed.stdout)")
        #expect((object["heldBack"] as? [String: Any])?["version"] as? String == "0.4.0-rc.1", "\(prefixed.stdout)")
    }

    @Test func aRolloutPercentileHoldsBackAStagedRelease() throws {
        let staged = Self.fixture("latest-mac-staged.yml")
        let ignored = try runProduct("versioncheck", ["manifest", "--url", staged, "--current", "1.0.0", "--json"])
        #expect((try Self.json(ignored.stdout))["heldBack"] is NSNull, "\(ignored.stdout)")
        let late = try runProduct("versioncheck", ["manifest", "--url", staged, "--current", "1.0.0", "--json", "--rollout-percentile", "99"])
        let heldBack = try #require((try Self.json(late.stdout))["heldBack"] as? [String: Any], "\(late.stdout)")
        #expect(heldBack["reason"] as? String == "staged-rollout")
        let early = try runProduct("versioncheck", ["manifest", "--url", staged, "--current", "1.0.0", "--json", "--rollout-percentile", "0"])
        #expect((try Self.json(early.stdout))["heldBack"] is NSNull, "\(early.stdout)")
    }

    @Test(arguments: [
        ["lookup", "--id", "1", "--current", "1", "--tag-prefix", "v"],
        ["lookup", "--id", "1", "--current", "1", "--include-prereleases"],
        ["lookup", "--id", "1", "--current", "1", "--rollout-percentile", "5"],
        ["lookup", "--id", "1", "--current", "1", "--github", "o/r"],
        ["manifest", "--url", "x.json", "--github", "o/r", "--current", "1"],
        ["manifest", "--github", "o/..", "--current", "1"],
        ["manifest", "--github", "owner", "--current", "1"],
        ["manifest", "--url", "x.json", "--current", "1", "--rollout-percentile", "100"],
        ["outdated", "/tmp", "--github", "o/r"],
    ])
    func misplacedOrMalformedFeedOptionsAreUsageErrors(arguments: [String]) throws {
        let result = try runProduct("versioncheck", arguments)
        #expect(result.status == 64, "\(arguments): \(result)")
    }

    /// `batch` reads `--github` lines with the same grammar: a bad repository on any line is
    /// 64 naming it, before any request.
    @Test func aBatchLineWithABadRepositoryStopsTheBatch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-feed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let list = folder.appendingPathComponent("checks.txt")
        let lines = "manifest --url \(Self.fixture("github-releases.json")) --current 1.0.0\nmanifest --github example-org/.. --current 1\n"
        try Data(lines.utf8).write(to: list)
        let result = try runProduct("versioncheck", ["batch", list.path])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.hasPrefix("versioncheck: error: line 2: invalid value 'example-org/..' for '--github'"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}

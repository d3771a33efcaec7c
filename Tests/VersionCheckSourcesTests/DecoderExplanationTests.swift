import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckSources

/// `--explain` in the decoders: what a format leaves out or holds back is noted where it
/// does so (`SourceDocument.explanation`), and only when asked.
@Suite("Decoders: explanation")
struct DecoderExplanationTests {
    static func fixture(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: TestPaths.fixture(name))) }

    static func explaining(_ context: SourceContext = SourceContext()) -> SourceContext {
        var context = context
        context.explaining = true
        return context
    }

    @Test func gitHubNotesDraftsNonVersionsAndPreReleases() throws {
        let body = try Self.fixture("github-releases.json")
        let lines = try #require(try GitHubReleasesFormat.decode(body, context: Self.explaining()).explanation?.finished)
        #expect(lines == [
            "the release list has 6 releases",
            "drafts left out v2.3.0",
            "pre-releases held back (no --include-prereleases): v2.2.0-beta.1 (marked prerelease)",
            "tags that are no version left out nightly",
        ])
        #expect(try GitHubReleasesFormat.decode(body, context: SourceContext()).explanation == nil)
    }

    @Test func gitHubNotesTheTagPrefix() throws {
        let body = try Self.fixture("github-releases-monorepo.json")
        var context = Self.explaining()
        context.tagPrefix = "app-v"
        let lines = try #require(try GitHubReleasesFormat.decode(body, context: context).explanation?.finished)
        #expect(lines.contains("--tag-prefix app-v left out cli-v0.4.0-rc.1, cli-v0.3.0, docs-2026-02"), "\(lines)")
    }

    @Test func theAppcastNotesOtherSystemsAndTheMaximumSystemVersion() throws {
        let body = try Self.fixture("appcast-os.xml")
        let context = Self.explaining(SourceContext(
            current: try Version(sparkle: "1"), appcast: AppcastOptions(osVersion: try Version("16.0"), now: 0)))
        let lines = try #require(try AppcastFormat.decode(body, context: context).explanation?.finished)
        #expect(lines.contains { $0.hasPrefix("sparkle:os left out item 2 (for windows)") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("--os-version 16.0 left out 3.2.0 (sparkle:maximumSystemVersion 15.9)") }, "\(lines)")
    }

    @Test func electronBuilderNotesItsStaging() throws {
        let body = try Self.fixture("latest-mac-staged.yml")
        var context = Self.explaining()
        context.rolloutPercentile = 99
        let lines = try #require(try ElectronBuilderFormat.decode(body, context: context).explanation?.finished)
        #expect(lines.first?.hasPrefix("the update file names version ") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("stagingPercentage ") && $0.hasSuffix("is held back") }, "\(lines)")
    }
}

import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckSources

/// electron-builder update files (SPEC.md "GitHub Releases and electron-builder feeds"):
/// the fixtures in electron-builder's shapes, then each rule as a table.
@Suite("electron-builder feeds")
struct ElectronBuilderTests {
    static func fixture(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: TestPaths.fixture(name))) }
    static func v(_ text: String) -> Version { try! Version(text) }
    static let base = "https://downloads.example.com/app/latest-mac.yml"
    static let sha = String(repeating: "A", count: 86) + "=="
    static func feed(_ extra: String, files: String? = nil) -> String {
        "version: 2.0.0\nfiles:\n" + (files ?? "  - url: App-2.0.0.zip\n    sha512: \(sha)\n    size: 12\n") + extra
    }
    static func decode(_ text: String, _ context: SourceContext = SourceContext()) throws(BodyError) -> SourceDocument {
        try ElectronBuilderFormat.decode(Array(text.utf8), context: context)
    }

    @Test func latestMac() throws {
        let body = try Self.fixture("latest-mac.yml")
        #expect(SourceFormats.manifestFormat(of: body)?.name == ElectronBuilderFormat.name)
        let releases = try ElectronBuilderFormat.decode(body, context: SourceContext(base: Self.base)).releases
        #expect(releases == [Release(
            version: Self.v("2.1.0"),
            notes: "<h2>What's new</h2>\n<ul><li>Faster sync</li><li>Fix the window position on a second display</li></ul>\n",
            date: "2026-03-02T10:12:45.123Z", url: "https://downloads.example.com/app/Example-2.1.0-arm64-mac.zip",
            displayVersion: "Example 2.1", notesFormat: .html)])
        // A local file's links stay as written.
        #expect(try ElectronBuilderFormat.decode(body, context: SourceContext()).releases[0].url == "Example-2.1.0-arm64-mac.zip")
    }

    @Test(arguments: [
        ("latest-linux.yml", "2.1.0", "https://downloads.example.com/app/Example-2.1.0.AppImage"),
        ("beta-mac.yml", "2.2.0-beta.1", "https://downloads.example.com/app/Example-2.2.0-beta.1-arm64-mac.zip"),
        ("latest-mac-staged.yml", "2.2.0", "https://downloads.example.com/app/Example-2.2.0-arm64-mac.zip"),
    ])
    func otherFiles(name: String, version: String, url: String) throws {
        let body = try Self.fixture(name)
        #expect(SourceFormats.manifestFormat(of: body)?.name == ElectronBuilderFormat.name)
        let releases = try SourceFormats.decodeManifest(body, context: SourceContext(base: Self.base)).releases
        #expect(releases.map(\.version.description) == [version])
        #expect(releases[0].url == url && releases[0].heldBack == nil && releases[0].notes == nil)
    }

    /// A `releaseNotes` list: the entry of `version` gives its notes; the listed versions
    /// between the current one and it are releases of their own, offered only beside it.
    @Test func notesList() throws {
        let body = try Self.fixture("latest-mac-notes-list.yml")
        let document = try ElectronBuilderFormat.decode(body, context: SourceContext(current: Self.v("1.9.0"), base: Self.base))
        #expect(document.releases.map(\.version.description) == ["2.0.1", "2.0.0", "2.1.0"])
        #expect(document.releases.map(\.notes) == [
            "<p>Fixes CVE-2026-0001: a crafted project file could run code.</p>", "<p>A new look.</p>\n<p>Projects open twice as fast.</p>",
            "<p>Faster sync.</p>",
        ])
        #expect(document.releases.map(\.listedWithLatest) == [true, true, false])
        #expect(document.releases.map(\.url) == [nil, nil, "https://downloads.example.com/app/Example%202.1.0-arm64-mac.zip"])
        #expect(document.releases.allSatisfy { $0.notesFormat == .html })

        let decision = try decideUpdate(
            current: Self.v("1.9.0"), releases: document.releases, sourceMinimum: nil, policy: UpdatePolicy(), now: 0)
        #expect(decision.latest?.version.description == "2.1.0")
        #expect(decision.releases.map(\.version.description) == ["2.0.0", "2.0.1", "2.1.0"])

        // The release itself too young for --min-age: its listed versions are not offered either.
        var policy = UpdatePolicy()
        policy.minimumAgeDays = 30
        let young = try decideUpdate(
            current: Self.v("1.9.0"), releases: document.releases, sourceMinimum: nil, policy: policy,
            now: Int64(ISO8601.secondsSinceEpoch("2026-03-03T00:00:00Z")!))
        #expect(young.latest == nil && young.status == .upToDate)
        #expect(young.heldBack?.version.description == "2.1.0" && young.heldBack?.heldBack?.reason == .minAge)
    }

    /// `stagingPercentage` P against `--rollout-percentile` N: held back when N >= P.
    @Test(arguments: [
        (nil, "30", false), (29, "30", false), (30, "30", true), (99, "30", true), (0, "0", true), (99, "100", false),
        (50, "50.5", false), (51, "50.5", true), (0, "1", false),
    ] as [(Int?, String, Bool)])
    func stagedRollout(percentile: Int?, percentage: String, held: Bool) throws {
        let document = try Self.decode(Self.feed("stagingPercentage: \(percentage)\n"), SourceContext(rolloutPercentile: percentile))
        #expect((document.releases[0].heldBack == HeldBack(.stagedRollout)) == held)
        let decision = try decideUpdate(current: Self.v("1.0"), releases: document.releases, sourceMinimum: nil, policy: UpdatePolicy(), now: 0)
        #expect(decision.latest == nil ? held : !held)
        #expect((decision.heldBack?.heldBack?.reason == .stagedRollout) == held)
    }

    @Test func stagedFixture() throws {
        let body = try Self.fixture("latest-mac-staged.yml")
        #expect(try ElectronBuilderFormat.decode(body, context: SourceContext(rolloutPercentile: 30)).releases[0].heldBack == HeldBack(.stagedRollout))
        #expect(try ElectronBuilderFormat.decode(body, context: SourceContext(rolloutPercentile: 29)).releases[0].heldBack == nil)
    }

    @Test(arguments: [
        ("releaseName: 2.0.0\n", nil, nil),
        ("releaseName: ''\n", nil, nil),
        ("releaseName: 'Spring release'\n", "Spring release", nil),
        ("releaseDate: not a date\n", nil, "not a date"),
        ("releaseNotes: ''\n", nil, nil),
        ("minimumSystemVersion: not read\nsha512: legacy\nunknown:\n  - anything: is ignored\n    deeper:\n      - 1\n", nil, nil),
    ] as [(String, String?, String?)])
    func fields(extra: String, displayVersion: String?, date: String?) throws {
        let release = try Self.decode(Self.feed(extra)).releases[0]
        #expect(release.displayVersion == displayVersion)
        #expect(release.date == date)
        #expect(release.notes == nil)
    }

    /// An unreadable `releaseDate` is treated as a JSON manifest's: only `--min-age` needs it.
    @Test func unreadableDateFailsOnlyForMinAge() throws {
        let releases = try Self.decode(Self.feed("releaseDate: yesterday\n")).releases
        var policy = UpdatePolicy()
        #expect(try decideUpdate(current: Self.v("1.0"), releases: releases, sourceMinimum: nil, policy: policy, now: 0).status == .forced)
        policy.minimumAgeDays = 1
        #expect(throws: DecisionError.invalidDate(version: "2.0.0", text: "yesterday")) {
            try decideUpdate(current: Self.v("1.0"), releases: releases, sourceMinimum: nil, policy: policy, now: 0)
        }
    }

    @Test(arguments: [
        ("App.zip", "https://downloads.example.com/app/App.zip"),
        ("../other/App 2.zip", "https://downloads.example.com/other/App%202.zip"),
        ("/root/App.zip", "https://downloads.example.com/root/App.zip"),
        ("https://cdn.example.com/App.zip", "https://cdn.example.com/App.zip"),
    ])
    func urlsResolveAgainstTheFeed(url: String, resolved: String) throws {
        let text = Self.feed("", files: "  - url: '\(url)'\n    sha512: \(Self.sha)\n    size: 1\n")
        #expect(try Self.decode(text, SourceContext(base: Self.base)).releases[0].url == resolved)
    }

    @Test func pathWhenNoFiles() throws {
        #expect(try Self.decode("version: 1.0\npath: App.zip\n", SourceContext(base: Self.base)).releases[0].url == "https://downloads.example.com/app/App.zip")
        #expect(try Self.decode("version: 1.0\nfiles:\npath: App.zip\n").releases[0].url == "App.zip")
    }

    @Test(arguments: [
        (feed("", files: "  - sha512: \(sha)\n    size: 1\n"), "files[0] has no url"),
        (feed("", files: "  - url: ''\n    sha512: \(sha)\n    size: 1\n"), "files[0] has no url"),
        (feed("", files: "  - url: a\n    size: 1\n"), "files[0] has no sha512"),
        (feed("", files: "  - url: a\n    sha512: abc==\n    size: 1\n"), "files[0].sha512 'abc==' is not base64 of 64 bytes"),
        (feed("", files: "  - url: a\n    sha512: \(String(repeating: "f", count: 128))\n    size: 1\n"),
         "files[0].sha512 '\(String(repeating: "f", count: 128))' is not base64 of 64 bytes"),
        (feed("", files: "  - url: a\n    sha512: \(String(repeating: "A", count: 87))=\n    size: 1\n"),
         "files[0].sha512 '\(String(repeating: "A", count: 87))=' is not base64 of 64 bytes"),
        (feed("", files: "  - url: a\n    sha512: \(String(repeating: "-", count: 86))==\n    size: 1\n"),
         "files[0].sha512 '\(String(repeating: "-", count: 86))==' is not base64 of 64 bytes"),
        (feed("", files: "  - url: a\n    sha512: \(sha)\n"), "files[0] has no size"),
        (feed("", files: "  - url: a\n    sha512: \(sha)\n    size: 0\n"), "files[0].size '0' is not a positive integer"),
        (feed("", files: "  - url: a\n    sha512: \(sha)\n    size: -5\n"), "files[0].size '-5' is not a positive integer"),
        (feed("", files: "  - url: a\n    sha512: \(sha)\n    size: 1.5\n"), "files[0].size '1.5' is not a positive integer"),
        (feed("", files: "  - url: a\n    sha512: \(sha)\n    size: 1\n  - url: b\n    sha512: \(sha)\n    size: x\n"),
         "files[1].size 'x' is not a positive integer"),
        (feed("", files: "  - just a string\n"), "files[0] is text, expected a mapping with url, sha512 and size"),
        (feed("", files: "  - url:\n      - a\n    sha512: \(sha)\n    size: 1\n"), "files[0].url is a list, expected text"),
        ("version: 1\nfiles:\n  url: a\n", "files is a mapping, expected a list"),
        ("version: 1\nfiles: a\n", "files is text, expected a list"),
        ("version: 1\nfiles:\n", "the update file has no files[].url and no path"),
        ("files:\npath: a\n", "the update file has no version"),
        ("version: 1..2\npath: a\n", "version: invalid version '1..2': empty component at offset 2"),
        ("version:\n  - 1\npath: a\n", "version is a list, expected text"),
        (feed("stagingPercentage: 101\n"), "stagingPercentage '101' is not a number from 0 to 100"),
        (feed("stagingPercentage: -1\n"), "stagingPercentage '-1' is not a number from 0 to 100"),
        (feed("stagingPercentage: 1e2\n"), "stagingPercentage '1e2' is not a number from 0 to 100"),
        (feed("stagingPercentage: half\n"), "stagingPercentage 'half' is not a number from 0 to 100"),
        (feed("stagingPercentage: ''\n"), "stagingPercentage '' is not a number from 0 to 100"),
        (feed("releaseNotes:\n  - version: 1.x\n    note: a\n"), "releaseNotes[0].version: invalid version '1.x': unexpected 'x' at offset 2, expected a digit"),
        (feed("releaseNotes:\n  - note: a\n"), "releaseNotes[0] has no version"),
        (feed("releaseNotes:\n  - a\n"), "releaseNotes[0] is text, expected a mapping with version and note"),
        (feed("releaseNotes:\n  a: b\n"), "releaseNotes is a mapping, expected text or a list of {version, note}"),
        (feed("releaseDate: &d '2026-01-01'\n"), "not the YAML electron-builder writes (an anchor (&) at line 6)"),
        (feed("---\nversion: 3\n"), "not the YAML electron-builder writes (more than one document at line 6)"),
        ("- version: 1\n", "the update file is a list, expected a mapping with version and files or path"),
    ])
    func refuses(text: String, reason: String) {
        #expect(throws: BodyError(reason)) { try Self.decode(text) }
    }

    /// An app's `app-update.yml` names a feed; it is none itself.
    @Test(arguments: ["app-update.yml", "app-update-generic.yml", "app-update-s3.yml"])
    func appUpdateFileIsNoFeed(name: String) throws {
        #expect(SourceFormats.manifestFormat(of: try Self.fixture(name)) == nil)
        #expect(try YAMLReader.parse(try Self.fixture(name)).text == nil)
    }

    @Test(arguments: [
        ("0", true), ("100", true), ("50.25", true), ("007", true), ("100.0", true), ("100.5", false), ("1000", false),
        ("", false), (".5", false), ("5.", false), ("+5", false), (" 5", false), ("0x10", false),
    ])
    func percentages(text: String, accepted: Bool) {
        #expect(((try? Self.decode(Self.feed("stagingPercentage: '\(text)'\n"))) != nil) == accepted)
    }
}

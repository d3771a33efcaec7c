import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckSources

/// GitHub Releases (SPEC.md "GitHub Releases and electron-builder feeds"): the API's
/// answers as fixtures, then each rule as a table.
@Suite("GitHub Releases")
struct GitHubReleasesTests {
    static func fixture(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: TestPaths.fixture(name))) }
    static func v(_ text: String) -> Version { try! Version(text) }
    static func decode(_ text: String, _ context: SourceContext = SourceContext()) throws(BodyError) -> SourceDocument {
        try GitHubReleasesFormat.decode(Array(text.utf8), context: context)
    }
    static let api = "https://api.github.com/repos/example-org/example-app/releases?per_page=100"

    @Test func releaseList() throws {
        let body = try Self.fixture("github-releases.json")
        #expect(SourceFormats.manifestFormat(of: body)?.name == GitHubReleasesFormat.name)
        let releases = try GitHubReleasesFormat.decode(body, context: SourceContext(base: Self.api)).releases
        // The draft (v2.3.0) and the nightly tag are not releases; order is the list's, the
        // pre-release held back last.
        #expect(releases.map(\.version.description) == ["v2.1.0", "v2.0.1", "v1.10.0", "v2.2.0-beta.1"])
        #expect(releases[3].heldBack == HeldBack(.prerelease))
        #expect(releases[0] == Release(
            version: Self.v("v2.1.0"),
            notes: "## What's Changed\r\n* Faster sync by @octocat in https://github.com/example-org/example-app/pull/398\r\n* Fix the window position on a second display by @octocat in https://github.com/example-org/example-app/pull/401\r\n\r\n**Full Changelog**: https://github.com/example-org/example-app/compare/v2.0.1...v2.1.0",
            date: "2026-03-02T10:12:45Z", url: "https://github.com/example-org/example-app/releases/tag/v2.1.0",
            notesFormat: .markdown))
        #expect(releases[1].displayVersion == "2.0.1 – Security fix")
        // An empty name is no display version; a null body no notes.
        #expect(releases[2].displayVersion == nil && releases[2].notes == nil && releases[2].heldBack == nil)
        let all = try GitHubReleasesFormat.decode(body, context: SourceContext(includePrereleases: true)).releases
        #expect(all.map(\.version.description) == ["v2.2.0-beta.1", "v2.1.0", "v2.0.1", "v1.10.0"])
        #expect(all.allSatisfy { $0.heldBack == nil })
    }

    @Test func latestReleaseObject() throws {
        let body = try Self.fixture("github-release-latest.json")
        #expect(SourceFormats.manifestFormat(of: body)?.name == GitHubReleasesFormat.name)
        #expect(JSONManifestFormat.sniff(body) == false)
        let document = try SourceFormats.decodeManifest(body)
        #expect(document.releases.map(\.version.description) == ["v2.1.0"])
        #expect(document.releases[0].url == "https://github.com/example-org/example-app/releases/tag/v2.1.0")
    }

    /// Pre-releases are held back unless asked for, and reported as held back by the decision.
    @Test(arguments: [
        (false, "2.0.1", "v2.1.0", "v2.2.0-beta.1"),
        (true, "2.0.1", "v2.2.0-beta.1", nil),
        // Never implied by a pre-release current version: the newer pre-release is held back.
        (false, "2.2.0-alpha.1", "v2.1.0", "v2.2.0-beta.1"),
        (false, "2.1.0", "v2.1.0", "v2.2.0-beta.1"),
    ] as [(Bool, String, String, String?)])
    func prereleases(include: Bool, current: String, latest: String, heldBack: String?) throws {
        let document = try GitHubReleasesFormat.decode(
            try Self.fixture("github-releases.json"), context: SourceContext(includePrereleases: include))
        let decision = try decideUpdate(
            current: Self.v(current), releases: document.releases, sourceMinimum: nil, policy: UpdatePolicy(), now: 0)
        #expect(decision.latest?.version.description == latest)
        #expect(decision.heldBack?.version.description == heldBack)
        #expect(decision.heldBack.map { $0.heldBack?.reason == .prerelease } ?? true)
    }

    /// Pre-releases only, none asked for: up to date, nothing offered, the newest held back.
    @Test func onlyPrereleasesOfferNothing() throws {
        let document = try Self.decode(#"[{"tag_name": "v3.0.0-rc.1"}, {"tag_name": "v2.9.0", "prerelease": true}]"#)
        let decision = try decideUpdate(current: Self.v("1.0"), releases: document.releases, sourceMinimum: nil, policy: UpdatePolicy(), now: 0)
        #expect(decision.status == .upToDate && decision.latest == nil)
        #expect(decision.heldBack?.version.description == "v3.0.0-rc.1")
    }

    /// Of the pre-releases held back only the highest (the first of equals) is kept: the
    /// decision reports no other.
    @Test func onlyTheHighestHeldBackPrereleaseIsKept() throws {
        let body = #"[{"tag_name": "3.0-rc.1"}, {"tag_name": "3.1-b", "prerelease": false}, {"tag_name": "v3.1-b", "body": "second"}, {"tag_name": "2.0", "prerelease": true}, {"tag_name": "1.0"}]"#
        let releases = try Self.decode(body).releases
        #expect(releases.map(\.version.description) == ["1.0", "3.1-b"])
        #expect(try Self.decode(body, SourceContext(includePrereleases: true)).releases.count == 5)
    }

    @Test(arguments: [
        ("app-v", ["1.3.0", "1.2.0"], [nil, nil] as [HeldBack.Reason?]),
        ("cli-v", ["0.3.0", "0.4.0-rc.1"], [nil, .prerelease]),
        ("", nil, []),  // an empty prefix is none: no tag reads as a version
        ("tool-", nil, []),
    ] as [(String, [String]?, [HeldBack.Reason?])])
    func tagPrefix(prefix: String, versions: [String]?, held: [HeldBack.Reason?]) throws {
        let body = try Self.fixture("github-releases-monorepo.json")
        let context = SourceContext(base: "https://api.github.com/repos/example-org/toolkit/releases?per_page=100", tagPrefix: prefix)
        do {
            let releases = try GitHubReleasesFormat.decode(body, context: context).releases
            #expect(releases.map(\.version.description) == versions)
            #expect(releases.map { $0.heldBack?.reason } == held)
            #expect(releases.allSatisfy { $0.displayVersion != nil && $0.notesFormat == .markdown })
        } catch {
            #expect(versions == nil)
            let after = prefix.isEmpty ? "" : " after the prefix '\(prefix)'"
            #expect(error == BodyError("no release tag of example-org/toolkit reads as a version\(after)"))
        }
    }

    @Test(arguments: [
        (#"[{"tag_name": "v1.2"}, {"tag_name": "latest"}, {"tag_name": "1.3.0"}]"#, ["v1.2", "1.3.0"]),
        (#"{"tag_name": "V2.0", "name": "V2.0", "body": ""}"#, ["V2.0"]),
        (#"[{"tag_name": "v1", "draft": true}, {"tag_name": "v0.9", "draft": false}]"#, ["v0.9"]),
        (#"[{"tag_name": " 1.0 "}]"#, ["1.0"]),
        (#"[{"tag_name": "v1", "name": null, "body": null, "published_at": null, "html_url": null, "prerelease": false}]"#, ["v1"]),
        (#"[{"tag_name": "1.0", "assets": [{"browser_download_url": "x", "uploader": {"login": "a"}}], "reactions": {"+1": 1}}]"#, ["1.0"]),
    ])
    func reads(body: String, versions: [String]) throws {
        #expect(try Self.decode(body).releases.map(\.version.description) == versions)
    }

    @Test(arguments: [
        ("[]", "no release tag reads as a version", true),
        (#"[{"tag_name": "v1", "draft": true}]"#, "no release tag reads as a version", true),
        (#"{"tag_name": "v1", "draft": true}"#, "no release tag reads as a version", true),
        (#"[{"tag_name": "nightly"}, {"tag_name": "v1", "draft": true}]"#, "no release tag reads as a version", false),
        ("[1]", "releases[0] is a number, expected a release object with a string tag_name", false),
        (#"[{"tag_name": "v1"}, "v2"]"#, "releases[1] is a string, expected a release object with a string tag_name", false),
        (#"[{"name": "v1"}]"#, "releases[0].tag_name is missing, expected a string", false),
        (#"[{"tag_name": 1.0}]"#, "releases[0].tag_name is a number, expected a string", false),
        (#"[{"tag_name": null}]"#, "releases[0].tag_name is null, expected a string", false),
        (#"[{"tag_name": "v1", "draft": "false"}]"#, "releases[0].draft is a string, expected true or false", false),
        (#"[{"tag_name": "v1", "prerelease": 1}]"#, "releases[0].prerelease is a number, expected true or false", false),
        (#"[{"tag_name": "v1", "body": ["a"]}]"#, "releases[0].body is an array, expected a string", false),
        (#"{"tag_name": "v1", "html_url": 5}"#, "release.html_url is a number, expected a string", false),
        (#"[{"tag_name": "v1", "tag_name": "v2"}]"#, "not valid JSON (duplicate key 'tag_name' at byte 20)", false),
        (#"[{"tag_name": "v1"}"#, "not valid JSON (unexpected end of the data in an array at byte 19)", false),
        (#""v1""#, "the body is a string, expected a GitHub release list or release", false),
    ])
    func refuses(body: String, reason: String, listsNoRelease: Bool) {
        #expect(throws: BodyError(reason, listsNoRelease: listsNoRelease)) { try Self.decode(body) }
    }

    @Test(arguments: [
        ("https://api.github.com/repos/example-org/example-app/releases?per_page=100", "example-org/example-app"),
        ("https://api.github.com/repos/o/r/releases/latest", "o/r"),
        ("https://ghe.example.com/api/v3/repos/team/tool/releases", "team/tool"),
        ("https://example.com/feeds/releases.json", nil),
        ("https://api.github.com/repos/o/releases", nil),
    ] as [(String, String?)])
    func repositoryInMessages(base: String, repository: String?) {
        #expect(GitHubReleasesFormat.repository(in: base) == repository)
    }

    /// The sniffs of the two JSON formats never both claim a body.
    @Test(arguments: [
        "{}", "[]", #"{"tag_name": "v1"}"#, #"{"latestVersion": "1", "tag_name": "v1"}"#, #"{"x": {"tag_name": 1}}"#,
        #"{"x": "}", "tag_name": 1}"#, #"{"x": "\"", "tag_name": 1}"#, #"{"tag\u005fname": "v1"}"#, "{", #"{"tag_name""#,
    ])
    func sniffsAreExclusive(body: String) {
        let bytes = Array(body.utf8)
        #expect(!(JSONManifestFormat.sniff(bytes) && GitHubReleasesFormat.sniff(bytes)))
        #expect(JSONManifestFormat.sniff(bytes) || GitHubReleasesFormat.sniff(bytes))
    }
}

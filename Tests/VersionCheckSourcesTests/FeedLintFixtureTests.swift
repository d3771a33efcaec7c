import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckSources

/// `lint` of the non-appcast formats on fixtures in the shapes of real feeds
/// (`Fixtures/lint/`: each with exactly one defect; `Fixtures/`: clean ones), and the
/// promise `FeedLint` makes: a feed with no error finding is one `manifest` reads.
@Suite("lint of manifests, electron-builder files and GitHub releases: fixtures")
struct FeedLintFixtureTests {
    static func body(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: TestPaths.fixture(name))) }

    /// What a finding is, less its message: code, severity, line, item.
    struct Seen: Equatable, CustomStringConvertible {
        var code: LintCode
        var severity: LintSeverity
        var line: Int
        var item: String?

        init(_ code: LintCode, _ severity: LintSeverity, line: Int, item: String?) {
            (self.code, self.severity, self.line, self.item) = (code, severity, line, item)
        }

        init(_ finding: LintFinding) {
            self.init(finding.code, finding.severity, line: finding.line, item: finding.item)
        }

        var description: String { "\(code.rawValue) \(severity.rawValue) line \(line) item \(item ?? "nil")" }
    }

    static func seen(_ name: String, _ context: LintContext = LintContext()) throws -> [Seen] {
        try FeedLint.findings(in: body(name), context: context).map(Seen.init)
    }

    @Test(arguments: [
        ("lint/manifest-J01-latest-not-highest.json", [Seen(.j01, .error, line: 2, item: "2.0.0")]),
        ("lint/manifest-J02-equal-precedence.json", [Seen(.j02, .error, line: 7, item: "2.0")]),
        ("lint/manifest-J03-bad-date.json", [Seen(.j03, .error, line: 8, item: "2.0.0")]),
        ("lint/manifest-J04-http-url.json", [Seen(.j04, .warning, line: 4, item: "2.1.0")]),
        ("lint/manifest-J05-minimum-above-latest.json", [Seen(.j05, .error, line: 3, item: "3.0.0")]),
        ("lint/manifest-V01-bad-version.json", [Seen(.v01, .error, line: 6, item: "next")]),
        ("lint/manifest-V01-empty-releases.json", [Seen(.v01, .error, line: 3, item: nil)]),
        ("lint/manifest-J02-equal-keys.plist", [Seen(.j02, .error, line: 9, item: "1.1.0")]),
        ("lint/manifest-V01-bad-key.plist", [Seen(.v01, .error, line: 9, item: "Upcoming")]),
        ("manifest-same-precedence-binary.plist", [Seen(.j02, .error, line: 0, item: "1.2")]),
        ("manifest-same-precedence.plist", [Seen(.j02, .error, line: 12, item: "1.2")]),
        ("lint/latest-mac-E01-hex-sha512.yml", [Seen(.e01, .error, line: 4, item: "2.1.0")]),
        ("lint/latest-mac-E01-no-files.yml", [Seen(.e01, .error, line: 2, item: "2.1.0")]),
        ("lint/latest-mac-E02-staging.yml", [Seen(.e02, .error, line: 9, item: "2.2.0")]),
        ("lint/latest-mac-E03-http.yml", [Seen(.e03, .warning, line: 6, item: "2.1.0")]),
        ("lint/latest-mac-V01-bad-version.yml", [Seen(.v01, .error, line: 1, item: "latest")]),
        ("lint/github-G01-bad-tag.json", [Seen(.g01, .warning, line: 24, item: "nightly")]),
        ("lint/github-V01-no-version.json", [
            Seen(.v01, .error, line: 1, item: nil), Seen(.g01, .warning, line: 7, item: "nightly"),
            Seen(.g01, .warning, line: 24, item: "latest"),
        ]),
    ])
    func eachDefect(name: String, expected: [Seen]) throws {
        let found = try Self.seen(name)
        #expect(found == expected)
    }

    /// Realistic feeds of each format, each as its project publishes it: nothing to say.
    @Test(arguments: [
        "manifest-full.json", "manifest-minimal.json", "manifest-iversion.plist", "manifest-binary.plist",
        "latest-mac.yml", "latest-linux.yml", "beta-mac.yml", "latest-mac-staged.yml", "latest-mac-notes-list.yml",
        "github-release-latest.json",
    ])
    func cleanFeeds(name: String) throws {
        let found = try Self.seen(name, LintContext(base: "https://downloads.example.com/app/feed"))
        #expect(found == [])
    }

    /// The GitHub list has a `nightly` tag: the one warning, as it is never offered.
    @Test func gitHubListWithNightly() throws {
        let found = try Self.seen("github-releases.json")
        #expect(found == [Seen(.g01, .warning, line: 199, item: "nightly")])
    }

    /// A monorepo's list: with `--tag-prefix`, other components' tags are no finding; without
    /// a prefix every tag is judged, and none reads as a version.
    @Test func gitHubMonorepo() throws {
        let name = "github-releases-monorepo.json"
        let app = try Self.seen(name, LintContext(tagPrefix: "app-v"))
        let cli = try Self.seen(name, LintContext(tagPrefix: "cli-v"))
        let docs = try Self.seen(name, LintContext(tagPrefix: "docs-"))
        let unprefixed = try Self.seen(name)
        #expect(app == [])
        #expect(cli == [])
        #expect(docs == [])  // 2026-02 reads as a version (2026, pre-release 02)
        #expect(unprefixed.map(\.line) == [1, 30, 72, 187, 229, 344])
        #expect(unprefixed.map(\.code) == [.v01, .g01, .g01, .g01, .g01, .g01])
    }

    /// Every non-appcast fixture: no error finding means `manifest` reads it.
    @Test func noErrorMeansTheDecoderReads() throws {
        let folders = [TestPaths.fixtures, TestPaths.fixture("lint")]
        var checked = 0
        for folder in folders {
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path, isDirectory: &isFolder),
                      !isFolder.boolValue else { continue }
                let body = Array(try Data(contentsOf: folder.appendingPathComponent(file)))
                guard let format = SourceFormats.manifestFormat(of: body), format != AppcastFormat.self else { continue }
                checked += 1
                let findings: [LintFinding]
                do {
                    findings = try FeedLint.findings(in: body, context: LintContext())
                } catch {
                    continue  // unreadable to lint: the decoder's refusal, thrown
                }
                guard !findings.contains(where: { $0.severity == .error }) else { continue }
                #expect(throws: Never.self, "\(file)") { _ = try SourceFormats.decodeManifest(body) }
            }
        }
        #expect(checked > 20)
    }
}

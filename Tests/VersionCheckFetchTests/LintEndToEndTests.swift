import Foundation
import Testing
import VersionCheckTestSupport

/// `lint` through the real binaries (issue 32): files and loopback URLs, several sources
/// in the order given, the line format, `--json`, `-q`, `--strict` and every exit code;
/// a source that cannot be read is reported in its place and the others are still linted.
/// (Each finding's own fixture is tested where its linter is, in VersionCheckSourcesTests.)
@Suite("lint end to end", .blockingBodies)
struct LintEndToEndTests {
    /// A Sparkle 2 item as generate_appcast writes it, with `enclosureURL`.
    static func appcast(enclosureURL: String = "https://example.com/Example-2.1.zip", notesLink: String = "https://example.com/notes/2.1.html") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle">
            <channel>
                <title>Example</title>
                <item>
                    <title>2.1</title>
                    <pubDate>Tue, 10 Jun 2025 12:00:00 +0000</pubDate>
                    <sparkle:version>210</sparkle:version>
                    <sparkle:shortVersionString>2.1</sparkle:shortVersionString>
                    <sparkle:minimumSystemVersion>12.0</sparkle:minimumSystemVersion>
                    <sparkle:releaseNotesLink>\(notesLink)</sparkle:releaseNotesLink>
                    <enclosure url="\(enclosureURL)" length="4194304" type="application/octet-stream" sparkle:edSignature="\(String(repeating: "A", count: 86))=="/>
                </item>
            </channel>
        </rss>

        """
    }

    /// A JSON manifest whose `latestVersion` no reader accepts (V01, an error).
    static let badVersionManifest = #"{"latestVersion": "abc", "updateURL": "https://example.com/download"}"#

    /// A scratch folder holding `files` (name → text).
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test func aCleanFeedPrintsNothingAndExits0() throws {
        let folder = try Self.folder(["appcast.xml": Self.appcast()])
        let result = try runProduct("versioncheck", ["lint", folder.appendingPathComponent("appcast.xml").path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    @Test func anErrorFindingIsOneLineNamingSourceLineCodeAndExits1() throws {
        let folder = try Self.folder(["latest.json": Self.badVersionManifest])
        let path = folder.appendingPathComponent("latest.json").path
        let result = try runProduct("versioncheck", ["lint", path])
        #expect(result.status == 1, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(result)")
        #expect(lines.first?.hasPrefix("\(path):1: error V01: ") == true, "\(result)")
        #expect(result.stdout.contains("'abc'"), "\(result)")
        #expect(result.stderr == "")
    }

    /// A warning alone passes; with --strict it fails.
    @Test func aWarningFailsOnlyWithStrict() throws {
        let server = try LoopbackServer(routes: ["/appcast.xml": [.init(body: Self.appcast(notesLink: "http://example.com/notes/2.1.html"))]])
        let url = server.url("/appcast.xml")
        let plain = try runProduct("versioncheck", ["lint", url])
        #expect(plain.status == 0, "\(plain)")
        #expect(plain.stdout.contains("\(url):"), "\(plain)")
        #expect(plain.stdout.contains(": warning A13: "), "\(plain)")
        let strict = try runProduct("versioncheck", ["lint", "--strict", url])
        #expect(strict.status == 1, "\(strict)")
        #expect(strict.stdout == plain.stdout)
    }

    /// A URL is judged as resolved: a relative enclosure in a feed served over plain
    /// http is A05; the same feed as a local file (relative stays relative) is clean.
    @Test func aRelativeURLIsJudgedAsResolved() throws {
        let body = Self.appcast(enclosureURL: "Example-2.1.zip")
        let server = try LoopbackServer(routes: ["/appcast.xml": [.init(body: body)]])
        let remote = try runProduct("versioncheck", ["lint", server.url("/appcast.xml")])
        #expect(remote.status == 1, "\(remote)")
        #expect(remote.stdout.contains(" error A05: "), "\(remote)")
        let folder = try Self.folder(["appcast.xml": body])
        let local = try runProduct("versioncheck", ["lint", folder.appendingPathComponent("appcast.xml").path])
        #expect(local.status == 0, "\(local)")
        #expect(local.stdout == "", "\(local)")
    }

    /// Sources in the order given; one that cannot be read is its error line in its
    /// place, the others are still linted, and the exit code is the first failure's.
    /// (`--github` among them: `LintRequestTests`, which never asks api.github.com.)
    @Test func severalSourcesInOrderAndTheFirstFailuresCode() throws {
        let folder = try Self.folder(["bad.json": Self.badVersionManifest, "page.html": "<!DOCTYPE html><html></html>"])
        let server = try LoopbackServer(routes: [
            "/repos/o/r/releases": [.init(body: #"[{"tag_name": "nightly", "draft": false, "prerelease": false}]"#)],
            "/gone.xml": [.init(status: 404, body: "not here")],
        ])
        let bad = folder.appendingPathComponent("bad.json").path
        let releases = server.url("/repos/o/r/releases")
        let result = try runProduct(
            "versioncheck",
            ["lint", server.url("/gone.xml"), releases, bad, folder.appendingPathComponent("page.html").path, "--json"])
        #expect(result.status == 69, "\(result)")
        let objects = try result.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let sources = objects.map { $0["source"] as? String }
        #expect(sources.first == server.url("/gone.xml"), "\(result)")
        #expect((objects.first?["error"] as? [String: Any])?["code"] as? Int == 69)
        // The release list: its only tag is no version (G01), so nothing to compare with (V01).
        let github = objects.filter { $0["source"] as? String == releases }
        #expect(Set(github.compactMap { $0["code"] as? String }) == ["G01", "V01"], "\(result)")
        let indexOfGitHub = try #require(sources.firstIndex(of: releases))
        let indexOfBad = try #require(sources.firstIndex(of: bad))
        #expect(indexOfGitHub < indexOfBad, "\(result)")
        let finding = try #require(objects.first { $0["source"] as? String == bad })
        #expect(finding["code"] as? String == "V01")
        #expect(finding["severity"] as? String == "error")
        #expect(finding["line"] as? Int == 1)
        #expect(finding["item"] as? String == "abc")
        #expect(Set(finding.keys) == ["source", "line", "severity", "code", "item", "message"])
        let last = try #require(objects.last)
        #expect((last["error"] as? [String: Any])?["code"] as? Int == 76, "\(result)")
        // stderr: one error line per source that could not be read, in order.
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 2, "\(result)")
        #expect(errors.allSatisfy { $0.hasPrefix("versioncheck: error: ") })
    }

    @Test func quietPrintsNothingButKeepsTheCode() throws {
        let folder = try Self.folder(["bad.json": Self.badVersionManifest])
        let result = try runProduct("versioncheck", ["-q", "lint", folder.appendingPathComponent("bad.json").path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
    }

    /// What cannot be linted: the codes of `manifest`.
    static let unreadable: [([String], Int32)] = [
        (["lint"], 64),
        (["lint", "ftp://example.com/appcast.xml"], 64),
        (["lint", "http://example.com/appcast.xml"], 64),
        (["lint", "appcast.xml", "--current", "1.0"], 64),
        (["lint", "appcast.xml", "--check-period", "1"], 64),
        (["lint", "appcast.xml", "--explain"], 64),
        (["lint", "/nonexistent/appcast.xml"], 69),
        (["lint", "/"], 66),
        (["lint", "http://127.0.0.1:1/appcast.xml", "--retries", "0"], 75),
    ]

    @Test(arguments: unreadable)
    func whatCannotBeLinted(arguments: [String], status: Int32) throws {
        let result = try runProduct("versioncheck", arguments)
        #expect(result.status == status, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("versioncheck: error: "), "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    }

    /// The check never uses the cache: no entry is read or written.
    @Test func lintNeverTouchesTheCache() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("vc-lint-cache-\(UUID().uuidString)")
        let server = try LoopbackServer(routes: ["/appcast.xml": [.init(body: Self.appcast())]])
        for _ in 0..<2 {
            let result = try runProduct(
                "versioncheck", ["lint", server.url("/appcast.xml")], environment: ["VERSIONCHECK_CACHE_DIR": cache.path])
            #expect(result.status == 0, "\(result)")
        }
        #expect(server.requests().count == 2)
        #expect(!FileManager.default.fileExists(atPath: cache.path))
    }
}

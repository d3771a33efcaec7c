import Foundation
import Testing
import VersionCheckCore
@testable import VersionCheckSources

/// Each rule of the non-appcast linters on small bodies: what is a finding, what is
/// not, where it is, and that messages quote what they name safely.
@Suite("lint of manifests, electron-builder files and GitHub releases: rules")
struct FeedLintRuleTests {
    static func lint(_ text: String, base: String? = nil, tagPrefix: String? = nil) throws(BodyError) -> [LintFinding] {
        try FeedLint.findings(in: Array(text.utf8), context: LintContext(base: base, tagPrefix: tagPrefix))
    }

    static func codes(_ text: String, base: String? = nil, tagPrefix: String? = nil) throws -> [String] {
        try lint(text, base: base, tagPrefix: tagPrefix).map { "\($0.code.rawValue)@\($0.line)" }
    }

    static let sha = String(repeating: "A", count: 86) + "=="

    @Test(arguments: [
        // J01: the latest below a release; equal is the same release, no finding.
        (#"{"latestVersion": "1.0", "releases": [{"version": "1.0.0"}]}"#, [String]()),
        ("{\"latestVersion\": \"1.0\",\n\"releases\": [{\"version\": \"1.1\"}]}", ["J01@1"]),
        // J02 among releases only; latestVersion naming one of them is how a manifest says which.
        ("{\"releases\": [{\"version\": \"1.0\"},\n{\"version\": \"v1.0.0\"}]}", ["J02@2"]),
        ("{\"releases\": [{\"version\": \"3\"}, {\"version\": \"1\"}, {\"version\": \"2\"},\n{\"version\": \"1.0\"}]}", ["J02@2"]),
        // J03: blank is no date; ISO 8601 dates and dates alone are fine.
        (#"{"latestVersion": "1", "releaseDate": " "}"#, []),
        (#"{"latestVersion": "1", "releaseDate": "2026-01-02"}"#, []),
        (#"{"latestVersion": "1", "releaseDate": "Jan 2, 2026"}"#, ["J03@1"]),
        // J04: the link the decoder reads; a relative link in a local file is not judged.
        (#"{"latestVersion": "1", "url": "http://example.com/a"}"#, ["J04@1"]),
        (#"{"latestVersion": "1", "updateURL": "https://example.com/a", "url": "http://example.com/a"}"#, []),
        (#"{"latestVersion": "1", "updateURL": "download/app.zip"}"#, []),
        (#"{"latestVersion": "1", "releases": [{"version": "1", "url": "ftp://example.com/a"}]}"#, ["J04@1"]),
        // J05 against the highest of latestVersion and the releases.
        (#"{"latestVersion": "1", "minimumVersion": "1.0.1"}"#, ["J05@1"]),
        (#"{"latestVersion": "1", "minimumVersion": "2", "releases": [{"version": "2.0"}]}"#, ["J01@1"]),
        // V01: nothing to compare with, a version that is none.
        ("{}", ["V01@1"]),
        ("\n\n{\"releases\": null}", ["V01@3"]),
        (#"{"latestVersion": "1..2"}"#, ["V01@1"]),
        (#"{"latestVersion": "1", "minimumVersion": "soon"}"#, ["V01@1"]),
    ])
    func jsonManifest(_ text: String, _ expected: [String]) throws {
        let found = try Self.codes(text)
        #expect(found == expected)
    }

    @Test func relativeLinksAreJudgedResolved() throws {
        let body = #"{"latestVersion": "1", "updateURL": "download/app.zip"}"#
        #expect(try Self.codes(body, base: "https://example.com/app/manifest.json") == [])
        let found = try Self.lint(body, base: "http://example.com/app/manifest.json")
        #expect(found.map(\.code) == [.j04])
        #expect(found.first?.message == "updateURL 'download/app.zip' (resolved: 'http://example.com/app/download/app.zip') is not an https:// URL")
    }

    /// A reader's reason quotes the feed as it is (fuzz-lint found a plist key holding a
    /// line feed): every message is made one line where a finding is made.
    @Test func aMessageIsOneLineWhateverItQuotes() throws {
        let plist = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>2.0\n\u{2028}x</key><string>notes</string></dict></plist>"
        let found = try Self.lint(plist)
        #expect(found.map(\.code) == [.v01])
        #expect(found.allSatisfy { !$0.message.contains(where: \.isNewline) }, "\(found.map(\.message))")
    }

    @Test func messagesQuoteSafely() throws {
        let found = try Self.lint("{\"latestVersion\": \"1\", \"releaseDate\": \"2026\\u001b[31m\"}")
        #expect(found.map(\.message) == [#"releaseDate '2026\u{1B}[31m' is not an ISO 8601 date (such as 2026-01-02T03:04:05Z)"#])
        #expect(found.first?.item == "1")
    }

    @Test(arguments: [
        ("version: 1.0\nfiles:\n  - url: App.zip\n    sha512: \(sha)\n    size: 12\n", [String]()),
        ("version: 1.0\npath: App.zip\n", []),
        ("version: 1.0\nfiles:\n  - url: App.zip\n    size: 12\n", ["E01@3"]),
        ("version: 1.0\nfiles:\n  - url: App.zip\n    sha512: \(sha)\n    size: '012.5'\n", ["E01@5"]),
        ("version: 1.0\nfiles:\n  - url: App.zip\n    sha512: \(sha)\n    size: 0\n", ["E01@5"]),
        ("version: 1.0\nfiles: none\n", ["E01@2"]),
        ("version: 1.0\npath: App.zip\nstagingPercentage: -5\n", ["E02@3"]),
        ("version: 1.0\npath: App.zip\nstagingPercentage: 100\n", []),
        ("version: 1.0\npath: http://example.com/App.zip\n", ["E03@2"]),
        ("version: 1.0\npath: https://example.com/App.zip\n", []),
        ("version: 1.0\npath: App.zip\nreleaseNotes:\n  - version: 1.0\n    note: a\n  - version: one\n    note: b\n", ["V01@6"]),
    ])
    func electronBuilder(_ text: String, _ expected: [String]) throws {
        let found = try Self.codes(text)
        #expect(found == expected)
    }

    @Test func electronLinksAreJudgedResolved() throws {
        let body = "version: 1.0\npath: My App.zip\n"
        #expect(try Self.codes(body, base: "https://example.com/latest-mac.yml") == [])
        let found = try Self.lint(body, base: "http://example.com/latest-mac.yml")
        #expect(found.map(\.message) == ["path 'My App.zip' (resolved: 'http://example.com/My%20App.zip') is plain http://, not https://"])
        #expect(found.first?.item == "1.0")
    }

    @Test(arguments: [
        (#"[{"tag_name": "v1.0"}, {"tag_name": "nightly", "draft": true}]"#, [String]()),
        ("[{\"tag_name\": \"v1.0\"},\n{\"tag_name\": \"nightly\"}]", ["G01@2"]),
        ("[]", ["V01@1"]),
        (#"[{"tag_name": "v1.0", "draft": true}]"#, ["V01@1"]),
        ("{\"name\": \"Nightly\",\n\"tag_name\": \"nightly\"}", ["G01@2", "V01@2"]),
    ])
    func gitHub(_ text: String, _ expected: [String]) throws {
        let found = try Self.codes(text)
        #expect(found == expected)
    }

    @Test func gitHubPrefixes() throws {
        let body = "[{\"tag_name\": \"app-v1.0\"},\n{\"tag_name\": \"app-vnext\"},\n{\"tag_name\": \"cli-nope\"}]"
        #expect(try Self.codes(body, tagPrefix: "app-v") == ["G01@2"])
        let found = try Self.lint(body, base: "https://api.github.com/repos/o/r/releases?per_page=100", tagPrefix: "web-")
        #expect(found.map(\.message) == ["no release tag of o/r reads as a version after the prefix 'web-': nothing to compare with"])
    }

    @Test(arguments: [
        ("<plist><dict><key>1.0</key><string>a</string>\n<key> 1.0 </key><string>b</string></dict></plist>", ["J02@2"]),
        ("<plist><dict><key>1.0</key><string>a</string>\n<key>1.0</key><string>b</string></dict></plist>", ["J02@2"]),
        ("<plist><dict></dict></plist>", ["V01@0"]),
        ("<plist><dict>\n<key>v</key><string>a</string></dict></plist>", ["V01@2"]),
    ])
    func propertyList(_ text: String, _ expected: [String]) throws {
        let found = try Self.codes(text)
        #expect(found == expected)
    }

    /// What no reader reads stays the decoder's bad response, thrown.
    @Test(arguments: [
        #"{"latestVersion": "1", "latestVersion": "2"}"#,
        "version: 1.0\npath: &a App.zip\n",
        "<plist><array/></plist>",
        "[1, 2",
    ])
    func unreadableBodiesAreThrown(_ text: String) {
        #expect(throws: BodyError.self) { try Self.lint(text) }
    }

    /// A field the table has no code for stays the decoder's refusal when nothing else is an error.
    @Test func fieldsWithoutACodeAreTheDecodersRefusal() {
        #expect(throws: BodyError("releases[0].critical is a string, expected true or false")) {
            try Self.lint(#"{"releases": [{"version": "1", "critical": "yes"}]}"#)
        }
    }
}

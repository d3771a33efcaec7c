import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckSources

@Suite struct AppStoreDecoderTests {
    func fixture(_ name: String) throws -> Data { try Data(contentsOf: TestPaths.fixture(name)) }

    @Test func iOSApp() throws {
        guard case .found(let result) = try ITunesLookupFormat.answer(Array(fixture("itunes-ios.json")), asked: AskedApp(id: 1_450_000_001, kind: AskedApp.iOSKind)) else {
            Issue.record("expected a result")
            return
        }
        #expect(result.version == "2.4.1")
        #expect(result.trackId == 1_450_000_001)
        #expect(result.bundleId == "com.example.notes")
        #expect(result.trackName == "Example Notes – Quick Capture")
        #expect(result.currentVersionReleaseDate == "2018-10-02T23:28:05Z")
        #expect(result.minimumOsVersion == "15.0")
        #expect(result.releaseNotes?.hasSuffix("修正とパフォーマンスの改善") == true)
        let release = try ITunesLookupFormat.release(from: result)
        #expect(release == Release(
            version: try Version("2.4.1"), notes: result.releaseNotes, date: "2018-10-02T23:28:05Z", critical: false,
            minimumOsVersion: "15.0", url: "https://apps.apple.com/us/app/example-notes-quick-capture/id1450000001?uo=4"))
    }

    @Test func macAppWithoutNotes() throws {
        guard case .found(let result) = try ITunesLookupFormat.answer(Array(fixture("itunes-mac.json")), asked: AskedApp(bundleId: "COM.Example.clipboard", kind: AskedApp.macKind)) else {
            Issue.record("expected a result")
            return
        }
        #expect(result.version == "3.10")
        #expect(result.releaseNotes == nil)
        #expect(ITunesLookupFormat.app(from: result) == AppInfo(id: 1_460_000_002, bundleId: "com.example.clipboard", name: "Example Clipboard"))
    }

    @Test func emptyResult() throws {
        #expect(try ITunesLookupFormat.answer(Array(fixture("itunes-empty.json")), asked: AskedApp(id: 1, kind: AskedApp.iOSKind)) == .noResults)
    }

    @Test func errorBody() throws {
        #expect(ITunesLookupFormat.errorMessage(in: Array(try fixture("itunes-error-400.json"))) == "Invalid value(s) for key(s): [country]")
        #expect(ITunesLookupFormat.errorMessage(in: Array(Data("<html>".utf8))) == nil)
    }

    @Test func fieldsOfUnexpectedTypesAreIgnored() throws {
        let body = #"{"resultCount": 1, "results": [{"version": "1.2", "trackId": "77", "trackName": 5, "releaseNotes": ["a"], "fileSizeBytes": "9", "price": "free"}]}"#
        guard case .found(let result) = try ITunesLookupFormat.answer(Array(Data(body.utf8)), asked: AskedApp(id: 77, kind: AskedApp.iOSKind)) else {
            Issue.record("expected a result")
            return
        }
        #expect(result.trackId == 77)
        #expect(result.trackName == nil)
        #expect(result.releaseNotes == nil)
    }

    @Test(arguments: [
        ("", "not JSON (the body is empty)"),
        ("<!DOCTYPE html><html></html>", "not JSON (the body is HTML)"),
        (#"{"resultCount":1,"results":[{"version":"2."#, "not JSON (the body starts with '{\"resultCount\":1,\"result…')"),
        ("[1]", "expected a JSON object, got an array"),
        (#"{"resultCount": 1}"#, "no 'results' array (is this an iTunes Lookup response?)"),
        (#"{"resultCount": 1, "results": [{"version": 2}]}"#, "results[0].version is a number, expected a string"),
    ])
    func rejects(body: String, reason: String) {
        #expect(throws: BodyError(reason)) { try ITunesLookupFormat.answer(Array(Data(body.utf8)), asked: nil) }
    }

    @Test(arguments: [
        (AppStoreResult(), "results[0] has no 'version'"),
        (AppStoreResult(version: "1..2"), "results[0].version: invalid version '1..2': empty component at offset 2"),
    ])
    func releaseNeedsAValidVersion(result: AppStoreResult, reason: String) {
        #expect(throws: BodyError(reason)) { try ITunesLookupFormat.release(from: result) }
    }
}

@Suite struct ManifestDecoderTests {
    func fixture(_ name: String) throws -> Data { try Data(contentsOf: TestPaths.fixture(name)) }
    func v(_ text: String) -> Version { try! Version(text) }

    static let json = JSONManifestFormat.name
    static let propertyList = PropertyListManifestFormat.name
    static let github = GitHubReleasesFormat.name
    static let electron = ElectronBuilderFormat.name

    @Test(arguments: [
        ("{}", json), ("\u{FEFF}  [", github), ("\n {", json), ("bplist00", propertyList),
        ("<?xml version=\"1.0\"?>", propertyList), ("<plist>", propertyList),
        ("<!DOCTYPE plist PUBLIC", propertyList),
        (#"{"tag_name": "v1"}"#, github), (#"{"name": "x", "tag_name": "v1"}"#, github),
        (#"{"latestVersion": "1", "x": {"tag_name": "v1"}}"#, json), (#"{"latestVersion": "tag_name"}"#, json),
        (#"{"a": ["tag_name"], "b": "\"tag_name\""}"#, json), ("[]", github),
        ("version: 1.0\npath: a.zip\n", electron), ("---\nversion: 1.0\nfiles:\n  - url: a\n", electron),
        ("# feed\n'version': 1\n\"files\": []\n", electron),
    ])
    func detects(text: String, format: String) {
        #expect(SourceFormats.manifestFormat(of: Array(text.utf8))?.name == format)
    }

    @Test(arguments: [
        "", "   ", "<html>", "latestVersion: 1", "\u{FEFF}", "version: 1.0\n", "path: a\n", "  version: 1\n  path: a\n",
        "version 1\nfiles\n", "versions: 1\nfiles: x\n",
    ])
    func detectsNeither(text: String) {
        #expect(SourceFormats.manifestFormat(of: Array(text.utf8)) == nil)
    }

    @Test func minimal() throws {
        #expect(try SourceFormats.decodeManifest(Array(fixture("manifest-minimal.json"))) == SourceDocument(releases: [Release(version: v("1.4.0"))]))
    }

    @Test func fullMergesLatestVersionIntoItsReleaseAndKeepsFileOrder() throws {
        let manifest = try SourceFormats.decodeManifest(Array(fixture("manifest-full.json")))
        #expect(manifest.minimumVersion == v("1.5.0"))
        #expect(manifest.updateURL == "https://example.com/download")
        #expect(manifest.releases.map(\.version.description) == ["2.1.0", "1.9.0", "2.0.0", "1.5.0"])
        #expect(manifest.releases[2].critical)
        #expect(manifest.releases[2].url == "https://example.com/download/2.0.0")
        #expect(manifest.releases[0].notes == "Faster sync.\nNew widgets.")
    }

    @Test func latestVersionAndReleasesAreOneSet() throws {
        let body = #"{"latestVersion": "1.0", "releaseNotes": "old", "critical": true, "url": "https://e.example/", "releases": [{"version": "2.0"}, {"version": "1.0.0", "notes": "own"}]}"#
        let manifest = try SourceFormats.decodeManifest(Array(Data(body.utf8)))
        #expect(manifest.releases == [
            Release(version: v("2.0")),
            Release(version: v("1.0.0"), notes: "own", critical: true),
        ])
        #expect(manifest.updateURL == "https://e.example/")
    }

    @Test func xmlPropertyList() throws {
        let manifest = try SourceFormats.decodeManifest(Array(fixture("manifest-iversion.plist")))
        #expect(manifest.releases == [
            Release(version: v("1.0"), notes: "First release"),
            Release(version: v("1.1"), notes: "Added export to PDF"),
            Release(version: v("1.2.1"), notes: "Fixed a crash on launch\nImproved “Share” sheet"),
        ])
    }

    @Test func binaryPropertyList() throws {
        let data = try fixture("manifest-binary.plist")
        #expect(data.starts(with: Array("bplist00".utf8)))
        let manifest = try SourceFormats.decodeManifest(Array(data))
        #expect(manifest.releases.map(\.version.description) == ["1.0", "1.1", "1.3.0"])
        #expect(manifest.releases.last?.notes == "Widgets\nBug fixes")
    }

    @Test(arguments: [
        ("{}", "manifest has neither 'latestVersion' nor 'releases'"),
        ("[]", "no release tag reads as a version"),
        (#"{"latestVersion": 1.4}"#, "manifest.latestVersion is a number, expected a string"),
        (#"{"latestVersion": "abc"}"#, "latestVersion: invalid version 'abc'"),
        (#"{"latestVersion": "1", "minimumVersion": "x"}"#, "minimumVersion: invalid version 'x'"),
        (#"{"releases": [{"notes": "n"}]}"#, "releases[0] has no 'version'"),
        (#"{"releases": [{"version": "1"}, {"version": "1..2"}]}"#, "releases[1].version: invalid version '1..2'"),
        (#"{"releases": [{"version": "1", "critical": "true"}]}"#, "releases[0].critical is a string, expected true or false"),
        (#"{"releases": {"version": "1"}}"#, "manifest.releases is an object, expected an array"),
        (#"{"latestVersion": "1""#, "not valid JSON"),
        ("<plist version=\"1.0\"><dict><key>1.0</key><integer>3</integer></dict></plist>",
         "property list entry '1.0' is not release notes"),
        ("<plist version=\"1.0\"><array><string>1.0</string></array></plist>",
         "the property list is not a dictionary from version to release notes"),
        ("<plist version=\"1.0\"><dict><key>v1.x</key><string>n</string></dict></plist>",
         "property list key: invalid version 'v1.x'"),
        ("<?xml version=\"1.0\"?><html/>", "not a valid property list"),
        ("hello", "not JSON, a GitHub release list, a Sparkle appcast, a property list or an electron-builder update file (the body starts with 'hello')"),
    ])
    func rejects(body: String, reasonPrefix: String) {
        do {
            let manifest = try SourceFormats.decodeManifest(Array(Data(body.utf8)))
            Issue.record("decoded \(manifest)")
        } catch {
            #expect(error.description.hasPrefix(reasonPrefix), "\(error.description)")
        }
    }
}

/// Issue 21: a failure is reported for what it is, not as another format's.
@Suite struct FailureKindTests {
    static func message(_ body: String, lookup: Bool = false) -> String? {
        do {
            if lookup { _ = try ITunesLookupFormat.answer(Array(body.utf8), asked: nil) } else { _ = try SourceFormats.decodeManifest(Array(body.utf8)) }
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        #"<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "b">]><rss version="2.0"><channel></channel></rss>"#,
        #"<!DOCTYPE rss SYSTEM "http://example.invalid/rss.dtd"><rss version="2.0"><channel></channel></rss>"#,
        #"<?xml version="1.0"?><!-- feed --><!doctype feed [<!ENTITY x "y">]><rss><channel></channel></rss>"#,
    ])
    func anAppcastWithADoctypeIsAnAppcastProblem(body: String) throws {
        let message = try #require(Self.message(body))
        #expect(message.contains("document type declaration"), "\(message)")
        #expect(!message.contains("property list"), "\(message)")
    }

    @Test func aPropertyListWithItsDoctypeIsStillAPropertyList() {
        let body = #"<?xml version="1.0"?><!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd"><plist version="1.0"><dict><key>1.0</key><string>First.</string></dict></plist>"#
        #expect(Self.message(body) == nil)
    }

    @Test func aDuplicateResultCountIsNamed() throws {
        let message = try #require(Self.message(#"{"resultCount": 1, "resultCount": 0, "results": []}"#, lookup: true))
        #expect(message == "not valid JSON (duplicate key 'resultCount' at byte 19)", "\(message)")
    }

    @Test func htmlIsStillNotJSON() throws {
        let message = try #require(Self.message("<html><body>Oops</body></html>", lookup: true))
        #expect(message == "not JSON (the body is HTML)")
    }
}

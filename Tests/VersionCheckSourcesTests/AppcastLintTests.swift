import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckSources

/// `lint` of appcasts (SPEC.md "Checking a feed before publishing", `A01`–`A14`, `V01`):
/// each code on a fixture in `Fixtures/lint/` with exactly that defect, clean feeds in
/// the shapes Sparkle's tools write, and the findings held to what a check decides.
@Suite("Appcast lint")
struct AppcastLintTests {
    static func lint(_ name: String, base: String? = nil) throws -> [LintFinding] {
        try FeedLint.findings(in: try appcastFixture("lint/" + name), context: LintContext(base: base))
    }

    static func lint(bytes: [UInt8], base: String? = nil) throws -> [LintFinding] {
        try FeedLint.findings(in: bytes, context: LintContext(base: base))
    }

    /// Every fixture's defect is in the item on line 14 (the second), except where the
    /// finding is on the other item of a pair.
    @Test("one finding, of the defect's code", arguments: [
        ("appcast-A01-no-version.xml", LintCode.a01, LintSeverity.error, 14, nil as String?),
        ("appcast-A02-duplicate-version.xml", .a02, .error, 14, "210"),
        ("appcast-A03-newest-date-lower-version.xml", .a03, .error, 14, "220"),
        ("appcast-A04-display-order.xml", .a04, .warning, 14, "300"),
        ("appcast-A05-http-enclosure.xml", .a05, .error, 14, "210"),
        ("appcast-A06-zero-length.xml", .a06, .warning, 14, "210"),
        ("appcast-A07-no-signature.xml", .a07, .error, 14, "210"),
        ("appcast-A07-dsa-only.xml", .a07, .warning, 14, "210"),
        ("appcast-A08-invalid-channel.xml", .a08, .error, 14, "210b1"),
        ("appcast-A09-iso-pubdate.xml", .a09, .warning, 14, "210"),
        ("appcast-A10-interval-not-seconds.xml", .a10, .error, 14, "210"),
        ("appcast-A11-minimum-above-maximum.xml", .a11, .error, 14, "210"),
        ("appcast-A12-empty-critical-version.xml", .a12, .error, 14, "210"),
        ("appcast-A13-http-notes.xml", .a13, .warning, 14, "210"),
        ("appcast-A14-unsigned-delta.xml", .a14, .error, 14, "210"),
        ("appcast-V01-bidi-mark-in-version.xml", .v01, .error, 14, "210\u{200E}"),
    ])
    func eachCode(_ name: String, _ code: LintCode, _ severity: LintSeverity, _ line: Int, _ item: String?) throws {
        let findings = try Self.lint(name)
        #expect(findings.map(\.code) == [code], "\(findings.map(\.message))")
        let found = try #require(findings.first)
        #expect(found.severity == severity)
        #expect(found.line == line)
        #expect(found.item == item)
        #expect(!found.message.contains("\n") && !found.message.unicodeScalars.contains { $0.value < 0x20 }, "\(found.message)")
    }

    @Test func messagesNameTheElementAndTheValue() throws {
        #expect(try Self.lint("appcast-A05-http-enclosure.xml").first?.message
            == "enclosure url 'http://example.com/app/Example-2.1.0.zip' is not https://")
        #expect(try Self.lint("appcast-A08-invalid-channel.xml").first?.message
            == "sparkle:channel 'public beta' is not a channel name (letters, digits, '.', '_' and '-'): Sparkle ignores it "
            + "and offers the item to everyone")
        #expect(try Self.lint("appcast-A03-newest-date-lower-version.xml").first?.message
            == "the newest pubDate of its channel and systems is on sparkle:version '220', below '230' on line 6")
        #expect(try Self.lint("appcast-A02-duplicate-version.xml").first?.message
            == "sparkle:version '210' equals that of the item on line 6 for overlapping systems: Sparkle offers only the first")
        let control = try #require(try Self.lint("appcast-V01-bidi-mark-in-version.xml").first?.message)
        #expect(control.hasPrefix("sparkle:version: ") && !control.contains("\u{200E}"), "\(control)")
    }

    @Test("clean appcasts in the shapes Sparkle's tools write", arguments: [
        "appcast-clean-generate-appcast.xml", "appcast-clean-channels.xml", "appcast-clean-enclosure-attributes.xml",
    ])
    func cleanAppcastsHaveNoFinding(_ name: String) throws {
        #expect(try Self.lint(name) == [])
        #expect(try Self.lint(name, base: "https://example.com/app/appcast.xml") == [])
    }

    // MARK: - links judged as resolved

    @Test func relativeLinksAreJudgedAsResolved() throws {
        let items = """
            <item><title>1.0</title><pubDate>Tue, 10 Jun 2025 12:00:00 +0000</pubDate><sparkle:version>100</sparkle:version>
            <sparkle:releaseNotesLink>notes/1.0.html</sparkle:releaseNotesLink>
            <enclosure url="App-1.0.zip" length="1" type="application/octet-stream" sparkle:edSignature="\(Self.signature)"/></item>
            """
        #expect(try Self.lint(bytes: feed(items)) == [], "a local file's relative links stay relative")
        #expect(try Self.lint(bytes: feed(items), base: "https://example.com/app/appcast.xml") == [])
        let plain = try Self.lint(bytes: feed(items), base: "http://example.com/app/appcast.xml")
        #expect(plain.map(\.code) == [.a05, .a13])
        #expect(plain.first?.message == "enclosure url 'http://example.com/app/App-1.0.zip' is not https://")
    }

    /// A check refuses the whole feed for an enclosure of another scheme (76): an error,
    /// even on an item a check otherwise ignores; a notes link of another scheme is dropped.
    @Test func otherSchemes() throws {
        let items = """
            <item><title>1.0</title><pubDate>Tue, 10 Jun 2025 12:00:00 +0000</pubDate><sparkle:version>100</sparkle:version>
            <sparkle:releaseNotesLink>javascript:alert(1)</sparkle:releaseNotesLink>
            <enclosure url="https://example.com/App-1.0.zip" length="1" type="application/octet-stream" sparkle:edSignature="\(Self.signature)"/></item>
            <item><sparkle:version>100</sparkle:version>
            <enclosure url="file:///etc/passwd" sparkle:os="windows" length="1" type="application/octet-stream"/></item>
            """
        let findings = try Self.lint(bytes: feed(items))
        #expect(findings.map(\.code) == [.a13, .a05])
        #expect(findings.last?.message == "enclosure url 'file:///etc/passwd' is not an http or https URL (Sparkle refuses the feed)")
        #expect(throws: BodyError.self) { try SourceFormats.decodeManifest(feed(items)) }
    }

    // MARK: - what a check ignores, lint ignores

    /// Items for another system, and items whose own enclosure is a delta, are not
    /// releases to a check (`AppcastSelection.release` is nil): no finding about their
    /// version, signature or date, but a delta's own defects are still `A14`.
    @Test func itemsACheckIgnoresHaveNoReleaseFindings() throws {
        let items = """
            <item><title>Windows</title><sparkle:version>not//a version&#x85;</sparkle:version>
            <enclosure url="https://example.com/App.exe" sparkle:os="windows"/></item>
            <item><title>Delta</title><sparkle:version>200</sparkle:version>
            <enclosure url="https://example.com/200-100.delta" sparkle:deltaFrom="100" length="1" type="application/octet-stream"/></item>
            """
        let findings = try Self.lint(bytes: feed(items))
        #expect(findings.map(\.code) == [.a14])
        #expect(findings.first?.message == "enclosure has no sparkle:edSignature")
        let (appcast, ignored) = try Self.read(feed(items))
        #expect(ignored == [true, true])
        for item in appcast.items {
            #expect(try AppcastSelection.release(for: item, current: Version(sparkle: "1"), options: AppcastOptions(now: 0)) == nil)
        }
    }

    /// The items as read, and whether lint took each for one a check ignores.
    static func read(_ body: [UInt8]) throws -> (Appcast, [Bool]) {
        var items: [AppcastItem] = []
        var ignored: [Bool] = []
        try AppcastReader.read(body, base: nil, recordingFacts: true) { item, facts throws(AppcastError) in
            items.append(item)
            ignored.append(!AppcastItemLint(item: item, facts: facts!).isRelease)
        }
        return (Appcast(items: items), ignored)
    }

    // MARK: - findings never disagree with the check

    /// Every appcast fixture: when lint finds no error, `manifest` reads the feed; and the
    /// items lint takes for ones a check ignores are those a check ignores.
    @Test func noErrorMeansTheManifestReads() throws {
        let top = try FileManager.default.contentsOfDirectory(atPath: TestPaths.fixtures.path)
        let lint = try FileManager.default.contentsOfDirectory(atPath: TestPaths.fixture("lint").path).map { "lint/" + $0 }
        let names = (top + lint).filter { $0.hasSuffix(".xml") }.sorted()
        #expect(names.count >= 24)
        for name in names {
            let body = try appcastFixture(name)
            let findings = try FeedLint.findings(in: body, context: LintContext())
            if !findings.contains(where: { $0.severity == .error }) {
                #expect(throws: Never.self, "\(name)") { try SourceFormats.decodeManifest(body) }
            }
            let (appcast, ignored) = try Self.read(body)
            for (item, isIgnored) in zip(appcast.items, ignored) where isIgnored {
                #expect(try AppcastSelection.release(for: item, current: Version(sparkle: "0"), options: AppcastOptions(now: 0)) == nil)
            }
        }
    }

    /// Lint reads what a check reads: recording facts changes no item.
    @Test func recordingFactsChangesNoItem() throws {
        for name in ["appcast-sparkle1.xml", "appcast-sparkle2.xml", "appcast-os.xml", "lint/appcast-clean-channels.xml"] {
            let body = try appcastFixture(name)
            #expect(try Self.read(body).0 == AppcastReader.read(body), "\(name)")
        }
    }

    // MARK: - details of single codes

    @Test func lineIsTheItemTagsLine() throws {
        let body = Array("<rss xmlns:sparkle='\(AppcastReader.sparkleNamespace)'>\n<channel>\n\n<item>\n</item><item><sparkle:version>2</sparkle:version></item>\n\n<item\n>\n</item></channel></rss>".utf8)
        let findings = try Self.lint(bytes: body).filter { $0.code == .a01 }
        #expect(findings.map(\.line) == [4, 8])
    }

    @Test("A09: only generate_appcast's spelling", arguments: [
        ("Tue, 10 Jun 2025 12:00:00 +0000", true), ("Tue, 10 Jun 2025 12:00:00 -0530", true),
        ("Tue, 10 Jun 2025 12:00:00 GMT", false), ("10 Jun 2025 12:00:00 +0000", false), ("Tue, 1 Jun 2025 12:00:00 +0000", false),
        ("Tue, 10 Jun 2025 12:00 +0000", false), ("Tue, 10 June 2025 12:00:00 +0000", false), ("Tue, 10 Jun 2025 12:00:00 +00:00", false),
        ("2025-06-10T12:00:00Z", false), ("Tue, 10 Jun 2025 25:00:00 +0000", false), ("tue, 10 jun 2025 12:00:00 +0000", false),
    ])
    func pubDateSpelling(_ date: String, _ clean: Bool) throws {
        let item = "<item><pubDate>\(date)</pubDate><sparkle:version>1</sparkle:version><enclosure url='https://e.example/a.zip' length='1' sparkle:edSignature='\(Self.signature)'/></item>"
        #expect(try Self.lint(bytes: feed(item)).map(\.code) == (clean ? [] : [.a09]))
    }

    @Test("A10: a positive number of seconds, and a readable date", arguments: [
        ("86400", true, true), ("0", true, false), ("-1", true, false), ("+5", true, false), ("1.5", true, false),
        ("99999999999999999999", true, false), ("86400", false, false),
    ])
    func phasedRolloutInterval(_ interval: String, _ dated: Bool, _ clean: Bool) throws {
        let date = dated ? "Tue, 10 Jun 2025 12:00:00 +0000" : "soon"
        let item = "<item><pubDate>\(date)</pubDate><sparkle:version>1</sparkle:version><sparkle:phasedRolloutInterval>\(interval)</sparkle:phasedRolloutInterval><enclosure url='https://e.example/a.zip' length='1' sparkle:edSignature='\(Self.signature)'/></item>"
        let codes = try Self.lint(bytes: feed(item)).map(\.code).filter { $0 != .a09 }
        #expect(codes == (clean ? [] : [.a10]))
    }

    @Test func markerVersionsAreEachChecked() throws {
        let item = """
            <item><pubDate>Tue, 10 Jun 2025 12:00:00 +0000</pubDate><sparkle:version>5</sparkle:version>
            <sparkle:minimumAutoupdateVersion>4&#x202E;1</sparkle:minimumAutoupdateVersion>
            <sparkle:informationalUpdate><sparkle:belowVersion>3</sparkle:belowVersion><sparkle:belowVersion> </sparkle:belowVersion></sparkle:informationalUpdate>
            <enclosure url='https://e.example/a.zip' length='1' sparkle:edSignature='\(Self.signature)'/></item>
            """
        let findings = try Self.lint(bytes: feed(item))
        #expect(findings.map(\.code) == [.a12, .a12])
        #expect(findings.map(\.message).allSatisfy { !$0.contains("\u{202E}") })
    }

    @Test func systemVersionsAreVersions() throws {
        let item = """
            <item><pubDate>Tue, 10 Jun 2025 12:00:00 +0000</pubDate><sparkle:version>5</sparkle:version>
            <sparkle:minimumSystemVersion>Sonoma</sparkle:minimumSystemVersion><sparkle:maximumSystemVersion> </sparkle:maximumSystemVersion>
            <enclosure url='https://e.example/a.zip' length='1' sparkle:edSignature='\(Self.signature)'/></item>
            """
        let findings = try Self.lint(bytes: feed(item))
        #expect(findings.map(\.message) == ["sparkle:minimumSystemVersion 'Sonoma' is not a version (expected one such as 13.0)"])
    }

    /// Equal versions for systems that do not overlap are a legacy branch, not a duplicate;
    /// a newer pubDate on a lower build for other systems is no inversion either.
    @Test func disjointSystemRangesAreApart() throws {
        func item(_ build: String, _ date: String, minimum: String, maximum: String? = nil, channel: String? = nil) -> String {
            "<item><pubDate>\(date)</pubDate><sparkle:version>\(build)</sparkle:version><sparkle:shortVersionString>\(build)</sparkle:shortVersionString>"
                + "<sparkle:minimumSystemVersion>\(minimum)</sparkle:minimumSystemVersion>"
                + (maximum.map { "<sparkle:maximumSystemVersion>\($0)</sparkle:maximumSystemVersion>" } ?? "")
                + (channel.map { "<sparkle:channel>\($0)</sparkle:channel>" } ?? "")
                + "<enclosure url='https://e.example/\(build).zip' length='1' sparkle:edSignature='\(Self.signature)'/></item>\n"
        }
        let june = "Tue, 10 Jun 2025 12:00:00 +0000", july = "Thu, 10 Jul 2025 12:00:00 +0000"
        let apart = item("176", june, minimum: "10.13") + item("176", june, minimum: "10.9", maximum: "10.12.6")
            + item("170", july, minimum: "10.6", maximum: "10.8.5") + item("180", june, minimum: "10.13", channel: "beta")
            + item("170", july, minimum: "10.13", channel: "nightly")
        #expect(try Self.lint(bytes: feed(apart)).map(\.message) == [])
        let overlapping = item("176", june, minimum: "10.13") + item("176", june, minimum: "10.9", maximum: "10.13")
            + item("170", july, minimum: "10.9", maximum: "10.12.6")
        let findings = try Self.lint(bytes: feed(overlapping))
        #expect(findings.map(\.code) == [.a02, .a03])
        #expect(findings.map(\.item) == ["176", "170"])
    }

    @Test func documentProblemsAreThrownAsByManifest() throws {
        #expect(throws: BodyError.self) { try Self.lint(bytes: Array("<rss><channel><item></channel></rss>".utf8)) }
        #expect(throws: BodyError.self) { try Self.lint(bytes: Array("<rss/>".utf8)) }
    }

    /// Base64 of 64 bytes.
    static let signature = String(repeating: "A", count: 86) + "=="
}

import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckCLI
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// A Sparkle appcast checked in-process from the fixtures: Sparkle's defaults, its version
/// spellings for --current, and every option of SPEC.md's appcast section changing the answer.
@Suite("Appcast checks", .blockingBodies)
struct AppcastCheckTests {
    /// 2026-01-02T03:04:05Z
    static let now: Int64 = 1_767_323_045

    struct Row: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: VersionCheckCore.ExitStatus
        var firstLine: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let rows: [Row] = [
        // 5209 is critical below 5200: forced, whatever --force-on says.
        Row(arguments: ["--current", "5100"], status: .forcedUpdate, firstLine: "forced update: 5100 -> 7000 (5209 is marked critical) (informational: nothing to install)"),
        // Build numbers name no level (and an appcast's --force-on is never by default).
        Row(arguments: ["--current", "5209"], status: .optionalUpdate, firstLine: "optional update: 5209 -> 7000 (informational: nothing to install)"),
        // An explicit --force-on applies, except to an informational latest (7000 is, below 6000).
        Row(arguments: ["--current", "5209", "--force-on", "major"], status: .optionalUpdate, firstLine: "optional update: 5209 -> 7000 (informational: nothing to install)"),
        Row(arguments: ["--current", "6500", "--force-on", "major"], status: .forcedUpdate, firstLine: "forced update: 6500 -> 7000 (7000 is a newer build, --force-on major)"),
        // --appcast-version display compares shortVersionString.
        Row(arguments: ["--current", "5.3.0", "--appcast-version", "display"], status: .optionalUpdate, firstLine: "optional update: 5.3.0 -> 7.0 (7.0 is a major update) (informational: nothing to install)"),
        // Sparkle's spellings for --current: 6000b1 is 6000-b.1, below the beta 6000b2.
        Row(arguments: ["--current", "6000b1", "--channel", "beta", "--optional-on", "any"], status: .optionalUpdate, firstLine: "optional update: 6000b1 -> 7000 (informational: nothing to install)"),
        Row(arguments: ["--current", "7000-3f2a9c1"], status: .success, firstLine: "up to date: 7000-3f2a9c1 (latest 7000)"),
        // --skip and --minimum are read as Sparkle reads them too.
        Row(arguments: ["--current", "5300", "--skip", "7000"], status: .success, firstLine: "up to date: 5300 (latest 7000, skipped)"),
        Row(arguments: ["--current", "5300", "--minimum", "5400b1"], status: .forcedUpdate, firstLine: "forced update: 5300 -> 7000 (5300 is below the minimum 5400b1) (informational: nothing to install)"),
    ]

    static func check(_ fixture: String, _ arguments: [String], json: Bool = false) throws -> (VersionCheckCore.ExitStatus, String) {
        let line = try CommandLineParser.parse(["manifest", "--url", TestPaths.fixture(fixture).path] + arguments)
        guard case .run(let parsed) = line else { throw Failure(.internal, "not a command") }
        let request = try CheckRequestBuilder.request(from: parsed, environment: [:])
        let (output, capture) = Output.capturing()
        var shaped = output
        shaped.json = json
        let checker = UpdateChecker(fetcher: HelperProcess(environment: [:]), now: { Self.now })
        let status = LiveCheck.run(request, checker: checker, output: shaped)
        return (status, capture.stdout + capture.stderr)
    }

    @Test(arguments: rows)
    func sparkleRules(row: Row) throws {
        let (status, text) = try Self.check("appcast-sparkle2.xml", row.arguments)
        #expect(status == row.status, "\(text)")
        #expect(text.split(separator: "\n").first.map(String.init) == row.firstLine)
    }

    @Test func channelsOfferTheirItemsOnlyWhenNamed() throws {
        let (_, plain) = try Self.check("appcast-sparkle2.xml", ["--current", "5300", "--json"], json: true)
        #expect(!plain.contains(#""version": "6000b2""#))
        let (_, beta) = try Self.check("appcast-sparkle2.xml", ["--current", "5300", "--channel", "beta", "--json"], json: true)
        #expect(beta.contains(#""version": "6000b2", "displayVersion": "6.0b2""#))
    }

    @Test func phasedRolloutHoldsAnItemBackForLaterGroups() throws {
        // 5300 is phased by a day from 2025-10-01; "now" is months later: every group has it.
        let (_, group6) = try Self.check("appcast-sparkle2.xml", ["--current", "5209", "--rollout-group", "6", "--json"], json: true)
        #expect(group6.contains(#""version": "5300""#))
    }

    @Test func textShowsHTMLNotesAsTextAndJSONKeepsThemAsGiven() throws {
        let (_, text) = try Self.check("appcast-sparkle2.xml", ["--current", "5100"])
        #expect(text.contains("release 5.2.9 (5209) (2025-06-10T12:00:00Z, critical):\n  Fixes a data-loss bug in sync.\n"))
        #expect(text.contains("  Café & bar\n"))
        let (_, json) = try Self.check("appcast-sparkle2.xml", ["--current", "5100", "--json"], json: true)
        #expect(json.contains(#""notes": "<p>Fixes a data-loss bug in <b>sync</b>.</p><p>Café &amp; bar</p>", "notesFormat": "html", "notesUrl": "https://example.com/notes/5.2.9.html""#))
        #expect(json.contains(#""version": "7000", "displayVersion": "7.0""#))
        #expect(json.contains(#""informational": true"#))
    }

    @Test func anItemForANewerSystemIsReportedUnavailable() throws {
        let (status, text) = try Self.check("appcast-os.xml", ["--current", "1.0", "--os-version", "15.0"])
        #expect([.success, .optionalUpdate, .forcedUpdate].contains(status), "\(text)")
        #expect(text.contains("\nnewer: "), "\(text)")
    }

    @Test func aBadSparkleCurrentIs65AndABadFeedIs76() throws {
        // Sparkle reads any text but an empty one or one with a control character.
        #expect(throws: Failure(.invalidInput, "--current: invalid version '5\u{7}': unexpected '\u{7}' at offset 1, expected a digit, '.', '-' or '+'")) {
            try Self.check("appcast-sparkle2.xml", ["--current", "5\u{7}"])
        }
        let (status, _) = try Self.check("appcast-sparkle2.xml", ["--current", "5.x"])
        #expect(status == .forcedUpdate)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vc-\(UUID().uuidString).xml")
        try Data(#"<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x "y">]><rss><channel/></rss>"#.utf8).write(to: file)
        let line = try CommandLineParser.parse(["manifest", "--url", file.path, "--current", "1"])
        guard case .run(let parsed) = line else {
            Issue.record("manifest --url … --current 1 did not parse as a command: \(line)")
            return
        }
        let request = try CheckRequestBuilder.request(from: parsed, environment: [:])
        do {
            let report = try UpdateChecker(fetcher: HelperProcess(environment: [:])).check(request)
            Issue.record("a feed with a DOCTYPE was accepted: \(report)")
        } catch {
            #expect(error.kind == .badResponse, "\(error)")
            #expect(error.exitStatus == .badResponse)
        }
    }

    /// A version only Sparkle's reading accepts is judged once the body's format is known:
    /// an appcast reads it; any other format is 65 naming the first such option, in the
    /// order --current, --skip, --minimum (each read once, when the request is built).
    @Test(arguments: [
        (["--current", "1.0(1234)"], "--current: invalid version '1.0(1234)'", "forced update: 1.0(1234) -> 7000 "),
        (["--current", "1.0", "--skip", "1.0(1234)"], "--skip: invalid version '1.0(1234)'", "forced update: 1.0 -> 7000 "),
        (["--current", "1.0", "--minimum", "1.0(1234)", "--skip", "2.0b(1)"], "--skip: invalid version '2.0b(1)'",
         "forced update: 1.0 -> 7000 (1.0 is below the minimum 1.0(1234))"),
    ])
    func aVersionOnlySparkleReadsIsForAppcastsOnly(arguments: [String], refusal: String, appcast: String) throws {
        let (status, text) = try Self.check("manifest-full.json", arguments)
        #expect(status == .invalidInput)
        #expect(text.hasPrefix("versioncheck: error: \(refusal): "), "\(text)")
        #expect(text.hasSuffix(" (the source is not a Sparkle appcast)\n"), "\(text)")
        let (appcastStatus, appcastText) = try Self.check("appcast-sparkle2.xml", arguments)
        #expect(appcastStatus == .forcedUpdate, "\(appcastText)")
        #expect(appcastText.hasPrefix(appcast), "\(appcastText)")
    }

    /// Each version given is read every way once: the reading a format takes is picked.
    @Test func aGivenVersionHoldsEveryReading() throws {
        let given = GivenVersion(" v2.0b3 ")
        #expect(given.text == " v2.0b3 ")
        guard case .failure(let lenient) = given.lenient else {
            Issue.record("the lenient grammar read \(given.text)")
            return
        }
        #expect(try given.read(.sparkle).get().description == "v2.0b3")
        #expect(try given.read(.sparkleDisplay).get() == (try Version(sparkleDisplay: "2.0b3")))
        #expect(throws: Failure(.invalidInput, "--current: \(lenient.description)")) {
            try given.version(for: "--current", sparkleToo: false)
        }
        #expect(try given.version(for: "--current", sparkleToo: true) == (try Version(sparkle: "v2.0b3")))
        #expect(GivenVersion("1.2").notAnAppcastFailure(for: "--skip") == nil)
        let version = try Version("1.2")
        let read = GivenVersion(version)
        #expect(read.text == "1.2" && read.lenient == .success(version))
    }

    /// --current-from reads the key of the compared field unless --current-key says otherwise.
    @Test(arguments: [([] as [String], "241"), (["--appcast-version", "display"], "2.4"), (["--current-key", "marketing"], "2.4")])
    func currentFromFollowsTheComparedField(options: [String], current: String) throws {
        let (_, text) = try Self.check("appcast-sparkle2.xml", ["--current-from", TestPaths.fixture("info.plist").path] + options)
        #expect(text.contains(": \(current) -> "), "\(text)")
    }
}

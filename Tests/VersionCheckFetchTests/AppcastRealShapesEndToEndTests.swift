import Foundation
import Testing
import VersionCheckTestSupport

/// Appcasts in the shapes real apps publish, through the built binary over loopback HTTP:
/// one build listed twice for two ranges of macOS (MacVim), display versions spelled
/// `v0.64.0` (VimR), and the `pubDate` spellings found in the wild.
@Suite(.blockingBodies) struct AppcastRealShapesEndToEndTests {
    /// 2025-06-11T12:00:00Z: a day after the newest item of `appcast-v-prefixed.xml`.
    static let june11 = "1749643200"

    static func check(_ fixture: String, _ arguments: [String], now: String? = nil) throws -> ProcessResult {
        let server = try LoopbackServer(routes: ["/appcast.xml": [.init(file: fixture)]])
        return try runProduct(
            "versioncheck", ["manifest", "--url", server.url("/appcast.xml")] + arguments,
            environment: now.map { ["VERSIONCHECK_TEST_NOW": $0] } ?? [:])
    }

    /// Sparkle filters first, then takes the best: the legacy enclosure of build 183 (10.9–10.12)
    /// is the update on 10.11, although the same build for 10.13+ comes first in the file.
    @Test func aBuildListedAgainForOlderSystemsIsOfferedOnThem() throws {
        let old = try Self.check("appcast-legacy-build.xml", ["--current", "182", "--os-version", "10.11"])
        #expect(old.status == 100, "\(old)")
        #expect(old.stdout.hasPrefix("optional update: 182 -> 183\n"), "\(old.stdout)")
        #expect(old.stdout.contains("url: https://example.org/download/release-183/ExampleVim_10.9.dmg\n"))
        // The pre-release channel's 183.1 was not asked for: it is held back, never "unavailable".
        #expect(!old.stdout.contains("needs OS"), "\(old.stdout)")
        let json = try Self.check("appcast-legacy-build.xml", ["--current", "182", "--os-version", "10.11", "--json"])
        #expect(json.stdout.contains(#""unavailable": null"#), "\(json.stdout)")
        #expect(json.stdout.contains(#""url": "https://example.org/download/release-183/ExampleVim_10.9.dmg""#))

        // On 10.15 the first 183 fits and wins (the legacy one stops at 10.12.99).
        let new = try Self.check("appcast-legacy-build.xml", ["--current", "182", "--os-version", "10.15"])
        #expect(new.status == 100, "\(new)")
        #expect(new.stdout.contains("url: https://example.org/download/release-183/ExampleVim.dmg\n"), "\(new.stdout)")
        // On 10.11 with build 183 installed: up to date, not offered the 10.13 copy.
        let same = try Self.check("appcast-legacy-build.xml", ["--current", "183", "--os-version", "10.11"])
        #expect(same.status == 0, "\(same)")
        #expect(same.stdout.hasPrefix("up to date: 183 (latest 183)\n"), "\(same.stdout)")
    }

    /// `unavailable` names an item that only the OS keeps back: the pre-release 183.1 once its
    /// channel is asked for, never when it is not.
    @Test func unavailableNamesOnlyItemsEveryOtherFilterOffers() throws {
        let asked = try Self.check(
            "appcast-legacy-build.xml", ["--current", "182", "--os-version", "10.11", "--channel", "prerelease"])
        #expect(asked.status == 100, "\(asked)")
        #expect(asked.stdout.contains("newer: 183.1 needs OS 10.13\n"), "\(asked.stdout)")
        let notAsked = try Self.check("appcast-legacy-build.xml", ["--current", "183", "--os-version", "10.11", "--json"])
        #expect(notAsked.status == 0, "\(notAsked)")
        #expect(notAsked.stdout.contains(#""unavailable": null"#), "\(notAsked.stdout)")
    }

    /// `v0.64.0` compares and levels as `0.64.0`, and is reported as spelled.
    @Test(arguments: ["v0.63.0", "0.63.0", "V0.63.0"])
    func aDisplayVersionSpelledWithVIsCompared(current: String) throws {
        let result = try Self.check(
            "appcast-v-prefixed.xml", ["--current", current, "--appcast-version", "display", "--optional-on", "minor"])
        #expect(result.status == 100, "\(result)")
        #expect(result.stdout.hasPrefix("optional update: \(current) -> v0.64.0 (v0.64.0 is a minor update)\n"), "\(result.stdout)")
        let json = try Self.check(
            "appcast-v-prefixed.xml", ["--current", current, "--appcast-version", "display", "--json"])
        #expect(json.stdout.contains(#""latest": "v0.64.0""#), "\(json.stdout)")
        #expect(json.stdout.contains(#""level": "minor""#), "\(json.stdout)")
        let upToDate = try Self.check("appcast-v-prefixed.xml", ["--current", "v0.64.0", "--appcast-version", "display"])
        #expect(upToDate.status == 0, "\(upToDate)")
        #expect(upToDate.stdout.hasPrefix("up to date: v0.64.0 (latest v0.64.0)\n"), "\(upToDate.stdout)")
    }

    /// Dates as real feeds write them: `GMT+2` and `2025-03-01 10:10:10 +0000` are read; a
    /// French one is no date (JSON null, named by `-v`), and `--min-age` offers it as undated
    /// instead of failing the feed.
    @Test func pubDatesInTheWildAreReadOrLeftUndated() throws {
        let json = try Self.check(
            "appcast-v-prefixed.xml", ["--current", "v0.61.0", "--appcast-version", "display", "--json"], now: Self.june11)
        #expect(json.status == 100, "\(json)")
        #expect(json.stdout.contains(#""date": "2025-06-10T12:00:00Z""#), "\(json.stdout)")
        #expect(json.stdout.contains(#""date": "2025-03-01T10:10:10Z""#), "\(json.stdout)")
        #expect(json.stdout.contains(#""date": null"#), "\(json.stdout)")
        #expect(!json.stdout.contains("mai"), "\(json.stdout)")

        // 0.64.0 is a day old: held back by --min-age 3; the undated 0.63.0 is offered.
        let aged = try Self.check(
            "appcast-v-prefixed.xml", ["--current", "v0.62.0", "--appcast-version", "display", "--min-age", "3", "-v"],
            now: Self.june11)
        #expect(aged.status == 100, "\(aged)")
        #expect(aged.stdout.hasPrefix("optional update: v0.62.0 -> v0.63.0"), "\(aged.stdout)")
        #expect(aged.stdout.contains("newer: v0.64.0 held back (min-age until 2025-06-13T12:00:00Z)"), "\(aged.stdout)")
        #expect(aged.stderr.contains("pubDate 'mar., 20 mai 2025 09:00:00 +0200' is not a date"), "\(aged.stderr)")
        #expect(!aged.stderr.contains("error"), "\(aged.stderr)")
    }
}

import Foundation
import Testing
import VersionCheckTestSupport

/// Appcasts in the shapes real apps publish, through the built binary over loopback HTTP:
/// one build listed twice for two ranges of macOS (MacVim), and display versions spelled
/// `v0.64.0` (VimR).
@Suite(.blockingBodies) struct AppcastRealShapesEndToEndTests {
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
}

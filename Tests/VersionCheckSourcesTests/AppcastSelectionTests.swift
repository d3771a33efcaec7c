import Testing
import VersionCheckCore
@testable import VersionCheckSources

private func sv(_ text: String) -> Version {
    do { return try Version(sparkle: text) } catch { fatalError("\(error)") }
}

/// 2025-12-01T00:00:00Z
private let december: Int64 = 1_764_547_200

private func offer(
    _ items: String, current: String, _ options: AppcastOptions = AppcastOptions(now: december)
) throws -> AppcastOffer {
    try AppcastSelection.offer(AppcastReader.read(feed(items)), current: sv(current), options: options)
}

private func versions(_ offer: AppcastOffer) -> [String] { offer.releases.map(\.version.description) }

/// The whole check as the CLI will run it: offer, then decide.
private func decide(
    _ bytes: [UInt8], current: String, options: AppcastOptions, policy: UpdatePolicy = UpdatePolicy(forceOn: SparkleDefaults.forceOn)
) throws -> (UpdateDecision, AppcastOffer) {
    let offered = try AppcastSelection.offer(AppcastReader.read(bytes), current: sv(current), options: options)
    var policy = policy
    policy.osVersion = options.osVersion
    return (try decideUpdate(current: sv(current), releases: offered.releases, sourceMinimum: nil, policy: policy, now: options.now), offered)
}

private func item(_ version: String, _ extra: String = "", enclosure: String = "<enclosure url='u'/>") -> String {
    "<item><sparkle:version>\(version)</sparkle:version>\(extra)\(enclosure)</item>"
}

@Suite("Appcast selection")
struct AppcastSelectionTests {
    // MARK: each filter changes the answer

    @Test func channels() throws {
        let items = item("1") + item("2", "<sparkle:channel>beta</sparkle:channel>") + item("3", "<sparkle:channel>nightly</sparkle:channel>")
        #expect(versions(try offer(items, current: "1")) == ["1"])
        #expect(versions(try offer(items, current: "1", AppcastOptions(channels: ["beta"], now: december))) == ["1", "2"])
        #expect(versions(try offer(items, current: "1", AppcastOptions(channels: ["beta", "nightly"], now: december))) == ["1", "2", "3"])
        // An invalid channel name in the feed is ignored, as Sparkle does: the item is on the default channel.
        #expect(versions(try offer(item("4", "<sparkle:channel>b@d</sparkle:channel>"), current: "1")) == ["4"])
    }

    @Test func phasedRollout() throws {
        // Published 2025-11-30T00:00:00Z, one day per group; now is 2025-12-01T00:00:00Z (one day later).
        let phased = item("2", "<pubDate>Sun, 30 Nov 2025 00:00:00 +0000</pubDate><sparkle:phasedRolloutInterval>86400</sparkle:phasedRolloutInterval>")
        #expect(versions(try offer(phased, current: "1")) == ["2"])
        #expect(versions(try offer(phased, current: "1", AppcastOptions(rolloutGroup: 0, now: december))) == ["2"])
        #expect(versions(try offer(phased, current: "1", AppcastOptions(rolloutGroup: 1, now: december))) == ["2"])
        #expect(versions(try offer(phased, current: "1", AppcastOptions(rolloutGroup: 2, now: december))) == [])
        #expect(versions(try offer(phased, current: "1", AppcastOptions(rolloutGroup: 6, now: december + 5 * 86_400))) == ["2"])
        // Critical items ignore phasing; so do items without a readable date.
        let critical = item("2", "<pubDate>Sun, 30 Nov 2025 00:00:00 +0000</pubDate><sparkle:phasedRolloutInterval>86400</sparkle:phasedRolloutInterval><sparkle:criticalUpdate/>")
        #expect(versions(try offer(critical, current: "1", AppcastOptions(rolloutGroup: 6, now: december))) == ["2"])
        let undated = item("2", "<sparkle:phasedRolloutInterval>86400</sparkle:phasedRolloutInterval>")
        #expect(versions(try offer(undated, current: "1", AppcastOptions(rolloutGroup: 6, now: december))) == ["2"])
    }

    @Test func otherSystemsAreIgnoredUnread() throws {
        let items = item("1", enclosure: "<enclosure url='u' sparkle:os='macos'/>")
            + item("", enclosure: "<enclosure url='u' sparkle:os='windows'/>") + item("2")
        #expect(versions(try offer(items, current: "1")) == ["1", "2"])
        // The same item for macOS is read, and refused.
        #expect(throws: AppcastError.self) { try offer(item(""), current: "1") }
    }

    @Test func maximumSystemVersion() throws {
        let items = item("1") + item("2", "<sparkle:maximumSystemVersion>14.9</sparkle:maximumSystemVersion>")
        #expect(versions(try offer(items, current: "1")) == ["1", "2"])
        #expect(versions(try offer(items, current: "1", AppcastOptions(osVersion: try Version("14.9"), now: december))) == ["1", "2"])
        #expect(versions(try offer(items, current: "1", AppcastOptions(osVersion: try Version("15.0"), now: december))) == ["1"])
        let bad = item("2", "<sparkle:maximumSystemVersion>fifteen</sparkle:maximumSystemVersion>")
        #expect(versions(try offer(bad, current: "1")) == ["2"])
        do {
            _ = try offer(bad, current: "1", AppcastOptions(osVersion: try Version("15.0"), now: december))
            Issue.record("expected an error")
        } catch {
            #expect(String(describing: error) == "item 1 sparkle:maximumSystemVersion: 'fifteen' is not a version (expected one such as 15.0)")
        }
    }

    @Test func minimumSystemVersionIsTheDecisionsAndNamesTheUnavailable() throws {
        let bytes = feed(item("1") + item("2", "<sparkle:minimumSystemVersion>14.0</sparkle:minimumSystemVersion>")
            + item("3", "<sparkle:minimumSystemVersion>26.0</sparkle:minimumSystemVersion>")
            + item("4", "<sparkle:minimumSystemVersion>26.0</sparkle:minimumSystemVersion><sparkle:maximumSystemVersion>14.0</sparkle:maximumSystemVersion>"))
        let (decision, offered) = try decide(bytes, current: "1", options: AppcastOptions(osVersion: try Version("15.0"), now: december))
        #expect(decision.latest?.version.description == "2")
        #expect(offered.unavailable?.version.description == "3")
        #expect(offered.unavailable?.minimumOsVersion == "26.0")
        let (without, plain) = try decide(bytes, current: "1", options: AppcastOptions(now: december))
        #expect(without.latest?.version.description == "4")
        #expect(plain.unavailable == nil)
    }

    @Test("critical resolved for the current version", arguments: [
        ("<sparkle:criticalUpdate/>", "1", true),
        ("<sparkle:criticalUpdate sparkle:version='5200'/>", "5100", true),
        ("<sparkle:criticalUpdate sparkle:version='5200'/>", "5200", false),
        ("<sparkle:criticalUpdate sparkle:version='5200'/>", "5201", false),
        ("<sparkle:criticalUpdate sparkle:version='2.0b3'/>", "2.0b2", true),
        ("<sparkle:tags><sparkle:criticalUpdate/></sparkle:tags>", "5201", true),
        ("", "1", false),
    ])
    func critical(_ marker: String, _ current: String, _ expected: Bool) throws {
        let offered = try offer(item("9999", marker), current: current)
        #expect(offered.releases.first?.critical == expected)
    }

    @Test("informational resolved for the current version", arguments: [
        ("<sparkle:informationalUpdate/>", "<enclosure url='u'/>", "1", true),
        ("<sparkle:informationalUpdate><sparkle:belowVersion>6000</sparkle:belowVersion></sparkle:informationalUpdate>", "<enclosure url='u'/>", "5999", true),
        ("<sparkle:informationalUpdate><sparkle:belowVersion>6000</sparkle:belowVersion></sparkle:informationalUpdate>", "<enclosure url='u'/>", "6000", false),
        ("<sparkle:informationalUpdate><sparkle:version>5.0</sparkle:version><sparkle:version>5.1</sparkle:version></sparkle:informationalUpdate>", "<enclosure url='u'/>", "5.1.0", true),
        ("<sparkle:informationalUpdate><sparkle:version>5.0</sparkle:version></sparkle:informationalUpdate>", "<enclosure url='u'/>", "5.1", false),
        ("", "<link>https://example.com/</link>", "1", true),
        ("", "<enclosure url='u'/>", "1", false),
    ])
    func informational(_ marker: String, _ enclosure: String, _ current: String, _ expected: Bool) throws {
        let offered = try offer(item("9999", marker, enclosure: enclosure), current: current)
        #expect(offered.releases.first?.informational == expected)
    }

    // MARK: versions

    @Test func buildOrDisplay() throws {
        let items = item("5209", "<sparkle:shortVersionString>5.2.9</sparkle:shortVersionString>") + item("5300")
        let build = try offer(items, current: "5100")
        #expect(versions(build) == ["5209", "5300"])
        #expect(build.releases.map(\.displayVersion) == ["5.2.9", nil])
        #expect(build.releases.map { SparkleDefaults.heading($0) } == ["5.2.9 (5209)", "5300"])
        let display = try offer(items, current: "5.1", AppcastOptions(versionField: .display, now: december))
        #expect(versions(display) == ["5.2.9", "5300"])
    }

    @Test("bad versions name the item and the element", arguments: [
        (item("1") + "<item><enclosure url='u'/></item>", AppcastOptions.VersionField.build, "item 2 has no sparkle:version"),
        (item("1") + item("2.0-\u{7F}"), .build, "item 2 sparkle:version: invalid version '2.0-\u{7F}': unexpected '\u{7F}' at offset 4, expected a printable character (text after '-' is ignored, but shown)"),
        (item("1", "<sparkle:criticalUpdate sparkle:version=''/>"), .build,
         "item 1 sparkle:criticalUpdate sparkle:version: invalid version '': expected a version such as 1.2.3"),
        ("<item></item>", .display, "item 1 has no sparkle:shortVersionString or sparkle:version"),
    ])
    func badVersions(_ items: String, _ field: AppcastOptions.VersionField, _ message: String) {
        do {
            _ = try offer(items, current: "1", AppcastOptions(versionField: field, now: december))
            Issue.record("expected an error")
        } catch {
            #expect(String(describing: error) == message)
        }
    }

    @Test func firstOfEqualPrecedenceWins() throws {
        let items = item("2.0", "<title>a</title>", enclosure: "<enclosure url='first'/>") + item("2.0.0", enclosure: "<enclosure url='second'/>")
        let (decision, _) = try decide(feed(items), current: "1", options: AppcastOptions(now: december))
        #expect(decision.latest?.url == "first")
        #expect(decision.latest?.version.description == "2.0")
    }

    // MARK: the fixtures, end to end

    @Test func sparkle2FixtureDecisions() throws {
        let bytes = try appcastFixture("appcast-sparkle2.xml")
        // 5100: 5209 is critical below 5200; 7000 is informational below 6000 and the latest.
        var (decision, offered) = try decide(bytes, current: "5100", options: AppcastOptions(now: december))
        #expect(versions(offered) == ["5100", "5209", "5300", "7000"])
        #expect(decision.status == .forced)
        #expect(decision.reason == "5209 is marked critical")
        #expect(decision.latest?.informational == true)
        // 5209: no longer critical; the informational 7000 is offered, not forced, even with --force-on major.
        (decision, _) = try decide(bytes, current: "5209", options: AppcastOptions(now: december), policy: UpdatePolicy())
        #expect(decision.status == .optional)
        #expect(decision.latest?.version.description == "7000")
        // --channel beta adds 6000b2.
        (decision, offered) = try decide(bytes, current: "5300", options: AppcastOptions(channels: ["beta"], now: december))
        #expect(versions(offered).contains("6000b2"))
        // Group 6 of the 5.3.0 rollout (published 2025-10-01, one day per group) is past by December.
        (_, offered) = try decide(bytes, current: "5209", options: AppcastOptions(rolloutGroup: 6, now: december))
        #expect(versions(offered).contains("5300"))
        (_, offered) = try decide(bytes, current: "5209", options: AppcastOptions(rolloutGroup: 6, now: 1_759_305_600 + 86_400))
        #expect(!versions(offered).contains("5300"))
        // --os-version 13.5: 6000b2 (beta) needs 14.0.
        (decision, offered) = try decide(bytes, current: "5300", options: AppcastOptions(channels: ["beta"], osVersion: try Version("13.5"), now: december))
        #expect(offered.unavailable?.version.description == "6000b2")
        // Display versions.
        (decision, _) = try decide(bytes, current: "5.2.9", options: AppcastOptions(versionField: .display, now: december))
        #expect(decision.latest?.version.description == "7.0")
        #expect(decision.releases.map(\.version.description) == ["5.3.0", "7.0"])
    }

    @Test func sparkle1FixtureDecisions() throws {
        let bytes = try appcastFixture("appcast-sparkle1.xml")
        let (decision, offered) = try decide(bytes, current: "2.0", options: AppcastOptions(now: december))
        #expect(versions(offered) == ["2.0", "2.1b3", "2.1"])
        #expect(decision.status == .forced)
        #expect(decision.reason == "2.1 is marked critical")
        #expect(offered.releases[0].url == "https://example.org/clipboard/Clipboard_2.0.zip")
        // Sparkle reads "2.1 beta 3" as newer than "2.1" (a trailing separator and number
        // make a version newer), and so does versioncheck.
        let (display, _) = try decide(bytes, current: "2.0", options: AppcastOptions(versionField: .display, now: december))
        #expect(display.latest?.version.description == "2.1 beta 3")
    }

    @Test func osFixtureDecisions() throws {
        let bytes = try appcastFixture("appcast-os.xml")
        let (decision, offered) = try decide(bytes, current: "3.1", options: AppcastOptions(osVersion: try Version("15.5"), now: december))
        #expect(versions(offered) == ["3.2.0", "3.3.0"])
        #expect(decision.latest?.version.description == "3.2.0")
        #expect(offered.unavailable?.version.description == "3.3.0")
        let (newer, _) = try decide(bytes, current: "3.1", options: AppcastOptions(osVersion: try Version("26.0"), now: december))
        #expect(newer.latest?.version.description == "3.3.0")
    }

    @Test func defaults() {
        #expect(SparkleDefaults.forceOn == .never)
        #expect(SparkleDefaults.currentKey(for: .build) == "CFBundleVersion")
        #expect(SparkleDefaults.currentKey(for: .display) == "CFBundleShortVersionString")
        #expect(AppcastChannelName.isValid("beta-2.x_y"))
        #expect(!AppcastChannelName.isValid(""))
        #expect(!AppcastChannelName.isValid("bêta"))
    }
}

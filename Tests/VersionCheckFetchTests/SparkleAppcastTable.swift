import Foundation
import Testing
import VersionCheckTestSupport

/// The feeds of the `SUAppcastTest` port, written here in the shape of Sparkle's test
/// resources (the same versions, channels, markers and links; no file copied).
enum SparkleFeeds {
    static let enclosure = "https://example.com/app.zip"

    /// `testappcast.xml`'s shape: a Sparkle 1 enclosure version with a critical marker
    /// below 1.5; a legacy tagged critical item with deltas; a minimum and a maximum system.
    static let main = """
        <item><title>Version 2.0</title><description sparkle:format="plain-text">desc</description>\
        <pubDate>Sat, 26 Jul 2014 15:20:11 +0000</pubDate>\
        <enclosure url="https://example.com/app-2.0.zip" sparkle:version="2.0"/>\
        <sparkle:criticalUpdate sparkle:version="1.5"/></item>
        <item><title>Version 3.0</title><sparkle:version>3.0</sparkle:version>\
        <sparkle:phasedRolloutInterval>86400</sparkle:phasedRolloutInterval><description>desc3</description>\
        <sparkle:tags><sparkle:criticalUpdate/></sparkle:tags>\
        <sparkle:deltas><enclosure url="https://example.com/3.0_from_2.0.patch" sparkle:deltaFrom="2.0"/>\
        <enclosure url="https://example.com/3.0_from_1.0.patch" sparkle:deltaFrom="1.0"/></sparkle:deltas>\
        <enclosure url="https://example.com/app-3.0.zip"/></item>
        <item><title>Version 4.0</title><sparkle:version>4.0</sparkle:version>\
        <pubDate>Sat, 26 Jul 2014 15:20:13 +0000</pubDate><sparkle:minimumSystemVersion>17.0.0</sparkle:minimumSystemVersion>\
        <enclosure url="https://example.com/app-4.0.zip"/></item>
        <item><title>Version 5.0</title><sparkle:version>5.0</sparkle:version>\
        <sparkle:maximumSystemVersion>2.0.0</sparkle:maximumSystemVersion><enclosure url="https://example.com/app-5.0.zip"/></item>
        """

    /// `testappcast_channels.xml`'s shape: no channel, an empty (invalid) channel, beta,
    /// nightly, a Windows item and an item whose own enclosure is a delta.
    static let channels = """
        <item><enclosure url="https://example.com/2.zip" sparkle:version="2.0"/><sparkle:criticalUpdate sparkle:version="1.5"/></item>
        <item><enclosure url="https://example.com/3.zip" sparkle:version="3.0"/><sparkle:channel></sparkle:channel></item>
        <item><sparkle:version>4.0</sparkle:version><enclosure url="https://example.com/4.zip"/><sparkle:channel>beta</sparkle:channel></item>
        <item><sparkle:version>5.0</sparkle:version><enclosure url="https://example.com/5.zip"/><sparkle:channel>nightly</sparkle:channel></item>
        <item><sparkle:version>6.0</sparkle:version><enclosure url="https://example.com/6.exe" sparkle:os="windows"/></item>
        <item><sparkle:version>7.0</sparkle:version><enclosure url="https://example.com/7.patch" sparkle:deltaFrom="6.0"/></item>
        """

    /// `testappcast_info_updates.xml`'s shape.
    static let informational = """
        <item><title>Version 2.0</title><enclosure url="https://example.com/2.zip" sparkle:version="2.0"/></item>
        <item><title>Version 3.0</title><sparkle:version>3.0</sparkle:version><sparkle:informationalUpdate>\
        <sparkle:version>2.5</sparkle:version><sparkle:version>2.4</sparkle:version><sparkle:belowVersion>0.5</sparkle:belowVersion>\
        </sparkle:informationalUpdate><link>https://example.com/info</link><enclosure url="https://example.com/3.zip"/></item>
        <item><title>Version 4.0</title><sparkle:version>4.0</sparkle:version><sparkle:informationalUpdate></sparkle:informationalUpdate>\
        <link>https://example.com/info</link><sparkle:deltas><enclosure url="https://example.com/4_from_2.patch" sparkle:deltaFrom="2.0"/></sparkle:deltas>\
        <enclosure url="https://example.com/4.zip"/></item>
        <item><title>Version 5.0</title><sparkle:version>5.0</sparkle:version><link>https://example.com/info</link></item>
        """

    /// `testappcast_minimumAutoupdateVersion.xml`'s shape.
    static let major = """
        <item><sparkle:version>3.0</sparkle:version><sparkle:minimumAutoupdateVersion>2.0</sparkle:minimumAutoupdateVersion><enclosure url="https://example.com/3.zip"/></item>
        <item><sparkle:version>2.0</sparkle:version><enclosure url="https://example.com/2.zip"/></item>
        """

    /// Not Sparkle's: `major` with a second 3.0 that is not a major upgrade, listed after
    /// the first (SPEC.md: of two items of equal precedence the first in the file wins,
    /// before the major-upgrade rule; `fuzz-appcast` found its model of this wrong).
    static let majorListedFirst = """
        <item><sparkle:version>3.0</sparkle:version><sparkle:minimumAutoupdateVersion>2.0</sparkle:minimumAutoupdateVersion><enclosure url="https://example.com/3.zip"/></item>
        <item><sparkle:version>3.0</sparkle:version><enclosure url="https://example.com/3b.zip"/></item>
        <item><sparkle:version>2.0</sparkle:version><enclosure url="https://example.com/2.zip"/></item>
        """

    /// `testappcast_minimumAutoupdateVersionSkipping.xml`'s shape.
    static let majorSkipping = """
        <item><sparkle:version>4.1</sparkle:version><sparkle:minimumAutoupdateVersion>4.0</sparkle:minimumAutoupdateVersion><enclosure url="https://example.com/41.zip"/></item>
        <item><sparkle:version>4.0</sparkle:version><sparkle:minimumAutoupdateVersion>4.0</sparkle:minimumAutoupdateVersion><enclosure url="https://example.com/40.zip"/></item>
        <item><sparkle:version>3.9</sparkle:version><sparkle:minimumAutoupdateVersion>3.0</sparkle:minimumAutoupdateVersion><enclosure url="https://example.com/39.zip"/></item>
        <item><sparkle:version>3.0</sparkle:version><sparkle:minimumAutoupdateVersion>3.0</sparkle:minimumAutoupdateVersion><enclosure url="https://example.com/30.zip"/></item>
        <item><sparkle:version>2.0</sparkle:version><enclosure url="https://example.com/20.zip"/></item>
        """

    /// `testappcast_phasedRollout.xml`'s shape: a critical major upgrade and a phased 2.0.
    static let phased = """
        <item><pubDate>Sat, 26 Jul 2014 15:20:11 +0000</pubDate><sparkle:version>3.0</sparkle:version>\
        <sparkle:minimumAutoupdateVersion>2.0</sparkle:minimumAutoupdateVersion><enclosure url="https://example.com/3.zip"/>\
        <sparkle:phasedRolloutInterval>86400</sparkle:phasedRolloutInterval><sparkle:criticalUpdate></sparkle:criticalUpdate></item>
        <item><pubDate>Sat, 26 Jul 2014 15:20:11 +0000</pubDate><sparkle:version>2.0</sparkle:version>\
        <enclosure url="https://example.com/2.zip"/><sparkle:phasedRolloutInterval>86400</sparkle:phasedRolloutInterval></item>
        """

    /// `testlocalizedreleasenotesappcast.xml`'s shape: four orders of localized notes links.
    static let localized = """
        <item><sparkle:version>6.3</sparkle:version><sparkle:channel>english-later-implicit</sparkle:channel><enclosure url="https://example.com/a.zip"/>\
        <sparkle:releaseNotesLink xml:lang="es">https://example.com/notes.es.html</sparkle:releaseNotesLink>\
        <sparkle:releaseNotesLink>https://example.com/notes.en.html</sparkle:releaseNotesLink></item>
        <item><sparkle:version>6.2</sparkle:version><sparkle:channel>english-first-implicit</sparkle:channel><enclosure url="https://example.com/a.zip"/>\
        <sparkle:releaseNotesLink>https://example.com/notes.en.html</sparkle:releaseNotesLink>\
        <sparkle:releaseNotesLink xml:lang="es">https://example.com/notes.es.html</sparkle:releaseNotesLink></item>
        <item><sparkle:version>6.1</sparkle:version><sparkle:channel>english-first</sparkle:channel><enclosure url="https://example.com/a.zip"/>\
        <sparkle:releaseNotesLink xml:lang="en">https://example.com/notes.en.html</sparkle:releaseNotesLink>\
        <sparkle:releaseNotesLink xml:lang="es">https://example.com/notes.es.html</sparkle:releaseNotesLink></item>
        """

    /// `testnamespaces.xml`'s shape: Sparkle's namespace under another prefix.
    static let namespaces = """
        <item xmlns:customNS="http://www.andymatuschak.org/xml-namespaces/sparkle"><title>Version 3.0</title>\
        <customNS:releaseNotesLink>https://example.com/#works</customNS:releaseNotesLink>\
        <enclosure url="https://example.com/3.zip" customNS:version="3.0"/></item>
        <item><title>Version 2.0</title><description>desc</description><enclosure url="https://example.com/2.zip" sparkle:version="2.0"/></item>
        """

    /// `test-links.xml`'s shape: https, http, and file links beside an https enclosure.
    static let links = """
        <item><sparkle:releaseNotesLink>https://example.com/notes/relnote-3.0.txt</sparkle:releaseNotesLink>\
        <sparkle:fullReleaseNotesLink>https://example.com/fullnotes.txt</sparkle:fullReleaseNotesLink><link>https://example.com</link>\
        <enclosure url="https://example.com/release-3.0.zip" sparkle:version="3.0"/></item>
        <item><sparkle:releaseNotesLink>http://example.com/notes/relnote-2.0.txt</sparkle:releaseNotesLink>\
        <sparkle:fullReleaseNotesLink>http://example.com/fullnotes.txt</sparkle:fullReleaseNotesLink><link>http://example.com</link>\
        <enclosure url="http://example.com/release-2.0.zip" sparkle:version="2.0"/></item>
        <item><sparkle:releaseNotesLink>file://example.com/notes/relnote-1.0.txt</sparkle:releaseNotesLink>\
        <sparkle:fullReleaseNotesLink>file://example.com/fullnotes.txt</sparkle:fullReleaseNotesLink><link>file://example.com</link>\
        <enclosure url="https://example.com/release-1.0.zip" sparkle:version="1.0"/></item>
        """

    /// `test-dangerous-link.xml`'s shape: the same, with a `file://` enclosure.
    static let dangerous = links.replacingOccurrences(
        of: "https://example.com/release-1.0.zip", with: "file://example.com/release-1.0.zip")

    /// `test-relative-urls.xml`'s shape: relative links, one root-relative, one absolute,
    /// and (SPEC's addition) one under `xml:base`.
    static let relative = """
        <item><sparkle:releaseNotesLink>notes/relnote-3.0.txt</sparkle:releaseNotesLink><enclosure url="release-3.0.zip" sparkle:version="3.0"/></item>
        <item><sparkle:version>2.0</sparkle:version><link>/info/info-2.0.txt</link></item>
        <item><sparkle:version>1.0</sparkle:version><sparkle:fullReleaseNotesLink>notes/fullnotes.txt</sparkle:fullReleaseNotesLink><enclosure url="release-1.0.zip"/></item>
        <item><sparkle:version>0.9</sparkle:version><sparkle:fullReleaseNotesLink>https://example.org/releasenotes.html</sparkle:fullReleaseNotesLink><enclosure url="release-0.9.zip"/></item>
        <item xml:base="https://cdn.example.net/v/"><sparkle:version>0.8</sparkle:version><enclosure url="release-0.8.zip"/></item>
        """
}

/// One assertion of `SUAppcastTest`, asked through the CLI: `manifest --json` of a feed
/// with arguments, then a value at a path of the JSON object (`release:3.0.title` is
/// the release of version 3.0; `releases.count`; `heldBack.reason`), as text.
struct AppcastAssertion: Sendable, CustomTestStringConvertible {
    /// `SUAppcastTest`'s test method, and what it asserts.
    var test: String
    var feed: String
    var arguments: [String]
    var path: String
    var expected: String
    var environment: [String: String] = [:]

    var testDescription: String { "\(test): \(arguments.joined(separator: " ")) → \(path) == \(expected)" }
}

private func rows(
    _ test: String, _ feed: String, _ arguments: [String], environment: [String: String] = [:],
    _ expectations: KeyValuePairs<String, String>
) -> [AppcastAssertion] {
    expectations.map { AppcastAssertion(test: test, feed: feed, arguments: arguments, path: $0.key, expected: $0.value, environment: environment) }
}

/// 2014-07-23 15:20:11 UTC and 2014-07-28 15:20:11 UTC (the phased-rollout test's dates).
private let beforeRollout = ["VERSIONCHECK_TEST_NOW": "1406128811"]
private let afterRollout = ["VERSIONCHECK_TEST_NOW": "1406560811"]

/// The `SUAppcastTest` assertions that SPEC.md keeps in scope, through the CLI.
let sparkleAppcastTable: [AppcastAssertion] =
    // testParseAppcast (22 of 27: the rollout interval is not reported; 4 are about delta application)
    rows("testParseAppcast", SparkleFeeds.main, ["--current", "1.0"], [
        "releases.count": "4",
        "release:2.0.title": "Version 2.0", "release:2.0.notes": "desc", "release:2.0.notesFormat": "plain-text",
        "release:2.0.date": "2014-07-26T15:20:11Z", "release:2.0.critical": "true", "releases.0.version": "2.0",
        "release:3.0.title": "Version 3.0", "release:3.0.notes": "desc3", "release:3.0.notesFormat": "html",
        "release:3.0.date": "null", "release:3.0.critical": "true", "releases.1.version": "3.0",
        "release:4.0.title": "Version 4.0", "release:4.0.notes": "null", "release:4.0.date": "2014-07-26T15:20:13Z",
        "release:4.0.critical": "false",
        "release:5.0.title": "Version 5.0", "release:5.0.notes": "null", "release:5.0.date": "null",
        "release:5.0.critical": "false",
    ])
    + rows("testParseAppcast", SparkleFeeds.main, ["--current", "1.0", "--os-version", "14.0"], ["latest": "3.0"])
    // testChannelsAndMacOSReleases (20 of 21: the count of parsed items is not reported)
    + rows("testChannelsAndMacOSReleases", SparkleFeeds.channels, ["--current", "1.0", "--channel", "beta", "--channel", "nightly"], [
        "releases.count": "4", "releases.0.version": "2.0", "releases.1.version": "3.0", "releases.2.version": "4.0",
        "releases.3.version": "5.0",
    ])
    + rows("testChannelsAndMacOSReleases", SparkleFeeds.channels, ["--current", "1.0"], [
        "releases.count": "2", "releases.0.version": "2.0", "releases.1.version": "3.0",
    ])
    + rows("testChannelsAndMacOSReleases", SparkleFeeds.channels, ["--current", "1.0", "--channel", "beta"], [
        "releases.count": "3", "releases.0.version": "2.0", "releases.1.version": "3.0", "releases.2.version": "4.0",
    ])
    + rows("testChannelsAndMacOSReleases", SparkleFeeds.channels, ["--current", "1.0", "--channel", "nightly"], [
        "releases.count": "3", "releases.0.version": "2.0", "releases.1.version": "3.0", "releases.2.version": "5.0",
    ])
    + rows("testChannelsAndMacOSReleases", SparkleFeeds.channels, ["--current", "1.0", "--channel", "madeup"], [
        "releases.0.version": "2.0", "releases.1.version": "3.0", "releases.count": "2",
    ])
    // testCriticalUpdateVersion (3 of 3)
    + rows("testCriticalUpdateVersion", SparkleFeeds.main, ["--current", "1.0"], ["release:2.0.critical": "true"])
    + rows("testCriticalUpdateVersion", SparkleFeeds.main, ["--current", "1.5"], ["release:2.0.critical": "false"])
    + rows("testCriticalUpdateVersion", SparkleFeeds.main, ["--current", "1.6"], ["release:2.0.critical": "false"])
    // testInformationalUpdateVersions (11 of 12: one is about a delta inheriting the marker)
    + rows("testInformationalUpdateVersions", SparkleFeeds.informational, ["--current", "1.0"], [
        "release:2.0.informational": "false", "release:3.0.informational": "false", "release:4.0.informational": "true",
        "release:5.0.informational": "true",
    ])
    + rows("testInformationalUpdateVersions", SparkleFeeds.informational, ["--current", "2.3"], ["release:3.0.informational": "false"])
    + rows("testInformationalUpdateVersions", SparkleFeeds.informational, ["--current", "2.4"], ["release:3.0.informational": "true"])
    + rows("testInformationalUpdateVersions", SparkleFeeds.informational, ["--current", "2.5"], ["release:3.0.informational": "true"])
    + rows("testInformationalUpdateVersions", SparkleFeeds.informational, ["--current", "2.6"], ["release:3.0.informational": "false"])
    + rows("testInformationalUpdateVersions", SparkleFeeds.informational, ["--current", "0.5"], ["release:3.0.informational": "false"])
    + rows("testInformationalUpdateVersions", SparkleFeeds.informational, ["--current", "0.4"], ["release:3.0.informational": "true"])
    + rows("testInformationalUpdateVersions", SparkleFeeds.informational, ["--current", "0.0"], ["release:3.0.informational": "true"])
    // testMinimumAutoupdateVersion: the preferred update and the best item
    + rows("testMinimumAutoupdateVersion", SparkleFeeds.major, ["--current", "1.0"], [
        "releases.count": "1", "latest": "2.0", "heldBack.version": "3.0", "heldBack.reason": "major-upgrade",
    ])
    + rows("testMinimumAutoupdateVersion", SparkleFeeds.major, ["--current", "2.0"], ["latest": "3.0", "release:3.0.majorUpgrade": "false"])
    + rows("testMinimumAutoupdateVersion", SparkleFeeds.major, ["--current", "2.5"], ["latest": "3.0"])
    + rows("SPEC: equal precedence, the first wins", SparkleFeeds.majorListedFirst, ["--current", "1.0"], [
        "releases.count": "1", "latest": "2.0", "heldBack.version": "3.0", "heldBack.reason": "major-upgrade",
    ])
    // … with a skipped (minor) version: --skip X removes every non-critical item at or below X
    + rows("testMinimumAutoupdateVersion", SparkleFeeds.major, ["--current", "1.0", "--skip", "2.0"], [
        "releases.count": "1", "latest": "3.0", "release:3.0.majorUpgrade": "true",
    ])
    + rows("testMinimumAutoupdateVersion", SparkleFeeds.major, ["--current", "1.0", "--skip", "2.5"], ["releases.count": "1", "latest": "3.0"])
    + rows("testMinimumAutoupdateVersion", SparkleFeeds.major, ["--current", "1.0", "--skip", "1.5"], ["releases.count": "1", "latest": "2.0"])
    // testMinimumAutoupdateVersionAdvancedSkipping: the preferred update without a skip
    + rows("testMinimumAutoupdateVersionAdvancedSkipping", SparkleFeeds.majorSkipping, ["--current", "1.0"], [
        "releases.count": "1", "latest": "2.0", "heldBack.version": "4.1",
    ])
    // testPhasedGroupRollouts
    + rows("testPhasedGroupRollouts", SparkleFeeds.phased, ["--current", "1.0"], ["releases.count": "1", "releases.0.version": "2.0"])
    + rows("testPhasedGroupRollouts", SparkleFeeds.phased, ["--current", "1.0", "--rollout-group", "6"], ["releases.count": "1"])
    + rows("testPhasedGroupRollouts", SparkleFeeds.phased, ["--current", "1.0", "--rollout-group", "0"], environment: beforeRollout, [
        "release:2.0.version": "absent",
    ])
    + rows("testPhasedGroupRollouts", SparkleFeeds.phased, ["--current", "1.0", "--rollout-group", "6"], environment: beforeRollout, [
        "release:2.0.version": "absent",
    ])
    + rows("testPhasedGroupRollouts", SparkleFeeds.phased, ["--current", "1.0", "--rollout-group", "0"], environment: afterRollout, ["latest": "2.0"])
    + rows("testPhasedGroupRollouts", SparkleFeeds.phased, ["--current", "1.0", "--rollout-group", "1"], environment: afterRollout, ["latest": "2.0"])
    + rows("testPhasedGroupRollouts", SparkleFeeds.phased, ["--current", "1.0", "--rollout-group", "2"], environment: afterRollout, ["latest": "2.0"])
    + rows("testPhasedGroupRollouts", SparkleFeeds.phased, ["--current", "1.0", "--rollout-group", "3"], environment: afterRollout, [
        "release:2.0.version": "absent", "heldBack.version": "absent",
    ])
    + rows("testPhasedGroupRollouts", SparkleFeeds.phased, ["--current", "1.0", "--rollout-group", "6"], environment: afterRollout, [
        "release:2.0.version": "absent",
    ])
    // … critical updates ignore phased rollout
    + rows("testPhasedGroupRollouts", SparkleFeeds.phased, ["--current", "2.0"], ["latest": "3.0"])
    + rows("testPhasedGroupRollouts", SparkleFeeds.phased, ["--current", "2.0", "--rollout-group", "0"], environment: beforeRollout, [
        "releases.count": "1", "latest": "3.0",
    ])
    + rows("testPhasedGroupRollouts", SparkleFeeds.phased, ["--current", "2.0", "--rollout-group", "6"], environment: afterRollout, [
        "releases.count": "1", "latest": "3.0",
    ])
    // testParseAppcastWithLocalizedReleaseNotes (9 of 12 for an English system: the link
    // without xml:lang, else the first; SPEC knows no locale, so the es-then-en item is out)
    + rows("testParseAppcastWithLocalizedReleaseNotes", SparkleFeeds.localized, ["--current", "1.0", "--channel", "english-first"], [
        "releases.count": "1", "releases.0.version": "6.1", "releases.0.notesUrl": "https://example.com/notes.en.html",
    ])
    + rows("testParseAppcastWithLocalizedReleaseNotes", SparkleFeeds.localized, ["--current", "1.0", "--channel", "english-first-implicit"], [
        "releases.count": "1", "releases.0.version": "6.2", "releases.0.notesUrl": "https://example.com/notes.en.html",
    ])
    + rows("testParseAppcastWithLocalizedReleaseNotes", SparkleFeeds.localized, ["--current", "1.0", "--channel", "english-later-implicit"], [
        "releases.count": "1", "releases.0.version": "6.3", "releases.0.notesUrl": "https://example.com/notes.en.html",
    ])
    // testNamespaces (4 of 4)
    + rows("testNamespaces", SparkleFeeds.namespaces, ["--current", "1.0"], [
        "releases.count": "2", "release:2.0.title": "Version 2.0", "release:2.0.notes": "desc",
        "release:3.0.notesUrl": "https://example.com/#works",
    ])
    // testLinks (12 of 12)
    + rows("testLinks", SparkleFeeds.links, ["--current", "0.1"], [
        "release:3.0.notesUrl": "https://example.com/notes/relnote-3.0.txt", "release:3.0.fullNotesUrl": "https://example.com/fullnotes.txt",
        "release:3.0.infoUrl": "https://example.com", "release:3.0.url": "https://example.com/release-3.0.zip",
        "release:2.0.notesUrl": "http://example.com/notes/relnote-2.0.txt", "release:2.0.fullNotesUrl": "http://example.com/fullnotes.txt",
        "release:2.0.infoUrl": "http://example.com", "release:2.0.url": "http://example.com/release-2.0.zip",
        "release:1.0.notesUrl": "null", "release:1.0.fullNotesUrl": "null", "release:1.0.infoUrl": "null",
        "release:1.0.url": "https://example.com/release-1.0.zip",
    ])

@Suite("SUAppcastTest through the CLI", .blockingBodies)
struct SparkleAppcastTests {
    @Test(arguments: sparkleAppcastTable)
    func assertion(_ row: AppcastAssertion) throws {
        let path = try SparkleReferenceTests.feed(row.feed)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runProduct("versioncheck", ["manifest", "--url", path, "--json"] + row.arguments, environment: row.environment)
        #expect([0, 100, 101].contains(result.status), "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let booleans = row.expected == "true" || row.expected == "false"
        #expect(Self.value(at: row.path, in: object, booleans: booleans) == row.expected, "\(result.stdout)")
    }

    /// `testDangerousLink` (1 of 1): a `file://` enclosure refuses the whole feed (76).
    @Test func dangerousEnclosureRefusesTheFeed() throws {
        let path = try SparkleReferenceTests.feed(SparkleFeeds.dangerous)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runProduct("versioncheck", ["manifest", "--url", path, "--current", "0.1"])
        #expect(result.status == 76, "\(result)")
        #expect(result.stderr.contains("item 3 enclosure url 'file://example.com/release-1.0.zip' is not an http or https URL"), "\(result)")
    }

    /// `testRelativeURLs` (6 of 6, and SPEC's `xml:base`): links resolved against the feed's URL.
    @Test func relativeLinksResolveAgainstTheFeedURL() throws {
        let body = #"<rss xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle"><channel>"#
            + SparkleFeeds.relative + "</channel></rss>"
        let server = try LoopbackServer(routes: ["/updates/index.xml": [.init(status: 200, body: body)]])
        let feedURL = server.url("/updates/index.xml")
        let root = String(feedURL.dropLast("/updates/index.xml".count))
        let result = try runProduct("versioncheck", ["manifest", "--url", feedURL, "--current", "0.1", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Self.value(at: "releases.count", in: object) == "5", "\(result)")
        #expect(Self.value(at: "release:3.0.url", in: object) == root + "/updates/release-3.0.zip")
        #expect(Self.value(at: "release:3.0.notesUrl", in: object) == root + "/updates/notes/relnote-3.0.txt")
        #expect(Self.value(at: "release:2.0.infoUrl", in: object) == root + "/info/info-2.0.txt")
        #expect(Self.value(at: "release:1.0.fullNotesUrl", in: object) == root + "/updates/notes/fullnotes.txt")
        #expect(Self.value(at: "release:0.9.fullNotesUrl", in: object) == "https://example.org/releasenotes.html")
        #expect(Self.value(at: "release:0.8.url", in: object) == "https://cdn.example.net/v/release-0.8.zip")
        // From a local file, relative links stay relative.
        let path = try SparkleReferenceTests.feed(SparkleFeeds.relative)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let local = try runProduct("versioncheck", ["manifest", "--url", path, "--current", "0.1", "--json"])
        let localObject = try #require(try JSONSerialization.jsonObject(with: Data(local.stdout.utf8)) as? [String: Any])
        #expect(Self.value(at: "release:3.0.url", in: localObject) == "release-3.0.zip", "\(local)")
    }

    /// The value at `path` as text: strings as they are, numbers spelled (booleans as
    /// `true`/`false` when `booleans`), `null`, or `absent`.
    static func value(at path: String, in object: [String: Any], booleans: Bool = false) -> String {
        var current: Any = object
        var parts: [String]
        if path.hasPrefix("release:"), let dot = path.lastIndex(of: ".") {
            let version = String(path[path.index(path.startIndex, offsetBy: "release:".count)..<dot])
            guard let releases = object["releases"] as? [[String: Any]],
                  let release = releases.first(where: { $0["version"] as? String == version })
            else { return "absent" }
            current = release
            parts = [String(path[path.index(after: dot)...])]
        } else {
            parts = path.split(separator: ".").map(String.init)
        }
        for part in parts {
            if part == "count", let array = current as? [Any] {
                current = array.count
            } else if let index = Int(part), let array = current as? [Any] {
                guard index < array.count else { return "absent" }
                current = array[index]
            } else if let dictionary = current as? [String: Any] {
                guard let next = dictionary[part] else { return "absent" }
                current = next
            } else {
                return "absent"
            }
        }
        switch current {
        case is NSNull: return "null"
        case let string as String: return string
        case let count as Int where !booleans: return String(count)
        case let number as NSNumber: return booleans ? (number.boolValue ? "true" : "false") : number.stringValue
        default: return "\(current)"
        }
    }
}

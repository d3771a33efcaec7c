import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckSources

func appcastFixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: TestPaths.fixture(name)))
}

/// A feed around some item XML, with the Sparkle namespace bound to `prefix`.
func feed(_ items: String, prefix: String = "sparkle", channel: String = "") -> [UInt8] {
    Array("""
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:\(prefix)="http://www.andymatuschak.org/xml-namespaces/sparkle">
        <channel><title>T</title>\(channel)\(items)</channel></rss>
        """.utf8)
}

/// The text fields of an item, for the field table.
enum Field: String, Sendable, CaseIterable {
    case version, shortVersion, notes, notesUrl, pubDate, url, minimumSystemVersion, maximumSystemVersion, channel, os

    func value(_ item: AppcastItem) -> String? {
        switch self {
        case .version: item.version
        case .shortVersion: item.shortVersion
        case .notes: item.notes
        case .notesUrl: item.notesUrl
        case .pubDate: item.pubDate
        case .url: item.url
        case .minimumSystemVersion: item.minimumSystemVersion
        case .maximumSystemVersion: item.maximumSystemVersion
        case .channel: item.channel
        case .os: item.os
        }
    }
}

@Suite("Appcast reader")
struct AppcastReaderTests {
    @Test func sparkle2Fixture() throws {
        let items = try AppcastReader.read(appcastFixture("appcast-sparkle2.xml")).items
        #expect(items.map(\.version) == ["5100", "5209", "5300", "6000b2", "7000"])
        #expect(items.map(\.shortVersion) == ["5.1.0", "5.2.9", "5.3.0", "6.0b2", "7.0"])
        #expect(items[0].notes == "<h2>New</h2><ul><li>Tags</li><li>Search &amp; replace</li></ul>")
        #expect(items[0].notesFormat == .html)
        #expect(items[0].pubDate == "2025-03-03T09:30:00Z")
        #expect(items[0].url == "https://example.com/notes/ExampleNotes-5.1.0.zip")
        #expect(items[0].minimumSystemVersion == "12.0")
        #expect(items[1].notes == "<p>Fixes a data-loss bug in <b>sync</b>.</p><p>Café &amp; bar</p>")
        #expect(items[1].notesUrl == "https://example.com/notes/5.2.9.html")
        #expect(items[1].critical == .below("5200"))
        #expect(items[2].phasedRolloutInterval == 86_400)
        #expect(items[2].notesFormat == .markdown)
        #expect(items[2].notes == "# 5.3.0\n\n* Faster start")
        #expect(items[3].channel == "beta")
        #expect(items[3].notesFormat == .plainText)
        #expect(items[4].informational == .forVersions(below: ["6000"], exact: []))
        #expect(items[4].hasEnclosure)
        #expect(items.map(\.index) == [0, 1, 2, 3, 4])
    }

    @Test func sparkle1Fixture() throws {
        let items = try AppcastReader.read(appcastFixture("appcast-sparkle1.xml")).items
        #expect(items.map(\.version) == ["2.0", "2.1b3", "2.1"])
        #expect(items.map(\.shortVersion) == [nil, "2.1 beta 3", "2.1"])
        #expect(items[0].notesUrl == "https://example.org/clipboard/notes/2.0.html")
        #expect(items[0].notes == nil)
        #expect(items[0].pubDate == "2019-01-10T03:20:11Z")
        #expect(items[1].pubDate == "2019-03-01T13:00:00Z")
        #expect(items[2].critical == .always)
        #expect(items[0].critical == .none)
    }

    @Test func osFixture() throws {
        let items = try AppcastReader.read(appcastFixture("appcast-os.xml")).items
        #expect(items.map(\.os) == ["macos", "windows", nil])
        #expect(items.map(\.isForMacOS) == [true, false, true])
        #expect(items[0].maximumSystemVersion == "15.9")
        #expect(items[0].pubDate == "2025-06-05T23:00:00Z")
    }

    /// SPEC's field table, one row at a time.
    @Test("field table", arguments: [
        // version: the enclosure's attribute wins over the element.
        ("<item><sparkle:version>2</sparkle:version><enclosure url='u' sparkle:version='3'/></item>", Field.version, "3" as String?),
        ("<item><sparkle:version> 2 </sparkle:version><enclosure url='u'/></item>", Field.version, "2"),
        ("<item><sparkle:shortVersionString>1.0</sparkle:shortVersionString><enclosure url='u' sparkle:shortVersionString='1.1'/></item>", Field.shortVersion, "1.1"),
        ("<item><description>&lt;b&gt;x&lt;/b&gt;</description></item>", Field.notes, "<b>x</b>"),
        ("<item><description><![CDATA[ <b>x</b> ]]></description></item>", Field.notes, " <b>x</b> "),
        ("<item><sparkle:releaseNotesLink xml:lang='fr'>f</sparkle:releaseNotesLink><sparkle:releaseNotesLink>n</sparkle:releaseNotesLink></item>", Field.notesUrl, "n"),
        ("<item><sparkle:releaseNotesLink xml:lang='fr'>f</sparkle:releaseNotesLink><sparkle:releaseNotesLink xml:lang='de'>d</sparkle:releaseNotesLink></item>", Field.notesUrl, "f"),
        ("<item><pubDate>Tue, 10 Jun 2025 12:00:00 +0000</pubDate></item>", Field.pubDate, "2025-06-10T12:00:00Z"),
        ("<item><pubDate> yesterday </pubDate></item>", Field.pubDate, "yesterday"),
        ("<item><link>l</link><enclosure url='e'/></item>", Field.url, "e"),
        ("<item><link> l </link></item>", Field.url, "l"),
        ("<item></item>", Field.url, "c"),
        ("<item><sparkle:minimumSystemVersion>13.0</sparkle:minimumSystemVersion></item>", Field.minimumSystemVersion, "13.0"),
        ("<item><sparkle:maximumSystemVersion>15.0</sparkle:maximumSystemVersion></item>", Field.maximumSystemVersion, "15.0"),
        ("<item><sparkle:channel>beta</sparkle:channel></item>", Field.channel, "beta"),
        ("<item><sparkle:channel>be ta</sparkle:channel></item>", Field.channel, nil),
        ("<item><enclosure url='e' sparkle:os='windows'/></item>", Field.os, "windows"),
    ])
    func fieldTable(_ item: String, _ field: Field, _ expected: String?) throws {
        let read = try AppcastReader.read(feed(item, channel: "<link>c</link>")).items
        #expect(read.count == 1)
        #expect(read.first.flatMap(field.value) == expected)
    }

    @Test("markers", arguments: [
        ("<item><sparkle:criticalUpdate/></item>", CriticalMarker.always, InformationalMarker.none),
        ("<item><sparkle:criticalUpdate sparkle:version='2.0'/></item>", .below("2.0"), .none),
        ("<item><sparkle:tags><sparkle:criticalUpdate/></sparkle:tags></item>", .always, .none),
        ("<item><sparkle:tags><other/></sparkle:tags></item>", .none, .none),
        ("<item><sparkle:informationalUpdate/></item>", .none, .everyone),
        ("<item><sparkle:informationalUpdate><x/></sparkle:informationalUpdate></item>", .none, .everyone),
        ("<item><sparkle:informationalUpdate><sparkle:belowVersion>2</sparkle:belowVersion><sparkle:version>3</sparkle:version></sparkle:informationalUpdate></item>",
         .none, .forVersions(below: ["2"], exact: ["3"])),
    ])
    func markers(_ item: String, _ critical: CriticalMarker, _ informational: InformationalMarker) throws {
        let read = try AppcastReader.read(feed(item)).items
        #expect(read.first?.critical == critical)
        #expect(read.first?.informational == informational)
    }

    @Test func matchesByNamespaceWhateverThePrefix() throws {
        let item = "<item><sp:version>9</sp:version><sp:channel>x</sp:channel><enclosure url='u' sp:os='macos'/></item>"
        let read = try AppcastReader.read(feed(item, prefix: "sp")).items
        #expect(read.first?.version == "9")
        #expect(read.first?.channel == "x")
        #expect(read.first?.os == "macos")
        // Another namespace's `version` is not Sparkle's.
        let other = Array("<rss xmlns:sparkle='urn:other'><channel><item><sparkle:version>1</sparkle:version></item></channel></rss>".utf8)
        #expect(try AppcastReader.read(other).items.first?.version == nil)
        // An undeclared `sparkle:` prefix reads as Sparkle's, as Sparkle does for old feeds.
        let old = Array("<rss><channel><item><sparkle:version>1</sparkle:version></item></channel></rss>".utf8)
        #expect(try AppcastReader.read(old).items.first?.version == "1")
    }

    @Test func onlyChannelItemsCount() throws {
        let xml = Array("<rss><item><sparkle:version>0</sparkle:version></item><channel><link>c</link><item><sparkle:version>1</sparkle:version><item><sparkle:version>2</sparkle:version></item></item></channel><other><item/></other></rss>".utf8)
        let items = try AppcastReader.read(xml).items
        #expect(items.map(\.version) == ["1"])
        #expect(items.first?.url == "c")
    }

    @Test func channelLinkAfterTheItems() throws {
        let items = try AppcastReader.read(feed("<item/>", channel: "") + []).items
        #expect(items.first?.url == nil)
        let later = Array("<rss><channel><item/><link>late</link></channel></rss>".utf8)
        #expect(try AppcastReader.read(later).items.first?.url == "late")
    }

    @Test("not an appcast", arguments: [
        ("<plist><dict/></plist>", "not an appcast: the root element is <plist>, expected <rss>"),
        ("<rss version='2.0'/>", "the appcast has no <channel>"),
        ("<rss><channel>", "not a readable appcast (line 1: the document ends inside <channel>)"),
    ])
    func notAnAppcast(_ xml: String, _ message: String) {
        do {
            _ = try AppcastReader.read(Array(xml.utf8))
            Issue.record("expected an error")
        } catch {
            #expect(String(describing: error) == message)
        }
    }

    @Test("sniff", arguments: [
        ("<rss version=\"2.0\">", true), ("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- c --><rss>", true), ("<rss/>", true),
        ("<?xml version=\"1.0\"?><plist>", false), ("<rssx>", false), ("{\"latestVersion\": \"1\"}", false),
        ("<!-- unterminated", false),
    ])
    func sniff(_ text: String, _ expected: Bool) {
        #expect(AppcastReader.sniff(Array(text.utf8)) == expected)
    }

    @Test func unsafeBufferInput() throws {
        let bytes = try appcastFixture("appcast-os.xml")
        let fromBuffer = try bytes.withUnsafeBytes { buffer throws(AppcastError) in try AppcastReader.read(buffer) }
        #expect(fromBuffer == (try AppcastReader.read(bytes)))
    }
}

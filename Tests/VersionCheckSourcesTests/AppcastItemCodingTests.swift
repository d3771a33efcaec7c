import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckSources

/// `AppcastItemCoding`: the bytes of items kept beside a cached appcast read back as the
/// same items, and damaged bytes read as nil or as other well-formed items, never a crash.
@Suite("Appcast items as bytes")
struct AppcastItemCodingTests {
    /// Items with every field and every marker, beside the fixtures' own.
    static let constructed: [AppcastItem] = {
        var full = AppcastItem(
            index: 70_000, version: "5209", shortVersion: "5.2.9 β", notes: "<p>Café &amp; bar</p>\n\u{0}",
            notesFormat: .markdown, notesUrl: "https://example.com/n", pubDate: "2025-06-10T12:00:00Z",
            published: -62_135_596_800, url: "https://example.com/a.zip", minimumSystemVersion: "13.0",
            maximumSystemVersion: "15.9", critical: .below("5200"),
            informational: .forVersions(below: ["5000", ""], exact: ["5100"]), hasEnclosure: false, channel: "beta",
            phasedRolloutInterval: Int64.max, os: "windows")
        full.link = "https://example.com/l"
        full.channelLink = "https://example.com/c"
        full.title = ""
        full.fullNotesUrl = "https://example.com/f"
        full.minimumAutoupdateVersion = "5000"
        full.isDelta = true
        return [
            full, AppcastItem(index: 0), AppcastItem(index: 1, critical: .always, informational: .everyone),
            AppcastItem(index: 2, notesFormat: .plainText, published: Int64.min, informational: .forVersions(below: [], exact: [])),
        ]
    }()

    static func items(of fixture: String) throws -> [AppcastItem] {
        try AppcastReader.read(Array(Data(contentsOf: TestPaths.fixture(fixture))), base: "https://example.com/feed.xml").items
    }

    static func bytes(_ items: [AppcastItem]) -> [UInt8] {
        var bytes: [UInt8] = []
        for item in items { AppcastItemCoding.append(item, to: &bytes) }
        return bytes
    }

    @Test(arguments: ["appcast-sparkle1.xml", "appcast-sparkle2.xml", "appcast-os.xml", nil])
    func itemsReadBackAsTheyWereWritten(fixture: String?) throws {
        let items = try fixture.map(Self.items(of:)) ?? Self.constructed
        #expect(!items.isEmpty)
        #expect(AppcastItemCoding.items(Self.bytes(items)) == items)
        #expect(AppcastItemCoding.items([]) == [])
    }

    /// A prefix of the bytes reads as the items it holds whole when it ends between two,
    /// else as nil: never as a part of an item.
    @Test func everyPrefixIsWholeItemsOrNil() throws {
        let items = try Self.items(of: "appcast-sparkle2.xml") + Self.constructed
        var ends: [Int: Int] = [0: 0]
        var bytes: [UInt8] = []
        for (count, item) in items.enumerated() {
            AppcastItemCoding.append(item, to: &bytes)
            ends[bytes.count] = count + 1
        }
        for length in 0..<bytes.count {
            let read = AppcastItemCoding.items(Array(bytes[..<length]))
            if let whole = ends[length] {
                #expect(read == Array(items.prefix(whole)), "prefix of \(length) bytes")
            } else {
                #expect(read == nil, "prefix of \(length) bytes")
            }
        }
    }

    /// Bytes changed at random (a reader of a damaged file that passed its checksum, which
    /// the cache also checks) read as nil or as items, and never trap.
    @Test func changedBytesNeverTrap() throws {
        let bytes = Self.bytes(try Self.items(of: "appcast-sparkle2.xml") + Self.constructed)
        var random = SplitMix64(seed: 24)
        var readAsItems = 0
        for _ in 0..<3_000 {
            var changed = bytes
            for _ in 0..<(1 + Int(random.next() % 4)) {
                changed[Int(random.next() % UInt64(changed.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            if AppcastItemCoding.items(changed) != nil { readAsItems += 1 }
        }
        #expect(readAsItems < 3_000, "some changes must be refused")
        // Lengths that claim more than there is.
        #expect(AppcastItemCoding.items([0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]) == nil)
        #expect(AppcastItemCoding.items([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80]) == nil)
    }
}

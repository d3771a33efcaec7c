import Foundation
import Testing
import VersionCheckTestSupport
import VersionCheckCore
@testable import VersionCheckSources

/// Property lists that crashed or could crash Foundation's bridging: each is a bad
/// response (76) with a reason, never a crash.
@Suite("Hostile input: property lists")
struct HostilePropertyListTests {
    /// Found by fuzz-manifest: a binary plist whose top object is a set. Through
    /// PropertyListSerialization it crashed versioncheck with SIGSEGV (exit 139).
    static let topLevelSet = Data(base64Encoded:
        "YnBsaXN0MDDDAQIDBAUGUzEuMFMxLrFVMS4zaUYuMF1yc3QgYnBsaXN0MDDTAQIDBAUGUzEuMFMxLrFVMS4zLjBdRmlyc3QgcmlzZFlCdWcgZml4ZXMIDxMXHStBREwAAAAAAAABAQAAAAAAAAAJAAAAAAAAAAAAAAAAAAAAVg==")!

    /// The same kind of object one level down: a dictionary whose value is a set of strings.
    static let setAsNotes: Data = {
        var data = Data("bplist00".utf8)
        let objects: [[UInt8]] = [
            [0xD1, 0x01, 0x02],  // {obj1: obj2}
            [0x53] + Array("1.0".utf8),  // "1.0"
            [0xC1, 0x03],  // set {obj3}
            [0x51, UInt8(ascii: "x")],  // "x"
        ]
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(data.count))
            data.append(contentsOf: object)
        }
        let table = UInt8(data.count)
        data.append(contentsOf: offsets)
        data.append(contentsOf: [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)] + [UInt8](repeating: 0, count: 8)
            + [0, 0, 0, 0, 0, 0, 0, table])
        return data
    }()

    @Test(arguments: [
        (topLevelSet, "the property list is not a dictionary from version to release notes"),
        (setAsNotes, "property list entry '1.0' is not release notes (a string or an array of strings)"),
    ])
    func setsAreBadResponses(_ data: Data, _ reason: String) {
        #expect(throws: BodyError(reason)) { try SourceFormats.decodeManifest(Array(data)) }
    }

    @Test func theBinaryDoesNotCrash() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-set-\(UUID().uuidString).plist")
        try Self.topLevelSet.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runMeasured("versioncheck", ["manifest", "--url", file.path, "--current", "1.0"])
        #expect(result.status == 76, "\(result)")
        #expect(result.stderrText.contains("the property list is not a dictionary"), "\(result)")
    }

    /// Found by fuzz-manifest: a binary plist with the key "1.0" twice. PropertyListDecoder
    /// kept one value or the other from one decode to the next.
    static let repeatedKey = Data(base64Encoded:
        "YnBsaXN0MDDTAQIDBAUGUzEuMFMxLjBVMS4zLjBdRmlyc3QgcmVsZXMPEGVvE2EhAIwAAAAAAG9ydCB0byBQRHSiBwhXV2lkZ2V0c1lCdWcgZml4ZXMIDxMXQUQdTCsAAAAAAAABAQAAAAAAAAAJAAAAAAAAAAAAAAAAAAAAVg==")!

    @Test func aRepeatedKeyIsABadResponse() {
        #expect(throws: BodyError("property list has the key '1.0' more than once")) { try SourceFormats.decodeManifest(Array(Self.repeatedKey)) }
        let xml = Data(#"<?xml version="1.0"?><plist version="1.0"><dict><key>2.0</key><string>a</string><key>2.0</key><string>b</string></dict></plist>"#.utf8)
        #expect(throws: BodyError("property list has the key '2.0' more than once")) { try SourceFormats.decodeManifest(Array(xml)) }
    }
}

/// A binary property list shares objects by reference: many entries may name one notes
/// object, and one array may name one string many times. Each shared object is decoded
/// once and stays shared; the text all entries come to is bounded.
@Suite("Hostile input: shared binary property list objects")
struct SharedBinaryObjectTests {
    /// `count` entries "1.0", "1.1", … whose values are all entry 0's `value`.
    static func sharing(_ value: BinaryPlistBuilder.Value, count: Int) -> [UInt8] {
        BinaryPlistBuilder.build((0..<count).map { ("1.\($0)", $0 == 0 ? value : .sameAs(0)) })
    }

    @Test(arguments: [
        (BinaryPlistBuilder.Value.string(String(repeating: "n", count: 512)), String(repeating: "n", count: 512)),
        (.strings(["first line", "second line"]), "first line\nsecond line"),
        (.repeatedLine("line", count: 3), "line\nline\nline"),
    ])
    func sharedValuesAreDecodedOnceAndShared(_ value: BinaryPlistBuilder.Value, notes: String) throws {
        let entries = try PropertyListEntries.all(in: Self.sharing(value, count: 5))
        #expect(entries.map(\.key) == ["1.0", "1.1", "1.2", "1.3", "1.4"])
        #expect(entries.allSatisfy { $0.value == .notes(notes) })
        #expect(Set(entries.map(\.sharedValue)).count == 1 && entries[0].sharedValue != nil, "one object, named five times")
        let releases = try SourceFormats.decodeManifest(Self.sharing(value, count: 5)).releases
        #expect(releases.map(\.notes) == Array(repeating: notes, count: 5))
        #expect(releases.map(\.version.description) == ["1.0", "1.1", "1.2", "1.3", "1.4"])
    }

    /// Releases share details through a small direct-mapped table (`RecentReleases`):
    /// objects and texts that fall into one slot never lend each other their notes,
    /// and notes equal only as `String`s (composed and decomposed "é") keep their bytes.
    @Test func sharedDetailsAreNeverAnotherEntrysNotes() throws {
        let count = 3 * RecentReleases.slotCount
        let paired = BinaryPlistBuilder.build((0..<count).map { index in
            ("1.\(index)", index % 2 == 0 ? .string("n\(index / 2)") : .sameAs(index - 1))
        })
        let releases = try SourceFormats.decodeManifest(paired).releases
        #expect(releases.count == count)
        for (index, release) in releases.enumerated() where release.notes != "n\(index / 2)" {
            Issue.record("release \(release.version) has the notes \(release.notes ?? "nil")")
            break
        }
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed, "equal as Strings")
        let bytes = try SourceFormats.decodeManifest(BinaryPlistBuilder.build([("1.0", .string(composed)), ("1.1", .string(decomposed))]))
            .releases.map { Array(($0.notes ?? "").utf8) }
        #expect(bytes == [Array(composed.utf8), Array(decomposed.utf8)])
    }

    @Test func unsharedValuesAreNotMarked() throws {
        let entries = try PropertyListEntries.all(in: BinaryPlistBuilder.build([("1.0", .string("n")), ("1.1", .string("n"))]))
        #expect(entries.map(\.sharedValue) == [nil, nil])
    }

    static let limit = BinaryPropertyListEntries.maximumExpandedText
    static let tooMuch = BodyError(
        "not a valid property list (binary: the release notes come to more than 16 MiB of text (an array's lines count each time it is joined))")

    /// Decoding builds at most 16 MiB of text: entries naming one string share it (no new
    /// text, whatever their number); an array naming one line builds text each time it
    /// is joined, and one byte past the limit is a bad response.
    @Test func theExpandedTextIsBounded() throws {
        let line = String(repeating: "x", count: 1024 * 1024)
        #expect(Self.limit == 16 * 1024 * 1024)
        #expect(try SourceFormats.decodeManifest(Self.sharing(.string(line), count: 16)).releases.count == 16)
        #expect(try SourceFormats.decodeManifest(Self.sharing(.string(line), count: 40)).releases.count == 40)
        #expect(throws: Self.tooMuch) {
            try SourceFormats.decodeManifest(BinaryPlistBuilder.build([("1.0", .repeatedLine(line, count: 17))]))
        }
        let short = String(repeating: "x", count: 1023)  // 1024 with its newline
        #expect(throws: Self.tooMuch) {
            try SourceFormats.decodeManifest(BinaryPlistBuilder.build([("1.0", .repeatedLine(short, count: 16 * 1024 + 1))]))
        }
    }
}

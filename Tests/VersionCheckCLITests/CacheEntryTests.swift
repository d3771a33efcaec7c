import Foundation
import Testing
import VersionCheckCore
@testable import VersionCheckCLI
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// The entry file: what is written reads back, and every damaged or foreign file
/// counts as absent with exactly one warning.
@Suite(.blockingBodies) struct CacheEntryTests {
    static let url = "https://itunes.apple.com/lookup?id=1450000001&country=us"
    static let body = Array(#"{"resultCount":1,"results":[{"version":"2.4.1"}]}"#.utf8)

    /// A store in a fresh scratch folder holding one entry for `url`; the entry's path.
    func storedEntry(_ scratch: CacheScratch, body: [UInt8] = Self.body) throws -> String {
        var store = CacheStore.testing(scratch.path("cache"))
        let stored = store.store(url: Self.url, body: body, entityTag: "\"abc\"", lastModified: "Tue, 10 Jun 2025 12:00:00 GMT", fetchedAt: 1_767_000_000)
        #expect(stored)
        return scratch.path("cache/" + CacheChecksum.fileName(for: Self.url))
    }

    @Test(arguments: [0, 1, 7, 8, 9, 1000, 65_536, 70_001])
    func roundTrip(size: Int) throws {
        let scratch = try CacheScratch()
        let body = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        _ = try storedEntry(scratch, body: body)
        var store = CacheStore.testing(scratch.path("cache"), now: 1_767_000_100)
        let expected = CacheEntry(
            url: Self.url, fetchedAt: 1_767_000_000, entityTag: "\"abc\"", lastModified: "Tue, 10 Jun 2025 12:00:00 GMT",
            body: body)
        let found = store.lookup(url: Self.url)
        #expect(found == .found(expected, age: 100))
    }

    @Test func roundTripWithoutValidators() throws {
        let scratch = try CacheScratch()
        let lines = CacheLines()
        var store = CacheStore.testing(scratch.path("cache"), lines: lines)
        let stored = store.store(url: Self.url, body: Self.body, entityTag: nil, lastModified: "", fetchedAt: 5)
        #expect(stored)
        guard case .found(let entry, _) = store.lookup(url: Self.url) else { Issue.record("no entry"); return }
        #expect(entry.entityTag == nil && entry.lastModified == nil && entry.body == Self.body)
        #expect(lines.warnings.isEmpty)
    }

    @Test func cappedBodyRoundTrips() throws {
        let scratch = try CacheScratch()
        let body = [UInt8](repeating: 0x20, count: FetchLimits.maximumBodySize)
        _ = try storedEntry(scratch, body: body)
        var store = CacheStore.testing(scratch.path("cache"))
        guard case .found(let entry, _) = store.lookup(url: Self.url) else { Issue.record("no entry"); return }
        #expect(entry.body.count == FetchLimits.maximumBodySize)
    }

    @Test func bodyOverTheCapIsNotStored() throws {
        let scratch = try CacheScratch()
        let lines = CacheLines()
        var store = CacheStore.testing(scratch.path("cache"), lines: lines)
        let body = [UInt8](repeating: 0x20, count: FetchLimits.maximumBodySize + 1)
        let stored = store.store(url: Self.url, body: body, entityTag: nil, lastModified: nil, fetchedAt: 5)
        #expect(!stored)
        #expect(lines.warnings.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("cache")))
    }

    /// How a test damages the stored entry file.
    enum Damage: String, CaseIterable, Sendable {
        case empty, truncatedMagic, truncatedHeader, truncatedBody, trailingBytes, flippedBodyByte, flippedHeaderByte
        case otherVersion, wrongMagic, otherURL, oversizedHeaderLength, oversizedFile, directory, symbolicLink
        case headerWithoutEnd, missingChecksum

        var expected: CacheEntryProblem {
            switch self {
            case .empty, .truncatedMagic, .truncatedHeader, .headerWithoutEnd: .truncatedHeader
            case .truncatedBody: .truncatedBody(found: CacheEntryTests.body.count - 5, expected: CacheEntryTests.body.count)
            case .trailingBytes: .trailingBytes(3)
            case .flippedBodyByte, .flippedHeaderByte: .badChecksum
            case .otherVersion: .otherFormatVersion("2")
            case .wrongMagic: .notAnEntry
            case .otherURL: .otherURL("https://example.com/other.json")
            case .oversizedHeaderLength: .tooLarge(FetchLimits.maximumBodySize + 1)
            case .oversizedFile: .tooLarge(CacheEntryFormat.maximumFileSize + 1)
            case .directory, .symbolicLink: .notARegularFile
            case .missingChecksum: .malformedHeader("no checksum line")
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func damagedEntryIsAbsentWithOneWarning(damage: Damage) throws {
        let scratch = try CacheScratch()
        let path = try storedEntry(scratch)
        let file = URL(fileURLWithPath: path)
        var bytes = try [UInt8](Data(contentsOf: file))
        let headerEnd = try #require(Self.blankLine(bytes)) + 2
        switch damage {
        case .empty: bytes = []
        case .truncatedMagic: bytes = Array(bytes.prefix(5))
        case .truncatedHeader: bytes = Array(bytes.prefix(40))
        case .headerWithoutEnd: bytes = Array(bytes.prefix(headerEnd - 1))
        case .truncatedBody: bytes.removeLast(5)
        case .trailingBytes: bytes += [1, 2, 3]
        case .flippedBodyByte: bytes[headerEnd + 3] ^= 0x01
        case .flippedHeaderByte: bytes = Self.replacing("fetched-at 1767000000", with: "fetched-at 1767000001", in: bytes)
        case .otherVersion: bytes = Self.replacing("versioncheck-cache 1", with: "versioncheck-cache 2", in: bytes)
        case .wrongMagic: bytes = Array("hello, world\n\n".utf8) + bytes
        case .otherURL:
            var other = CacheStore.testing(scratch.path("other"))
            let stored = other.store(url: "https://example.com/other.json", body: Self.body, entityTag: nil, lastModified: nil, fetchedAt: 1)
            #expect(stored)
            bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.path("other/" + CacheChecksum.fileName(for: "https://example.com/other.json")))))
        case .oversizedHeaderLength:
            bytes = Self.replacing("body \(Self.body.count)\n", with: "body \(FetchLimits.maximumBodySize + 1)\n", in: bytes)
        case .missingChecksum:
            let checksumLine = try #require(Self.range(of: "checksum ", in: bytes))
            bytes.removeSubrange(checksumLine.lowerBound..<(headerEnd - 1))
        case .oversizedFile, .directory, .symbolicLink:
            break
        }
        switch damage {
        case .oversizedFile:
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: UInt64(CacheEntryFormat.maximumFileSize + 1))
            try handle.close()
        case .directory:
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        case .symbolicLink:
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: scratch.path("elsewhere"))
            try Data(Self.body).write(to: URL(fileURLWithPath: scratch.path("elsewhere")))
        default:
            try Data(bytes).write(to: file)
        }
        let lines = CacheLines()
        var store = CacheStore.testing(scratch.path("cache"), lines: lines)
        let found = store.lookup(url: Self.url)
        #expect(found == .absent(.entryUnusable(damage.expected)))
        #expect(lines.warnings.count == 1)
        #expect(lines.warnings.first?.hasPrefix("ignoring the cache entry '\(path)': ") == true)
        if damage != .directory {
            // A new answer replaces the damaged entry.
            let replaced = store.store(url: Self.url, body: Self.body, entityTag: nil, lastModified: nil, fetchedAt: 9)
            #expect(replaced)
            guard case .found(let entry, _) = store.lookup(url: Self.url) else { Issue.record("not replaced"); return }
            #expect(entry.body == Self.body)
        }
    }

    @Test func checksumReadsWordsAndTail() {
        let bytes = Array("0123456789abcdefXYZ".utf8)
        #expect(CacheChecksum.checksum(bytes) != CacheChecksum.checksum(Array(bytes.dropLast())))
        // A flip of the same high bit in two words does not cancel out.
        var twoFlips = [UInt8](repeating: 0, count: 16)
        twoFlips[7] ^= 0x80
        twoFlips[15] ^= 0x80
        #expect(CacheChecksum.checksum(twoFlips) != CacheChecksum.checksum([UInt8](repeating: 0, count: 16)))
        #expect(CacheChecksum.fnv1a("a".utf8) == 0xaf63_dc4c_8601_ec8c)  // the published FNV-1a 64 of "a"
    }

    @Test func fileNameIsSixteenHexDigits() {
        let name = CacheChecksum.fileName(for: Self.url)
        #expect(name.count == 16 + ".entry".count && name.hasSuffix(".entry"))
        #expect(CacheChecksum.fileName(for: Self.url + "&entity=macSoftware") != name)
        #expect(CacheChecksum.fileName(for: "https://itunes.apple.com/lookup?id=1450000001&country=gb") != name)
    }

    static func blankLine(_ bytes: [UInt8]) -> Int? {
        (0..<max(0, bytes.count - 1)).first { bytes[$0] == 0x0A && bytes[$0 + 1] == 0x0A }
    }

    static func range(of text: String, in bytes: [UInt8]) -> Range<Int>? {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }
            .map { $0..<($0 + needle.count) }
    }

    static func replacing(_ text: String, with replacement: String, in bytes: [UInt8]) -> [UInt8] {
        guard let found = range(of: text, in: bytes) else { return bytes }
        var copy = bytes
        copy.replaceSubrange(found, with: Array(replacement.utf8))
        return copy
    }
}

import Foundation
import Testing
@testable import VersionCheckCLI
import VersionCheckCore
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform
import VersionCheckSources
import VersionCheckTestSupport

/// The items of a cached appcast kept beside its entry (`NAME.items`), through the built
/// binary: a cache hit reads them instead of the XML, with the same answer, and anything
/// wrong with them — damage, another build or body, a symbolic link — is passed over.
@Suite("Appcast items kept beside the cache entry", .blockingBodies)
struct KeptAppcastItemsTests {
    static let feed = "appcast-sparkle2.xml"

    /// A check of the feed at `server`, the cache in `cache`; `network: false` gives it a
    /// helper that cannot start, so only the cache can answer.
    static func run(
        _ server: LoopbackServer, cache: String, _ extra: [String] = [], network: Bool = true
    ) throws -> ProcessResult {
        var environment = ["VERSIONCHECK_CACHE_DIR": cache]
        if !network { environment["VERSIONCHECK_FETCH_HELPER"] = "/nonexistent/versioncheck-fetch" }
        return try runProduct(
            "versioncheck",
            ["manifest", "--url", server.url("/a.xml"), "--current", "5100", "--check-period", "1", "--json", "-v"] + extra,
            environment: environment)
    }

    /// The one `.items` file in `cache`.
    static func itemsFile(_ cache: String) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasSuffix(".items") }
        try #require(names.count == 1, "\(names)")
        return cache + "/" + names[0]
    }

    /// The key line and the items of a kept-items file (its time and checksum left out).
    static func payload(of bytes: Data) -> [Substring] {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let blank = text.range(of: "\n\n") else { return [] }
        let lines = text[..<blank.lowerBound].split(separator: "\n")
        return lines.filter { $0.hasPrefix("url ") } + [text[blank.upperBound...]]
    }

    static func payload(_ path: String) throws -> [Substring] {
        payload(of: try #require(FileManager.default.contents(atPath: path)))
    }

    /// The JSON output without `cached` (the only member a cache hit changes).
    static func answer(_ result: ProcessResult) throws -> NSDictionary {
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        return object.filter { $0.key != "cached" } as NSDictionary
    }

    @Test func aCacheHitAnswersFromTheKeptItemsAsFromTheFeed() throws {
        let server = try LoopbackServer(routes: ["/a.xml": [.init(status: 200, file: Self.feed)]])
        let cache = try CacheEndToEndTests.cacheFolder()
        let fetched = try Self.run(server, cache: cache)
        #expect(fetched.status == 101, "\(fetched)")
        let items = try Self.itemsFile(cache)

        // Every option the selection reads, decided from the kept items and from the XML.
        for options in [[], ["--channel", "beta"], ["--rollout-group", "3"], ["--appcast-version", "display"], ["--os-version", "12.0"]] {
            let kept = try Self.run(server, cache: cache, options, network: false)
            try FileManager.default.removeItem(atPath: items)
            let read = try Self.run(server, cache: cache, options, network: false)
            #expect(read.stderr.contains("cache: hit"), "\(read)")
            #expect(kept.status == read.status, "\(options): \(kept) \(read)")
            #expect(try Self.answer(kept) == Self.answer(read), "\(options)")
            #expect(FileManager.default.fileExists(atPath: items), "the hit that read the XML keeps the items again")
        }
        #expect(server.requests().count == 1)
    }

    /// Proof that a hit reads the kept items, not the XML: items written under the right
    /// key that say something else are what the answer says; under another key (another
    /// build), they are passed over.
    @Test func theKeptItemsAreWhatAHitReads() throws {
        let server = try LoopbackServer(routes: ["/a.xml": [.init(status: 200, file: Self.feed)]])
        let cache = try CacheEndToEndTests.cacheFolder()
        #expect(try Self.run(server, cache: cache).status == 101)
        let path = try Self.itemsFile(cache)
        let written = try #require(FileManager.default.contents(atPath: path))
        let keyLine = try #require(String(decoding: written, as: UTF8.self).split(separator: "\n").dropFirst().first)
        let key = String(keyLine.dropFirst("url ".count))
        #expect(key.hasPrefix("appcast-items \(ToolInfo.version) layout \(AppcastItemCoding.formatVersion) executable "))

        func keep(_ items: [AppcastItem], key: String) throws {
            var bytes: [UInt8] = []
            for item in items { AppcastItemCoding.append(item, to: &bytes) }
            let header = try #require(CacheEntryFormat.header(for: CacheEntry(url: key, fetchedAt: 0, body: bytes)))
            try Data(header + bytes).write(to: URL(fileURLWithPath: path))
        }
        let other = AppcastItem(index: 0, version: "9900", shortVersion: "9.9.0", url: "https://example.com/9.9.0.zip")
        try keep([other], key: key)
        let planted = try Self.run(server, cache: cache, network: false)
        #expect(planted.status == 100, "\(planted)")
        #expect(planted.stdout.contains(#""latest": "9900""#), "\(planted.stdout)")

        try keep([other], key: key.replacingOccurrences(of: "executable ", with: "executable 1-"))
        let otherBuild = try Self.run(server, cache: cache, network: false)
        #expect(otherBuild.status == 101, "\(otherBuild)")
        #expect(otherBuild.stderr.contains("are for another body or build; reading the body"), "\(otherBuild)")
        #expect(!otherBuild.stdout.contains("9900"))
    }

    @Test func damagedOrForeignItemsArePassedOverAndReplaced() throws {
        let server = try LoopbackServer(routes: ["/a.xml": [.init(status: 200, file: Self.feed)]])
        let cache = try CacheEndToEndTests.cacheFolder()
        let first = try Self.run(server, cache: cache)
        let path = try Self.itemsFile(cache)
        let whole = try #require(FileManager.default.contents(atPath: path))

        var flipped = whole
        flipped[flipped.count - 3] ^= 0x20
        let damages: [(String, Data)] = [
            ("a flipped bit", flipped), ("a truncated file", whole.prefix(whole.count - 5)), ("garbage", Data("garbage\n".utf8)),
            ("an empty file", Data()),
        ]
        for (what, bytes) in damages {
            try bytes.write(to: URL(fileURLWithPath: path))
            let hit = try Self.run(server, cache: cache, network: false)
            #expect(hit.status == first.status, "\(what): \(hit)")
            #expect(try Self.answer(hit) == Self.answer(first), "\(what)")
            #expect(hit.stderr.contains("are not used ("), "\(what): \(hit.stderr)")
            #expect(!hit.stderr.contains("warning"), "\(what): kept items are an optimisation, never a warning")
            #expect(try Self.payload(path) == Self.payload(of: whole), "\(what): the items are kept again")
        }

        // A symbolic link in the items' place is never followed, and left alone.
        let target = cache + "/../elsewhere"
        try whole.write(to: URL(fileURLWithPath: target))
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        let linked = try Self.run(server, cache: cache, network: false)
        #expect(linked.status == first.status, "\(linked)")
        #expect(linked.stderr.contains("not a regular file"), "\(linked.stderr)")
        #expect(FileManager.default.contents(atPath: target) == whole)
        #expect(server.requests().count == 1)
    }

    @Test func onlyAppcastsKeepItems() throws {
        let server = try LoopbackServer(routes: ["/a.xml": [.init(status: 200, file: "manifest-full.json")]])
        let cache = try CacheEndToEndTests.cacheFolder()
        let result = try Self.run(server, cache: cache, [], network: true)
        #expect([0, 100, 101].contains(result.status), "\(result)")
        let names = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(names.count == 1 && names[0].hasSuffix(".entry"), "\(names)")
    }
}

import Foundation
import Testing
import VersionCheckTestSupport

/// `--check-period` through the built binary, against a loopback server that counts
/// requests and records the conditional headers it received.
@Suite("Check period and cache, end to end", .blockingBodies)
struct CacheEndToEndTests {
    static let day: Int64 = 86_400
    static let start: Int64 = 1_767_323_045  // 2026-01-02T03:04:05Z

    /// A fresh cache folder (its parent private, as a user's cache folder is).
    static func cacheFolder() throws -> String {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("vc-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        return parent.appendingPathComponent("cache").path
    }

    static func run(
        _ server: LoopbackServer, cache: String, at time: Int64, _ extra: [String] = [], current: String = "1.0"
    ) throws -> ProcessResult {
        try runProduct(
            "versioncheck",
            ["manifest", "--url", server.url("/m.json"), "--current", current, "--check-period", "1", "--json"] + extra,
            environment: ["VERSIONCHECK_CACHE_DIR": cache, "VERSIONCHECK_TEST_NOW": String(time)])
    }

    static let manifest = #"{"latestVersion": "2.0.0", "releaseNotes": "New."}"#

    @Test func fetchOnceThenAnswerFromTheCacheThenRevalidate() throws {
        let server = try LoopbackServer(routes: ["/m.json": [
            .init(status: 200, headers: ["ETag": "\"v1\"", "Last-Modified": "Fri, 02 Jan 2026 03:00:00 GMT"], body: Self.manifest),
            .init(status: 304, body: ""),
        ]])
        let cache = try Self.cacheFolder()

        let first = try Self.run(server, cache: cache, at: Self.start)
        #expect(first.status == 101, "\(first)")
        #expect(first.stdout.contains(#""cached": false, "fetchedAt": "2026-01-02T03:04:05Z""#))
        #expect(server.requests().count == 1)
        #expect(server.requests()[0].header("If-None-Match") == nil)

        // Within the period: no request; decided afresh with this run's options.
        let second = try Self.run(server, cache: cache, at: Self.start + 3_600, ["-v"], current: "2.0.0")
        #expect(second.status == 0, "\(second)")
        #expect(second.stdout.contains(#""cached": true, "fetchedAt": "2026-01-02T03:04:05Z""#))
        #expect(second.stderr.contains("versioncheck: cache: hit (fetched 1 h ago)"))
        #expect(server.requests().count == 1)

        // After the period: a conditional request; the 304 reuses and renews the entry.
        let third = try Self.run(server, cache: cache, at: Self.start + 2 * Self.day, ["-v"])
        #expect(third.status == 101, "\(third)")
        #expect(server.requests().count == 2)
        #expect(server.requests()[1].header("If-None-Match") == "\"v1\"")
        #expect(server.requests()[1].header("If-Modified-Since") == "Fri, 02 Jan 2026 03:00:00 GMT")
        #expect(third.stderr.contains("cache: stale, revalidating"))
        #expect(third.stderr.contains("cache: 304, renewed"))
        #expect(third.stdout.contains(#""cached": false, "fetchedAt": "2026-01-04T03:04:05Z""#))

        // Renewed: fresh again, no request.
        let fourth = try Self.run(server, cache: cache, at: Self.start + 2 * Self.day + 60)
        #expect(fourth.status == 101)
        #expect(fourth.stdout.contains(#""cached": true"#))
        #expect(server.requests().count == 2)
    }

    /// Issue 21: an entry fetched at the earliest time there is, answered under an absurd
    /// period, died with SIGILL (an overflow formatting its date).
    @Test func anEntryFromTheDawnOfTimeUnderAnAbsurdPeriod() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, body: Self.manifest)]])
        let cache = try Self.cacheFolder()
        let first = try Self.run(server, cache: cache, at: .min)
        #expect(first.status == 101, "\(first)")
        #expect(first.stdout.contains(#""fetchedAt": "-292277022657-01-27T08:29:52Z""#), "\(first)")
        let absurd = String(repeating: "9", count: 30)
        let later = try runProduct(
            "versioncheck",
            ["manifest", "--url", server.url("/m.json"), "--current", "1.0", "--check-period", absurd, "--json", "-v"],
            environment: ["VERSIONCHECK_CACHE_DIR": cache, "VERSIONCHECK_TEST_NOW": String(Int64.max)])
        #expect(later.status == 101, "\(later)")
        #expect(later.stdout.contains(#""cached": true, "fetchedAt": "-292277022657-01-27T08:29:52Z""#), "\(later)")
        #expect(server.requests().count == 1)
    }

    @Test func refreshAsksNowAndAReplacedBodyIsStored() throws {
        let server = try LoopbackServer(routes: ["/m.json": [
            .init(status: 200, headers: ["ETag": "\"v1\""], body: Self.manifest),
            .init(status: 200, headers: ["ETag": "\"v2\""], body: #"{"latestVersion": "3.0.0"}"#),
        ]])
        let cache = try Self.cacheFolder()
        _ = try Self.run(server, cache: cache, at: Self.start)
        let refreshed = try Self.run(server, cache: cache, at: Self.start + 60, ["--refresh"], current: "2.0.0")
        #expect(refreshed.status == 101, "\(refreshed)")
        #expect(server.requests().count == 2)
        #expect(server.requests()[1].header("If-None-Match") == "\"v1\"")
        let cached = try Self.run(server, cache: cache, at: Self.start + 120, current: "2.0.0")
        #expect(cached.stdout.contains(#""latest": "3.0.0""#) && cached.stdout.contains(#""cached": true"#))
        #expect(server.requests().count == 2)
    }

    @Test func aFailureAfterThePeriodIsReportedAndLeavesTheEntry() throws {
        let server = try LoopbackServer(routes: ["/m.json": [
            .init(status: 200, body: Self.manifest),
            .init(status: 200, body: "not a manifest"),
            .init(status: 404, body: ""),
        ]])
        let cache = try Self.cacheFolder()
        _ = try Self.run(server, cache: cache, at: Self.start)
        let bad = try Self.run(server, cache: cache, at: Self.start + 2 * Self.day)
        #expect(bad.status == 76, "\(bad)")
        #expect(bad.stdout.hasPrefix(#"{"status": "error""#))
        let gone = try Self.run(server, cache: cache, at: Self.start + 2 * Self.day)
        #expect(gone.status == 69, "\(gone)")
        // The old entry is still there, whole: within its period it answers.
        let old = try Self.run(server, cache: cache, at: Self.start + 60)
        #expect(old.status == 101 && old.stdout.contains(#""cached": true"#), "\(old)")
        #expect(server.requests().count == 3)
    }

    @Test func nothingIsWrittenWithoutCheckPeriodNorForALocalManifest() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, body: Self.manifest)]])
        let cache = try Self.cacheFolder()
        let plain = try runProduct(
            "versioncheck", ["manifest", "--url", server.url("/m.json"), "--current", "1.0", "--json"],
            environment: ["VERSIONCHECK_CACHE_DIR": cache])
        #expect(plain.status == 101)
        #expect(plain.stdout.contains(#""cached": false, "fetchedAt": null"#))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vc-\(UUID().uuidString).json")
        try Data(Self.manifest.utf8).write(to: file)
        let local = try runProduct(
            "versioncheck", ["manifest", "--url", file.path, "--current", "1.0", "--check-period", "1", "--json"],
            environment: ["VERSIONCHECK_CACHE_DIR": cache])
        #expect(local.status == 101)
        #expect(local.stdout.contains(#""fetchedAt": null"#))
        #expect(!FileManager.default.fileExists(atPath: cache))
    }

    @Test func anUnsafeCacheFolderIsOneWarningAndTheAnswerIsTheSame() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, body: Self.manifest)]])
        let cache = try Self.cacheFolder()
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        chmod(cache, 0o777)
        let result = try Self.run(server, cache: cache, at: Self.start)
        #expect(result.status == 101, "\(result)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("versioncheck: warning: ") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).isEmpty)
    }

    @Test func twentyRunsOnAColdCacheAgreeAndLeaveOneWholeEntry() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, headers: ["ETag": "\"v1\""], body: Self.manifest)]])
        let cache = try Self.cacheFolder()
        let results = LockedResults()
        DispatchQueue.concurrentPerform(iterations: 20) { _ in
            results.append(try? Self.run(server, cache: cache, at: Self.start))
        }
        let all = results.all
        #expect(all.count == 20)
        #expect(all.allSatisfy { $0?.status == 101 })
        #expect(Set(all.compactMap { $0?.stdout.replacingOccurrences(of: #""cached": true"#, with: #""cached": false"#) }).count == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache).filter { !$0.hasPrefix(".") }
        #expect(files.count == 1, "\(files)")
        let after = try Self.run(server, cache: cache, at: Self.start + 60)
        #expect(after.stdout.contains(#""cached": true"#), "\(after)")
    }

    final class LockedResults: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [ProcessResult?] = []
        func append(_ item: ProcessResult?) { lock.withLock { items.append(item) } }
        var all: [ProcessResult?] { lock.withLock { items } }
    }
}

import Foundation
import Testing
import VersionCheckTestSupport

/// Issue 31: a newer answer is never replaced by an older one (SPEC.md, "Check period and
/// cache"). A slow `--background-refresh` that finished after a foreground `--refresh` had
/// stored 3.0.0 overwrote the entry with its older 2.0.0: "up to date" for a whole period.
@Suite("A newer cache entry is never replaced by an older answer, end to end", .blockingBodies)
struct NewerAnswerEndToEndTests {
    static let day: Int64 = 86_400
    static let start: Int64 = 1_767_323_045  // 2026-01-02T03:04:05Z
    static let old = #"{"latestVersion": "2.0.0"}"#
    static let new = #"{"latestVersion": "3.0.0"}"#

    /// A check at `time`; with `advancing`, the clock goes on from there as the process runs
    /// (a background refresh started by it sees time pass while it waits on the server).
    static func run(
        _ server: LoopbackServer, cache: String, at time: Int64, _ extra: [String], advancing: Bool = false
    ) throws -> ProcessResult {
        try runProduct(
            "versioncheck",
            ["manifest", "--url", server.url("/m.json"), "--current", "2.0.0", "--check-period", "1", "--json"] + extra,
            environment: ["VERSIONCHECK_CACHE_DIR": cache, "VERSIONCHECK_TEST_NOW": String(time) + (advancing ? "+" : "")])
    }

    /// Waits until `condition` holds, up to `seconds`; whether it did.
    static func eventually(within seconds: Double = 15, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    @Test func aSlowBackgroundRefreshLeavesTheNewerEntryOfALaterRefresh() throws {
        // In the order the server receives them: the first check's, the background
        // refresh's (answered 2.0.0, slowly), the foreground --refresh's (3.0.0, at once).
        let server = try LoopbackServer(routes: ["/m.json": [
            .init(status: 200, body: Self.old), .init(status: 200, body: Self.old, delay: 3.5), .init(status: 200, body: Self.new),
        ]])
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("vc-newer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let cache = parent.appendingPathComponent("cache").path

        let seed = try Self.run(server, cache: cache, at: Self.start, [])
        #expect(seed.status == 0, "\(seed)")

        // Two days later: the expired entry answers and a detached refresh asks the source.
        let later = Self.start + 2 * Self.day
        let launch = try Self.run(server, cache: cache, at: later, ["--background-refresh"], advancing: true)
        #expect(launch.status == 0, "\(launch)")
        #expect(launch.stdout.contains(#""stale": true"#), "\(launch.stdout)")
        #expect(Self.eventually { server.requests().count == 2 }, "the background refresh never asked")

        // While it waits (3.5 s), a foreground --refresh, sent 2 s later, gets and stores 3.0.0.
        let refreshed = try Self.run(server, cache: cache, at: later + 2, ["--refresh"])
        #expect(refreshed.status == 101, "\(refreshed)")
        #expect(refreshed.stdout.contains(#""latest": "3.0.0""#), "\(refreshed.stdout)")
        #expect(server.requests().count == 3)

        // The background refresh ends (its lock goes) after the foreground run stored its answer.
        let locks = { ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { $0.hasSuffix(".lock") } }
        #expect(Self.eventually { locks().isEmpty }, "the background refresh did not end")

        // The entry is still the newer answer: an update, not "up to date".
        let next = try Self.run(server, cache: cache, at: later + 20, [])
        #expect(next.status == 101, "\(next)")
        #expect(next.stdout.contains(#""latest": "3.0.0""#), "\(next.stdout)")
        #expect(next.stdout.contains(#""cached": true, "fetchedAt": "2026-01-04T03:04:07Z", "stale": false"#), "\(next.stdout)")
        #expect(server.requests().count == 3)
    }

    /// An entry dated in the future (the clock was set back) counts as absent: the source is
    /// asked unconditionally, and the answer replaces the entry.
    @Test func anEntryFromTheFutureCountsAsAbsent() throws {
        let server = try LoopbackServer(routes: ["/m.json": [
            .init(status: 200, headers: ["ETag": "\"v1\""], body: Self.old), .init(status: 200, body: Self.new),
        ]])
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("vc-future-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let cache = parent.appendingPathComponent("cache").path

        let seed = try Self.run(server, cache: cache, at: Self.start + Self.day, [])
        #expect(seed.status == 0, "\(seed)")
        // The clock set back a day: the entry is neither a hit nor revalidated with its ETag.
        let back = try Self.run(server, cache: cache, at: Self.start, ["-v"])
        #expect(back.status == 101, "\(back)")
        #expect(back.stdout.contains(#""latest": "3.0.0""#) && back.stdout.contains(#""cached": false"#), "\(back.stdout)")
        #expect(back.stderr.contains("cache: the entry is dated 1 d in the future (the clock was set back?): counts as absent"), "\(back.stderr)")
        #expect(server.requests().count == 2)
        #expect(server.requests().last?.header("If-None-Match") == nil)
        // Replaced: the next run, on the same clock, is a hit on 3.0.0.
        let hit = try Self.run(server, cache: cache, at: Self.start + 60, [])
        #expect(hit.stdout.contains(#""latest": "3.0.0""#) && hit.stdout.contains(#""cached": true"#), "\(hit.stdout)")
        #expect(server.requests().count == 2)
    }
}

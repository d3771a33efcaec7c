import Foundation
import Testing
import VersionCheckTestSupport

/// Launcher-grade checks through the built binary against a loopback server that can
/// stall, fail and count requests: `--deadline`, `--stale-if-error`,
/// `--background-refresh` (a real detached refresh) and `VERSIONCHECK_OFFLINE`.
@Suite("Launcher-grade checks, end to end", .blockingBodies)
struct LauncherEndToEndTests {
    static let day: Int64 = 86_400
    static let start: Int64 = 1_767_323_045  // 2026-01-02T03:04:05Z
    static let first = #"{"latestVersion": "2.0.0"}"#
    static let second = #"{"latestVersion": "3.0.0"}"#
    /// A server that stalls answers after this long (longer than any test waits for it).
    static let stall = 20.0

    static func cacheFolder() throws -> String {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("vc-launch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        return parent.appendingPathComponent("cache").path
    }

    static func environment(_ cache: String, at time: Int64, offline: Bool = false) -> [String: String] {
        var environment = ["VERSIONCHECK_CACHE_DIR": cache, "VERSIONCHECK_TEST_NOW": String(time)]
        if offline { environment["VERSIONCHECK_OFFLINE"] = "1" }
        return environment
    }

    static func run(
        _ url: String, cache: String, at time: Int64, _ extra: [String] = [], current: String = "1.0", offline: Bool = false
    ) throws -> (ProcessResult, seconds: Double) {
        let started = Date()
        let result = try runProduct(
            "versioncheck", ["manifest", "--url", url, "--current", current, "--json"] + extra,
            environment: environment(cache, at: time, offline: offline))
        return (result, Date().timeIntervalSince(started))
    }

    static let period = ["--check-period", "1"]

    /// Waits until `condition` holds, up to `seconds`; whether it did.
    static func eventually(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    static func lockFiles(_ cache: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { $0.hasSuffix(".lock") }
    }

    static func entryBytes(_ cache: String) throws -> Data {
        let names = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasSuffix(".entry") }
        try #require(names.count == 1)
        return try Data(contentsOf: URL(fileURLWithPath: cache).appendingPathComponent(names[0]))
    }

    // MARK: --deadline

    @Test(arguments: [["--timeout", "10", "--retries", "10"], ["--timeout", "1", "--retries", "10"], ["--timeout", "0.3", "--retries", "10"]])
    func theDeadlineEndsTheCheckAgainstAStalledServer(limits: [String]) throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(body: Self.first, delay: Self.stall)]])
        let (result, seconds) = try Self.run(server.url("/m.json"), cache: try Self.cacheFolder(), at: Self.start, ["--deadline", "2"] + limits)
        #expect(result.status == 75, "\(result)")
        #expect(result.stdout.contains(#""kind": "timeout""#))
        #expect(result.stderr.contains("--deadline"))
        // The issue's bound is 2.2 s (held on a quiet machine by `make bench`, launcher
        // group); here the whole test suite shares two cores, so process start-up gets
        // 0.4 s of grace. Without the deadline this would take 30 s to 110 s.
        // (It may end sooner: a retry whose backoff would end after the deadline is not started.)
        #expect(seconds <= 2.6, "took \(seconds) s")
    }

    @Test func aRetryThatCannotFinishInTimeIsNotStarted() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 503, headers: ["Retry-After": "5"], body: "")]])
        let (result, seconds) = try Self.run(server.url("/m.json"), cache: try Self.cacheFolder(), at: Self.start, ["--deadline", "2", "--retries", "5"])
        #expect(result.status == 75, "\(result)")
        #expect(result.stdout.contains(#""kind": "timeout""#))
        #expect(result.stderr.contains("retry 1 not started: its wait of 5.00 s would end after the --deadline"), "\(result.stderr)")
        #expect(server.requests().count == 1)
        #expect(seconds < 1.5, "took \(seconds) s")
    }

    // MARK: --stale-if-error

    /// A server whose first answer is `first` (with an ETag) and then `then`.
    static func seeded(then responses: [LoopbackServer.Response]) throws -> (LoopbackServer, cache: String) {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, headers: ["ETag": "\"v1\""], body: first)] + responses])
        let cache = try cacheFolder()
        let (seed, _) = try run(server.url("/m.json"), cache: cache, at: start, period)
        #expect(seed.status == 101, "\(seed)")
        return (server, cache)
    }

    @Test(arguments: [
        LoopbackServer.Response(status: 503, body: ""), LoopbackServer.Response(status: 429, body: ""),
        LoopbackServer.Response(body: first, delay: stall),
    ])
    func aSeventyFiveIsAnsweredFromAYoungEnoughEntry(failing: LoopbackServer.Response) throws {
        let (server, cache) = try Self.seeded(then: [failing])
        // Two days later the entry is expired; the source fails; decided afresh (--current 2.0.0).
        let (result, _) = try Self.run(
            server.url("/m.json"), cache: cache, at: Self.start + 2 * Self.day,
            Self.period + ["--stale-if-error", "30", "--retries", "0", "--deadline", "1"], current: "2.0.0")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(#""status": "none""#))
        #expect(result.stdout.contains(#""cached": true, "fetchedAt": "2026-01-02T03:04:05Z", "stale": true"#), "\(result.stdout)")
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(warnings.first?.hasPrefix("versioncheck: warning: \(server.url("/m.json")): ") == true)
        #expect(warnings.first?.hasSuffix("; answering from the cache entry of 2026-01-02T03:04:05Z") == true)
    }

    @Test func aRefusedConnectionIsCoveredAndAnEntryTooOldIsNot() throws {
        // A port nobody listens on: a closed server's.
        let url: String
        do {
            let closed = try LoopbackServer()
            url = closed.url("/m.json")
            closed.stop()
        }
        let cache = try Self.cacheFolder()
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, body: Self.first)]])
        // No entry: nothing covers the refusal.
        let (absent, _) = try Self.run(url, cache: cache, at: Self.start, Self.period + ["--stale-if-error", "30", "--retries", "0"])
        #expect(absent.status == 75, "\(absent)")
        #expect(absent.stdout.contains(#""kind": "unreachable""#))

        // An entry, then the server goes away: its port refuses.
        let (seed, _) = try Self.run(server.url("/m.json"), cache: cache, at: Self.start, Self.period)
        #expect(seed.status == 101)
        server.stop()
        let (covered, _) = try Self.run(
            server.url("/m.json"), cache: cache, at: Self.start + 2 * Self.day, Self.period + ["--stale-if-error", "3", "--retries", "0"])
        #expect(covered.status == 101, "\(covered)")
        #expect(covered.stdout.contains(#""stale": true"#))
        #expect(covered.stderr.contains("; answering from the cache entry of 2026-01-02T03:04:05Z"))
        let (tooOld, _) = try Self.run(
            server.url("/m.json"), cache: cache, at: Self.start + 5 * Self.day, Self.period + ["--stale-if-error", "3", "--retries", "0"])
        #expect(tooOld.status == 75, "\(tooOld)")
        #expect(!tooOld.stderr.contains("warning"))
    }

    @Test(arguments: [(LoopbackServer.Response(status: 404, body: ""), Int32(69)), (LoopbackServer.Response(status: 200, body: "not json"), Int32(76))])
    func answersFromTheSourceAreNeverCovered(response: LoopbackServer.Response, status: Int32) throws {
        let (server, cache) = try Self.seeded(then: [response])
        let (result, _) = try Self.run(
            server.url("/m.json"), cache: cache, at: Self.start + 2 * Self.day, Self.period + ["--stale-if-error", "30"])
        #expect(result.status == status, "\(result)")
        #expect(!result.stderr.contains("answering from the cache"))
    }

    @Test func aStaleAnswerFailsTheGate() throws {
        let (server, cache) = try Self.seeded(then: [.init(status: 503, body: "")])
        let (result, _) = try Self.run(
            server.url("/m.json"), cache: cache, at: Self.start + 2 * Self.day,
            Self.period + ["--stale-if-error", "30", "--retries", "0", "--gate"], current: "9.0")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains(#""stale": true"#) && result.stdout.contains(#""gate": false"#))
        let text = try runProduct(
            "versioncheck",
            ["manifest", "--url", server.url("/m.json"), "--current", "9.0", "--gate", "--stale-if-error", "30", "--retries", "0"] + Self.period,
            environment: Self.environment(cache, at: Self.start + 2 * Self.day))
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("gate failed: 9.0 against latest 2.0.0: the answer is from the cache of 2026-01-02T03:04:05Z"), "\(text.stdout)")
    }

    // MARK: --background-refresh

    @Test func anExpiredEntryAnswersAtOnceAndADetachedRefreshRenewsIt() throws {
        let (server, cache) = try Self.seeded(then: [.init(status: 200, headers: ["ETag": "\"v2\""], body: Self.second, delay: 4)])
        let later = Self.start + 2 * Self.day
        let (launch, seconds) = try Self.run(server.url("/m.json"), cache: cache, at: later, Self.period + ["--background-refresh"])
        #expect(launch.status == 101, "\(launch)")
        #expect(launch.stdout.contains(#""latest": "2.0.0""#))
        #expect(launch.stdout.contains(#""cached": true, "fetchedAt": "2026-01-02T03:04:05Z", "stale": true"#))
        #expect(launch.stderr.isEmpty, "no warning: \(launch.stderr)")
        #expect(seconds < 3, "the launch waited \(seconds) s for the refresh")
        // The refresh process asks the source (conditionally) and renews the entry.
        #expect(Self.eventually { server.requests().count == 2 })
        #expect(server.requests().last?.header("If-None-Match") == "\"v1\"")
        #expect(Self.eventually { Self.lockFiles(cache).isEmpty })
        let (next, _) = try Self.run(server.url("/m.json"), cache: cache, at: later + 60, Self.period + ["--background-refresh"])
        #expect(next.status == 101, "\(next)")
        #expect(next.stdout.contains(#""latest": "3.0.0""#))
        #expect(next.stdout.contains(#""cached": true, "fetchedAt": "2026-01-04T03:04:05Z", "stale": false"#), "\(next.stdout)")
        #expect(server.requests().count == 2)
    }

    @Test func withNoEntryTheSourceIsAskedNow() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, body: Self.first)]])
        let (result, _) = try Self.run(server.url("/m.json"), cache: try Self.cacheFolder(), at: Self.start, Self.period + ["--background-refresh"])
        #expect(result.status == 101)
        #expect(result.stdout.contains(#""cached": false"#) && result.stdout.contains(#""stale": false"#))
        #expect(server.requests().count == 1)
    }

    /// Runs `script` in `/bin/sh` with `$VC` the built binary and `$URL` the seeded
    /// manifest, two days after it was cached; what the shell printed, its status, and how
    /// long it took to end (its stdout read to the end: the pipe closed by every holder).
    static func substitution(
        _ script: String, server: LoopbackServer, cache: String
    ) throws -> (text: String, status: Int32, seconds: Double) {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", script]
        var environment = childEnvironment(adding: Self.environment(cache, at: Self.start + 2 * Self.day))
        environment["VC"] = TestPaths.executable("versioncheck").path
        environment["URL"] = server.url("/m.json")
        shell.environment = environment
        let output = Pipe()
        shell.standardOutput = output
        let started = Date()
        try shell.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        return (text, shell.terminationStatus, Date().timeIntervalSince(started))
    }

    @Test func aShellSubstitutionReturnsWhileTheRefreshWaitsOnAStalledServer() throws {
        let (server, cache) = try Self.seeded(then: [.init(body: Self.second, delay: Self.stall)])
        let script = "answer=$(\"$VC\" manifest --url \"$URL\" --current 1.0 --check-period 1 --background-refresh); echo \"got: $answer\""
        let (text, status, seconds) = try Self.substitution(script, server: server, cache: cache)
        #expect(status == 0)
        #expect(text.hasPrefix("got: forced update: 1.0 -> 2.0.0"), "\(text)")
        #expect(seconds < 1, "$(…) waited \(seconds) s")
        // The refresh is still waiting on the server, holding its lock.
        #expect(Self.eventually { server.requests().count == 2 })
        #expect(Self.lockFiles(cache).count == 1)
    }

    /// A descriptor the launch inherited besides the standard three (here `$(…)`'s pipe as
    /// descriptor 3) is closed by the refresh process first thing (listed from
    /// `/proc/self/fd` on Linux), so a reader of it never waits on the refresh.
    @Test func theRefreshClosesTheDescriptorsItInherited() throws {
        let (server, cache) = try Self.seeded(then: [.init(body: Self.second, delay: Self.stall)])
        let script = "held=$(\"$VC\" manifest --url \"$URL\" --current 1.0 --check-period 1 --background-refresh 3>&1 >/dev/null); echo done"
        let (text, _, seconds) = try Self.substitution(script, server: server, cache: cache)
        #expect(text == "done\n")
        #expect(seconds < 1, "$(…) waited \(seconds) s for the refresh's copy of descriptor 3")
        #expect(Self.eventually { server.requests().count == 2 }, "the refresh is under way")
    }

    @Test func twentyLaunchesTogetherStartOneRefresh() throws {
        let (server, cache) = try Self.seeded(then: [.init(body: Self.second, delay: Self.stall)])
        let url = server.url("/m.json")
        let statuses = Statuses()
        DispatchQueue.concurrentPerform(iterations: 20) { _ in
            let result = try? Self.run(url, cache: cache, at: Self.start + 2 * Self.day, Self.period + ["--background-refresh"])
            statuses.add(result?.0.status ?? -1)
        }
        #expect(statuses.all == Array(repeating: 101, count: 20))
        #expect(Self.eventually { server.requests().count >= 2 })
        usleep(500_000)
        #expect(server.requests().count == 2, "one seed and one refresh: \(server.requests().count)")
        #expect(Self.lockFiles(cache).count == 1)
    }

    final class Statuses: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int32] = []
        func add(_ value: Int32) { lock.lock(); values.append(value); lock.unlock() }
        var all: [Int32] { lock.lock(); defer { lock.unlock() }; return values }
    }

    @Test func aLockOlderThanFiveMinutesIsTakenOverAndAYoungOneIsNot() throws {
        let (server, cache) = try Self.seeded(then: [.init(status: 200, body: Self.second)])
        let entry = try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasSuffix(".entry") }
        let lock = URL(fileURLWithPath: cache).appendingPathComponent(try #require(entry) + ".lock")
        try Data("someone-else".utf8).write(to: lock)
        let later = Self.start + 2 * Self.day
        let (young, _) = try Self.run(server.url("/m.json"), cache: cache, at: later, Self.period + ["--background-refresh", "-v"])
        #expect(young.status == 101)
        #expect(young.stderr.contains("cache: a refresh is under way"), "\(young.stderr)")
        usleep(300_000)
        #expect(server.requests().count == 1)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-301)], ofItemAtPath: lock.path)
        let (old, _) = try Self.run(server.url("/m.json"), cache: cache, at: later, Self.period + ["--background-refresh", "-v"])
        #expect(old.status == 101)
        #expect(old.stderr.contains("cache: took over a stale refresh lock"), "\(old.stderr)")
        #expect(Self.eventually { server.requests().count == 2 })
        #expect(Self.eventually { Self.lockFiles(cache).isEmpty })
    }

    @Test func aKilledRefreshLeavesTheOldEntryWhole() throws {
        let (server, cache) = try Self.seeded(then: [.init(body: Self.second, trickle: (bytes: 4, seconds: 1))])
        let before = try Self.entryBytes(cache)
        let (launch, _) = try Self.run(
            server.url("/m.json"), cache: cache, at: Self.start + 2 * Self.day, Self.period + ["--background-refresh", "-v"])
        let pidText = try #require(launch.stderr.firstMatch(of: #/background refresh started \(process (\d+)\)/#)?.1)
        let pid = try #require(Int32(pidText))
        #expect(Self.eventually { server.requests().count == 2 })
        usleep(300_000)  // mid-body
        #expect(kill(pid, SIGKILL) == 0)
        usleep(200_000)
        #expect(try Self.entryBytes(cache) == before)
        let (offline, _) = try Self.run(server.url("/m.json"), cache: cache, at: Self.start + 2 * Self.day, Self.period, offline: true)
        #expect(offline.status == 101)
        #expect(offline.stdout.contains(#""latest": "2.0.0""#))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).allSatisfy { !$0.hasSuffix(".tmp") })
    }

    @Test func oneDetachedProcessRefreshesABatchsExpiredEntries() throws {
        let server = try LoopbackServer(routes: [
            "/a.json": [.init(status: 200, body: Self.first), .init(status: 200, body: Self.second)],
            "/b.json": [.init(status: 200, body: Self.first), .init(status: 200, body: #"{"latestVersion": "4.0.0"}"#)],
        ])
        let cache = try Self.cacheFolder()
        let lines = ["/a.json", "/b.json"].map { path in
            "manifest --url \(server.url(path)) --current 1.0 --check-period 1 --background-refresh\n"
        }.joined()
        func batch(at time: Int64, _ extra: [String] = []) throws -> ProcessResult {
            try runProduct(
                "versioncheck", ["batch", "--json", "--jobs", "2"] + extra, stdin: Data(lines.utf8),
                environment: Self.environment(cache, at: time))
        }
        let seed = try batch(at: Self.start)
        #expect(seed.status == 101, "\(seed)")
        #expect(server.requests().count == 2)
        // Expired: both answer at once from the cache, stale; one refresh process renews both.
        let later = Self.start + 2 * Self.day
        let launch = try batch(at: later, ["-v"])
        #expect(launch.status == 101, "\(launch)")
        #expect(launch.stdoutLines.count == 2)
        #expect(launch.stdoutLines.allSatisfy { $0.contains(#""stale": true"#) && $0.contains(#""latest": "2.0.0""#) })
        #expect(launch.stderr.components(separatedBy: "background refresh started").count == 2, "one process: \(launch.stderr)")
        #expect(Self.eventually { server.requests().count == 4 })
        #expect(Self.eventually { (try? FileManager.default.contentsOfDirectory(atPath: cache))?.allSatisfy { $0.hasSuffix(".entry") } == true })
        let next = try batch(at: later + 60)
        #expect(next.stdoutLines.count == 2)
        #expect(next.stdoutLines.first?.contains(#""latest": "3.0.0""#) == true, "\(next)")
        #expect(next.stdoutLines.last?.contains(#""latest": "4.0.0""#) == true, "\(next)")
        #expect(next.stdoutLines.allSatisfy { $0.contains(#""cached": true"#) && $0.contains(#""stale": false"#) })
        #expect(server.requests().count == 4)
    }

    // MARK: VERSIONCHECK_OFFLINE

    @Test func offlineMakesNoRequestAtAll() throws {
        let (server, cache) = try Self.seeded(then: [.init(status: 200, body: Self.second)])
        let url = server.url("/m.json")
        let expired = Self.start + 9 * Self.day
        for extra in [[], ["--refresh"], ["--background-refresh"], ["--stale-if-error", "30"]] {
            let (result, _) = try Self.run(url, cache: cache, at: expired, Self.period + extra, offline: true)
            #expect(result.status == 101, "\(extra): \(result)")
            #expect(result.stdout.contains(#""cached": true, "fetchedAt": "2026-01-02T03:04:05Z", "stale": true"#))
        }
        let (fresh, _) = try Self.run(url, cache: cache, at: Self.start + 60, Self.period, offline: true)
        #expect(fresh.stdout.contains(#""stale": false"#))
        let (noEntry, _) = try Self.run(server.url("/other.json"), cache: cache, at: expired, Self.period, offline: true)
        #expect(noEntry.status == 75)
        #expect(noEntry.stdout.contains(#""kind": "offline""#))
        #expect(noEntry.stderr.contains("VERSIONCHECK_OFFLINE is set"))
        let (noPeriod, _) = try Self.run(url, cache: cache, at: expired, [], offline: true)
        #expect(noPeriod.status == 75)
        #expect(noPeriod.stdout.contains(#""kind": "offline""#))
        // A local manifest is still read.
        let file = URL(fileURLWithPath: cache).deletingLastPathComponent().appendingPathComponent("local.json")
        try Data(Self.second.utf8).write(to: file)
        let (local, _) = try Self.run(file.path, cache: cache, at: expired, Self.period + ["-v"], offline: true)
        #expect(local.status == 101)
        #expect(local.stderr.contains("is a local manifest, never cached"), "\(local.stderr)")
        usleep(300_000)
        #expect(server.requests().count == 1, "only the seed")
        #expect(Self.lockFiles(cache).isEmpty)
    }

    // MARK: usage

    @Test(arguments: [["--cache-dir", "/tmp/x"], ["--refresh"], ["--stale-if-error", "3"], ["--background-refresh"]])
    func cacheOptionsNeedACheckPeriod(extra: [String]) throws {
        let result = try runProduct("versioncheck", ["manifest", "--url", "https://example.com/a.json", "--current", "1.0"] + extra)
        #expect(result.status == 64)
        #expect(result.stderr.contains("'\(extra[0])' needs '--check-period"), "\(result.stderr)")
    }

    @Test(arguments: ["0", "-1", "abc", "1e3"])
    func aDeadlineIsAPositiveNumber(value: String) throws {
        let result = try runProduct("versioncheck", ["manifest", "--url", "https://example.com/a.json", "--current", "1.0", "--deadline", value])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--deadline"))
    }
}

import Foundation
import VersionCheckTestSupport

/// The `launcher` group (issue 23): a `--background-refresh` launch with an expired
/// entry while the server stalls, beside `dpkg --compare-versions` (target ≤ 1.5×),
/// once with every launch starting a refresh (the lock removed before each run, and 0.2 s
/// between timed runs for the detached refresh to settle) and once with a refresh already
/// under way; and `--deadline 2` against the stalled server
/// (target ≤ 2.2 s whatever `--timeout` and `--retries` say).
func runLauncherBenchmarks(binary: String) {
    let environment = ProcessInfo.processInfo.environment
    guard let helper = environment["VERSIONCHECK_FETCH_HELPER"], FileManager.default.isExecutableFile(atPath: helper) else {
        print("launcher: skipped, VERSIONCHECK_FETCH_HELPER does not name the built helper")
        return
    }
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        print("launcher: skipped, \(binary) is not built")
        return
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-bench-launcher-\(getpid())")
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let routes = scratch.appendingPathComponent("routes.json")
    // The first answer primes the entry; every later one stalls (the refreshes, the deadline row).
    let routesText = #"{"/m.json": [{"body": "{\"latestVersion\": \"2.0.0\"}"}, {"delay": 600, "body": "{}"}]}"#
    _ = FileManager.default.createFile(atPath: routes.path, contents: Data(routesText.utf8))
    guard let server = LoopbackServer(routes: routes.path) else {
        print("launcher: skipped, the loopback server (python3 Tests/LoopbackServer/server.py) did not start")
        return
    }
    defer { server.stop() }

    let cacheDirectory = scratch.appendingPathComponent("cache").path
    let variables = ["VERSIONCHECK_CACHE_DIR": cacheDirectory, "VERSIONCHECK_FETCH_HELPER": helper]
    let url = "http://127.0.0.1:\(server.port)/m.json"
    let check = [binary, "manifest", "--url", url, "--current", "1.0", "-q", "--check-period", "1"]
    guard CommandPair.spawn(check, stdinPath: nil, environment: variables) >= 0,
          FileManager.default.fileExists(atPath: cacheDirectory)
    else {
        print("launcher: skipped, priming the cache failed")
        return
    }
    // With a check period of 0 days every entry is expired (release builds read no test
    // clock). The refreshes give up after 1 s.
    let launch = Array(check.dropLast()) + ["0", "--background-refresh", "--timeout", "1", "--retries", "0"]
    let dpkg = ["dpkg", "--compare-versions", "1.2.3", "lt", "1.2.4"]
    let removeLocks = {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory)) ?? [] where name.hasSuffix(".lock") {
            try? FileManager.default.removeItem(atPath: cacheDirectory + "/" + name)
        }
    }
    CommandPair(
        name: "launcher: --background-refresh launch, expired entry, stalled server, each launch starting a refresh",
        ours: launch, theirs: dpkg, runs: 51, target: 1.5, environment: variables, beforeOurs: removeLocks,
        settleSeconds: 0.2
    ).measure()
    removeLocks()
    CommandPair(
        name: "launcher: --background-refresh launch, expired entry, stalled server, a refresh under way",
        ours: launch, theirs: dpkg, runs: 51, target: 1.5, environment: variables
    ).measure()
    sleep(2)  // the refreshes give up

    let deadline = [binary, "manifest", "--url", url, "--current", "1.0", "-q", "--deadline", "2", "--timeout", "10", "--retries", "2"]
    let times = (0..<3).map { _ in CommandPair.spawn(deadline, stdinPath: nil, environment: variables) }.sorted()
    print("launcher: --deadline 2 --timeout 10 --retries 2 against a stalled server (median of 3):")
    print("  versioncheck: \(formatDuration(times[1] * 1e9))  [\(deadline.joined(separator: " "))]")
    print("  target <= 2.2 s: \(times[1] <= 2.2 ? "met" : "NOT met")")
}

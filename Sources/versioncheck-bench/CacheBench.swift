import Foundation
import VersionCheckTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `cache` group: a `--check-period` check answered from a warm cache entry (no
/// helper started) beside `dpkg --compare-versions` and beside a fresh lookup of the same
/// thing, for an ordinary iTunes response and for a cap-sized (8 MiB) manifest, which is
/// also held to the hostile-input budget (1 s, 64 MiB).
///
/// A loopback fixture server (Tests/LoopbackServer/server.py) answers the priming request
/// and the fresh lookups; the entries live in a temporary `VERSIONCHECK_CACHE_DIR`. Before
/// and after the timed runs, a check with a helper that cannot start proves the entry
/// answers alone (a miss would exit 70). `BENCH_VERSIONCHECK` names the binary,
/// `VERSIONCHECK_FETCH_HELPER` its helper.
func runCacheBenchmarks(binary: String) {
    let environment = ProcessInfo.processInfo.environment
    guard let helper = environment["VERSIONCHECK_FETCH_HELPER"], FileManager.default.isExecutableFile(atPath: helper) else {
        print("cache: skipped, VERSIONCHECK_FETCH_HELPER does not name the built helper")
        return
    }
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        print("cache: skipped, \(binary) is not built")
        return
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-bench-cache-\(getpid())")
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let routes = scratch.appendingPathComponent("routes.json")
    let capSize = 8 * 1024 * 1024
    let routesText = #"{"/big.json": [{"file": "manifest-full.json", "pad_to": \#(capSize)}]}"#
    _ = FileManager.default.createFile(atPath: routes.path, contents: Data(routesText.utf8))
    guard let server = LoopbackServer(routes: routes.path) else {
        print("cache: skipped, the loopback server (python3 Tests/LoopbackServer/server.py) did not start")
        return
    }
    defer { server.stop() }

    let cacheDirectory = scratch.appendingPathComponent("cache").path
    let variables = [
        "VERSIONCHECK_CACHE_DIR": cacheDirectory,
        "VERSIONCHECK_LOOKUP_URL": "http://127.0.0.1:\(server.port)/lookup",
        "VERSIONCHECK_FETCH_HELPER": helper,
    ]
    let lookup = [binary, "lookup", "--id", "1450000001", "--current", "2.4.1"]
    let manifest = [binary, "manifest", "--url", "http://127.0.0.1:\(server.port)/big.json", "--current", "1.0", "-q"]
    let period = ["--check-period", "1"]
    let dpkg = ["dpkg", "--compare-versions", "1.2.3", "lt", "1.2.4"]
    let budgetKiB = 64 * 1024

    for (name, fresh, size) in [
        ("cache: lookup --check-period 1, hit on an ordinary iTunes entry (Fixtures/itunes-ios.json)", lookup, "ordinary"),
        ("cache: manifest --check-period 1, hit on a cap-sized entry (8 MiB manifest)", manifest, "cap"),
    ] {
        let hit = fresh + period
        guard prime(hit, variables: variables) else { return }
        let pair = CommandPair(
            name: name, ours: hit, theirs: dpkg, runs: 51, target: size == "cap" ? nil : 1.5, environment: variables,
            extras: [CommandExtra(label: "fresh lookup (no cache, loopback)", argv: fresh)],
            peakBudgetKiB: size == "cap" ? budgetKiB : nil)
        guard let medians = pair.measure(), answersAlone(hit, variables: variables) else { return }
        if size == "cap" {
            let within = medians.ours <= 1
            print("  median \(formatDuration(medians.ours * 1e9)) (budget <= 1 s): \(within ? "met" : "NOT met")")
        }
    }
}

/// Runs `argv` once to fill the cache; false (with a line) when it failed.
private func prime(_ argv: [String], variables: [String: String]) -> Bool {
    guard succeeds(argv, variables: variables, what: "priming") else { return false }
    return answersAlone(argv, variables: variables)
}

/// Whether `argv` exits 0, 100 or 101 (else a line saying `what` failed, and how).
private func succeeds(_ argv: [String], variables: [String: String], what: String) -> Bool {
    do {
        let result = try runMeasured(URL(fileURLWithPath: argv[0]), argv.dropFirst().map { Array($0.utf8) }, environment: variables)
        if [0, 100, 101].contains(result.status) { return true }
        print("cache: \(what) '\(argv.joined(separator: " "))' failed: exit \(result.status): \(result.stderrText)")
    } catch {
        print("cache: \(what) '\(argv.joined(separator: " "))' did not run: \(error)")
    }
    return false
}

/// Whether `argv` answers with a helper that cannot start (so from the cache alone).
private func answersAlone(_ argv: [String], variables: [String: String]) -> Bool {
    var withoutHelper = variables
    withoutHelper["VERSIONCHECK_FETCH_HELPER"] = "/nonexistent/versioncheck-fetch"
    return succeeds(argv, variables: withoutHelper, what: "answering from the cache alone (no helper)")
}

/// Tests/LoopbackServer/server.py on an ephemeral 127.0.0.1 port, for the bench's life.
struct LoopbackServer {
    let process: Process
    let port: Int

    init?(routes: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", TestPaths.packageRoot.appendingPathComponent("Tests/LoopbackServer/server.py").path,
            "--routes", routes, "--lifetime", "900",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        var line = Data()
        while let byte = try? output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            return nil
        }
        self.process = process
        self.port = port
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

import Foundation
import VersionCheckTestSupport

/// The `many` group (issue 24): many checks in one process.
///
/// - `batch` of 200 checks, `--jobs 16`, against a loopback server that answers each
///   request after 50 ms: median wall time and peak memory (`ru_maxrss` of the process
///   and, through `wait4`, of the largest child it waited for), beside the same 200
///   checks run one process at a time (one run: it takes 200 × ~65 ms). The batch's
///   checks share one `versioncheck-fetch --serve` (`ServedHelper`), so its peak is
///   the larger of versioncheck's and that one helper's. Targets: ≤ 1.5 s, ≤ 64 MiB,
///   ≤ 0.1× one at a time.
/// - `outdated` over a folder of 500 Sparkle bundles whose 500 feed entries are all in
///   the cache (`--check-period 1`): median wall time, target ≤ 50 ms. Before and after,
///   a run with a helper that cannot start proves the cache answers alone.
func runManyBenchmarks(binary: String) {
    let environment = ProcessInfo.processInfo.environment
    guard let helper = environment["VERSIONCHECK_FETCH_HELPER"], FileManager.default.isExecutableFile(atPath: helper) else {
        print("many: skipped, VERSIONCHECK_FETCH_HELPER does not name the built helper")
        return
    }
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        print("many: skipped, \(binary) is not built")
        return
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-bench-many-\(getpid())")
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let routes = scratch.appendingPathComponent("routes.json")
    let manifest = #"{\"latestVersion\": \"2.0.0\", \"releaseNotes\": \"New.\"}"#
    let routesText = #"{"/slow.json": [{"body": "\#(manifest)", "delay": 0.05}]}"#
    _ = FileManager.default.createFile(atPath: routes.path, contents: Data(routesText.utf8))
    guard let server = LoopbackServer(routes: routes.path) else {
        print("many: skipped, the loopback server (python3 Tests/LoopbackServer/server.py) did not start")
        return
    }
    defer { server.stop() }
    let variables = ["VERSIONCHECK_FETCH_HELPER": helper, "VERSIONCHECK_LOOKUP_URL": "http://127.0.0.1:\(server.port)/lookup"]

    // 200 checks, 16 at a time, each answered after 50 ms.
    let checks = (1...200).map { ["manifest", "--url", "http://127.0.0.1:\(server.port)/slow.json?check=\($0)", "--current", "1.0"] }
    let list = scratch.appendingPathComponent("checks.txt")
    _ = FileManager.default.createFile(atPath: list.path, contents: Data(checks.map { $0.joined(separator: " ") + "\n" }.joined().utf8))
    let batch = ["batch", list.path, "--jobs", "16", "-q"]
    let runs = 5
    var samples: [(seconds: Double, peakKiB: Int?)] = []
    for _ in 0..<runs {
        guard let result = run(binary, batch, variables: variables, expecting: [101]) else { return }
        samples.append((result.seconds, result.peakKiB))
    }
    let wall = CommandPair.median(samples.map(\.seconds))
    let peak = samples.compactMap(\.peakKiB).max() ?? 0
    var alone = 0.0
    for check in checks {
        guard let result = run(binary, check + ["-q"], variables: variables, expecting: [101]) else { return }
        alone += result.seconds
    }
    let ratio = wall / alone
    print("many: batch of 200 checks, --jobs 16, loopback answering each after 50 ms (median of \(runs)):")
    print("  versioncheck batch: \(formatDuration(wall * 1e9)) (target <= 1.5 s: \(wall <= 1.5 ? "met" : "NOT met")), "
        + "peak \(CommandPair.describe(peak)) (target <= 65536 KiB: \(peak > 0 && peak <= 65536 ? "met" : "NOT met"))  "
        + "[versioncheck \(batch.joined(separator: " "))]")
    print("  the same 200 checks one process at a time (one run): \(formatDuration(alone * 1e9))")
    print("  ratio \(String(format: "%.3f", ratio))x (target <= 0.1x): \(ratio <= 0.1 ? "met" : "NOT met")")

    // outdated over 500 bundles, every feed entry cached: Sparkle apps alone, then a mix.
    let sparkleApps = scratch.appendingPathComponent("Applications")
    for index in 1...500 { makeBundle(in: sparkleApps, index: index, kind: .sparkle, port: server.port) }
    measureOutdated(binary, sparkleApps, scratch: scratch, variables: variables, label: "500 bundles")
    let mixedApps = scratch.appendingPathComponent("Mixed Applications")
    let kinds: [BenchBundleKind] = [.sparkle, .macAppStore, .electron]
    for index in 1...500 { makeBundle(in: mixedApps, index: index, kind: kinds[index % 3], port: server.port) }
    measureOutdated(
        binary, mixedApps, scratch: scratch, variables: variables,
        label: "500 bundles of mixed kinds (Sparkle, Mac App Store, electron-builder)")
}

/// The kinds of app `outdated` checks, for the bench's bundles.
private enum BenchBundleKind {
    /// `SUFeedURL`, a feed of its own (the query tells them apart in the cache).
    case sparkle
    /// A Mac App Store receipt; the fixture server knows com.example.clipboard.
    case macAppStore
    /// `Contents/Resources/app-update.yml`, provider generic, the fixture `latest-mac.yml`.
    case electron
}

private func makeBundle(in folder: URL, index: Int, kind: BenchBundleKind, port: Int) {
    let contents = folder.appendingPathComponent("Group \(index % 10)/App \(index).app/Contents")
    try? FileManager.default.createDirectory(at: contents, withIntermediateDirectories: true)
    let identifier = kind == .macAppStore ? "com.example.clipboard" : "com.example.app\(index)"
    let version = kind == .macAppStore ? "3.9" : kind == .electron ? "2.0.0" : "5.2.9"
    let feed = kind == .sparkle
        ? "<key>SUFeedURL</key><string>http://127.0.0.1:\(port)/fixtures/appcast-sparkle2.xml?app=\(index)</string>" : ""
    let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>\(identifier)</string>
        <key>CFBundleName</key><string>App \(index)</string>
        <key>CFBundleShortVersionString</key><string>\(version)</string>
        <key>CFBundleVersion</key><string>5209</string>
        \(feed)
        </dict></plist>
        """
    _ = FileManager.default.createFile(atPath: contents.appendingPathComponent("Info.plist").path, contents: Data(plist.utf8))
    switch kind {
    case .sparkle:
        break
    case .macAppStore:
        try? FileManager.default.createDirectory(at: contents.appendingPathComponent("_MASReceipt"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: contents.appendingPathComponent("_MASReceipt/receipt").path, contents: Data("receipt".utf8))
    case .electron:
        try? FileManager.default.createDirectory(at: contents.appendingPathComponent("Resources"), withIntermediateDirectories: true)
        let update = "provider: generic\nurl: http://127.0.0.1:\(port)/fixtures\n"
        _ = FileManager.default.createFile(
            atPath: contents.appendingPathComponent("Resources/app-update.yml").path, contents: Data(update.utf8))
    }
}

/// `outdated` over `apps` answered by the cache alone: primed once, then the median of 11.
private func measureOutdated(_ binary: String, _ apps: URL, scratch: URL, variables: [String: String], label: String) {
    var cached = variables
    cached["VERSIONCHECK_CACHE_DIR"] = scratch.appendingPathComponent("cache").path
    let outdated = ["outdated", apps.path, "--check-period", "1", "-q"]
    var alone = cached
    alone["VERSIONCHECK_FETCH_HELPER"] = "/nonexistent/versioncheck-fetch"
    guard run(binary, outdated, variables: cached, expecting: [100]) != nil,  // primes the entries
        run(binary, outdated, variables: alone, expecting: [100]) != nil  // answered by the cache alone
    else { return }
    var hits: [Double] = []
    var hitPeak = 0
    for _ in 0..<11 {
        guard let result = run(binary, outdated, variables: cached, expecting: [100]) else { return }
        hits.append(result.seconds)
        hitPeak = max(hitPeak, result.peakKiB ?? 0)
    }
    guard run(binary, outdated, variables: alone, expecting: [100]) != nil else { return }
    let hit = CommandPair.median(hits)
    print("many: outdated over \(label), every entry cached (median of 11): \(formatDuration(hit * 1e9)), "
        + "peak \(CommandPair.describe(hitPeak)) (target <= 50 ms: \(hit <= 0.05 ? "met" : "NOT met"))  "
        + "[versioncheck \(outdated.joined(separator: " "))]")
}

/// One measured run of `binary arguments`; nil (with a line) when its exit status is not expected.
private func run(_ binary: String, _ arguments: [String], variables: [String: String], expecting: [Int32]) -> MeasuredResult? {
    do {
        let result = try runMeasured(URL(fileURLWithPath: binary), arguments.map { Array($0.utf8) }, environment: variables, timeout: 300)
        if expecting.contains(result.status) { return result }
        print("many: '\(arguments.prefix(6).joined(separator: " ")) …' exited \(result.status): \(result.stderrText.prefix(400))")
    } catch {
        print("many: '\(arguments.prefix(6).joined(separator: " ")) …' did not run: \(error)")
    }
    return nil
}

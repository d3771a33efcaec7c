import Foundation
import VersionCheckTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-command timings, ours beside the tool people would otherwise use, measured in
/// the same run with the runs alternating (so machine noise hits both alike): the median
/// wall time of each, their ratio, and each one's peak memory (`ru_maxrss` of the child).
///
/// Children are started with `posix_spawn` (no shell in between), stdin from a file,
/// stdout to /dev/null.
struct CommandPair {
    var name: String
    var ours: [String]
    var theirs: [String]
    var stdinPath: String? = nil
    var runs: Int
    /// The ratio we promise: ours / theirs at most this.
    var target: Double

    func measure() {
        guard FileManager.default.isExecutableFile(atPath: ours[0]) else {
            print("\(name): skipped, \(ours[0]) is not built")
            return
        }
        guard let theirsPath = CommandPair.which(theirs[0]) else {
            print("\(name): skipped, \(theirs[0]) is not installed")
            return
        }
        var theirs = self.theirs
        theirs[0] = theirsPath
        _ = CommandPair.spawn(ours, stdinPath: stdinPath)  // warm-up: page cache, loader
        _ = CommandPair.spawn(theirs, stdinPath: stdinPath)
        var oursSamples: [Double] = [], theirSamples: [Double] = []
        for _ in 0..<runs {
            oursSamples.append(CommandPair.spawn(ours, stdinPath: stdinPath))
            theirSamples.append(CommandPair.spawn(theirs, stdinPath: stdinPath))
        }
        let oursPeak = CommandPair.peakKiB(ours, stdinPath: stdinPath)
        let theirPeak = CommandPair.peakKiB(theirs, stdinPath: stdinPath)
        let oursMedian = CommandPair.median(oursSamples), theirMedian = CommandPair.median(theirSamples)
        let ratio = oursMedian / theirMedian
        print("\(name) (median of \(runs), alternating):")
        print("  versioncheck: \(formatDuration(oursMedian * 1e9)), peak \(oursPeak) KiB  [\(ours.joined(separator: " "))]")
        print("  \(self.theirs[0]): \(formatDuration(theirMedian * 1e9)), peak \(theirPeak) KiB  [\(theirs.joined(separator: " "))]")
        print("  ratio \(String(format: "%.2f", ratio))x (target <= \(target)x): \(ratio <= target ? "met" : "NOT met")")
    }

    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted[sorted.count / 2]
    }

    /// The absolute path of `name` on PATH (or `name` itself if it has a slash).
    static func which(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The peak resident KiB of one run of `argv`: `wait4`'s `ru_maxrss`, through the test
    /// support's `runMeasured` (a child spawned straight from here would report this
    /// process's peak on Linux; see `PeakMemory`); 0 when it could not be measured.
    static func peakKiB(_ argv: [String], stdinPath: String?) -> Int {
        let stdin = stdinPath.flatMap { FileManager.default.contents(atPath: $0) } ?? Data()
        let result = try? runMeasured(
            URL(fileURLWithPath: argv[0]), argv.dropFirst().map { Array($0.utf8) }, stdin: stdin,
            environment: ["LC_ALL": "C"])
        return result?.peakKiB ?? 0
    }

    /// Runs `argv` to completion: wall seconds.
    static func spawn(_ argv: [String], stdinPath: String?) -> Double {
        var actions = makeSpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cEnv.forEach { free($0) } }
        var pid = pid_t()
        let start = Clock.nanoseconds()
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv)
        guard spawned == 0 else {
            print("cannot start \(argv[0]): \(String(cString: strerror(spawned)))")
            exit(70)
        }
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        return Double(Clock.nanoseconds() - start) / 1e9
    }
}

/// The `command` group: `versioncheck sort` (plain, `--satisfies`, `--stable`) against GNU
/// `sort -V` on 1,000,000 random x.y.z lines, and start-up (`versioncheck compare`) against `dpkg --compare-versions`.
/// `BENCH_VERSIONCHECK` names the binary to measure (the release build `make bench` makes).
func runCommandBenchmarks() {
    let binary = ProcessInfo.processInfo.environment["BENCH_VERSIONCHECK"]
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("versioncheck").path
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-bench-1m.txt").path
    var text = randomVersionTexts(count: 1_000_000, seed: 2026).joined(separator: "\n")
    text += "\n"
    guard FileManager.default.createFile(atPath: input, contents: Data(text.utf8)) else {
        print("command: cannot write \(input)")
        exit(70)
    }
    defer { try? FileManager.default.removeItem(atPath: input) }

    CommandPair(
        name: "command: sort 1,000,000 random x.y.z lines",
        ours: [binary, "sort"], theirs: ["sort", "-V"], stdinPath: input, runs: 11, target: 0.2
    ).measure()
    CommandPair(
        name: "command: sort --satisfies '>=1.2, <40', the same lines",
        ours: [binary, "sort", "--satisfies", ">=1.2, <40"], theirs: ["sort", "-V"], stdinPath: input, runs: 11, target: 0.2
    ).measure()
    CommandPair(
        name: "command: sort --stable, the same lines",
        ours: [binary, "sort", "--stable"], theirs: ["sort", "-V"], stdinPath: input, runs: 11, target: 0.2
    ).measure()
    CommandPair(
        name: "command: start-up, compare 1.2.3 1.10.0",
        ours: [binary, "compare", "1.2.3", "1.10.0"], theirs: ["dpkg", "--compare-versions", "1.2.3", "lt", "1.10.0"],
        runs: 51, target: 1.5
    ).measure()
}

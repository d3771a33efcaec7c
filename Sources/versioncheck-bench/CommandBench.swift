import Foundation
import VersionCheckTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One more command measured in the same alternation as a `CommandPair`, printed beside
/// it with the ratio ours / this one: the pre-renovation binaries (`BENCH_BASELINE_*`), or
/// a fresh lookup beside a cache hit.
struct CommandExtra {
    var label: String
    var argv: [String]
    /// Variables set for this command only (on top of the bench's own environment).
    var environment: [String: String] = [:]
}

/// A row's ratio (ours / theirs) as saved when it was last known good, and where it came from.
struct SavedRatio {
    /// How far above the saved ratio a run may come before it is flagged: the noise of
    /// these two shared cores (medians of alternating runs move by about 10%).
    static let tolerance = 0.15
    var ratio: Double
    var source: String
}

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
    /// The ratio we promise: ours / theirs at most this; nil: the ratio is only shown.
    var target: Double?
    /// Variables set for `ours` (and the extras, under their own) only.
    var environment: [String: String] = [:]
    /// Commands alternated with ours and theirs and printed beside ours.
    var extras: [CommandExtra] = []
    /// A peak memory `ours` must stay within (KiB), printed with the verdict; nil: none.
    var peakBudgetKiB: Int? = nil
    /// Run before each run of `ours`, untimed (the launcher row removes the refresh lock,
    /// so that every launch starts a refresh).
    var beforeOurs: (() -> Void)? = nil
    /// Seconds to wait, untimed, before every timed run of each command: the launcher row
    /// lets the refresh the previous launch detached get its networking helper started
    /// (some 15 ms of CPU on these two cores) before anything is timed, so that neither
    /// the next launch nor `dpkg` is measured against it; a launcher starts one refresh
    /// a day, not one every few milliseconds.
    var settleSeconds: Double = 0
    /// The ratio this row measured when it was last known good, saved here, so that a
    /// regression shows as one: a ratio more than `SavedRatio.tolerance` above it is
    /// flagged. The other tool measured in the same run makes it hold from one machine
    /// phase to the next, where a saved time would not.
    var savedRatio: SavedRatio? = nil

    /// The medians (seconds) of ours, then theirs; nil when skipped.
    @discardableResult
    func measure() -> (ours: Double, theirs: Double)? {
        guard FileManager.default.isExecutableFile(atPath: ours[0]) else {
            print("\(name): skipped, \(ours[0]) is not built")
            return nil
        }
        guard let theirsPath = CommandPair.which(theirs[0]) else {
            print("\(name): skipped, \(theirs[0]) is not installed")
            return nil
        }
        var theirs = self.theirs
        theirs[0] = theirsPath
        let extras = self.extras.filter { FileManager.default.isExecutableFile(atPath: $0.argv[0]) }
        // Each command with its environment, in the order they alternate: ours, the extras, theirs.
        let commands: [([String], [String: String])] =
            [(ours, environment)] + extras.map { ($0.argv, environment.merging($0.environment) { _, new in new }) }
            + [(theirs, [:])]
        for (index, (argv, variables)) in commands.enumerated() {  // warm-up: page cache, loader
            if index == 0 { beforeOurs?() }
            _ = CommandPair.spawn(argv, stdinPath: stdinPath, environment: variables)
        }
        var samples = [[Double]](repeating: [], count: commands.count)
        for _ in 0..<runs {
            for (index, (argv, variables)) in commands.enumerated() {
                if index == 0 { beforeOurs?() }
                if settleSeconds > 0 { usleep(UInt32(settleSeconds * 1e6)) }
                samples[index].append(CommandPair.spawn(argv, stdinPath: stdinPath, environment: variables))
            }
        }
        let peaks = commands.map { CommandPair.peakKiB($0.0, stdinPath: stdinPath, environment: $0.1) }
        let medians = samples.map(CommandPair.median)
        let oursMedian = medians[0], theirMedian = medians[medians.count - 1]
        let ratio = oursMedian / theirMedian
        print("\(name) (median of \(runs), alternating):")
        print("  versioncheck: \(formatDuration(oursMedian * 1e9)), peak \(CommandPair.describe(peaks[0]))  [\(ours.joined(separator: " "))]")
        for (index, extra) in extras.enumerated() {
            let median = medians[index + 1]
            print("  \(extra.label): \(formatDuration(median * 1e9)), peak \(CommandPair.describe(peaks[index + 1])), "
                + "versioncheck / this \(String(format: "%.2f", oursMedian / median))x  [\(extra.argv.joined(separator: " "))]")
        }
        print("  \(self.theirs[0]): \(formatDuration(theirMedian * 1e9)), peak \(CommandPair.describe(peaks[peaks.count - 1]))  [\(theirs.joined(separator: " "))]")
        if let target {
            print("  ratio \(String(format: "%.2f", ratio))x (target <= \(target)x): \(ratio <= target ? "met" : "NOT met")")
        } else {
            print("  ratio \(String(format: "%.2f", ratio))x (no ratio target)")
        }
        if let saved = savedRatio {
            let regressed = ratio > saved.ratio * (1 + SavedRatio.tolerance)
            print("  against the saved baseline \(String(format: "%.2f", saved.ratio))x (\(saved.source)): "
                + "\(String(format: "%.2f", ratio / saved.ratio))x, \(regressed ? "REGRESSED" : "no regression")")
        }
        if let budget = peakBudgetKiB {
            let within = peaks[0] > 0 && peaks[0] <= budget
            print("  peak \(peaks[0]) KiB (budget <= \(budget) KiB): \(within ? "met" : "NOT met")")
        }
        return (oursMedian, theirMedian)
    }

    /// A peak as printed: "N KiB", or "n/a" when it could not be measured (0).
    static func describe(_ peakKiB: Int) -> String {
        peakKiB > 0 ? "\(peakKiB) KiB" : "n/a"
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
    static func peakKiB(_ argv: [String], stdinPath: String?, environment: [String: String] = [:]) -> Int {
        let stdin = stdinPath.flatMap { FileManager.default.contents(atPath: $0) } ?? Data()
        let result = try? runMeasured(
            URL(fileURLWithPath: argv[0]), argv.dropFirst().map { Array($0.utf8) }, stdin: stdin,
            environment: environment.merging(["LC_ALL": "C"]) { old, _ in old })
        return result?.peakKiB ?? 0
    }

    /// Runs `argv` to completion, with `environment` added to ours: wall seconds.
    static func spawn(_ argv: [String], stdinPath: String?, environment extra: [String: String] = [:]) -> Double {
        var actions = makeSpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment.merge(extra) { _, new in new }
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
/// With `BENCH_BASELINE_VERSIONCHECK` set (another build, e.g. before a change), the plain
/// sort and start-up rows run it too, in the same alternation, its median beside ours.
func runCommandBenchmarks(binary: String) {
    let baseline = ProcessInfo.processInfo.environment["BENCH_BASELINE_VERSIONCHECK"].flatMap { $0.isEmpty ? nil : $0 }
    func baselineExtra(_ arguments: [String]) -> [CommandExtra] {
        guard let baseline else { return [] }
        return [CommandExtra(label: "baseline", argv: [baseline] + arguments)]
    }
    if let baseline { print("command: baseline \(baseline)") }
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-bench-1m.txt").path
    let versions = randomVersionTexts(count: 1_000_000, seed: 2026)
    var text = versions.joined(separator: "\n")
    text += "\n"
    guard FileManager.default.createFile(atPath: input, contents: Data(text.utf8)) else {
        print("command: cannot write \(input)")
        exit(70)
    }
    defer { try? FileManager.default.removeItem(atPath: input) }
    // The same versions as monorepo tags (`pkg@1.2.3`), for `sort --prefix`.
    let tagged = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-bench-1m-tags.txt").path
    guard FileManager.default.createFile(atPath: tagged, contents: Data(versions.map { "pkg@" + $0 + "\n" }.joined().utf8)) else {
        print("command: cannot write \(tagged)")
        exit(70)
    }
    defer { try? FileManager.default.removeItem(atPath: tagged) }
    /// Plain `versioncheck sort` of the plain lines, alternated beside a row on another input.
    let plainSort = CommandExtra(label: "plain sort", argv: ["/bin/sh", "-c", "exec \"$0\" sort < \"$1\"", binary, input])

    CommandPair(
        name: "command: sort 1,000,000 random x.y.z lines",
        ours: [binary, "sort"], theirs: ["sort", "-V"], stdinPath: input, runs: 11, target: 0.2,
        extras: baselineExtra(["sort"]),
        // 142.5 ms against LC_ALL=C sort -V's 774 ms, medians of 21 alternating runs at
        // d061815 (b2a50d2: 140.4 ms; c7ec41b, with the early-stop check parsing each
        // line through a String: 182.5 ms, which this row would have flagged).
        savedRatio: SavedRatio(ratio: 0.18, source: "d061815, 2026-11-27")
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
        name: "command: sort --unique, the same lines",
        ours: [binary, "sort", "--unique"], theirs: ["sort", "-V"], stdinPath: input, runs: 11, target: 0.2,
        extras: [plainSort]
    ).measure()
    CommandPair(
        name: "command: sort --prefix pkg@ --unique, the same versions as 1,000,000 pkg@x.y.z tags",
        ours: [binary, "sort", "--prefix", "pkg@", "--unique"], theirs: ["sort", "-V"], stdinPath: tagged, runs: 11,
        target: 0.2, extras: [plainSort]
    ).measure()
    CommandPair(
        name: "command: start-up, compare 1.2.3 1.10.0",
        ours: [binary, "compare", "1.2.3", "1.10.0"], theirs: ["dpkg", "--compare-versions", "1.2.3", "lt", "1.10.0"],
        runs: 51, target: 1.0, extras: baselineExtra(["compare", "1.2.3", "1.10.0"])
    ).measure()
    CommandPair(
        name: "command: start-up, --version",
        ours: [binary, "--version"], theirs: ["dpkg", "--compare-versions", "1.2.3", "lt", "1.10.0"],
        runs: 51, target: 1.0, extras: baselineExtra(["--version"])
    ).measure()
}

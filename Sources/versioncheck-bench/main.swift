// `make bench`: medians over repeated runs of the core's hot paths.
//
//   versioncheck-bench                  every section
//   versioncheck-bench GROUP...         only those groups of sections: parse, compare, sort, command, cache, many, launcher
//                                       (command: whole commands beside GNU sort -V and dpkg;
//                                       BENCH_VERSIONCHECK=PATH names the binary, default beside this one;
//                                       BENCH_BASELINE_VERSIONCHECK=PATH runs another build beside it)
//                                       cache (a --check-period hit beside dpkg and a fresh lookup, on a
//                                       loopback server; VERSIONCHECK_FETCH_HELPER names the helper)
//                                       many (batch of 200 checks, --jobs 16, against a server answering
//                                       after 50 ms, beside one process at a time; outdated over 500
//                                       bundles answered by the cache)
//                                       launcher (a --background-refresh launch with an expired entry and
//                                       a stalled server beside dpkg; --deadline 2 against that server)
//   versioncheck-bench compare-only N   N comparisons and nothing else (for counting allocations:
//                                       valgrind's "total heap usage" must not grow with N)
//   versioncheck-bench compare-prerelease-only N   likewise, between pre-releases with equal numbers
//   versioncheck-bench parse-only N     N parses of typical x.y.z texts, likewise
//   versioncheck-bench sort-only N      parse and sort N random x.y.z texts once (for profiling)
//   BENCH_FOUNDATION_RUNS=K             runs of the (slow) Foundation sort, default 3
import Foundation
import VersionCheckCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func parseAll(_ texts: [String]) -> [Version] {
    texts.map { try! Version($0) }
}

/// N comparisons over a small pool of parsed versions; returns a checksum.
@inline(never)
func compareLoop(_ pool: [Version], _ n: Int) -> Int {
    var sum = 0
    let mask = pool.count - 1
    pool.withUnsafeBufferPointer { versions in
        for i in 0..<n {
            sum &+= versions[i & mask].compare(to: versions[(i &* 7 &+ 3) & mask])
        }
    }
    return sum
}

/// N parses of typical texts; returns a checksum.
@inline(never)
func parseLoop(_ texts: [String], _ n: Int) -> Int {
    var sum = 0
    let mask = texts.count - 1
    for i in 0..<n {
        let version = try! Version(texts[i & mask])
        sum &+= version.isPrerelease ? 1 : 0
        blackHole(version)
    }
    return sum
}

let arguments = CommandLine.arguments
let pool = parseAll(randomVersionTexts(count: 1024, seed: 7))
let typical = randomVersionTexts(count: 1024, seed: 11)
/// Pre-releases with equal numbers, so every comparison reads both pre-release texts
/// (short ones inline, long ones on the heap).
let prereleasePool = parseAll((0..<1024).map { index in
    index % 2 == 0 ? "1.2.3-rc.\(index % 7).\(index)" : "v1.2.3-beta.\(index % 5).with-a-long-identifier-\(index)+build.7"
})

let modes = ["compare-only", "compare-prerelease-only", "parse-only", "sort-only"]
if arguments.count >= 2, modes.contains(arguments[1]) {
    guard arguments.count == 3, let n = Int(arguments[2]), n > 0 else {
        print("usage: versioncheck-bench [GROUP... | compare-only N | compare-prerelease-only N | parse-only N | sort-only N]")
        exit(64)
    }
    switch arguments[1] {
    case "compare-only": print(compareLoop(pool, n))
    case "compare-prerelease-only": print(compareLoop(prereleasePool, n))
    case "parse-only": print(parseLoop(typical, n))
    default:
        var versions = parseAll(randomVersionTexts(count: n, seed: 2026))
        versions.sort()
        print(versions.first?.description ?? "")
    }
    exit(0)
}

let loops = 10_000_000
let sortCount = 1_000_000
nonisolated(unsafe) var sortTexts: [String] = []
let foundationRuns = Int(ProcessInfo.processInfo.environment["BENCH_FOUNDATION_RUNS"] ?? "").map { max($0, 1) } ?? 3

/// Every section, in order: "group: what". Add new ones here; `versioncheck-bench GROUP...`
/// runs only the sections of those groups
/// (and the `command` and `cache` groups, below).
let sections: [(benchmark: Benchmark, unit: String)] = [
    (Benchmark(name: "parse: one typical x.y.z", operations: loops) { blackHole(parseLoop(typical, loops)) }, "op"),
    (Benchmark(name: "compare: two parsed versions", operations: loops) { blackHole(compareLoop(pool, loops)) }, "op"),
    (Benchmark(name: "sort: parse + sort 1,000,000 random x.y.z (Version)") {
        var versions = parseAll(sortTexts)
        versions.sort()
        blackHole(versions)
    }, "run"),
    (Benchmark(name: "sort: sort the same 1,000,000 texts (Foundation .numeric)", runs: foundationRuns) {
        var texts = sortTexts
        texts.sort { $0.compare($1, options: .numeric) == .orderedAscending }
        blackHole(texts)
    }, "run"),
]

let filters = Array(arguments.dropFirst())
var medians: [String: Double] = [:]
for (benchmark, unit) in sections where filters.isEmpty || filters.contains(where: { benchmark.name.hasPrefix($0 + ":") }) {
    if benchmark.name.hasPrefix("sort"), sortTexts.isEmpty {
        sortTexts = randomVersionTexts(count: sortCount, seed: 2026)
    }
    let (median, fastest) = benchmark.measure()
    medians[benchmark.name] = median
    print("\(benchmark.name): median \(formatDuration(median)) per \(unit), "
        + "fastest \(formatDuration(fastest)) (\(benchmark.runs) runs)")
}

if let ours = medians[sections[2].benchmark.name], let foundation = medians[sections[3].benchmark.name] {
    print("sort: ratio Foundation / Version: \(String(format: "%.1f", foundation / ours))x")
    // Both orders must agree on these plain x.y.z texts (a check, not a measure).
    var check = parseAll(Array(sortTexts.prefix(20_000)))
    check.sort()
    let foundationOrder = Array(sortTexts.prefix(20_000)).sorted {
        $0.compare($1, options: .numeric) == .orderedAscending
    }
    let agree = zip(check, foundationOrder).allSatisfy { $0.compare(to: try! Version($1)) == 0 }
    print("sort: orders agree on 20,000 texts: \(agree)")
}

/// The binary the `command` and `cache` groups run: `BENCH_VERSIONCHECK`, else beside this one.
let commandBinary = ProcessInfo.processInfo.environment["BENCH_VERSIONCHECK"]
    ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("versioncheck").path
if filters.isEmpty || filters.contains("command") {
    runCommandBenchmarks(binary: commandBinary)
}
if filters.isEmpty || filters.contains("launcher") {
    runLauncherBenchmarks(binary: commandBinary)
}
if filters.isEmpty || filters.contains("cache") {
    runCacheBenchmarks(binary: commandBinary)
}
if filters.isEmpty || filters.contains("many") {
    runManyBenchmarks(binary: commandBinary)
}
if filters.isEmpty || filters.contains("many-memory") {
    runManyMemoryBenchmarks(binary: commandBinary)
}

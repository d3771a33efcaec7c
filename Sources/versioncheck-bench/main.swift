// `make bench`: medians over repeated runs of the core's hot paths.
//
//   versioncheck-bench                  every section
//   versioncheck-bench compare-only N   N comparisons and nothing else (for counting allocations:
//                                       valgrind's "total heap usage" must not grow with N)
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

if arguments.count == 3, let n = Int(arguments[2]) {
    switch arguments[1] {
    case "compare-only": print(compareLoop(pool, n))
    case "parse-only": print(parseLoop(typical, n))
    case "sort-only":
        var versions = parseAll(randomVersionTexts(count: n, seed: 2026))
        versions.sort()
        print(versions.first?.description ?? "")
    default: print("usage: versioncheck-bench [compare-only N | parse-only N | sort-only N]"); exit(64)
    }
    exit(0)
}

let sortCount = 1_000_000
let sortTexts = randomVersionTexts(count: sortCount, seed: 2026)

let loops = 10_000_000
var results: [(String, Double)] = []
@MainActor func report(_ benchmark: Benchmark, per unit: String = "op") {
    let median = benchmark.measure()
    results.append((benchmark.name, median))
    print("\(benchmark.name): median \(formatDuration(median)) per \(unit) (\(benchmark.runs) runs)")
}

report(Benchmark(name: "parse x.y.z", operations: loops) { blackHole(parseLoop(typical, loops)) })
report(Benchmark(name: "compare two parsed versions", operations: loops) { blackHole(compareLoop(pool, loops)) })

report(Benchmark(name: "parse + sort 1,000,000 x.y.z (Version)", runs: 11) {
    var versions = parseAll(sortTexts)
    versions.sort()
    blackHole(versions)
}, per: "run")
let foundationRuns = Int(ProcessInfo.processInfo.environment["BENCH_FOUNDATION_RUNS"] ?? "").map { max($0, 1) } ?? 3
report(Benchmark(name: "sort 1,000,000 x.y.z (Foundation .numeric)", runs: foundationRuns) {
    var texts = sortTexts
    texts.sort { $0.compare($1, options: .numeric) == .orderedAscending }
    blackHole(texts)
}, per: "run")
let ours = results[2].1, foundation = results[3].1
print("ratio Foundation / Version: \(String(format: "%.1f", foundation / ours))x")

// Both orders must agree on these plain x.y.z texts (a check, not a measure).
var check = parseAll(Array(sortTexts.prefix(20_000)))
check.sort()
let foundationOrder = Array(sortTexts.prefix(20_000)).sorted { $0.compare($1, options: .numeric) == .orderedAscending }
let agree = zip(check, foundationOrder).allSatisfy { $0.compare(to: try! Version($1)) == 0 }
print("orders agree on 20,000 texts: \(agree)")

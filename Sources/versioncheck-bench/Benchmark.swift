import VersionCheckTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One measured section: `body` runs `runs` times; each run does `operations` operations;
/// the result is the median over the runs, per operation.
///
/// Add a section by appending a `Benchmark` to the list in main.swift.
struct Benchmark {
    var name: String
    var runs: Int = 11
    /// Operations per run, to report time per operation (1 for a whole-task measure).
    var operations: Int = 1
    /// Set up once, outside the timing (inputs are built here, not in `body`).
    var body: () -> Void

    /// Median and fastest nanoseconds per operation over `runs` (the fastest run is the
    /// one least disturbed by other processes on a shared machine).
    func measure() -> (median: Double, min: Double) {
        body()  // warm-up: caches, page faults, lazy initialisers
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = Clock.nanoseconds()
            body()
            samples.append(Double(Clock.nanoseconds() - start) / Double(operations))
        }
        samples.sort()
        return (samples[samples.count / 2], samples[0])
    }
}

enum Clock {
    static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}

/// Keeps the optimiser from deleting the work it is given.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Human units: "12.3 ns", "4.56 ms".
func formatDuration(_ nanoseconds: Double) -> String {
    func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            text += String(repeating: "0", count: max(0, digits - decimals))
        }
        return text
    }
    switch nanoseconds {
    case ..<1_000: return fixed(nanoseconds, 2) + " ns"
    case ..<1_000_000: return fixed(nanoseconds / 1_000, 2) + " µs"
    case ..<1_000_000_000: return fixed(nanoseconds / 1_000_000, 1) + " ms"
    default: return fixed(nanoseconds / 1_000_000_000, 2) + " s"
    }
}

/// `count` random `x.y.z` texts, the same for a given seed.
func randomVersionTexts(count: Int, seed: UInt64) -> [String] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in
        "\(rng.next() % 20).\(rng.next() % 100).\(rng.next() % 1000)"
    }
}

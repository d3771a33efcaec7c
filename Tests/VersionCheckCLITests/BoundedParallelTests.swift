#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import VersionCheckCLI
import VersionCheckCore
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// `BoundedParallel.map`: results in input order whatever order the jobs finish in, never
/// more than `width` jobs at once, every job run exactly once.
@Suite(.blockingBodies) struct BoundedParallelTests {
    /// Counts the jobs running now and the most seen at once.
    final class Gauge: @unchecked Sendable {
        private let lock = Lock()
        private var running = 0
        private(set) var most = 0
        private(set) var runs: [Int] = []

        func enter(_ index: Int) {
            lock.withLock {
                running += 1
                most = max(most, running)
                runs.append(index)
            }
        }

        func leave() { lock.withLock { running -= 1 } }
    }

    @Test(arguments: [(1, 1), (0, 4), (5, 1), (40, 4), (40, 64), (3, 16)])
    func resultsInInputOrderWithinTheWidth(count: Int, width: Int) {
        let gauge = Gauge()
        let results = BoundedParallel.map(count: count, width: width) { index in
            gauge.enter(index)
            // Later jobs finish first: the order of results must not follow completion.
            usleep(UInt32((count - index) % 7) * 2_000)
            gauge.leave()
            return index * 10
        }
        #expect(results == (0..<count).map { $0 * 10 })
        #expect(gauge.runs.sorted() == Array(0..<count))
        #expect(gauge.most <= max(1, min(width, count)))
        if count >= 2 * width, width > 1 { #expect(gauge.most >= 2, "jobs ran one at a time") }
    }
}

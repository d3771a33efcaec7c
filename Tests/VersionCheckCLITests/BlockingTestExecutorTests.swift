import Foundation
import Testing
import VersionCheckTestSupport

/// The executor under `.blockingBodies`: bodies that block overlap, up to its width, each
/// on one of its threads, not on the cooperative pool's.
@Suite struct BlockingTestExecutorTests {
    /// Six bodies that each sleep 0.3 s on an executor of 6 threads (its own: the shared
    /// one is busy with the suite) all sleep at the same moment, each on one of its
    /// threads. On the cooperative pool of a 2-core machine two at most would. (Timed
    /// inside the bodies: the test's own task waits on the busy pool to collect them.)
    @available(macOS 15.0, *)
    @Test func blockedBodiesOverlap() async throws {
        let executor = BlockingTestExecutor(width: 6)
        let spans = await withTaskGroup(of: (start: Double, end: Double, onExecutor: Bool).self) { group in
            for _ in 0..<6 {
                group.addTask(executorPreference: executor) {
                    let start = ProcessInfo.processInfo.systemUptime
                    usleep(300_000)
                    return (start, ProcessInfo.processInfo.systemUptime, executor.isCurrent)
                }
            }
            var spans: [(start: Double, end: Double, onExecutor: Bool)] = []
            for await span in group { spans.append(span) }
            return spans
        }
        #expect(spans.count == 6)
        #expect(spans.allSatisfy { $0.onExecutor })
        // Every body had started before the first one ended: all six slept at once.
        let lastStart = spans.map { $0.start }.max() ?? 0
        let firstEnd = spans.map { $0.end }.min() ?? 0
        #expect(lastStart < firstEnd, "the last body started \(lastStart - firstEnd) s after the first ended")
    }
}

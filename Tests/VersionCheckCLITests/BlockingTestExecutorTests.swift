import Foundation
import Testing
import VersionCheckTestSupport

/// The executor under `.blockingBodies`: bodies that block overlap, up to its width, and
/// a body on it sees its own thread, not one of the cooperative pool's.
@Suite struct BlockingTestExecutorTests {
    /// Six bodies that each sleep 0.3 s take about 0.3 s together on an executor of 6
    /// threads (its own: the shared one is busy with the suite); on the cooperative pool of
    /// a 2-core machine they take 0.9 s.
    @available(macOS 15.0, *)
    @Test func blockedBodiesOverlap() async throws {
        let executor = BlockingTestExecutor(width: 6)
        let started = Date()
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<6 {
                group.addTask(executorPreference: executor) {
                    usleep(300_000)
                    return Self.threadName()
                }
            }
            var names: [String] = []
            for try await name in group { names.append(name) }
            #expect(names.allSatisfy { $0.hasPrefix("blocking-test-") }, "\(names)")
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < 0.8, "six 0.3 s sleeps took \(elapsed) s")
    }

    /// The name of the thread that runs the caller (synchronous: `Thread.current` is not
    /// for asynchronous code).
    static func threadName() -> String { Thread.current.name ?? "" }
}

import Foundation

/// Threads of their own for test bodies that block: they wait for a child process, a
/// loopback server's delay, a pipe. Swift Testing runs every test on the cooperative
/// pool, one thread per core (two here), so two blocking bodies held the whole suite while
/// the processes they waited for left the cores idle (`make test`: 84 s of CPU in 67 s of
/// wall on two cores). A suite marked `.blockingBodies` runs its bodies here instead, up
/// to `width` at once; what they wait for overlaps.
///
/// A plain first-in, first-out queue served by `width` threads: a job runs to its next
/// suspension point, a blocking call holds only its own thread.
@available(macOS 15.0, *)
public final class BlockingTestExecutor: TaskExecutor, @unchecked Sendable {
    /// The one pool of the test process (every test target's suites share it, so the
    /// bound holds across them).
    public static let shared = BlockingTestExecutor(width: defaultWidth)

    /// Bodies at once: enough to overlap the waits of two cores' worth of work, few
    /// enough that the CPU-bound bodies' timing limits keep their margin. Override with
    /// `VERSIONCHECK_TEST_WIDTH`.
    static var defaultWidth: Int {
        let given = ProcessInfo.processInfo.environment["VERSIONCHECK_TEST_WIDTH"].flatMap { Int($0) }
        return max(1, given ?? 6)
    }

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: [UnownedJob] = []
    private var head = 0
    private var threads: [pthread_t] = []

    /// An executor of `width` threads, which live as long as the process.
    public init(width: Int) {
        for index in 0..<width {
            let thread = Thread { [unowned self] in
                // Named from inside: on Linux a name given before `start` does not reach the thread.
                Thread.current.name = "blocking-test-\(index)"
                self.condition.lock()
                self.threads.append(pthread_self())
                self.condition.unlock()
                self.serve()
            }
            // As much stack as a main thread: hostile-input tests recurse.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Whether the caller runs on one of this executor's threads.
    public var isCurrent: Bool {
        condition.lock()
        defer { condition.unlock() }
        return threads.contains { pthread_equal($0, pthread_self()) != 0 }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        queue.append(job)
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while head == queue.count { condition.wait() }
            let job = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

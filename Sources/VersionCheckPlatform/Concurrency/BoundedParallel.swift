#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs many blocking jobs on a fixed number of threads of its own (STYLE.md #20): a
/// slot counter hands out indices in input order and each job runs exactly once. The
/// jobs block (on the network helper's pipes, on files): they run on plain threads,
/// never on Swift's cooperative pool, whose few threads a blocked job would starve.
///
/// `forEach` streams: each job hands its result on itself as it finishes (to an
/// `OrderedOutput`, which prints in input order), so nothing is kept for the caller and
/// the memory held does not grow with `count` (STYLE.md #23). `map` gathers the results
/// by index, for short lists whose results are small.
public enum BoundedParallel {
    /// `work(0) … work(count - 1)`, at most `width` at a time (1…`count`), in input
    /// order. With `width` 1, or one job, everything runs on the calling thread.
    public static func map<Result: Sendable>(
        count: Int, width: Int, _ work: @escaping @Sendable (Int) -> Result
    ) -> [Result] {
        guard count > 0 else { return [] }
        let cells = Cells<Result>(count: count)
        forEach(count: count, width: width) { index in cells.set(index, work(index)) }
        return cells.results()
    }

    /// Runs `body(0) … body(count - 1)`, at most `width` at a time (1…`count`), each
    /// started in input order and run once; returns when every one has returned. With
    /// `width` 1, or one job, everything runs on the calling thread.
    public static func forEach(count: Int, width: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let threads = max(1, min(width, count))
        let run = Run(count: count, body: body)
        if threads == 1 {
            run.drain()
        } else {
            var started: [Thread] = []
            for _ in 1..<threads {
                guard let thread = Thread.start({ run.drain() }) else { break }
                started.append(thread)
            }
            run.drain()
            for thread in started { thread.join() }
        }
    }

    /// The shared state of one `forEach`: the next index to hand out, under a lock.
    private final class Run: @unchecked Sendable {
        private let count: Int
        private let body: @Sendable (Int) -> Void
        private let lock = Lock()
        private var next = 0

        package init(count: Int, body: @escaping @Sendable (Int) -> Void) {
            self.count = count
            self.body = body
        }

        /// Takes indices until none is left.
        package func drain() {
            while let index = take() { body(index) }
        }

        private func take() -> Int? {
            lock.withLock {
                guard next < count else { return nil }
                defer { next += 1 }
                return next
            }
        }
    }

    /// One result cell per index of a `map`, each written by exactly one thread before
    /// the joins.
    private final class Cells<Result: Sendable>: @unchecked Sendable {
        private let count: Int
        private let cells: UnsafeMutablePointer<Result?>

        package init(count: Int) {
            self.count = count
            cells = .allocate(capacity: count)
            cells.initialize(repeating: nil, count: count)
        }

        deinit {
            cells.deinitialize(count: count)
            cells.deallocate()
        }

        package func set(_ index: Int, _ result: Result) { cells[index] = result }

        /// Every result, once every thread has been joined.
        package func results() -> [Result] {
            (0..<count).map { index in
                guard let result = cells[index] else { preconditionFailure("job \(index) of \(count) left no result") }
                return result
            }
        }
    }
}

/// A joinable POSIX thread running one closure.
package struct Thread {
    private let handle: pthread_t

    /// Starts `body` on a new thread (512 KiB of stack); nil when the system refuses one
    /// (the caller's own thread then does the work).
    package static func start(_ body: @escaping @Sendable () -> Void) -> Thread? {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 512 * 1024)
#if canImport(Darwin)
        var handle: pthread_t? = nil
        let status = pthread_create(&handle, &attributes, { context in
            Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, box)
        guard status == 0, let handle else {
            Unmanaged<Box>.fromOpaque(box).release()
            return nil
        }
        return Thread(handle: handle)
#else
        var handle = pthread_t()
        let status = pthread_create(&handle, &attributes, { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, box)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            return nil
        }
        return Thread(handle: handle)
#endif
    }

    /// Waits for the thread to end.
    package func join() {
        pthread_join(handle, nil)
    }

    private final class Box: @unchecked Sendable {
        package let body: @Sendable () -> Void
        package init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

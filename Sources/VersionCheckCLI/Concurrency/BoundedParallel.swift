#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs many blocking jobs on a fixed number of threads of its own (STYLE.md #20): a
/// slot counter hands out indices, each result is written once at its own index, and
/// the caller gets them in input order whatever order they finish in. The jobs block
/// (on the network helper's pipes, on files): they run on plain threads, never on
/// Swift's cooperative pool, whose few threads a blocked job would starve.
public enum BoundedParallel {
    /// `work(0) … work(count - 1)`, at most `width` at a time (1…`count`), in input
    /// order. With `width` 1, or one job, everything runs on the calling thread.
    public static func map<Result: Sendable>(
        count: Int, width: Int, _ work: @escaping @Sendable (Int) -> Result
    ) -> [Result] {
        guard count > 0 else { return [] }
        let threads = max(1, min(width, count))
        let run = Run<Result>(count: count, work: work)
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
        return run.results()
    }

    /// The shared state of one `map`: the next index to hand out, under a lock, and one
    /// result cell per index, each written by exactly one thread before the joins.
    private final class Run<Result: Sendable>: @unchecked Sendable {
        private let count: Int
        private let work: @Sendable (Int) -> Result
        private let lock = Lock()
        private var next = 0
        private let cells: UnsafeMutablePointer<Result?>

        init(count: Int, work: @escaping @Sendable (Int) -> Result) {
            self.count = count
            self.work = work
            cells = .allocate(capacity: count)
            cells.initialize(repeating: nil, count: count)
        }

        deinit {
            cells.deinitialize(count: count)
            cells.deallocate()
        }

        /// Takes indices until none is left.
        func drain() {
            while let index = take() { cells[index] = work(index) }
        }

        private func take() -> Int? {
            lock.withLock {
                guard next < count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        /// Every result, once every thread has been joined.
        func results() -> [Result] {
            (0..<count).map { index in
                guard let result = cells[index] else { preconditionFailure("job \(index) of \(count) left no result") }
                return result
            }
        }
    }
}

/// A joinable POSIX thread running one closure.
struct Thread {
    private let handle: pthread_t

    /// Starts `body` on a new thread (512 KiB of stack); nil when the system refuses one
    /// (the caller's own thread then does the work).
    static func start(_ body: @escaping @Sendable () -> Void) -> Thread? {
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
    func join() {
        pthread_join(handle, nil)
    }

    private final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

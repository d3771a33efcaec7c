#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `checked 12 of 140` on stderr, rewritten in place as checks finish and erased at the
/// end: only when stderr is a terminal and neither `-q` nor `--json` is given (SPEC.md
/// "Many apps at once"). Safe to call from the threads that run the checks.
final class ProgressLine: @unchecked Sendable {
    private let sink: OutputSink?
    private let total: Int
    private var finished = 0
    private var shown = false
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A progress line for `total` checks on `output`'s stderr, or a silent one when the rules say so.
    init(total: Int, output: Output) {
        self.total = total
        sink = output.stderr.isTerminal && !output.quiet && !output.json && total > 0 ? output.stderr : nil
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Shows the line before the first check finishes.
    func start() { update(adding: 0) }

    /// One more check finished.
    func advance() { update(adding: 1) }

    /// Erases the line (before the results are printed).
    func erase() {
        guard let sink else { return }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if shown { sink.write("\r\u{1B}[K") }
        shown = false
    }

    private func update(adding count: Int) {
        guard let sink else { return }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        finished = min(finished + count, total)
        sink.write("\r\u{1B}[Kchecked \(finished) of \(total)")
        shown = true
    }
}

/// `checked 12 of 140` on stderr, rewritten in place as checks finish and erased at the
/// end: only when stderr is a terminal and neither `-q` nor `--json` is given (SPEC.md
/// "Many apps at once"). Safe to call from the threads that run the checks.
final class ProgressLine: @unchecked Sendable {
    private let sink: OutputSink?
    private let total: Int
    private var finished = 0
    private var shown = false
    private let lock = Lock()

    /// A progress line for `total` checks on `output`'s stderr, or a silent one when the rules say so.
    init(total: Int, output: Output) {
        self.total = total
        sink = output.stderr.isTerminal && !output.quiet && !output.json && total > 0 ? output.stderr : nil
    }

    /// Shows the line before the first check finishes.
    func start() { update(adding: 0) }

    /// One more check finished.
    func advance() { update(adding: 1) }

    /// Erases the line (before the results are printed).
    func erase() {
        guard let sink else { return }
        lock.withLock {
            if shown { sink.write("\r\u{1B}[K") }
            shown = false
        }
    }

    private func update(adding count: Int) {
        guard let sink else { return }
        lock.withLock {
            finished = min(finished + count, total)
            sink.write("\r\u{1B}[Kchecked \(finished) of \(total)")
            shown = true
        }
    }
}

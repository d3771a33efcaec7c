import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources

/// `checked 12 of 140` on stderr, rewritten in place as checks finish and erased at the
/// end: only when stderr is a terminal and neither `-q` nor `--json` is given (SPEC.md
/// "Many apps at once"). Not locked: one writer at a time draws it (`OrderedOutput`'s,
/// which erases it before printing rows and draws it again after them).
final class ProgressLine: @unchecked Sendable {
    private let sink: OutputSink?
    private let total: Int
    private var shown = false

    /// A progress line for `total` checks on `output`'s stderr, or a silent one when the rules say so.
    init(total: Int, output: Output) {
        self.total = total
        sink = output.stderr.isTerminal && !output.quiet && !output.json && total > 0 ? output.stderr : nil
    }

    /// Shows `checked FINISHED of TOTAL` in place of the line shown before.
    func draw(finished: Int) {
        guard let sink else { return }
        sink.write("\r\u{1B}[Kchecked \(min(finished, total)) of \(total)")
        shown = true
    }

    /// Erases the line (before rows are printed, and at the end).
    func erase() {
        guard let sink, shown else { return }
        sink.write("\r\u{1B}[K")
        shown = false
    }
}

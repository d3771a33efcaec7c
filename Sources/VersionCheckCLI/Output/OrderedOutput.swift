import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources

/// The output of one row of `outdated` or `batch`, rendered as soon as its check ends
/// (the check's body and parsed source are gone by then): what it prints on each stream
/// and how it counts toward the exit status.
struct RenderedRow: Sendable {
    /// How a row counts toward the exit status (SPEC.md "Many apps at once").
    enum Verdict: Sendable, Equatable {
        case failure(ExitStatus)
        case forced
        case optional
        /// Up to date, or skipped: does not count.
        case quiet
    }

    var stdout: [UInt8]
    var stderr: [UInt8]
    var verdict: Verdict

    var size: Int { stdout.count + stderr.count }
}

/// Prints the rows of `outdated` and `batch` in input order as they are handed in, in
/// any order and from any thread (STYLE.md #20, #23, as `xargs -P` or a bounded channel
/// would): a row is written as soon as every earlier row has been; a row that must wait
/// is held in memory while the rows waiting hold at most `memoryLimit` bytes in all,
/// beyond that in a temporary file (`SpillFile`). So what is held does not depend on
/// the length of the list, only on the checks in flight and the output waiting its turn.
///
/// One thread at a time writes (the one that handed in a row while no one was writing),
/// outside the lock, so a slow reader of stdout never blocks a thread that hands in a
/// row; the progress line is drawn by that writer too, erased before rows and drawn
/// again after them. The exit status is folded in output order as rows are written.
final class OrderedOutput: @unchecked Sendable {
    /// Output waiting behind a slow earlier row beyond this many bytes goes to a file.
    static let memoryLimit = 32 * 1024 * 1024

    /// The exit status of the rows written, and why the run must end 74.
    struct Outcome: Equatable {
        var status: ExitStatus
        /// The temporary file could not be created or written: 74 (SPEC.md).
        var outputFailure: Failure?
        /// Rows that were never handed in (a runner that lost checks): a bug.
        var missing: Int
    }

    private enum Held {
        case memory(RenderedRow)
        case file(SpillFile, offset: Int, stderr: Int, stdout: Int, verdict: RenderedRow.Verdict)
    }

    private let count: Int
    private let output: Output
    private let progress: ProgressLine
    private let folder: String
    private let limit: Int
    private let lock = Lock()
    // Under `lock`:
    private var next = 0
    private var pending: [Int: Held] = [:]
    private var heldBytes = 0
    private var writing = false
    private var finishedChecks = 0
    private var spill: SpillFile?
    private var outputFailure: Failure?
    private var firstFailure: ExitStatus?
    private var forced = false
    private var optional = false

    /// An emitter of `count` rows to `output`'s streams; waiting output beyond `limit`
    /// bytes goes to a file in `folder` (TMPDIR).
    init(count: Int, output: Output, progress: ProgressLine, folder: String, limit: Int = OrderedOutput.memoryLimit) {
        self.count = count
        self.output = output
        self.progress = progress
        self.folder = folder
        self.limit = limit
    }

    /// Hands in row `index` (each once); `finishedCheck` advances the progress line.
    /// Writes it, and the rows after it that are ready, if every earlier row is written.
    func deliver(_ index: Int, _ row: RenderedRow, finishedCheck: Bool = true) {
        let size = row.size
        let place: (file: SpillFile, offset: Int)? = lock.withLock {
            if finishedCheck { finishedChecks += 1 }
            guard index != next, size > 0, heldBytes + size > limit, outputFailure == nil else { return nil }
            if spill == nil {
                switch SpillFile.create(in: folder) {
                case .success(let file): spill = file
                case .failure(let failure): outputFailure = failure
                }
            }
            return spill.map { ($0, $0.reserve(size)) }
        }
        var held = Held.memory(row)
        if let place {
            switch place.file.write(row, at: place.offset) {
            case .success:
                held = .file(place.file, offset: place.offset, stderr: row.stderr.count, stdout: row.stdout.count, verdict: row.verdict)
            case .failure(let failure):
                lock.withLock { if outputFailure == nil { outputFailure = failure } }
            }
        }
        let writer: Bool = lock.withLock {
            pending[index] = held
            if case .memory = held { heldBytes += size }
            guard !writing else { return false }
            writing = true
            return true
        }
        if writer { writeReady() }
    }

    /// The temporary file's descriptor, once output has waited there (for tests).
    var spillDescriptor: FileDescriptor? { lock.withLock { spill?.fd } }

    /// Draws the progress line before any row is handed in.
    func start() {
        progress.draw(finished: 0)
    }

    /// After every row was handed in and every thread that handed one in has returned:
    /// erases the progress line and says how the run ends.
    func finish() -> Outcome {
        progress.erase()
        return lock.withLock {
            let status: ExitStatus = firstFailure ?? (forced ? .forcedUpdate : optional ? .optionalUpdate : .success)
            return Outcome(status: status, outputFailure: outputFailure, missing: count - next)
        }
    }

    /// The writer's loop: takes the rows that are next in order, writes them outside the
    /// lock, and stops when none is ready (another thread's row will make it write again).
    private func writeReady() {
        var drawn = -1
        while true {
            let batch: (rows: [Held], finished: Int)? = lock.withLock {
                var rows: [Held] = []
                while let held = pending.removeValue(forKey: next) {
                    next += 1
                    rows.append(held)
                    switch held {
                    case .memory(let row):
                        heldBytes -= row.size
                        count(row.verdict)
                    case .file(_, _, _, _, let verdict):
                        count(verdict)
                    }
                }
                guard !rows.isEmpty || finishedChecks != drawn else {
                    writing = false
                    return nil
                }
                return (rows, finishedChecks)
            }
            guard let batch else { return }
            if !batch.rows.isEmpty { progress.erase() }
            for held in batch.rows { write(held) }
            progress.draw(finished: batch.finished)
            drawn = batch.finished
        }
    }

    /// Folds one row, in output order, into the exit status: the first failure wins.
    private func count(_ verdict: RenderedRow.Verdict) {
        switch verdict {
        case .failure(let status): if firstFailure == nil { firstFailure = status }
        case .forced: forced = true
        case .optional: optional = true
        case .quiet: break
        }
    }

    private func write(_ held: Held) {
        switch held {
        case .memory(let row):
            output.stderr.write(bytes: row.stderr)
            output.stdout.write(bytes: row.stdout)
        case .file(let file, let offset, let stderr, let stdout, _):
            let failure = file.copy(from: offset, count: stderr, to: output.stderr)
                ?? file.copy(from: offset + stderr, count: stdout, to: output.stdout)
            if let failure { lock.withLock { if outputFailure == nil { outputFailure = failure } } }
        }
    }
}

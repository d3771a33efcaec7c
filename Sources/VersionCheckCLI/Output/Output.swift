import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// Where one stream of output goes: a file descriptor in the real program,
/// memory in tests. Writes are unbuffered, so callers should hand over large
/// chunks (a whole sorted list, a whole JSON line) rather than many small ones.
///
/// Every write is checked: the first one that fails is remembered (`writeFailure`)
/// and every later write to the stream is skipped, so a command that lost its
/// reader stops producing output and `CLI.run` turns its status into 74.
public struct OutputSink: Sendable {
    /// Whether the stream is a terminal; colour is considered only then.
    public var isTerminal: Bool
    /// Writes bytes; returns why it failed, or nil.
    private let sink: @Sendable (UnsafeRawBufferPointer) -> String?
    private let state = WriteState()

    /// A sink that hands every write to `write`, which cannot fail.
    public init(isTerminal: Bool = false, write: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.isTerminal = isTerminal
        self.sink = { bytes in
            write(bytes)
            return nil
        }
    }

    /// A sink whose `write` can fail: it returns why (`strerror` of the error), or nil.
    public init(isTerminal: Bool = false, checkedWrite: @escaping @Sendable (UnsafeRawBufferPointer) -> String?) {
        self.isTerminal = isTerminal
        self.sink = checkedWrite
    }

    /// A sink that writes to a file descriptor with `write(2)`.
    package static func fileDescriptor(_ fd: FileDescriptor) -> OutputSink {
        OutputSink(isTerminal: fd.isTerminal, checkedWrite: { bytes in
            switch fd.writeAll(bytes) {
            case .success: nil
            case .failure(let error): error.description
            }
        })
    }

    /// Why a write to this stream failed (`No space left on device`), or nil while none has.
    public var writeFailure: String? { state.failure }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Writes raw bytes.
    public func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { write(bytes: $0) }
    }

    /// Writes raw bytes without copying them first; nothing once a write has failed.
    public func write(bytes: UnsafeRawBufferPointer) {
        guard state.failure == nil, !bytes.isEmpty else { return }
        if let failure = sink(bytes) { state.failure = failure }
    }

    /// The first failure of a stream, shared by every copy of its sink (checks that run
    /// side by side may print from several threads: every access holds `lock`).
    private final class WriteState: @unchecked Sendable {
        private let lock = Lock()
        private var recorded: String?

        var failure: String? {
            get { lock.withLock { recorded } }
            set { lock.withLock { if recorded == nil { recorded = newValue } } }
        }
    }
}

/// A text style for terminal output (ANSI SGR codes): the two that messages use.
public enum TextStyle: String, Sendable {
    case yellow = "33"
    case boldRed = "1;31"
}

/// The two output streams and the global output options (`--json`, `-q`, `-v`).
///
/// Rules, in one place: data goes to stdout, diagnostics and errors to stderr;
/// `-q` silences stdout entirely (it wins over `--json`); `-v` enables
/// diagnostics; colour is used on a stream only if it is a terminal and
/// colour is allowed (no `NO_COLOR`, no `TERM=dumb`). Passed to every command,
/// so tests capture what a command prints.
public struct Output: Sendable {
    public var stdout: OutputSink
    public var stderr: OutputSink
    /// `--json`: data and failures are JSON objects on stdout.
    public var json: Bool
    /// `-q`/`--quiet`: nothing on stdout.
    public var quiet: Bool
    /// `-v`/`--verbose`: diagnostics on stderr.
    public var verbose: Bool
    /// False when `NO_COLOR` is set (to anything) or `TERM` is `dumb`.
    public var colourAllowed: Bool

    public init(
        stdout: OutputSink, stderr: OutputSink,
        json: Bool = false, quiet: Bool = false, verbose: Bool = false, colourAllowed: Bool = true
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.json = json
        self.quiet = quiet
        self.verbose = verbose
        self.colourAllowed = colourAllowed
    }

    /// The process's stdout (fd 1) and stderr (fd 2); colour as `environment` allows.
    public static func standard(environment: [String: String]) -> Output {
        Output(
            stdout: .fileDescriptor(.standardOutput), stderr: .fileDescriptor(.standardError),
            colourAllowed: colourAllowed(environment: environment)
        )
    }

    /// Colour is allowed unless `NO_COLOR` is set (any value, even empty) or `TERM` is `dumb`.
    public static func colourAllowed(environment: [String: String]) -> Bool {
        environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// The same output with the global options applied.
    public func with(_ options: GlobalOptions) -> Output {
        var copy = self
        copy.json = options.json
        copy.quiet = options.quiet
        copy.verbose = options.verbose
        return copy
    }

    // MARK: Data (stdout)

    /// Writes `text` to stdout unless `-q`.
    public func write(_ text: String) {
        if !quiet { stdout.write(text) }
    }

    /// Writes raw bytes to stdout unless `-q`.
    public func write(bytes: [UInt8]) {
        if !quiet { stdout.write(bytes: bytes) }
    }

    /// Writes `line` and a newline to stdout unless `-q`.
    public func writeLine(_ line: String) {
        if !quiet { stdout.write(line + "\n") }
    }

    /// Writes `value` as one line of JSON to stdout unless `-q`.
    public func writeJSON(_ value: JSONValue) {
        if !quiet { stdout.write(value.rendered + "\n") }
    }

    // MARK: Diagnostics and errors (stderr)

    /// With `-v`, writes `versioncheck: MESSAGE` to stderr; otherwise nothing.
    public func diagnostic(_ message: @autoclosure () -> String) {
        if verbose { stderr.write("versioncheck: " + oneLine(message()) + "\n") }
    }

    /// Writes `versioncheck: MESSAGE` to stderr (always): a closing remark, not a warning.
    public func note(_ message: String) {
        stderr.write("versioncheck: " + oneLine(message) + "\n")
    }

    /// Writes `versioncheck: warning: MESSAGE` to stderr (always).
    public func warning(_ message: String) {
        stderr.write("versioncheck: " + paint("warning:", .yellow, on: stderr) + " " + oneLine(message) + "\n")
    }

    /// Reports a failure and returns its exit status.
    ///
    /// Always one line on stderr, `versioncheck: error: MESSAGE`; with `--json`
    /// (and without `-q`) also `{"status": "error", "error": {"code": …, "kind": …,
    /// "message": …}}` on stdout, so a script reading stdout sees the failure.
    @discardableResult
    public func report(_ failure: Failure) -> ExitStatus {
        errorLine(failure.message)
        if json { writeJSON(Self.errorJSON(failure)) } else { explain(failure.explanation) }
        return failure.exitStatus
    }

    /// `--explain`'s lines on stderr, each `explain: ` (`explain: NAME: ` with `name`, a
    /// row of `outdated` or `batch`) and one line of printable text (even with `-q`: it
    /// is asked for); nothing for nil.
    public func explain(_ lines: [String]?, name: String? = nil) {
        guard let lines else { return }
        let prefix = "explain: " + (name.map { TerminalText.printable($0, multiline: false) + ": " } ?? "")
        for line in lines { stderr.write(prefix + TerminalText.printable(line, multiline: false) + "\n") }
    }

    /// Writes `versioncheck: error: MESSAGE` to stderr, and nothing to stdout (even with `--json`).
    public func errorLine(_ message: String) {
        stderr.write("versioncheck: " + paint("error:", .boldRed, on: stderr) + " " + oneLine(message) + "\n")
    }

    /// The `--json` error object of SPEC.md for `failure`; with `--explain`, the steps
    /// taken before it as `explain`.
    public static func errorJSON(_ failure: Failure) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("status", "error"),
            .init("error", [
                "code": .int(Int(failure.exitStatus.rawValue)),
                "kind": .string(failure.kind.rawValue),
                "message": .string(failure.message),
            ]),
        ]
        if let lines = failure.explanation { members.append(.init("explain", .array(lines.map { .string($0) }))) }
        return .object(members)
    }

    // MARK: Colour

    /// Whether writing styled text to `stream` would show colour.
    public func usesColour(on stream: OutputSink) -> Bool {
        colourAllowed && stream.isTerminal
    }

    /// `text` wrapped in the ANSI codes of `style` if `stream` shows colour; else `text` as is.
    public func paint(_ text: String, _ style: TextStyle, on stream: OutputSink) -> String {
        usesColour(on: stream) ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    // MARK: Failed writes

    /// `status`, unless a write to stdout failed and `status` is an answer (0, 1, 100,
    /// 101): then one error line on stderr and 74, as coreutils do. Another error's code
    /// is kept (its own line is already on stderr).
    public func checkingWrites(_ status: ExitStatus) -> ExitStatus {
        guard let failure = stdout.writeFailure else { return status }
        switch status {
        case .success, .no, .optionalUpdate, .forcedUpdate:
            let lost = Failure(.output, "write failed: standard output: \(failure)")
            errorLine(lost.message)
            return lost.exitStatus
        default:
            return status
        }
    }

    /// Keeps a message on one line: line breaks and other control characters become escapes.
    private func oneLine(_ message: String) -> String { TerminalText.escapingControlCharacters(message) }
}

import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckBuildInfo

/// The whole command line as a library: `main.swift` only calls `CLI.run` and
/// exits with its status, so every behaviour is testable in-process.
public enum CLI {
    /// Runs one command line and returns its exit status; prints only through `output`.
    ///
    /// - Parameters:
    ///   - arguments: the arguments without the program name.
    ///   - environment: the process environment (`VERSIONCHECK_LOOKUP_URL`, `NO_COLOR`, …).
    ///   - stdin: where `sort` reads when it has no arguments.
    ///   - output: where stdout and stderr go; the global flags are applied to it here.
    ///   - checkRunner: runs `lookup` and `manifest` once their command line is valid.
    ///   - checkListRunner: runs the checks of `outdated` and `batch`; nil for the real one.
    public static func run(
        arguments: [String], environment: [String: String], stdin: Input, output: Output, checkRunner: @escaping CheckRunner,
        checkListRunner: CheckListRunner? = nil
    ) -> ExitStatus {
        let status = runCommand(
            arguments: arguments, environment: environment, stdin: stdin, output: output, checkRunner: checkRunner,
            checkListRunner: checkListRunner)
        return output.checkingWrites(status)
    }

    /// `run` before the check of stdout's writes.
    private static func runCommand(
        arguments: [String], environment: [String: String], stdin: Input, output: Output, checkRunner: @escaping CheckRunner,
        checkListRunner: CheckListRunner?
    ) -> ExitStatus {
        if arguments.isEmpty {
            let status = output.report(Failure(.usage, "missing command (see '\(CommandTable.programName) --help')"))
            output.stderr.write(Help.shortUsage())
            return status
        }
        let global = CommandLineParser.scanGlobalOptions(arguments)
        let output = output.with(global)
        let invocation: Invocation
        do {
            invocation = try CommandLineParser.parse(arguments, global: global)
        } catch {
            return output.report(error)
        }
        switch invocation {
        case .help(let command):
            output.stdout.write(command.map(Help.render) ?? Help.renderOverview())
            return .success
        case .topic(let topic):
            output.stdout.write(Help.render(topic))
            return .success
        case .version:
            // Text whatever `--json` says; nothing with `-q` (SPEC.md, "Details").
            output.write("\(CommandTable.programName) \(ToolInfo.version)\n")
            return .success
        case .manual:
            output.stdout.write(ManPage.render())
            return .success
        case .run(let line):
            let context = CommandContext(
                output: output.with(line.global), environment: environment, stdin: stdin, checkRunner: checkRunner,
                checkListRunner: checkListRunner ?? { requests, jobs, output, finished in
                    LiveCheck.listRunner(environment: environment)(requests, jobs, output, finished)
                })
            guard let command = Commands.type(running: line) else {
                return output.report(Failure(.internal, "no command runs '\(line.command.name)'"))
            }
            do {
                return try command.init(line, context: context).run(context)
            } catch {
                return context.output.report(error)
            }
        }
    }
}

/// Where a command reads its standard input from: the process's fd 0, or bytes in tests.
public struct Input: Sendable {
    /// Takes a check of each line as it arrives: `true` stops the reading after it.
    public typealias LineStop = (UnsafeBufferPointer<UInt8>) -> Bool
    private let readAll: @Sendable () -> Result<[UInt8], Failure>
    private let readStopping: (@Sendable (LineStop) -> Result<[UInt8], Failure>)?

    public init(readAll: @escaping @Sendable () -> Result<[UInt8], Failure>) {
        self.readAll = readAll
        readStopping = nil
    }

    private init(
        readAll: @escaping @Sendable () -> Result<[UInt8], Failure>,
        readStopping: @escaping @Sendable (LineStop) -> Result<[UInt8], Failure>
    ) {
        self.readAll = readAll
        self.readStopping = readStopping
    }

    /// Reads everything to the end.
    public func read() -> Result<[UInt8], Failure> { readAll() }

    /// Reads to the end, or stops soon after a whole line (without its `\n`) for which
    /// `stop` says true: what was read, that line included. An input already in memory
    /// is returned whole. For `sort`, which must not read on past an invalid line (an
    /// endless `/dev/urandom`).
    public func read(stoppingAfter stop: LineStop) -> Result<[UInt8], Failure> {
        readStopping?(stop) ?? readAll()
    }

    /// The process's standard input, read with `read(0, …)` in 64 KiB chunks.
    public static let standardInput = Input(
        readAll: { FileDescriptor.standardInput.readAll().mapError(Self.standardInputFailure) },
        readStopping: { stop in FileDescriptor.standardInput.readAll(stoppingAfter: stop).mapError(Self.standardInputFailure) })

    /// Standard input closed (`<&-`) or a folder (`< /tmp`): no input (66), as SPEC.md says.
    private static func standardInputFailure(_ error: Errno) -> Failure {
        Failure(.noInput, "cannot read standard input: \(error.description)")
    }

    /// Fixed bytes (for tests).
    public static func bytes(_ bytes: [UInt8]) -> Input { Input { .success(bytes) } }

    /// Fixed UTF-8 text (for tests).
    public static func text(_ text: String) -> Input { bytes(Array(text.utf8)) }
}

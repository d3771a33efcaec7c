import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources

/// One command of `versioncheck`: its entry in the grammar table, and its values typed
/// and checked once, when the parsed command line becomes the command (as
/// swift-argument-parser's `ParsableCommand`).
///
/// Every command's grammar is in `CommandTable.commands` (which also feeds help, the man
/// page and the completions); the type that runs it is registered in `Commands.runnable`.
protocol Command: Sendable {
    /// The command's grammar and documentation.
    static var spec: CommandSpec { get }

    /// The typed values of `line`; a bad value (65, 66, …) is thrown here, before anything runs.
    init(_ line: ParsedCommandLine, context: CommandContext) throws(Failure)

    /// Does the work, printing through `context.output`.
    func run(_ context: CommandContext) -> ExitStatus
}

/// What a command may use besides its own values: the streams, the environment, stdin,
/// and the runner of update checks (the network helper in the program, a fake in tests).
struct CommandContext {
    var output: Output
    var environment: [String: String]
    var stdin: Input
    var checkRunner: CheckRunner
    /// Runs the many checks of `outdated` and `batch`.
    var checkListRunner: CheckListRunner
}

/// The commands that run, each found by its spec.
enum Commands {
    /// Every command that runs (`help` is answered by the parser).
    static let runnable: [any Command.Type] = [
        LookupCommand.self, ManifestCommand.self, LintCommand.self, OutdatedCommand.self, BatchCommand.self, CompareCommand.self, SatisfiesCommand.self,
        SortCommand.self, BumpCommand.self, ValidateCommand.self, CompletionsCommand.self,
    ]

    /// The command that runs `line`.
    static func type(running line: ParsedCommandLine) -> (any Command.Type)? {
        runnable.first { $0.spec == line.command }
    }
}

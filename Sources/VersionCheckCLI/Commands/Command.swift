/// One command of `versioncheck`: its entry in the grammar table, and its values typed
/// and checked once, when the parsed command line becomes the command (as
/// swift-argument-parser's `ParsableCommand`).
///
/// Every command is registered in `CommandTable.runnable`, which also feeds help, the
/// man page and the completions.
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

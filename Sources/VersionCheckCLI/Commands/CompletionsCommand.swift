import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources

/// `completions SHELL`: prints the completion script for bash, zsh or fish.
struct CompletionsCommand: Command {
    static let spec = CommandTable.completions
    let shell: CompletionShell

    init(_ line: ParsedCommandLine, context: CommandContext) throws(Failure) {
        let name = line.arguments[0]
        guard let shell = CompletionShell(rawValue: name) else {
            let expected = CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")
            throw Failure(
                .usage,
                "unknown shell \(Quote.single(name)): expected one of \(expected) (see '\(CommandTable.programName) help \(CommandTable.completions.name)')"
            )
        }
        self.shell = shell
    }

    func run(_ context: CommandContext) -> ExitStatus {
        context.output.write(shell.script)
        return .success
    }
}

/// `completions SHELL`: prints the completion script for bash, zsh or fish.
enum CompletionsCommand {
    static func run(_ line: ParsedCommandLine, output: Output) -> ExitStatus {
        let name = line.arguments[0]
        guard let shell = CompletionShell(rawValue: name) else {
            let expected = CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")
            return output.report(Failure(
                .usage,
                "unknown shell \(Quote.single(name)): expected one of \(expected) (see '\(CommandTable.programName) help \(CommandTable.completions.name)')"
            ))
        }
        output.write(shell.script)
        return .success
    }
}

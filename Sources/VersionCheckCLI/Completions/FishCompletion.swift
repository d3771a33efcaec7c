/// The fish completion script (`versioncheck completions fish`).
///
/// One `complete` line per command and per option, each guarded by a condition on
/// the command given so far (the first word that is not an option: global options
/// are all flags). Options with a fixed set of values offer them (`-x -a 'ios mac'`);
/// a location offers files; other values offer nothing.
enum FishCompletion {
    static let program = CommandTable.programName
    /// Prints the command name given so far; fails when there is none yet.
    static let commandFunction = "__\(program)_command"
    /// Succeeds when the command given so far is `$argv[1]`.
    static let usingFunction = "__\(program)_using"

    static func script() -> String {
        var lines = CompletionShell.fish.header + [
            "",
            "function \(commandFunction) --description 'Print the \(program) command given so far'",
            "    set -l tokens (commandline -opc)",
            "    set -e tokens[1]",
            "    for token in $tokens",
            "        if not string match -q -- '-*' $token",
            "            echo $token",
            "            return 0",
            "        end",
            "    end",
            "    return 1",
            "end",
            "",
            "function \(usingFunction) --description 'Succeed if the \(program) command given so far is $argv[1]'",
            "    set -l command (\(commandFunction))",
            "    and test \"$command\" = $argv[1]",
            "end",
            "",
            "complete -c \(program) -f",
        ]
        let noCommand = "not \(commandFunction)"
        lines += CommandTable.globalOptions.map { complete(option: $0, condition: nil) }
        lines.append(complete(option: CommandTable.versionOption, condition: noCommand))
        for command in CommandTable.commands {
            lines.append("complete -c \(program) -n \(ShellQuote.fish(noCommand)) -a \(command.name) -d \(ShellQuote.fish(command.abstract))")
        }
        for command in CommandTable.commands {
            let condition = "\(usingFunction) \(command.name)"
            lines += command.options.map { complete(option: $0, condition: condition) }
            for argument in command.arguments where !argument.completionWords.isEmpty {
                lines.append("complete -c \(program) -n \(ShellQuote.fish(condition)) -a \(ShellQuote.fish(argument.completionWords.joined(separator: " ")))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `complete -c versioncheck [-n COND] [-s q] -l quiet [-x -a 'ios mac' | -r -F | -x] -d '…'`.
    static func complete(option: OptionSpec, condition: String?) -> String {
        var parts = ["complete", "-c", program]
        if let condition { parts += ["-n", ShellQuote.fish(condition)] }
        if let short = option.short { parts += ["-s", String(short)] }
        parts += ["-l", option.name]
        switch option.value?.completion {
        case nil: break
        case .anything?: parts.append("-x")
        case .files?: parts += ["-r", "-F"]
        case .words(let words)?: parts += ["-x", "-a", ShellQuote.fish(words.joined(separator: " "))]
        }
        parts += ["-d", ShellQuote.fish(option.help)]
        return parts.joined(separator: " ")
    }
}

import VersionCheckCore

/// The fish completion script (`versioncheck completions fish`).
///
/// One `complete` line per command and per option, each guarded by a condition on
/// the command given so far (the first word that is not an option: global options
/// are all flags). Options with a fixed set of values offer them (`-x -a 'ios mac'`);
/// a location offers files; other values offer nothing.
package enum FishCompletion {
    package static let program = CommandTable.programName
    /// Prints the command name given so far; fails when there is none yet.
    package static let commandFunction = "__\(program)_command"
    /// Succeeds when the command given so far is `$argv[1]`.
    package static let usingFunction = "__\(program)_using"
    /// Prints how many arguments follow the command name (option values not counted).
    package static let argumentsFunction = "__\(program)_arguments"

    package static func script() -> String {
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
        ] + argumentsFunctionLines() + [
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
            for (index, argument) in command.arguments.enumerated() where !argument.completionWords.isEmpty {
                let position = argument.isRepeated ? "-ge \(index)" : "-eq \(index)"
                let guarded = "\(condition); and test (\(argumentsFunction)) \(position)"
                lines.append("complete -c \(program) -n \(ShellQuote.fish(guarded)) -a \(ShellQuote.fish(argument.completionWords.joined(separator: " ")))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The function that counts the arguments after the command name, skipping the value
    /// that follows an option which takes one (`--current 1.2`).
    package static func argumentsFunctionLines() -> [String] {
        var takingValues: [String] = []
        for command in CommandTable.commands {
            for option in command.options where !option.isFlag && !takingValues.contains(option.longFlag) {
                takingValues.append(option.longFlag)
            }
        }
        return [
            "",
            "function \(argumentsFunction) --description 'Print how many arguments follow the \(program) command name'",
            "    set -l tokens (commandline -opc)",
            "    set -e tokens[1]",
            "    set -l found -1",
            "    set -l value 0",
            "    for token in $tokens",
            "        if test $value = 1",
            "            set value 0",
            "            continue",
            "        end",
            "        switch $token",
            "            case \(takingValues.joined(separator: " "))",
            "                set value 1",
            "            case '-*'",
            "            case '*'",
            "                set found (math $found + 1)",
            "        end",
            "    end",
            "    echo $found",
            "end",
        ]
    }

    /// `complete -c versioncheck [-n COND] [-s q] -l quiet [-x -a 'ios mac' | -r -F | -x] -d '…'`.
    package static func complete(option: OptionSpec, condition: String?) -> String {
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

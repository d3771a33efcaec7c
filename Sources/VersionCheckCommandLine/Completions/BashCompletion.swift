import VersionCheckCore

/// The bash completion script (`versioncheck completions bash`).
///
/// Plain bash (`complete -F`), no bash-completion helpers needed, though the
/// bash-completion package loads it on demand from `share/bash-completion/completions`.
/// It finds the command (the first word that is not an option: global options are
/// all flags), then completes, in order: the value of the option before the cursor
/// (`--platform m`, `--platform=m`), an option (`--pla`), a command name, or a
/// command's argument (`help COMMAND`, `completions SHELL`).
package enum BashCompletion {
    package static let function = "_" + CommandTable.programName

    package static func script() -> String {
        var lines = CompletionShell.bash.header
        lines.append("")
        lines += takesValueFunction()
        lines.append("")
        lines += valueFunction()
        lines.append("")
        lines += mainFunction()
        lines.append("")
        lines.append("complete -F \(function) \(CommandTable.programName)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `case` patterns `'lookup --current'` for every (command, option) pair whose option
    /// takes a value completed as `completion`.
    package static func patterns(where matches: (ValueCompletion) -> Bool) -> [String] {
        CommandTable.commands.flatMap { command in
            command.options.compactMap { option in
                guard let kind = option.value, matches(kind.completion) else { return nil }
                return ShellQuote.posix("\(command.name) \(option.longFlag)")
            }
        }
    }

    /// `compgen -W 'words' -- "$cur"` into COMPREPLY.
    package static func reply(_ words: [String], current: String = "$cur") -> String {
        "COMPREPLY=($(compgen -W \(ShellQuote.posix(words.joined(separator: " "))) -- \"\(current)\"))"
    }

    package static func takesValueFunction() -> [String] {
        let all = patterns { _ in true }
        return [
            "# Succeeds if option $2 of command $1 takes a value.",
            "\(function)_takes_value() {",
            "    case \"$1 $2\" in",
        ] + (all.isEmpty ? [] : ["    " + all.joined(separator: " | ") + ") return 0 ;;"]) + [
            "    esac",
            "    return 1",
            "}",
        ]
    }

    package static func valueFunction() -> [String] {
        var lines = [
            "# Completes the value of option $2 of command $1, typed so far as $3; fails if it takes none.",
            "\(function)_value() {",
            "    case \"$1 $2\" in",
        ]
        var wordSets: [[String]] = []
        for command in CommandTable.commands {
            for option in command.options {
                if case .words(let words)? = option.value?.completion, !wordSets.contains(words) { wordSets.append(words) }
            }
        }
        for words in wordSets {
            let cases = patterns { $0 == .words(words) }
            lines.append("    " + cases.joined(separator: " | ") + ")")
            lines.append("        " + reply(words, current: "$3") + " ;;")
        }
        let files = patterns { $0 == .files }
        if !files.isEmpty {
            lines.append("    " + files.joined(separator: " | ") + ")")
            lines.append("        compopt -o filenames 2>/dev/null")
            lines.append("        COMPREPLY=($(compgen -f -- \"$3\")) ;;")
        }
        let free = patterns { $0 == .anything }
        if !free.isEmpty {
            lines.append("    " + free.joined(separator: " | ") + ")")
            lines.append("        COMPREPLY=() ;;")
        }
        lines += [
            "    *) return 1 ;;",
            "    esac",
            "}",
        ]
        return lines
    }

    package static func mainFunction() -> [String] {
        var lines = [
            "\(function)() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev= option= prefix= command= word i positionals=0",
            "    (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    # The command is the first word that is not an option; count the arguments after it.",
            "    for (( i = 1; i < COMP_CWORD; i++ )); do",
            "        word=${COMP_WORDS[i]}",
            "        if [[ $word == -* || $word == = ]]; then",
            "            continue",
            "        elif [[ -z $command ]]; then",
            "            command=$word",
            "        elif [[ ${COMP_WORDS[i-1]} != = ]] && ! \(function)_takes_value \"$command\" \"${COMP_WORDS[i-1]}\"; then",
            "            positionals=$((positionals + 1))",
            "        fi",
            "    done",
            "    # An option's value: '--opt v', '--opt=v' (split at '=' by COMP_WORDBREAKS, or not).",
            "    if [[ $cur == = && $prev == --* ]]; then",
            "        option=$prev cur=",
            "    elif [[ $prev == = ]] && (( COMP_CWORD >= 2 )); then",
            "        option=${COMP_WORDS[COMP_CWORD-2]}",
            "    elif [[ $cur == --*=* ]]; then",
            "        option=${cur%%=*} prefix=${cur%%=*}= cur=${cur#*=}",
            "    elif [[ $prev == -* ]]; then",
            "        option=$prev",
            "    fi",
            "    if [[ -n $option ]] && \(function)_value \"$command\" \"$option\" \"$cur\"; then",
            "        [[ -n $prefix ]] && COMPREPLY=(\"${COMPREPLY[@]/#/$prefix}\")",
            "        return 0",
            "    fi",
            "    COMPREPLY=()",
            "    if [[ $cur == -* ]]; then",
            "        case $command in",
            "        '') " + reply(CompletionOptions.spellings(CompletionOptions.topLevel)) + " ;;",
        ]
        for command in CommandTable.commands {
            lines.append("        \(command.name)) " + reply(CompletionOptions.spellings(CompletionOptions.of(command))) + " ;;")
        }
        lines += [
            "        esac",
            "    elif [[ -z $command ]]; then",
            "        " + reply(CommandTable.commands.map(\.name)),
            "    else",
            "        case $command:$positionals in",
        ]
        for command in CommandTable.commands {
            for (index, argument) in command.arguments.enumerated() where !argument.completionWords.isEmpty {
                let position = argument.isRepeated ? "*" : String(index)
                lines.append("        \(command.name):\(position)) " + reply(argument.completionWords) + " ;;")
            }
        }
        lines += [
            "        esac",
            "    fi",
            "}",
        ]
        return lines
    }
}

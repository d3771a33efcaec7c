import VersionCheckCore

/// The zsh completion script (`versioncheck completions zsh`).
///
/// A `#compdef` function for `fpath` (`make install` puts it in
/// `share/zsh/site-functions/_versioncheck`); sourced instead, it registers itself
/// with `compdef`. `_arguments` completes the global flags and the command name, then,
/// once the command is known, that command's options (with their values) and arguments.
package enum ZshCompletion {
    package static let function = "_" + CommandTable.programName

    package static func script() -> String {
        let program = CommandTable.programName
        var lines = ["#compdef \(program)"] + CompletionShell.zsh.header + [
            "",
            "\(function)() {",
            "    local curcontext=$curcontext state state_descr line ret=1",
            "    typeset -A opt_args",
            "    local -a globals commands",
            "    globals=(",
        ]
        lines += CommandTable.globalOptions.map { "        " + spec($0) }
        lines += [
            "    )",
            "    commands=(",
        ]
        lines += CommandTable.commands.map { "        " + ShellQuote.posix(escapeDescribe($0.name) + ":" + $0.abstract) }
        lines += [
            "    )",
            "    _arguments -C -s -A '-*' : $globals \\",
            "        " + spec(CommandTable.versionOption) + " \\",
            "        '1:command:->command' \\",
            "        '*::argument:->argument' && ret=0",
            "    case $state in",
            "    command)",
            "        _describe -t commands '\(program) command' commands && ret=0",
            "        ;;",
            "    argument)",
            "        curcontext=${curcontext%:*:*}:\(program)-$words[1]:",
            "        case $words[1] in",
        ]
        for command in CommandTable.commands {
            let specs = command.options.map(spec) + command.arguments.enumerated().map { argumentSpec($1, position: $0 + 1) }
            lines.append("        \(command.name))")
            lines.append("            _arguments -s : $globals \\")
            lines += specs.map { "                \($0) \\" }
            lines.append("                && ret=0")
            lines.append("            ;;")
        }
        lines += [
            "        esac",
            "        ;;",
            "    esac",
            "    return ret",
            "}",
            "",
            "# Autoloaded from fpath, the file is the function's body: complete. Sourced: register.",
            "if [[ $funcstack[1] == \(function) ]]; then",
            "    \(function) \"$@\"",
            "else",
            "    compdef \(function) \(program)",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// An `_arguments` option spec: `'--platform=[The store to ask.]:PLATFORM:(ios mac)'`,
    /// `'(-q --quiet)'{-q,--quiet}'[…]'` for a flag with a short name.
    package static func spec(_ option: OptionSpec) -> String {
        let description = "[" + escapeBrackets(option.help) + "]"
        guard let kind = option.value else {
            guard let short = option.short else { return ShellQuote.posix(option.longFlag + description) }
            let names = "-\(short) \(option.longFlag)"
            return ShellQuote.posix("(\(names))") + "{-\(short),\(option.longFlag)}" + ShellQuote.posix(description)
        }
        return ShellQuote.posix(option.longFlag + "=" + description + ":" + escapeColons(kind.placeholder) + ":" + action(kind.completion))
    }

    /// An `_arguments` argument spec: `'1:COMMAND:(lookup …)'`, `'*:VERSION: '`.
    package static func argumentSpec(_ argument: ArgumentSpec, position: Int) -> String {
        let head: String
        switch argument.count {
        case .one: head = "\(position):"
        case .optional: head = "\(position)::"
        case .oneOrMore, .zeroOrMore: head = "*:"
        }
        let words = argument.completionWords
        return ShellQuote.posix(head + escapeColons(argument.name) + ":" + action(words.isEmpty ? .anything : .words(words)))
    }

    /// The action part of a spec: a list of words, files, or nothing to complete.
    package static func action(_ completion: ValueCompletion) -> String {
        switch completion {
        case .anything: " "
        case .words(let words): "(" + words.joined(separator: " ") + ")"
        case .files: "_files"
        }
    }

    /// `[` `]` `\` escaped, for a description inside `[…]`.
    package static func escapeBrackets(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll("[", with: "\\[").replacingAll("]", with: "\\]")
    }

    /// `:` escaped, for a message part of a spec.
    package static func escapeColons(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll(":", with: "\\:")
    }

    /// `:` escaped, for the name part of a `_describe` entry.
    package static func escapeDescribe(_ name: String) -> String { escapeColons(name) }
}

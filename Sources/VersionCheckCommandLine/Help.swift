import VersionCheckCore

/// Help text, generated from `CommandTable` in the layout of swift-argument-parser:
/// `OVERVIEW`, `USAGE`, `ARGUMENTS`, `OPTIONS` (one short sentence each), then
/// `EXAMPLES` and `EXIT STATUS`. Help goes to stdout; it is always text.
public enum Help {
    /// Where descriptions start: labels are indented by 2 and padded to this column.
    package static let labelColumn = 26
    /// The width paragraphs are wrapped to.
    package static let width = 80

    /// The help of one command.
    public static func render(_ command: CommandSpec) -> String {
        var text = "OVERVIEW: \(command.abstract)\n\n"
        for paragraph in command.discussion {
            text += wrap(paragraph, indent: 0) + "\n\n"
        }
        text += usageBlock(usages(command))
        if !command.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in command.arguments {
                text += row(argument.name, argument.help)
            }
        }
        for group in command.optionGroups {
            text += "\n\(group.title):\n"
            for option in group.options {
                text += row(option.label, describe(option))
            }
        }
        text += "\nGLOBAL OPTIONS:\n"
        for option in CommandTable.globalOptions {
            text += row(option.label, option.help)
        }
        text += command.sections.map(section).joined()
        text += examples(command.examples)
        text += exitStatus(command.exitCodes)
        return text
    }

    /// The overview: what versioncheck does, its commands, global options, environment, exit codes.
    public static func renderOverview() -> String {
        let program = CommandTable.programName
        var text = "OVERVIEW: \(CommandTable.abstract)\n\n"
        for paragraph in CommandTable.discussion {
            text += wrap(paragraph, indent: 0) + "\n\n"
        }
        text += "USAGE: \(program) COMMAND [OPTIONS] [ARGUMENTS]\n\nCOMMANDS:\n"
        for command in CommandTable.commands {
            text += row(command.name, command.abstract)
        }
        text += "\nGLOBAL OPTIONS (before or after the command name):\n"
        for option in CommandTable.globalOptions + [CommandTable.versionOption] {
            text += row(option.label, option.help)
        }
        text += "\nENVIRONMENT:\n"
        for (name, meaning) in CommandTable.environment {
            text += row(name, meaning)
        }
        text += CommandTable.overviewSections.map(section).joined()
        text += examples(CommandTable.overviewExamples)
        text += exitStatus(CommandTable.exitCodes)
        text += "\nTOPICS:\n"
        for topic in HelpTopic.all {
            text += row(topic.name, topic.abstract)
        }
        text += "\n  See '\(program) help COMMAND' for the arguments and options of a command,\n"
        text += "  '\(program) help TOPIC' for a topic, and '\(program) help --man' for all.\n"
        return text
    }

    /// One topic's page: `TOPIC:` and its abstract, then its sections.
    public static func render(_ topic: HelpTopic) -> String {
        var text = wrap("TOPIC: \(topic.name) \u{2014} \(topic.abstract)", indent: 0) + "\n"
        text += topic.sections.map(section).joined()
        text += "\n  See '\(CommandTable.programName) --help' for the commands and the other topics.\n"
        return text
    }

    /// The usage line of every command, for `versioncheck` without arguments (on stderr).
    public static func shortUsage() -> String {
        var text = usageBlock(CommandTable.commands.flatMap(usages))
        text += "       \(CommandTable.programName) --help | --version\n"
        return text
    }

    /// The synopsis of `command`: required options first (`(--id N | --bundle-id ID)`,
    /// `--current VERSION`), then optional ones (listed when at most two, else `[options]`),
    /// then the arguments.
    public static func usage(_ command: CommandSpec) -> String {
        synopsis(command, standIn: nil)
    }

    /// Every synopsis of `command`: `usage(command)`, then, for each option that stands
    /// in for a required group (`OptionRule.exactlyOneUnless`), the line that uses it
    /// (`versioncheck lookup --current-from PATH [options]`).
    public static func usages(_ command: CommandSpec) -> [String] {
        var lines = [usage(command)]
        for rule in command.rules {
            if case .exactlyOneUnless(_, let other) = rule { lines.append(synopsis(command, standIn: other)) }
        }
        return lines
    }

    /// One synopsis; with `standIn`, the groups it stands in for are left out and it is
    /// required (alone, in a group that offers it).
    package static func synopsis(_ command: CommandSpec, standIn: String?) -> String {
        var parts = [CommandTable.programName, command.name]
        var covered: Set<String> = []
        func plainLabel(_ name: String) -> String {
            guard let option = command.option(named: name) else { return "--" + name }
            return option.value.map { option.longFlag + " " + $0.placeholder } ?? option.longFlag
        }
        func required(_ names: [String]) {
            if let standIn, names.contains(standIn) {
                parts.append(plainLabel(standIn))
            } else {
                parts.append(names.count == 1 ? plainLabel(names[0]) : "(" + names.map(plainLabel).joined(separator: " | ") + ")")
            }
            covered.formUnion(names)
        }
        for rule in command.rules {
            switch rule {
            case .required(let name):
                required([name])
            case .exactlyOne(let names):
                required(names)
            case .atMostOne(let names):
                parts.append("[" + names.map(plainLabel).joined(separator: " | ") + "]")
                covered.formUnion(names)
            case .requires:
                break  // both stay among the other options
            case .exactlyOneUnless(let names, let other):
                if standIn == other {
                    covered.formUnion(names)
                } else {
                    required(names)
                }
            }
        }
        if let standIn, !covered.contains(standIn) { required([standIn]) }
        let others = command.options.filter { !covered.contains($0.name) }
        if others.count > 2 {
            parts.append("[options]")
        } else {
            parts += others.map { "[\(plainLabel($0.name))]" }
        }
        parts += command.arguments.map(\.usage)
        return parts.joined(separator: " ")
    }

    /// `USAGE: ` and the synopses, one under the other, each wrapped to `width` between
    /// groups (never inside `(…)` or `[…]`), continued under the word after the command name.
    public static func usageBlock(_ synopses: [String]) -> String {
        var text = ""
        for (index, synopsis) in synopses.enumerated() {
            let lead = index == 0 ? "USAGE: " : "       "
            var words: [String] = []
            var depth = 0
            var word = ""
            for character in synopsis {
                if character == " ", depth == 0 {
                    words.append(word)
                    word = ""
                    continue
                }
                if character == "(" || character == "[" { depth += 1 }
                if character == ")" || character == "]" { depth -= 1 }
                word.append(character)
            }
            words.append(word)
            let head = words.prefix(2).joined(separator: " ")
            let indent = String(repeating: " ", count: lead.count + head.count + 1)
            var line = lead + head
            for word in words.dropFirst(2) {
                if line.count + 1 + word.count > width, line.count > indent.count {
                    text += line + "\n"
                    line = indent + word
                } else {
                    line += " " + word
                }
            }
            text += line + "\n"
        }
        return text
    }

    /// An option's help sentence with its default, if any.
    package static func describe(_ option: OptionSpec) -> String {
        option.defaultValue.map { "\(option.help) (default: \($0))" } ?? option.help
    }

    /// `TITLE:`, then paragraphs (indented 2), rows, and literal lines (indented 4).
    package static func section(_ section: DocSection) -> String {
        var text = "\n\(section.title):\n"
        for (index, paragraph) in section.paragraphs.enumerated() {
            text += (index > 0 ? "\n" : "") + wrap(paragraph, indent: 2) + "\n"
        }
        if !section.rows.isEmpty, !section.paragraphs.isEmpty { text += "\n" }
        for row in section.rows {
            text += self.row(row.name, row.meaning)
        }
        if !section.literal.isEmpty { text += "\n" }
        for line in section.literal {
            text += "    " + line + "\n"
        }
        return text
    }

    package static func examples(_ examples: [Example]) -> String {
        guard !examples.isEmpty else { return "" }
        var text = "\nEXAMPLES:\n"
        for example in examples {
            text += "  \(example.command)\n" + wrap(example.explanation, indent: 6) + "\n"
        }
        return text
    }

    package static func exitStatus(_ codes: [(ExitStatus, String)]) -> String {
        guard !codes.isEmpty else { return "" }
        var text = "\nEXIT STATUS:\n"
        for (status, meaning) in codes {
            let code = String(status.rawValue)
            let body = wrap(meaning, indent: 7)
            text += "  " + code + String(repeating: " ", count: 5 - code.count) + body.dropFirst(7) + "\n"
        }
        return text
    }

    /// `  label` padded to the description column, then the description (on the next line if
    /// the label is too long), wrapped with the same indent.
    package static func row(_ label: String, _ description: String) -> String {
        let head = "  " + label
        let body = wrap(description, indent: labelColumn)
        let bodyText = body.dropFirst(labelColumn)
        if head.count + 2 <= labelColumn {
            return head + String(repeating: " ", count: labelColumn - head.count) + bodyText + "\n"
        }
        return head + "\n" + body + "\n"
    }

    /// `text` wrapped at `width` columns at spaces, every line indented by `indent`.
    package static func wrap(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty && indent + line.count + 1 + word.count > width {
                lines.append(margin + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(margin + line)
        return lines.joined(separator: "\n")
    }
}

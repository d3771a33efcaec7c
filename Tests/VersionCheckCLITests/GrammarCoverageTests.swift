import Testing
@testable import VersionCheckCLI
import VersionCheckCore
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// One table, `CommandTable`, drives the parser, the help, the man page and the three
/// completion scripts: every command and option the parser knows appears in each, so
/// an option added to the table reaches all of them.
@Suite("One grammar for parser, help, man page and completions", .blockingBodies)
struct GrammarCoverageTests {
    static let man = ManPage.render()
    static let bash = CompletionShell.bash.script
    static let zsh = CompletionShell.zsh.script
    static let fish = CompletionShell.fish.script

    @Test(arguments: CommandTable.commands.map(\.name))
    func everyOptionOfTheCommandAppearsEverywhere(name: String) throws {
        let command = try #require(CommandTable.command(named: name))
        let help = Help.render(command)
        let bashOptions = try #require(Self.bashWordList(after: "        \(name)) "), "bash: no option list for \(name)")
        let zshBlock = try #require(Self.zshBlock(of: name), "zsh: no _arguments for \(name)")
        for option in command.options {
            // The parser knows it by this name.
            #expect(CommandTable.command(named: name)?.option(named: option.name) == option)
            // A label too long for its column stands on a line of its own.
            #expect(help.contains("\n  \(option.label) ") || help.contains("\n  \(option.label)\n"), "help of \(name): \(option.label)")
            #expect(Self.man.contains(Self.roffLabel(option)), "man page: \(option.label)")
            #expect(bashOptions.contains(option.longFlag), "bash, \(name): \(option.longFlag)")
            #expect(zshBlock.contains(Self.zshSpecStart(option)), "zsh, \(name): \(option.longFlag)")
            let short = option.short.map { "-s \($0) " } ?? ""
            #expect(Self.fish.contains("complete -c versioncheck -n '__versioncheck_using \(name)' \(short)-l \(option.name) "), "fish, \(name): \(option.longFlag)")
            if let short = option.short {
                #expect(help.contains("\n  -\(short), \(option.longFlag)"), "help of \(name): -\(short)")
                #expect(bashOptions.contains("-\(short)"), "bash, \(name): -\(short)")
            }
        }
        for option in CommandTable.globalOptions {
            #expect(bashOptions.contains(option.longFlag), "bash, \(name): \(option.longFlag)")
        }
        #expect(zshBlock.contains("_arguments -s : $globals"), "zsh, \(name): global options")
    }

    @Test func everyGlobalOptionAndCommandAppearsEverywhere() throws {
        let overview = Help.renderOverview()
        let bashTopLevel = try #require(Self.bashWordList(after: "        '') "))
        for option in CommandTable.globalOptions + [CommandTable.versionOption] {
            #expect(overview.contains("\n  \(option.label) "), "help: \(option.label)")
            #expect(Self.man.contains(Self.roffLabel(option)), "man page: \(option.label)")
            #expect(bashTopLevel.contains(option.longFlag), "bash: \(option.longFlag)")
            #expect(Self.zsh.contains(Self.zshSpecStart(option)), "zsh: \(option.longFlag)")
            let short = option.short.map { "-s \($0) " } ?? ""
            #expect(Self.fish.contains("complete -c versioncheck \(option == CommandTable.versionOption ? "-n 'not __versioncheck_command' " : "")\(short)-l \(option.name) "), "fish: \(option.longFlag)")
        }
        let bashCommands = try #require(Self.bashWordList(after: "    elif [[ -z $command ]]; then\n        "))
        for command in CommandTable.commands {
            #expect(overview.contains("\n  \(command.name) "), "help: \(command.name)")
            #expect(Self.man.contains("\n.SS \(command.name)\n"), "man page: \(command.name)")
            #expect(bashCommands.contains(command.name), "bash: \(command.name)")
            #expect(Self.zsh.contains("\n        '\(command.name):"), "zsh: \(command.name)")
            #expect(Self.fish.contains("-a \(command.name) -d '"), "fish: \(command.name)")
        }
    }

    /// Short names are flags, and one letter means one option: a command's own short names
    /// differ from the global ones, so `-rq` is never ambiguous.
    @Test func shortNamesAreUniqueFlags() {
        let global = CommandTable.globalOptions.compactMap(\.short)
        #expect(Set(global).count == global.count)
        for command in CommandTable.commands {
            let own = command.options.filter { $0.short != nil }
            let allFlags = own.allSatisfy { $0.isFlag }
            #expect(allFlags, "\(command.name): a short option that takes a value")
            let letters = own.compactMap(\.short)
            #expect(Set(letters).count == letters.count && Set(letters).isDisjoint(with: global), "\(command.name): \(letters)")
        }
    }

    /// Arguments with a value kind are checked by the parser and completed with its choices.
    @Test func checkedArgumentsAreCompletedWithTheirChoices() throws {
        let bump = try #require(CommandTable.command(named: "bump"))
        let level = try #require(bump.arguments.first)
        #expect(level.value == .bumpLevel)
        #expect(level.completionWords == ["major", "minor", "patch", "revision", "prerelease"])
        let bashArguments = try #require(Self.bashWordList(after: "        bump:0) "))
        #expect(bashArguments == level.completionWords)
        #expect(Self.zsh.contains("'1:LEVEL:(major minor patch revision prerelease)'"))
        #expect(Self.fish.contains("-a 'major minor patch revision prerelease'"))
    }

    /// `\fB\-\-current\fR \fIVERSION\fR`, as the man page must show an option.
    static func roffLabel(_ option: OptionSpec) -> String {
        func minus(_ text: String) -> String { text.replacingOccurrences(of: "-", with: "\\-") }
        var label = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
        label += "\\fB" + minus(option.longFlag) + "\\fR"
        if let value = option.value { label += " \\fI\(value.placeholder)\\fR" }
        return label
    }

    /// The start of an option's `_arguments` spec: `'--current=[`, `'--json[`, `{-q,--quiet}'[`.
    static func zshSpecStart(_ option: OptionSpec) -> String {
        if let short = option.short { return "{-\(short),\(option.longFlag)}'[" }
        return "'" + option.longFlag + (option.isFlag ? "[" : "=[")
    }

    /// The words of the `compgen -W '…'` on the bash line that starts with `prefix`.
    static func bashWordList(after prefix: String) -> [String]? {
        guard let start = bash.range(of: prefix + "COMPREPLY=($(compgen -W '") else { return nil }
        let rest = bash[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return rest[..<end].split(separator: " ").map(String.init)
    }

    /// The zsh `case` branch of one command, from `name)` to its `;;`.
    static func zshBlock(of name: String) -> Substring? {
        guard let start = zsh.range(of: "\n        \(name))\n") else { return nil }
        let rest = zsh[start.upperBound...]
        guard let end = rest.range(of: "\n            ;;") else { return nil }
        return rest[..<end.lowerBound]
    }
}

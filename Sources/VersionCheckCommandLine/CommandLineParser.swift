import VersionCheckCore
import VersionCheckSources

/// An option's (or a checked argument's) value after the parser checked it against its
/// `ValueKind`: a choice is already its enum case, so no command reads it again.
public enum OptionValue: Sendable, Equatable {
    /// Text: a version or constraint (not yet parsed: an invalid one is 65), URL, path,
    /// bundle id, app id, channel; a country already checked and in lower case.
    case text(String)
    /// A checked decimal number (`--timeout`, `--min-age`).
    case number(Double)
    /// A checked whole number (`--retries`).
    case integer(Int)
    /// Every value of a repeatable option, in order (`--channel`).
    case list([OptionValue])
    /// A LEVEL of `--force-on` and `--optional-on`.
    case threshold(BumpThreshold)
    /// The LEVEL of `bump`.
    case bumpLevel(BumpLevel)
    /// `--platform`.
    case platform(AppStorePlatform)
    /// `--appcast-version`.
    case appcastVersion(AppcastOptions.VersionField)
    /// `--current-key`.
    case currentKey(CurrentKey)
    /// `bump --pre`.
    case prereleaseName(PrereleaseName)
}

/// A command line that follows the grammar: the command, its options and arguments.
/// Versions in it are still text: the command parses them (an invalid one is 65).
public struct ParsedCommandLine: Sendable, Equatable {
    public var command: CommandSpec
    public var global: GlobalOptions
    /// Options with a value, by long name (without dashes).
    public var values: [String: OptionValue]
    /// Flags given, by long name (global flags are in `global`).
    public var flags: Set<String>
    /// Positional arguments, in order, as given (a checked text argument as checked).
    public var arguments: [String]
    /// The value of each positional argument whose kind the parser checks into a type (the
    /// LEVEL of `bump`); nil for the others.
    public var checkedArguments: [OptionValue?] = []
    /// For each value of a repeatable option, by long name, how many positional arguments
    /// stood before it on the line: where its values fall among the arguments (`lint`
    /// reads its sources, `SOURCE` and `--github`, in the order given).
    public var argumentsBeforeRepeated: [String: [Int]] = [:]

    package init(
        command: CommandSpec, global: GlobalOptions, values: [String: OptionValue], flags: Set<String>, arguments: [String],
        checkedArguments: [OptionValue?] = []
    ) {
        self.command = command
        self.global = global
        self.values = values
        self.flags = flags
        self.arguments = arguments
        self.checkedArguments = checkedArguments
    }

    /// Whether the flag `option` was given.
    @inlinable
    public subscript(_ option: FlagOption) -> Bool { flags.contains(option.spec.name) }

    /// The value of `option`, nil when it was not given.
    @inlinable
    public subscript<Value>(_ option: ValueOption<Value>) -> Value? {
        values[option.spec.name].flatMap(Value.init(checked:))
    }

    /// The value of `option`: as given, else its default.
    @inlinable
    public subscript<Value>(_ option: DefaultedOption<Value>) -> Value {
        values[option.spec.name].flatMap(Value.init(checked:)) ?? option.defaultValue
    }

    /// Every value of `option`, in order (empty when not given).
    @inlinable
    public subscript<Value>(_ option: RepeatedOption<Value>) -> [Value] {
        guard case .list(let all)? = values[option.spec.name] else { return [] }
        return all.compactMap(Value.init(checked:))
    }

    public static func == (left: ParsedCommandLine, right: ParsedCommandLine) -> Bool {
        left.command == right.command
            && left.global == right.global && left.values == right.values && left.flags == right.flags
            && left.arguments == right.arguments && left.checkedArguments == right.checkedArguments
    }

    /// The LEVEL argument at `index` (`bump LEVEL VERSION`), as the parser checked it.
    public func bumpLevel(argument index: Int) -> BumpLevel? {
        guard index < checkedArguments.count, case .bumpLevel(let level)? = checkedArguments[index] else { return nil }
        return level
    }

    /// Whether `option` was given on the command line (not merely defaulted by the table).
    @inlinable
    public func isGiven(_ option: some DeclaredOption) -> Bool {
        values[option.spec.name] != nil || flags.contains(option.spec.name)
    }
}

/// What the user asked for.
public enum Invocation: Sendable, Equatable {
    /// `--help`, `-h` or `help`: the overview (nil) or one command's help.
    case help(CommandSpec?)
    /// `help TOPIC`: a page of the reference beyond one command.
    case topic(HelpTopic)
    /// `--version`.
    case version
    /// `help --man`: the manual page, in roff.
    case manual
    /// A command to run.
    case run(ParsedCommandLine)
}

/// Parses a command line against `CommandTable`. Every usage error (64) is found
/// here, in argument order, with a one-line message that names the culprit and
/// ends with a pointer to the relevant help.
public enum CommandLineParser {
    /// Parses `arguments` (without the program name).
    ///
    /// `-h`/`--help` anywhere before `--` wins over everything else, as long as the
    /// command name (if any) is known; so does `--version` when no command is named
    /// (with one it is a usage error: `lookup … --version 2.4.1 --gate` is a slip for
    /// `--current` that must never pass a gate).
    /// `global` is `scanGlobalOptions(arguments)` when the caller has it already (output
    /// needs it before parsing, to report a usage error): the global flags are found once.
    public static func parse(_ arguments: [String], global: GlobalOptions? = nil) throws(Failure) -> Invocation {
        if let request = helpOrVersionRequest(arguments) { return request }
        var state = State()
        state.global = global ?? scanGlobalOptions(arguments)
        try state.walk(arguments)
        return try state.finish()
    }

    /// The global flags on the command line (before `--`), found without parsing the rest:
    /// output needs `--json` and `-q` to report a usage error found anywhere. The walk that
    /// parses the line takes them from here.
    public static func scanGlobalOptions(_ arguments: [String]) -> GlobalOptions {
        var options = GlobalOptions()
        for token in arguments {
            if token == "--" { break }
            if token.hasPrefix("--") {
                let name = token.dropFirst(2)
                if CommandTable.globalOptions.contains(where: { $0.name == name }) { options.set(String(name)) }
            } else if let shorts = shortFlagBundle(token, known: anyShortName) {
                for option in CommandTable.globalOptions where option.short.map(shorts.contains) == true { options.set(option.name) }
            }
        }
        return options
    }

    /// Whether `token` is an option (and so never an option's value): `--`, or `-` or `--`
    /// followed by a letter or dash. `-1`, `-.5` and `-` are not.
    package static func looksLikeOption(_ token: String) -> Bool {
        let bytes = Array(token.utf8.prefix(2))
        guard bytes.count == 2, bytes[0] == UInt8(ascii: "-") else { return false }
        let second = bytes[1]
        return second == UInt8(ascii: "-") || (second | 0x20 >= UInt8(ascii: "a") && second | 0x20 <= UInt8(ascii: "z"))
    }

    /// The short flags of `-qv` (`["q", "v"]`), if `token` is made only of the short flags `known`.
    package static func shortFlagBundle(_ token: String, known: [Character]) -> [Character]? {
        guard token.count >= 2, token.first == "-", !token.hasPrefix("--") else { return nil }
        let letters = Array(token.dropFirst())
        return letters.allSatisfy(known.contains) ? letters : nil
    }

    /// Every short name of the grammar: the global ones and those of every command (`-r` of
    /// `sort`), for the scans that run before the command is known.
    package static let anyShortName: [Character] =
        (CommandTable.globalOptions + CommandTable.commands.flatMap(\.options)).compactMap(\.short)

    /// The first help or version request before `--`, unless the command named is unknown
    /// (that error wins) or is `help COMMAND` (which explains COMMAND).
    package static func helpOrVersionRequest(_ arguments: [String]) -> Invocation? {
        var request: Invocation?
        var helpAsked = false
        var names: [String] = []
        for token in arguments {
            if token == "--" { break }
            if looksLikeOption(token) {
                if token == "--help" || shortFlagBundle(token, known: anyShortName)?.contains("h") == true {
                    helpAsked = true
                    if request == nil { request = .help(nil) }
                } else if request == nil, token == "--version" {
                    request = .version
                }
            } else if names.count < 2 {
                names.append(token)
            }
        }
        guard let request else { return nil }
        guard let commandName = names.first else { return request }
        guard let command = CommandTable.command(named: commandName) else { return nil }
        // `--version` with a command is the walk's usage error, unless help is asked too.
        guard helpAsked else { return nil }
        return command.name == CommandTable.help.name && names.count > 1 ? nil : .help(command)
    }
}

extension CommandLineParser {
    /// The command a line names: `help`, which the parser answers, or one that runs.
    package enum SelectedCommand {
        case help
        case runs(CommandSpec)

        package var spec: CommandSpec {
            switch self {
            case .help: CommandTable.help
            case .runs(let spec): spec
            }
        }
    }

    /// The parser's progress through one command line.
    package struct State {
        /// The command named on the line, once it is read.
        package var selected: SelectedCommand?
        package var command: CommandSpec? { selected?.spec }
        package var global = GlobalOptions()
        package var values: [String: OptionValue] = [:]
        /// The values of repeatable options so far, in order (moved into `values` by `finish`).
        package var repeated: [String: [OptionValue]] = [:]
        /// For each value in `repeated`, how many positional arguments were read before it.
        package var argumentsBeforeRepeated: [String: [Int]] = [:]
        package var flags: Set<String> = []
        package var arguments: [String] = []
        package var checkedArguments: [OptionValue?] = []
        /// The tokens after the one being read (for a hint that looks ahead).
        package var upcoming: ArraySlice<String> = []
        /// `--version` was read before the command name (an error once the name is read).
        package var versionBeforeCommand = false

        /// ` (see 'versioncheck help lookup')`, or the overview's pointer before a command is known.
        package var pointer: String {
            let topic = command.map { "\(CommandTable.programName) help \($0.name)" } ?? "\(CommandTable.programName) --help"
            return " (see '\(topic)')"
        }

        package func usageError(_ message: String) -> Failure {
            Failure(.usage, message + pointer)
        }

        package mutating func walk(_ tokens: [String]) throws(Failure) {
            var index = 0
            var optionsEnded = false
            while index < tokens.count {
                let token = tokens[index]
                index += 1
                if !optionsEnded && token == "--" {
                    optionsEnded = true
                } else if !optionsEnded && token.hasPrefix("--") {
                    let next = index < tokens.count ? tokens[index] : nil
                    if try longOption(token, next: next) { index += 1 }
                } else if !optionsEnded && looksLikeOption(token) {
                    try shortOptions(token)
                } else if command == nil {
                    try selectCommand(token)
                } else {
                    upcoming = tokens[index...]
                    try positional(token)
                }
            }
        }

        /// Handles `--name`, `--name=value` or `--name value`; returns whether it consumed `next`.
        package mutating func longOption(_ token: String, next: String?) throws(Failure) -> Bool {
            let body = token.dropFirst(2)
            let name: String
            let inlineValue: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                inlineValue = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
                inlineValue = nil
            }
            let shown = "--" + name
            if let option = CommandTable.globalOptions.first(where: { $0.name == name })
                ?? (name == CommandTable.versionOption.name ? CommandTable.versionOption : nil)
            {
                if inlineValue != nil { throw usageError("option '\(shown)' takes no value") }
                if option == CommandTable.versionOption {
                    if let command { throw versionWithCommand(command) }
                    versionBeforeCommand = true
                }
                return false  // its flag is in `global` already (`scanGlobalOptions`)
            }
            guard let command else { throw misplacedOrUnknown(shown, name: name) }
            guard let option = command.option(named: name) else {
                if CommandTable.commands.contains(where: { $0.option(named: name) != nil }) {
                    throw usageError("option '\(shown)' is not valid for '\(command.name)'")
                }
                throw unknownOption(shown, candidates: command.options + CommandTable.globalOptions)
            }
            guard let kind = option.value else {
                if inlineValue != nil { throw usageError("option '\(shown)' takes no value") }
                flags.insert(name)
                return false
            }
            if values[name] != nil, !option.repeatable { throw usageError("option '\(shown)' given more than once") }
            let raw: String
            var consumed = false
            if let inlineValue {
                raw = inlineValue
            } else if let next, !looksLikeOption(next) {
                raw = next
                consumed = true
            } else {
                throw usageError("option '\(shown)' needs a value (\(kind.placeholder))")
            }
            let value = try ValueChecker.check(raw, kind: kind, option: shown, pointer: pointer)
            if option.repeatable {
                // Appended in place (no copy of the list per value); `finish` stores them.
                repeated[name, default: []].append(value)
                argumentsBeforeRepeated[name, default: []].append(arguments.count)
            } else {
                values[name] = value
            }
            return consumed
        }

        /// Handles the global `-q`, `-v`, `-h`, the command's own short flags (`-r` of `sort`)
        /// and bundles of them such as `-rq`.
        package mutating func shortOptions(_ token: String) throws(Failure) {
            let options = CommandTable.globalOptions + (command?.options ?? []).filter { $0.short != nil }
            guard let letters = shortFlagBundle(token, known: options.compactMap(\.short)) else {
                let unknown = token.dropFirst().first { letter in !options.contains { $0.short == letter } }
                let shown = unknown.map { "-\($0)" } ?? token
                if let suggestion = suggestLongOption(for: token) {
                    throw usageError("unknown option '\(shown)'; did you mean '\(suggestion)'?")
                }
                if let unknown, CommandLineParser.anyShortName.contains(unknown) {
                    guard let command else { throw usageError("option '\(shown)' must follow a command name") }
                    throw usageError("option '\(shown)' is not valid for '\(command.name)'")
                }
                throw usageError("unknown option '\(shown)'")
            }
            for letter in letters {
                guard let option = options.first(where: { $0.short == letter }) else { continue }
                // A global one is in `global` already (`scanGlobalOptions`).
                if !CommandTable.globalOptions.contains(option) { flags.insert(option.name) }
            }
        }

        /// `-current` is probably `--current`.
        package func suggestLongOption(for token: String) -> String? {
            let name = String(token.dropFirst())
            let options = (command?.options ?? []) + CommandTable.globalOptions
            return options.first { $0.name == name }?.longFlag
        }


        package mutating func selectCommand(_ token: String) throws(Failure) {
            // `commands` is `runnable`'s specs, in order, then `help`'s.
            guard let index = CommandTable.commands.firstIndex(where: { $0.name == token }) else { throw unknownCommand(token) }
            selected = token == CommandTable.help.name ? .help : .runs(CommandTable.commands[index])
            if versionBeforeCommand, let command { throw versionWithCommand(command) }
        }

        /// `--version` is valid only without a command; where the command takes
        /// `--current`, it is most likely a slip for it.
        package func versionWithCommand(_ command: CommandSpec) -> Failure {
            let hint = command.option(named: "current") == nil ? "" : "; did you mean --current VERSION?"
            return usageError("option '--version' is valid only without a command\(hint)")
        }

        /// `unknown command 'satisfy'; did you mean 'satisfies'?`
        /// `help NAME` also accepts a topic: `orTopic` says so in the message and suggests topics too.
        package func unknownCommand(_ token: String, orTopic: Bool = false) -> Failure {
            let names = CommandTable.commands.map(\.name) + (orTopic ? HelpTopic.all.map(\.name) : [])
            let what = orTopic ? "unknown command or topic" : "unknown command"
            if let suggestion = Suggestion.closest(to: token, among: names) {
                return usageError("\(what) \(Quote.single(token)); did you mean '\(suggestion)'?")
            }
            return usageError("\(what) \(Quote.single(token))")
        }

        package mutating func positional(_ token: String) throws(Failure) {
            guard let command else { return arguments.append(token) }
            if let limit = Self.maximumArguments(command), arguments.count >= limit {
                throw usageError("unexpected argument \(Quote.single(token))" + (missingOptionName(token, command: command).map { "; " + $0 } ?? ""))
            }
            guard let spec = Self.argument(of: command, at: arguments.count), let kind = spec.value else {
                return arguments.append(token)
            }
            let value: OptionValue
            do {
                value = try ValueChecker.check(token, kind: kind, option: spec.name, pointer: "")
            } catch {
                throw usageError(error.message + (swappedWords(token, kind: kind, command: command).map { "; " + $0 } ?? ""))
            }
            if case .text(let checked) = value {
                arguments.append(checked)
            } else {
                arguments.append(token)
            }
            checkedArguments += Array(repeating: nil, count: arguments.count - 1 - checkedArguments.count)
            checkedArguments.append(value)
        }

        /// `did you mean bump minor 1.2.3?` for `bump 1.2.3 minor`: the first argument is not
        /// one of its choices but the next argument is, and the command takes another
        /// argument after it (the given words swapped). Nil otherwise.
        package func swappedWords(_ token: String, kind: ValueKind, command: CommandSpec) -> String? {
            guard arguments.isEmpty, Self.argument(of: command, at: 1) != nil,
                  let next = upcoming.first(where: { !looksLikeOption($0) }),
                  kind.choices.contains(next.lowercased())
            else { return nil }
            return "did you mean \(command.name) \(next) \(token)?"
        }

        /// `did you mean --id 123?` for `lookup 123` (a bare number) and `did you mean --url
        /// URL?` for `manifest URL`: the value of the option that names the source, without
        /// its name, while no option naming the source is on the line. Nil otherwise.
        package func missingOptionName(_ token: String, command: CommandSpec) -> String? {
            let option: String
            let sourceOptions: [String]
            if command == CommandTable.lookup {
                guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                    return nil
                }
                (option, sourceOptions) = ("id", ["id", "bundle-id"])
            } else if command == CommandTable.manifest {
                (option, sourceOptions) = ("url", ["url", "github"])
            } else {
                return nil
            }
            let named = sourceOptions.contains { name in
                values[name] != nil || upcoming.contains { $0 == "--" + name || $0.hasPrefix("--" + name + "=") }
            }
            guard !named else { return nil }
            return "did you mean --\(option) \(Quote.shellWord(token))?"
        }

        /// The spec of the argument at `index` (from 0): a repeated one takes all the rest.
        package static func argument(of command: CommandSpec, at index: Int) -> ArgumentSpec? {
            var position = 0
            for argument in command.arguments {
                if argument.isRepeated || position == index { return argument }
                position += 1
            }
            return nil
        }

        package func misplacedOrUnknown(_ shown: String, name: String) -> Failure {
            if CommandTable.commands.contains(where: { $0.option(named: name) != nil }) {
                return usageError("option '\(shown)' must follow a command name")
            }
            return unknownOption(shown, candidates: CommandTable.globalOptions + [CommandTable.versionOption])
        }

        package func unknownOption(_ shown: String, candidates: [OptionSpec]) -> Failure {
            let name = String(shown.dropFirst(2))
            if let suggestion = Suggestion.closest(to: name, among: candidates.map(\.name)) {
                return usageError("unknown option \(Quote.single(shown)); did you mean '--\(suggestion)'?")
            }
            return usageError("unknown option \(Quote.single(shown))")
        }

        package static func maximumArguments(_ command: CommandSpec) -> Int? {
            var total = 0
            for argument in command.arguments {
                switch argument.count {
                case .one, .optional: total += 1
                case .oneOrMore, .zeroOrMore: return nil
                }
            }
            return total
        }

        /// Checks what only the whole line can tell: the command, missing arguments, option rules.
        package func finish() throws(Failure) -> Invocation {
            guard let selected else { throw usageError("missing command") }
            var state = self
            for (name, all) in repeated { state.values[name] = .list(all) }
            return try state.finishWithValues(selected)
        }

        private func finishWithValues(_ selected: SelectedCommand) throws(Failure) -> Invocation {
            let command = selected.spec
            try checkArgumentCount(command)
            try checkRules(command)
            guard case .runs = selected else {
                // `help`: answered here.
                if flags.contains("man") {
                    guard let topic = arguments.first else { return .manual }
                    throw usageError("'--man' prints the whole manual page and takes no COMMAND (got \(Quote.single(topic)))")
                }
                guard let topic = arguments.first else { return .help(nil) }
                if let described = CommandTable.command(named: topic) { return .help(described) }
                if let page = HelpTopic.named(topic) { return .topic(page) }
                // Not "see 'versioncheck help help'": the list of commands and topics is what helps.
                var overview = self
                overview.selected = nil
                throw overview.unknownCommand(topic, orTopic: true)
            }
            var line = ParsedCommandLine(
                command: command, global: global, values: values, flags: flags, arguments: arguments,
                checkedArguments: checkedArguments)
            line.argumentsBeforeRepeated = argumentsBeforeRepeated
            return .run(line)
        }

        package func checkArgumentCount(_ command: CommandSpec) throws(Failure) {
            var available = arguments.count
            for argument in command.arguments {
                switch argument.count {
                case .one, .oneOrMore:
                    if available == 0 { throw usageError("missing argument \(argument.name)") }
                    available -= 1
                case .optional, .zeroOrMore:
                    available = max(available - 1, 0)
                }
            }
        }

        package func checkRules(_ command: CommandSpec) throws(Failure) {
            func given(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }
            func shown(_ name: String) -> String { command.option(named: name)?.label ?? "--" + name }
            for rule in command.rules {
                switch rule {
                case .required(let name):
                    if !given(name) { throw usageError("missing option '\(shown(name))'") }
                case .exactlyOne(let names):
                    let present = names.filter(given)
                    if present.isEmpty {
                        throw usageError("missing option: give " + names.map { "'\(shown($0))'" }.joined(separator: " or "))
                    }
                    if present.count > 1 { throw conflict(present) }
                case .atMostOne(let names):
                    let present = names.filter(given)
                    if present.count > 1 { throw conflict(present) }
                case .requires(let name, let needed):
                    if given(name) && !given(needed) {
                        throw usageError("option '--\(name)' needs '\(shown(needed))'")
                    }
                case .exactlyOneUnless(let names, let other):
                    let present = names.filter(given)
                    if present.count > 1 { throw conflict(present) }
                    if present.isEmpty && !given(other) {
                        throw usageError(
                            "missing option: give " + names.map { "'\(shown($0))'" }.joined(separator: " or ")
                                + " (or '\(shown(other))')")
                    }
                }
            }
        }

        package func conflict(_ names: [String]) -> Failure {
            usageError("options " + names.map { "'--\($0)'" }.joined(separator: " and ") + " cannot be used together")
        }
    }
}

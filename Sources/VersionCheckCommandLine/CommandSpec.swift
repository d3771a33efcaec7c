import VersionCheckSources
import VersionCheckCore

/// The vocabulary of the command-line grammar: commands, their arguments and
/// options. One table of these (`CommandTable`) drives the parser, the help,
/// and later the man page and the shell completions.

/// What an option's value must look like: decides how the parser checks it,
/// the placeholder shown in help, and what a shell completes.
public enum ValueKind: Sendable, Equatable {
    /// A version (lenient grammar). Checked after parsing: an invalid one is 65, not 64.
    case version
    /// A LEVEL: `major`, `minor`, `patch`, `revision`, `any`, `never`.
    case level
    /// The LEVEL of `bump`: `major`, `minor`, `patch`, `revision`, `prerelease`.
    case bumpLevel
    /// A pre-release name: dot-separated identifiers of `[0-9A-Za-z-]` (`rc`, `beta.x`).
    case prereleaseName
    /// A version constraint. Checked after parsing: an invalid one is 65, not 64.
    case constraint
    /// A positive decimal number of seconds: digits with an optional fraction.
    case seconds
    /// A non-negative decimal number of days: digits with an optional fraction.
    case days
    /// A whole number within the range.
    case count(ClosedRange<Int>)
    /// Two ASCII letters, any case (sent in lower case).
    case country
    /// An App Store app id: ASCII digits.
    case appID
    /// A bundle identifier: any non-empty text.
    case bundleID
    /// `ios` or `mac`.
    case platform
    /// A URL.
    case url
    /// A URL or a file path.
    case location
    /// A folder.
    case folder
    /// An appcast channel name: letters, digits, `.`, `_` and `-`.
    case channel
    /// `build` or `display`: which appcast version `--current` is compared with.
    case appcastVersion
    /// A file or folder path (`--current-from`).
    case path
    /// `marketing` or `build` (`--current-key`).
    case currentKey
    /// Any non-empty text that entries start with (`sort --prefix pkg@`).
    case prefix
    /// A GitHub repository, `OWNER/REPO`: each a GitHub name of ASCII letters, digits,
    /// `-`, `_` and `.`, 1 to 100 characters, never `.` or `..`.
    case repository
    /// An app to ignore: its bundle id, and after `@` the one latest version to ignore
    /// (`com.example.app@2.0`); neither part empty.
    case ignore

    /// The placeholder in usage and help (`--current VERSION`).
    public var placeholder: String {
        switch self {
        case .version: "VERSION"
        case .level, .bumpLevel: "LEVEL"
        case .prereleaseName: "ID"
        case .constraint: "CONSTRAINT"
        case .seconds: "SECONDS"
        case .days: "DAYS"
        case .count: "N"
        case .country: "CC"
        case .appID: "N"
        case .bundleID: "ID"
        case .platform: "PLATFORM"
        case .url: "URL"
        case .location: "URL|PATH"
        case .folder: "DIR"
        case .channel: "NAME"
        case .appcastVersion: "FIELD"
        case .path: "PATH"
        case .currentKey: "KEY"
        case .prefix: "PREFIX"
        case .ignore: "ID[@VERSION]"
        case .repository: "OWNER/REPO"
        }
    }

    /// The complete list of accepted values, when there is one (for help and completion).
    public var choices: [String] {
        switch self {
        case .level: BumpThreshold.allCases.map(\.rawValue)
        case .bumpLevel: BumpLevel.allCases.reversed().map(\.rawValue)
        case .platform: AppStorePlatform.allCases.map(\.rawValue)
        case .appcastVersion: AppcastOptions.VersionField.allCases.map(\.rawValue)
        case .currentKey: CurrentKey.allCases.map(\.rawValue)
        default: []
        }
    }
}

/// One option (`--name value`) or flag (`--name`) of a command, or a global one.
public struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes: `current` is written `--current`.
    public var name: String
    /// The one-letter short name, if any: `q` is written `-q`. Only flags have one; a
    /// command's short names differ from the global ones (`-r` of `sort`).
    public var short: Character?
    /// The kind of value it takes; nil for a flag.
    public var value: ValueKind?
    /// One short sentence for help.
    public var help: String
    /// The default, as shown in help (`major`); nil when there is none.
    public var defaultValue: String?
    /// May be given more than once (`--channel beta --channel nightly`); the values are kept in order.
    public var repeatable: Bool

    public init(
        _ name: String, short: Character? = nil, value: ValueKind? = nil, help: String,
        default defaultValue: String? = nil, repeatable: Bool = false
    ) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.defaultValue = defaultValue
        self.repeatable = repeatable
    }

    /// `--name`
    public var longFlag: String { "--" + name }
    /// `-q`, `--quiet` for help; `--current VERSION` for an option with a value.
    public var label: String {
        let names = (short.map { "-\($0), " } ?? "") + longFlag
        return value.map { names + " " + $0.placeholder } ?? names
    }
    /// Whether it is a flag (takes no value).
    public var isFlag: Bool { value == nil }
}

/// A titled group of options, shown together in help (`CHECK OPTIONS:`).
public struct OptionGroup: Sendable, Equatable {
    public var title: String
    public var options: [OptionSpec]
    public init(_ title: String, _ options: [OptionSpec]) {
        self.title = title
        self.options = options
    }
}

/// A positional argument of a command.
public struct ArgumentSpec: Sendable, Equatable {
    /// How many times it may occur.
    public enum Count: Sendable, Equatable { case one, optional, oneOrMore, zeroOrMore }
    /// What a shell may complete for it.
    public enum Completion: Sendable, Equatable {
        /// Nothing (any text).
        case anyText
        /// A command name of `CommandTable`.
        case commandName
        /// One of a fixed list of words.
        case choices([String])
    }

    /// The name in usage and help: `VERSION`.
    public var name: String
    public var count: Count
    /// One short sentence for help.
    public var help: String
    public var completion: Completion
    /// The kind of value it must be, checked by the parser like an option's (a bad one is 64);
    /// nil for free text checked by the command (versions: 65).
    public var value: ValueKind?

    public init(_ name: String, _ count: Count = .one, help: String, completion: Completion = .anyText) {
        self.name = name
        self.count = count
        self.help = help
        self.completion = completion
        self.value = nil
    }

    /// An argument whose value the parser checks; a shell completes `kind`'s choices.
    public init(_ name: String, _ count: Count = .one, help: String, value kind: ValueKind) {
        self.init(name, count, help: help, completion: kind.choices.isEmpty ? .anyText : .choices(kind.choices))
        self.value = kind
    }

    /// The argument in a usage line: `VERSION`, `[COMMAND]`, `VERSION ...`, `[VERSION ...]`.
    public var usage: String {
        switch count {
        case .one: name
        case .optional: "[\(name)]"
        case .oneOrMore: "\(name) ..."
        case .zeroOrMore: "[\(name) ...]"
        }
    }
}

/// A constraint between options of one command, checked after parsing (64 when broken).
public enum OptionRule: Sendable, Equatable {
    /// The option must be given.
    case required(String)
    /// Exactly one of these options must be given.
    case exactlyOne([String])
    /// At most one of these options may be given.
    case atMostOne([String])
    /// The first option may be given only with the second (`--refresh` needs `--check-period`).
    case requires(String, String)
    /// At most one of these options; one is required unless option `given` is present,
    /// which stands in for them (`lookup --current-from` reads the bundle id that
    /// `--id` or `--bundle-id` would name). Help shows a second usage line with `given`.
    case exactlyOneUnless([String], given: String)
}

/// An example command line and what it does, for help and the man page.
public struct Example: Sendable, Equatable {
    public var command: String
    public var explanation: String
    public init(_ command: String, _ explanation: String) {
        self.command = command
        self.explanation = explanation
    }
}

/// A titled part of the documentation beyond the options (`MANIFEST FORMATS`,
/// `JSON OUTPUT`): paragraphs, rows of name and meaning, and literal lines (an
/// example), rendered by the help and the man page alike.
public struct DocSection: Sendable {
    public var title: String
    public var paragraphs: [String]
    public var rows: [(name: String, meaning: String)]
    /// Shown as written, one line each (at most 74 characters, for help's 80 columns).
    public var literal: [String]

    public init(
        _ title: String, paragraphs: [String] = [], rows: [(name: String, meaning: String)] = [], literal: [String] = []
    ) {
        self.title = title
        self.paragraphs = paragraphs
        self.rows = rows
        self.literal = literal
    }
}

/// One command of `versioncheck`: its name, documentation and grammar.
public struct CommandSpec: Sendable, Equatable {
    /// `lookup`, `compare`, …
    public var name: String
    /// One sentence: what the command does.
    public var abstract: String
    /// Paragraphs that explain the rules, for help and the man page.
    public var discussion: [String]
    public var arguments: [ArgumentSpec]
    /// The command's own options, in groups, in help order (global options not included).
    public var optionGroups: [OptionGroup]
    public var rules: [OptionRule]
    public var examples: [Example]
    /// The exit codes this command may return and what each means for it.
    public var exitCodes: [(ExitStatus, String)]
    /// Formats, JSON output and the like, after the options.
    /// Built only when help or the man page asks: a command line that runs never pays for it.
    public var sections: [DocSection] { makeSections() }
    private let makeSections: @Sendable () -> [DocSection]

    public init(
        name: String, abstract: String, discussion: [String] = [], arguments: [ArgumentSpec] = [],
        optionGroups: [OptionGroup] = [], rules: [OptionRule] = [], examples: [Example] = [],
        exitCodes: [(ExitStatus, String)] = [], sections: @autoclosure @escaping @Sendable () -> [DocSection] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.optionGroups = optionGroups
        self.rules = rules
        self.examples = examples
        self.exitCodes = exitCodes
        makeSections = sections
    }

    /// Every option of the command, in help order.
    public var options: [OptionSpec] { optionGroups.flatMap(\.options) }

    /// The option named `name` (without dashes), if the command has it.
    public func option(named name: String) -> OptionSpec? {
        // Group by group: no flattened copy of every option for each word parsed.
        for group in optionGroups {
            if let option = group.options.first(where: { $0.name == name }) { return option }
        }
        return nil
    }

    public static func == (lhs: CommandSpec, rhs: CommandSpec) -> Bool {
        lhs.name == rhs.name && lhs.abstract == rhs.abstract && lhs.arguments == rhs.arguments
            && lhs.optionGroups == rhs.optionGroups && lhs.rules == rhs.rules
    }
}

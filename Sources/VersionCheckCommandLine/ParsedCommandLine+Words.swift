import VersionCheckCore

/// A parsed command line written back as words: what a background refresh runs again (a
/// line of its private batch file), read by the same table as the line it came from, so an
/// option added to `CommandTable` reaches the refresh with no other edit.
extension ParsedCommandLine {
    /// The command and its options and arguments (not the global flags), in the order the
    /// command's spec lists its options: words `CommandLineParser.parse` reads back as this
    /// same line (`RefreshListTests` holds every check option to that).
    public var words: [String] {
        var words = [command.name]
        for option in command.options {
            let flag = "--" + option.name
            if flags.contains(option.name) { words.append(flag) }
            switch values[option.name] {
            case nil: break
            case .list(let items)?: for item in items { words += [flag] + item.words }
            case let value?: words += [flag] + value.words
            }
        }
        if !arguments.isEmpty { words += ["--"] + arguments }
        return words
    }
}

extension OptionValue {
    /// The word the parser checked into this value, written back as the options read it: a
    /// choice by its name, a number by `Seconds.text` — clamped to 10^15, as good as
    /// unlimited, since the options take digits and no exponent.
    package var words: [String] {
        switch self {
        case .text(let text): [text]
        case .number(let number): [Seconds.text(min(number, 1e15))]
        case .integer(let integer): [String(integer)]
        case .list(let values): values.flatMap(\.words)
        case .threshold(let threshold): [threshold.helpText]
        case .bumpLevel(let level): [level.helpText]
        case .platform(let platform): [platform.helpText]
        case .appcastVersion(let field): [field.helpText]
        case .currentKey(let key): [key.helpText]
        case .prereleaseName(let name): [name.helpText]
        }
    }
}

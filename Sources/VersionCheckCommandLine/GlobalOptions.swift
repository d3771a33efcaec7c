import VersionCheckCore

/// The global flags, valid with every command.
public struct GlobalOptions: Sendable, Equatable {
    /// `--json`
    public var json: Bool
    /// `-q`, `--quiet`
    public var quiet: Bool
    /// `-v`, `--verbose`
    public var verbose: Bool

    public init(json: Bool = false, quiet: Bool = false, verbose: Bool = false) {
        self.json = json
        self.quiet = quiet
        self.verbose = verbose
    }

    /// Sets the flag of the global option `name` (`json`, `quiet`, `verbose`); the one
    /// place a global option's name meets its field (`--help` and `--version` are
    /// answered before a line is parsed).
    package mutating func set(_ name: String) {
        switch name {
        case "json": json = true
        case "quiet": quiet = true
        case "verbose": verbose = true
        default: break
        }
    }
}

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
}

/// Why `Version.bumped(_:pre:)` or `PrereleaseName.init(_:)` refused. `description` is one
/// line that quotes the input and says what was expected.
public enum BumpError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A `--pre` name that is not one or more dot-separated identifiers of `[0-9A-Za-z-]`.
    case invalidPrereleaseName(String)
    /// The bump would not give a higher version: `prerelease` of `1.2.4-rc.1` to `beta`
    /// gives `1.2.4-beta.1`, which sorts lower.
    case notHigher(version: String, bumped: String)

    public var description: String {
        switch self {
        case .invalidPrereleaseName(let text):
            "invalid pre-release name \(Excerpt.quoted(text, around: nil)): expected one or more identifiers of letters, digits and '-', joined by '.' (such as rc or beta.x)"
        case .notHigher(let version, let bumped):
            "cannot bump \(Excerpt.quoted(version, around: nil)): the result \(Excerpt.quoted(bumped, around: nil)) would not be higher (a pre-release name that sorts before the current one)"
        }
    }
}

import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// `~`, as versioncheck uses it (SPEC.md, "Check period and cache"): `HOME` counts only
/// when it is an absolute path to an existing folder. A relative `HOME` would put the
/// cache (or `~/Applications`) under the working directory, and `HOME=/nonexistent` is
/// the usual "no home" marker of service accounts: neither is a home to create folders in.
public enum HomeFolder {
    /// Why `HOME` is not used.
    public enum Problem: Error, Sendable, Equatable {
        /// Not set, or empty.
        case notSet
        /// Set to a path that is not absolute (the value).
        case relative(String)
        /// Absolute, but not an existing folder (the value).
        case notAFolder(String)

        /// `HOME is not set`, `HOME ('x') is not an absolute path`, …: the subject of a warning.
        public var description: String {
            switch self {
            case .notSet: "HOME is not set"
            case .relative(let value): "HOME (\(Quote.single(value))) is not an absolute path"
            case .notAFolder(let value): "HOME (\(Quote.single(value))) is not an existing folder"
            }
        }
    }

    /// `HOME` without trailing slashes when it is usable, else why not. `isFolder` says
    /// whether a path names an existing folder (symbolic links followed, as a login does).
    package static func resolve(
        environment: [String: String], isFolder: (String) -> Bool = System.isExistingFolder
    ) -> Result<String, Problem> {
        guard let home = environment["HOME"], !home.isEmpty else { return .failure(.notSet) }
        guard home.hasPrefix("/") else { return .failure(.relative(home)) }
        guard isFolder(home) else { return .failure(.notAFolder(home)) }
        var trimmed = Substring(home)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return .success(String(trimmed))
    }
}

import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// Where the cache lives (SPEC.md, "Check period and cache"), first match wins:
/// 1. `--cache-dir DIR`;
/// 2. `VERSIONCHECK_CACHE_DIR`, when set and not empty;
/// 3. `$XDG_CACHE_HOME/versioncheck`, when `XDG_CACHE_HOME` is an absolute path (the XDG
///    Base Directory spec says to ignore an empty or relative one);
/// 4. `$HOME/.cache/versioncheck` on Linux, `$HOME/Library/Caches/versioncheck` on macOS,
///    when `HOME` is an absolute path to an existing folder (`HomeFolder`).
/// Otherwise there is no cache (`CacheDirectoryProblem.noHome`). The first rule that
/// applies decides: a directory it gives that turns out unusable means no cache, never
/// the next rule's directory.
///
/// Resolving only computes the path; `CacheStore` opens and vets it, and creates it
/// (missing parents included, each mode 0700 as the XDG spec asks) on the first write.
public struct CacheDirectory: Sendable, Equatable {
    /// Which rule gave the path, as messages name it.
    public enum Origin: String, Sendable, Equatable {
        case option = "--cache-dir"
        case environment = "VERSIONCHECK_CACHE_DIR"
        case xdg = "XDG_CACHE_HOME"
        case home = "HOME"
    }

    /// The platform's default under `HOME`.
    public enum Platform: Sendable, Equatable {
        case linux, macOS

        /// The platform this binary runs on.
        public static var current: Platform {
            #if canImport(Darwin)
            return .macOS
            #else
            return .linux
            #endif
        }

        /// The cache folder relative to `HOME`.
        package var homeRelativePath: String {
            switch self {
            case .linux: ".cache/versioncheck"
            case .macOS: "Library/Caches/versioncheck"
            }
        }
    }

    /// The directory's path, trailing slashes and `.` components removed (so its last
    /// component is not followed if it is a symbolic link: `link/.` is `link`).
    public var path: String
    public var origin: Origin

    public init(path: String, origin: Origin) {
        self.path = Self.trimmingTrailingSlashes(path)
        self.origin = origin
    }

    /// The environment variable that names the cache directory.
    public static let environmentVariable = "VERSIONCHECK_CACHE_DIR"

    /// Applies the rules above; `option` is `--cache-dir`'s value, if given.
    public static func resolve(
        option: String?, environment: [String: String], platform: Platform = .current
    ) -> Result<CacheDirectory, CacheDirectoryProblem> {
        resolve(option: option, environment: environment, platform: platform, isFolder: System.isExistingFolder)
    }

    /// `resolve`, with `isFolder` answering whether `HOME` is an existing folder.
    package static func resolve(
        option: String?, environment: [String: String], platform: Platform, isFolder: (String) -> Bool
    ) -> Result<CacheDirectory, CacheDirectoryProblem> {
        if let option, !option.isEmpty { return .success(CacheDirectory(path: option, origin: .option)) }
        if let variable = environment[environmentVariable], !variable.isEmpty {
            return .success(CacheDirectory(path: variable, origin: .environment))
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return .success(CacheDirectory(path: join(xdg, "versioncheck"), origin: .xdg))
        }
        switch HomeFolder.resolve(environment: environment, isFolder: isFolder) {
        case .success(let home):
            return .success(CacheDirectory(path: join(home, platform.homeRelativePath), origin: .home))
        case .failure(let problem):
            return .failure(.noHome(problem))
        }
    }

    /// The path of the file `name` inside the directory.
    public func path(of name: String) -> String { Self.join(path, name) }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while true {
            if trimmed.count > 1, trimmed.hasSuffix("/") {
                trimmed = trimmed.dropLast()
            } else if trimmed.count > 2, trimmed.hasSuffix("/.") {
                trimmed = trimmed.dropLast(2)
            } else {
                break
            }
        }
        return String(trimmed)
    }
}

/// Why the cache directory is not used: each is one warning, and the check goes on
/// without a cache.
public enum CacheDirectoryProblem: Error, Sendable, Equatable {
    /// No `--cache-dir`, `VERSIONCHECK_CACHE_DIR` or absolute `XDG_CACHE_HOME`, and `HOME`
    /// is not an absolute path to an existing folder (why).
    case noHome(HomeFolder.Problem)
    /// The directory's last component is a symbolic link.
    case symbolicLink(path: String)
    /// It is a file, not a directory.
    case notADirectory(path: String)
    /// Another user owns it.
    case otherOwner(path: String, owner: UInt32, user: UInt32)
    /// Its group or others may write in it (the permission bits).
    case writableByOthers(path: String, permissions: UInt32)
    /// It could not be created (the reason).
    case cannotCreate(path: String, reason: String)
    /// It could not be opened or examined (the reason).
    case cannotOpen(path: String, reason: String)

    /// The warning's text (`versioncheck: warning: ` is added by `Output.warning`).
    public var description: String {
        let notUsed = "; not using the cache"
        switch self {
        case .noHome(let problem):
            return "no cache directory: \(problem.description) (set --cache-dir, \(CacheDirectory.environmentVariable) or XDG_CACHE_HOME)"
                + notUsed
        case .symbolicLink(let path):
            return "cache directory \(Quote.single(path)) is a symbolic link" + notUsed
        case .notADirectory(let path):
            return "cache directory \(Quote.single(path)) is not a directory" + notUsed
        case .otherOwner(let path, let owner, let user):
            return "cache directory \(Quote.single(path)) belongs to uid \(owner), not to this user (uid \(user))" + notUsed
        case .writableByOthers(let path, let permissions):
            return "cache directory \(Quote.single(path)) is writable by group or others (mode \(Self.octal(permissions)))"
                + notUsed
        case .cannotCreate(let path, let reason):
            return "cannot create the cache directory \(Quote.single(path)): \(reason)" + notUsed
        case .cannotOpen(let path, let reason):
            return "cannot open the cache directory \(Quote.single(path)): \(reason)" + notUsed
        }
    }

    /// `0777`-style text of permission bits.
    package static func octal(_ permissions: UInt32) -> String {
        let digits = String(permissions, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

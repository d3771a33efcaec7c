#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds and starts `versioncheck-fetch`, the helper that runs `lookup` and
/// `manifest`. The main binary never links the networking stack (it would cost
/// 10-20 ms at every start); like git execs git-remote-https, it execs the helper
/// with the same arguments once the command line is known to be valid.
///
/// Where the helper is, first match wins:
/// 1. `$VERSIONCHECK_FETCH_HELPER`, when set and not empty (no fallback if it is wrong);
/// 2. `versioncheck-fetch` beside the running executable (symlinks resolved);
/// 3. `../libexec/versioncheck/versioncheck-fetch` relative to the executable's folder.
public enum FetchHelper {
    /// The helper's file name.
    public static let executableName = "versioncheck-fetch"
    /// The environment variable that overrides where the helper is.
    public static let environmentVariable = "VERSIONCHECK_FETCH_HELPER"

    /// A runner that replaces this process with the helper, passing `arguments` (without the
    /// program name) unchanged; it returns only if that fails, reporting exit 70.
    public static func execRunner(arguments: [String], environment: [String: String]) -> CheckRunner {
        { _, output in
            switch locate(environment: environment) {
            case .failure(let failure):
                return output.report(failure)
            case .success(let path):
                let code = exec(path, arguments: arguments)
                return output.report(Failure(
                    .internal, "cannot run the network helper \(Quote.single(path)): \(System.describe(errno: code))"))
            }
        }
    }

    /// The helper's path, or why there is none (an internal error, 70).
    public static func locate(environment: [String: String]) -> Result<String, Failure> {
        if let override = environment[environmentVariable], !override.isEmpty {
            guard isExecutable(override) else {
                return .failure(Failure(
                    .internal, "\(environmentVariable) is \(Quote.single(override)), which is not an executable file"))
            }
            return .success(override)
        }
        guard let executable = currentExecutablePath() else {
            return .failure(Failure(.internal, "cannot find the network helper \(executableName): the path of this program is unknown"))
        }
        let folder = directoryName(executable)
        let candidates = [
            folder + "/" + executableName,
            folder + "/../libexec/versioncheck/" + executableName,
        ]
        if let found = candidates.first(where: isExecutable) { return .success(found) }
        return .failure(Failure(
            .internal,
            "cannot find the network helper \(executableName) in \(Quote.single(folder)) or \(Quote.single(folder + "/../libexec/versioncheck")); reinstall versioncheck or set \(environmentVariable)"
        ))
    }

    /// Replaces the process with `path`, argv[0] being `path`. Returns `errno` if it fails.
    static func exec(_ path: String, arguments: [String]) -> Int32 {
        let argv = ([path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = argv + [nil]
        _ = pointers.withUnsafeMutableBufferPointer { buffer in
            execv(path, buffer.baseAddress!)
        }
        return errno
    }

    /// The absolute path of the running executable, symlinks resolved (System, the one
    /// platform file, knows how on each system).
    static func currentExecutablePath() -> String? { System.executablePath() }

    static func isExecutable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_mode) & Int(S_IFMT) == Int(S_IFREG) else { return false }
        return access(path, X_OK) == 0
    }

    static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension CLI {
    /// The process environment, read once from `environ`.
    public static func processEnvironment() -> [String: String] { System.environment() }
}

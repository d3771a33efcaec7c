import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

extension CLI {
    /// Runs the process's own command line — its arguments, environment, stdin, stdout
    /// and stderr — and returns the exit status for `main.swift` to `exit` with.
    /// `lookup` and `manifest` get the network through the helper (`LiveCheck`).
    public static func runMain() -> ExitStatus {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let environment = processEnvironment()
        BackgroundRefresh.waitForTheLaunch(environment: environment)
        return run(
            arguments: arguments,
            environment: environment,
            stdin: .standardInput,
            output: .standard(environment: environment),
            checkRunner: LiveCheck.runner(environment: environment, arguments: arguments)
        )
    }
}

extension CLI {
    /// The variables of the process environment that versioncheck reads, from `environ`:
    /// every `VERSIONCHECK_*` and the few others below (the helper, a child, inherits them all).
    public static func processEnvironment() -> [String: String] {
        System.environment { entry in
            entry.starts(with: "VERSIONCHECK_".utf8) || readNames.contains { name in
                entry.count > name.count && entry[name.count] == UInt8(ascii: "=") && entry.starts(with: name)
            }
        }
    }

    /// The variables besides `VERSIONCHECK_*` that versioncheck reads.
    static let readNames: [[UInt8]] = (["NO_COLOR", "TERM", "HOME", "XDG_CACHE_HOME"] + TrustedCertificates.variables)
        .map { Array($0.utf8) }
}

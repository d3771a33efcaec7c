import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources

/// Runs one update check and reports it through `Output`; returns the exit status
/// (0/100/101, 1 for a failed gate, or the status of the `Failure` it reported).
///
/// The real program's runner is `LiveCheck.runner(environment:arguments:)` (the helper for the network);
/// tests inject fakes to see the parsed request.
public typealias CheckRunner = @Sendable (CheckRequest, Output) -> ExitStatus

/// The real program's update check.
public enum LiveCheck {
    /// Checks over the network helper, with the cache `--check-period` asks for, on the
    /// clock of `environment` (`VERSIONCHECK_TEST_NOW` in tests); prints the report or the failure.
    /// `arguments` (the process's own, without the program name) are what a background
    /// refresh runs again; `VERSIONCHECK_OFFLINE` turns the network off.
    public static func runner(environment: [String: String], arguments: [String] = []) -> CheckRunner {
        let now = Clock.now(environment: environment)
        let checker = UpdateChecker(
            fetcher: HelperProcess(environment: environment), now: now, offline: OfflineSwitch.isOn(environment),
            startRefresh: BackgroundRefresh.starter(arguments: arguments))
        let refreshLocks = BackgroundRefresh.locks(in: environment)
        return { request, output in
            guard let refreshLock = refreshLocks.first else {
                return run(
                    request, checker: checker, output: output,
                    cache: cacheStore(request, environment: environment, now: now, output: output))
            }
            // A background refresh: the source asked now; the lock released at the end.
            System.closeInheritedDescriptors()
            let refreshing = BackgroundRefresh.refreshing(request)
            var cache = cacheStore(refreshing, environment: environment, now: now, output: output)
            let status = run(refreshing, checker: checker, output: output, cache: cache)
            cache?.releaseRefreshLock(refreshLock)
            return status
        }
    }

    /// Runs `checker` on `request` and prints the outcome (or the failure).
    public static func run(_ request: CheckRequest, checker: UpdateChecker, output: Output, cache: CacheStore? = nil) -> ExitStatus {
        do {
            return CheckPresenter.present(try checker.check(request, cache: cache), to: output)
        } catch {
            return output.report(error)
        }
    }

    /// The cache of this run: nil without `--check-period`; its warnings and `-v` lines go to `output`.
    static func cacheStore(
        _ request: CheckRequest, environment: [String: String], now: @escaping @Sendable () -> Int64, output: Output
    ) -> CacheStore? {
        guard let policy = request.cache else { return nil }
        return CacheStore(
            location: CacheDirectory.resolve(option: policy.directory, environment: environment), now: now,
            warn: { output.warning($0) }, log: { output.diagnostic($0) })
    }
}

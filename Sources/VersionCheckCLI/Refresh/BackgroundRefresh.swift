/// `--background-refresh` (SPEC.md, "Check period and cache"): a run that answers from an
/// expired entry starts a detached `versioncheck` of its own — the same command line, in
/// its own session, standard streams on `/dev/null`, never waited for — that asks the
/// source with this run's `--timeout`, `--retries` and `--deadline` and renews the entry
/// for the next run. One refresh per entry at a time (`RefreshLock`).
///
/// The refresh process knows it is one by `environmentVariable`, which holds its lock:
/// it asks the source whatever the entry's age (as `--refresh`), answers nothing from
/// the cache in its place, and removes its lock when it ends.
public enum BackgroundRefresh {
    /// Set in the refresh process's environment only: `LOCKNAME TOKEN`.
    public static let environmentVariable = "VERSIONCHECK_REFRESH_LOCK"

    /// The starter of the real program: takes the entry's lock and starts this program
    /// again with `arguments` (the run's own, without the program name). A refresh that
    /// cannot start is one warning and its lock is released; the answer is unchanged.
    public static func starter(arguments: [String]) -> @Sendable (String, inout CacheStore) -> Void {
        { url, store in
            guard let lock = store.takeRefreshLock(url: url) else { return }
            guard let path = System.executablePath() else {
                store.warn("cannot start the background refresh: the path of this program is unknown")
                store.releaseRefreshLock(lock)
                return
            }
            switch System.spawnDetached(path, arguments: arguments, extra: ["\(environmentVariable)=\(lock.handle)"]) {
            case .success(let pid):
                store.log("cache: background refresh started (process \(pid))")
            case .failure(let error):
                store.warn("cannot start the background refresh \(Quote.single(path)): \(System.describe(errno: error.code))")
                store.releaseRefreshLock(lock)
            }
        }
    }

    /// The lock this process refreshes under, when it is a refresh process.
    public static func lock(in environment: [String: String]) -> RefreshLock? {
        environment[environmentVariable].flatMap(RefreshLock.init(handle:))
    }

    /// The request a refresh process runs: the source asked now (`--refresh`), never an
    /// answer from the cache in its place, no refresh of its own.
    public static func refreshing(_ request: CheckRequest) -> CheckRequest {
        var request = request
        request.cache?.refresh = true
        request.cache?.backgroundRefresh = false
        request.cache?.staleIfErrorDays = nil
        return request
    }
}

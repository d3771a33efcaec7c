import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

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
    /// Set in the refresh process's environment only: `LOCKNAME TOKEN`, comma-separated
    /// when one process refreshes a list run's entries.
    public static let environmentVariable = "VERSIONCHECK_REFRESH_LOCK"
    /// Set in a list run's refresh process only: the private list it runs (and removes).
    public static let listVariable = "VERSIONCHECK_REFRESH_LIST"
    /// Set in the refresh process only: the descriptor on which it waits for the launch
    /// that started it to exit (`System.spawnDetached`), `launchEndDescriptor`.
    package static let launchEndVariable = "VERSIONCHECK_REFRESH_AFTER"
    /// The descriptor the refresh process gets that pipe's read end as.
    package static let launchEndDescriptor = FileDescriptor(rawValue: 3)

    /// The starter of the real program: takes the entry's lock and starts this program
    /// again with `arguments` (the run's own, without the program name). A refresh that
    /// cannot start is one warning and its lock is released; the answer is unchanged.
    public static func starter(arguments: [String]) -> @Sendable (CheckRequest, String, inout CacheStore) -> Void {
        { _, url, store in
            guard let lock = store.takeRefreshLock(url: url) else { return }
            if spawn(arguments, extra: ["\(environmentVariable)=\(lock.handle)"], store: &store) == nil {
                store.releaseRefreshLock(lock)
            }
        }
    }

    /// Starts this program detached with `arguments` and the `extra` variables; its pid,
    /// or nil after one warning.
    package static func spawn(_ arguments: [String], extra: [String], store: inout CacheStore) -> Int32? {
        guard let path = System.executablePath() else {
            store.warn("cannot start the background refresh: the path of this program is unknown")
            return nil
        }
        let waitForLaunch = "\(launchEndVariable)=\(launchEndDescriptor.rawValue)"
        switch System.spawnDetached(path, arguments: arguments, extra: extra + [waitForLaunch], launchEnd: launchEndDescriptor) {
        case .success(let process):
            // `launchEndHolder` stays open: the refresh starts its work when this process exits.
            store.log("cache: background refresh started (process \(process.pid))")
            return process.pid
        case .failure(let error):
            store.warn("cannot start the background refresh \(Quote.single(path)): \(error.description)")
            return nil
        }
    }

    /// A refresh process's very first step, before it parses its command line: it waits
    /// until the launch that started it has exited (end of file on the pipe it inherited as
    /// `launchEndDescriptor`), so its own start-up never competes with the launch's.
    public static func waitForTheLaunch(environment: [String: String]) {
        if environment[launchEndVariable] == String(launchEndDescriptor.rawValue) {
            launchEndDescriptor.waitForEndOfFile()
        }
    }

    /// The locks this process refreshes under, when it is a refresh process (else empty).
    public static func locks(in environment: [String: String]) -> [RefreshLock] {
        guard let value = environment[environmentVariable] else { return [] }
        return value.split(separator: ",").compactMap { RefreshLock(handle: String($0)) }
    }

    /// The lock among `locks` that guards `request`'s entry, if any.
    package static func lock(for request: CheckRequest, among locks: [RefreshLock]) -> RefreshLock? {
        guard !locks.isEmpty, let url = request.cacheURL else { return nil }
        let name = RefreshLock.name(for: url)
        return locks.first { $0.name == name }
    }

    /// The request a refresh process runs: the source asked now (`--refresh`), never an
    /// answer from the cache in its place, no refresh of its own.
    public static func refreshing(_ request: CheckRequest) -> CheckRequest {
        var request = request
        request.cache?.refresh = true
        request.cache?.backgroundRefresh = false
        request.cache?.staleIfErrorDays = nil
        // Nobody reads a detached refresh's output.
        request.explain = false
        return request
    }
}

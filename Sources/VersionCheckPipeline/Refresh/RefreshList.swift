import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// The background refresh of `outdated` and `batch` (SPEC.md, "Check period and cache"):
/// one detached process refreshes all of the run's expired entries, at most `--jobs` at a
/// time. It is `versioncheck batch FILE --jobs N`, FILE a private list (in the cache
/// folder, mode 0600, removed by the refresh once read) holding one line per expired
/// entry whose lock this run took: the check as `lookup`/`manifest` words, with the
/// run's `--timeout`, `--retries` and `--deadline`.
package enum RefreshList {
    /// The line of `request`: the command line it was built from, written back by the
    /// grammar (`ParsedCommandLine.words`), with the version it compared as `--current`
    /// (an app's bundle is not read again; the decision's options do not matter to a
    /// refresh, which stores what decodes into an answer). Nil for a request no command
    /// line built (a test's).
    package static func words(for request: CheckRequest) -> [String]? {
        guard var line = request.commandLine else { return nil }
        line.values[Option.currentFrom.name] = nil
        line.values[Option.currentKey.name] = nil
        line.values[Option.current.name] = .text(request.current.description)
        return line.words
    }

    /// `words` as one line `ShellWords` splits back: each word in single quotes.
    package static func line(_ words: [String]) -> String {
        words.map { word in
            var quoted = "'"
            for character in word {
                if character == "'" { quoted += "'\\''" } else { quoted.append(character) }
            }
            return quoted + "'"
        }.joined(separator: " ") + "\n"
    }
}

/// What a list run's checks found to refresh: the locks taken and the lines to run.
/// Safe to call from the threads that run the checks.
package final class RefreshCollector: @unchecked Sendable {
    private let lock = Lock()
    private var locks: [RefreshLock] = []
    private var lines: [String] = []
    /// A store of the run (to write the list in its folder and release locks through).
    private var store: CacheStore?

    package init() {}

    /// Takes the entry's lock (nil: a refresh is under way) and keeps the check's line.
    package func collect(_ request: CheckRequest, url: String, store: inout CacheStore) {
        guard let words = RefreshList.words(for: request), let refreshLock = store.takeRefreshLock(url: url) else { return }
        lock.withLock {
            locks.append(refreshLock)
            lines.append(RefreshList.line(words))
            if self.store == nil { self.store = store }
        }
    }

    /// Starts the one detached refresh of everything collected: `versioncheck batch LIST
    /// --jobs N`; on failure every lock is released (one warning).
    package func start(jobs: Int) {
        lock.withLock { startLocked(jobs: jobs) }
    }

    private func startLocked(jobs: Int) {
        guard var store, !locks.isEmpty else { return }
        defer { self.store = store }
        let name = ".refresh-\(System.processID)-\(String(System.realTimeNanoseconds(), radix: 16)).batch"
        guard let path = store.writePrivateFile(name, bytes: Array(lines.joined().utf8)) else {
            locks.forEach { store.releaseRefreshLock($0) }
            return
        }
        let variables = [
            "\(BackgroundRefresh.environmentVariable)=\(locks.map(\.handle).joined(separator: ","))",
            "\(BackgroundRefresh.listVariable)=\(path)",
        ]
        if BackgroundRefresh.spawn(["batch", path, "--jobs", String(jobs)], extra: variables, store: &store) == nil {
            locks.forEach { store.releaseRefreshLock($0) }
            store.removePrivateFile(name)
        }
    }
}

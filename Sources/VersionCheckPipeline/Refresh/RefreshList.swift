import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The background refresh of `outdated` and `batch` (SPEC.md, "Check period and cache"):
/// one detached process refreshes all of the run's expired entries, at most `--jobs` at a
/// time. It is `versioncheck batch FILE --jobs N`, FILE a private list (in the cache
/// folder, mode 0600, removed by the refresh once read) holding one line per expired
/// entry whose lock this run took: the check as `lookup`/`manifest` words, with the
/// run's `--timeout`, `--retries` and `--deadline`.
package enum RefreshList {
    /// The line of `request`: the words that ask for the same source with the same cache
    /// and limits (the decision's options do not matter to a refresh: it stores what
    /// decodes into an answer).
    package static func words(for request: CheckRequest) -> [String] {
        var words: [String]
        switch request.source {
        case .appStore(let query, _):
            words = ["lookup"]
            switch query.identifier {
            case .id(let id): words += ["--id", id]
            case .bundleId(let bundleId): words += ["--bundle-id", bundleId]
            }
            words += ["--country", query.country, "--platform", query.platform.rawValue]
            if let endpoint = query.endpoint { words += ["--lookup-url", endpoint] }
        case .manifest(let location):
            words = ["manifest", "--url", location.given]
        }
        words += ["--current", request.current.description]
        if let cache = request.cache {
            words += ["--check-period", plain(cache.periodDays)]
            if let directory = cache.directory { words += ["--cache-dir", directory] }
        }
        words += ["--timeout", plain(request.timeout), "--retries", String(request.retries)]
        if let deadline = request.deadline { words += ["--deadline", plain(deadline)] }
        if request.allowInsecure { words.append("--allow-insecure") }
        for channel in request.appcast.channels { words += ["--channel", channel] }
        if let group = request.appcast.rolloutGroup { words += ["--rollout-group", String(group)] }
        words += ["--appcast-version", request.appcast.compared.rawValue]
        return words
    }

    /// A number as the options read it: digits with an optional fraction (never `1e+300`);
    /// a huge one is clamped to 10^15 (as good as unlimited), a tiny one to 0.000001.
    package static func plain(_ value: Double) -> String {
        if value >= 1e15 { return "1000000000000000" }
        if value == value.rounded() { return String(Int64(value)) }
        let text = String(value)
        return text.contains("e") ? "0.000001" : text
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
    private var locks: [RefreshLock] = []
    private var lines: [String] = []
    /// A store of the run (to write the list in its folder and release locks through).
    private var store: CacheStore?
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Takes the entry's lock (nil: a refresh is under way) and keeps the check's line.
    package func collect(_ request: CheckRequest, url: String, store: inout CacheStore) {
        guard let lock = store.takeRefreshLock(url: url) else { return }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        locks.append(lock)
        lines.append(RefreshList.line(RefreshList.words(for: request)))
        if self.store == nil { self.store = store }
    }

    /// Starts the one detached refresh of everything collected: `versioncheck batch LIST
    /// --jobs N`; on failure every lock is released (one warning).
    package func start(jobs: Int) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
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

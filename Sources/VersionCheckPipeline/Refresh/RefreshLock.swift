import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// The lock of one entry's background refresh: the file `NAME.lock` beside the entry
/// `NAME`, created with `O_EXCL` (mode 0600, never through a symbolic link) by the run
/// that starts the refresh, holding a token that only that refresh knows, and removed
/// by the refresh when it ends. A lock older than `staleAfter` seconds (a refresh that
/// was killed, or hangs) is stale and taken over. At most one refresh per entry runs at
/// a time: of 20 runs that find the same expired entry, one creates the lock.
public struct RefreshLock: Sendable, Equatable {
    /// The lock file's name in the cache directory.
    public var name: String
    /// What the lock file holds: `PID-NANOSECONDS` of the run that took it.
    public var token: String

    /// A lock older than this (5 minutes) is stale and taken over.
    public static let staleAfter: Int64 = 300

    /// The lock file's name for `url`'s entry.
    public static func name(for url: String) -> String { CacheChecksum.fileName(for: url) + ".lock" }

    /// What the refresh process receives in `BackgroundRefresh.environmentVariable`: `NAME TOKEN`.
    public var handle: String { name + " " + token }

    /// Reads `handle` back; nil when it is not one.
    public init?(handle: String) {
        guard let space = handle.firstIndex(of: " ") else { return nil }
        name = String(handle[..<space])
        token = String(handle[handle.index(after: space)...])
        guard name.hasSuffix(".lock"), !name.contains("/"), !token.isEmpty else { return nil }
    }

    package init(name: String, token: String) {
        self.name = name
        self.token = token
    }
}

extension CacheStore {
    /// Takes the refresh lock of `url`'s entry: nil when a refresh is under way (a lock
    /// younger than 5 minutes) or the cache directory is unusable (warned).
    public mutating func takeRefreshLock(url: String) -> RefreshLock? {
        guard let opened = openDirectory(create: true).opened else { return nil }
        defer { opened.close() }
        let lock = RefreshLock(
            name: RefreshLock.name(for: url),
            token: "\(System.processID)-\(String(System.realTimeNanoseconds(), radix: 16))")
        if create(lock, in: opened.descriptor) { return lock }
        // A lock exists: a refresh is under way, unless the lock is stale.
        guard case .success(let modified) = opened.descriptor.modificationTime(ofEntry: lock.name) else {
            return create(lock, in: opened.descriptor) ? lock : nil
        }
        let age = System.realTimeSeconds() &- modified
        guard age >= RefreshLock.staleAfter else {
            log("cache: a refresh is under way (its lock is \(CacheAge.describe(seconds: age)))")
            return nil
        }
        // Take it over: move it aside under a name of our own (of several runs, one moves
        // it), check that what moved is the stale lock and not one just taken, remove it.
        let aside = ".\(lock.name).\(lock.token).stale"
        guard case .success = opened.descriptor.renameEntry(lock.name, to: aside) else { return nil }
        if case .success(let moved) = opened.descriptor.modificationTime(ofEntry: aside),
           System.realTimeSeconds() &- moved < RefreshLock.staleAfter {
            _ = opened.descriptor.renameEntry(aside, to: lock.name)
            return nil
        }
        opened.descriptor.removeEntryQuietly(aside)
        log("cache: took over a stale refresh lock (\(CacheAge.describe(seconds: age)))")
        return create(lock, in: opened.descriptor) ? lock : nil
    }

    /// Removes `lock` if it is still the one this refresh took (its token matches).
    public mutating func releaseRefreshLock(_ lock: RefreshLock) {
        guard let opened = openDirectory(create: false).opened else { return }
        defer { opened.close() }
        guard case .success(let fd) = opened.descriptor.openEntryForReading(lock.name) else { return }
        var held = [UInt8](repeating: 0, count: 128)
        let read = held.withUnsafeMutableBytes { fd.read(filling: $0, at: 0) }
        fd.close()
        guard case .success(let count) = read, held[..<count].elementsEqual(lock.token.utf8) else { return }
        opened.descriptor.removeEntryQuietly(lock.name)
    }

    /// Writes `bytes` to the new file `name` in the cache folder (mode 0600, atomically);
    /// its path, or nil (after one warning).
    package mutating func writePrivateFile(_ name: String, bytes: [UInt8]) -> String? {
        guard let opened = openDirectory(create: true).opened else { return nil }
        defer { opened.close() }
        switch Self.replace(name, in: opened.descriptor, header: bytes, body: [], synchronize: false) {
        case .success: return opened.directory.path(of: name)
        case .failure(let error):
            warn("cannot write the refresh list \(Quote.single(opened.directory.path(of: name))): \(error.description)")
            return nil
        }
    }

    /// Removes the file `name` from the cache folder, errors ignored.
    package mutating func removePrivateFile(_ name: String) {
        guard let opened = openDirectory(create: false).opened else { return }
        defer { opened.close() }
        opened.descriptor.removeEntryQuietly(name)
    }

    /// Creates the lock file holding the token; false if it exists or cannot be written.
    private func create(_ lock: RefreshLock, in directory: FileDescriptor) -> Bool {
        guard case .success(let fd) = directory.createEntryExclusively(lock.name, mode: Self.entryMode) else {
            return false
        }
        _ = Array(lock.token.utf8).withUnsafeBytes { fd.writeAll($0) }
        fd.close()
        return true
    }
}

import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

extension CacheStore {
    /// The mode of every entry file.
    package static let entryMode: UInt32 = 0o600

    /// Stores a body that decoded into an answer (never call it with one that did not),
    /// replacing any entry for `url` atomically. `fetchedAt` is when the request that got
    /// the body was sent: an entry fetched after it (a newer answer, stored meanwhile by
    /// another run) is left as it is. Validators holding a line break are dropped.
    /// Returns whether the entry was written; a failure is one warning.
    @discardableResult
    public mutating func store(
        url: String, body: [UInt8], entityTag: String?, lastModified: String?, fetchedAt: Int64
    ) -> Bool {
        let entry = CacheEntry(
            url: url, fetchedAt: fetchedAt, entityTag: Self.oneLine(entityTag), lastModified: Self.oneLine(lastModified),
            body: body)
        guard write(entry) else { return false }
        log("cache: stored (\(body.count) bytes)")
        return true
    }

    /// After a 304: rewrites `entry` (as `lookup` or `consult` returned it) with the new
    /// time `at` (when the request was sent), keeping its body and validators; an entry
    /// fetched after `at` is left as it is. Returns whether it was written.
    @discardableResult
    public mutating func renew(_ entry: CacheEntry, at time: Int64) -> Bool {
        var renewed = entry
        renewed.fetchedAt = time
        guard write(renewed) else { return false }
        log("cache: 304, renewed")
        return true
    }

    /// Writes `entry` to a new temporary file in the cache directory, then renames it over
    /// the entry's name — unless the entry there was fetched after `entry` (and not after
    /// now: an entry from the future counts as absent). The look and the rename happen
    /// under an exclusive `flock` of the directory, so two runs storing at once keep the
    /// newer answer whatever order they finish in (without the lock, where `flock` is not
    /// supported, the look still covers all but a rename-sized window).
    private mutating func write(_ entry: CacheEntry) -> Bool {
        guard Self.isCacheable(entry.url) else {
            log("cache: not stored (not an http(s) URL)")
            return false
        }
        guard entry.body.count <= CacheEntryFormat.maximumBodySize, let header = CacheEntryFormat.header(for: entry) else {
            log("cache: not stored (the body or the header is too large)")
            return false
        }
        guard let opened = openDirectory(create: true).opened else { return false }
        defer { opened.close() }
        Self.sweepTemporaryFiles(in: opened.descriptor, now: Clock.secondsSinceEpoch())
        let name = CacheChecksum.fileName(for: entry.url)
        let locked = opened.descriptor.lockExclusively()
        defer { if locked { opened.descriptor.unlock() } }
        if let newer = Self.fetchedAt(ofEntryNamed: name, in: opened.descriptor, url: entry.url),
           newer > entry.fetchedAt, newer <= now() {
            log("cache: not stored: the entry holds a newer answer (fetched \(ISO8601.text(secondsSinceEpoch: newer)), after this run's request of \(ISO8601.text(secondsSinceEpoch: entry.fetchedAt)))")
            return false
        }
        switch Self.replace(name, in: opened.descriptor, header: header, body: entry.body, synchronize: synchronizesWrites) {
        case .success:
            return true
        case .failure(let error):
            warn("cannot write the cache entry \(Quote.single(opened.directory.path(of: name))): \(error.description) (\(error.call))")
            return false
        }
    }

    /// Creates a unique temporary file (mode 0600) beside `name`, writes `header` and
    /// `body`, then renames it to `name`; the temporary file is removed on failure.
    package static func replace(
        _ name: String, in directory: FileDescriptor, header: [UInt8], body: [UInt8], synchronize: Bool
    ) -> Result<Void, Errno> {
        var temporary = ""
        var fd = FileDescriptor(rawValue: -1)
        for attempt in 0..<16 {
            temporary = temporaryName(for: name, attempt: attempt)
            switch directory.createEntryExclusively(temporary, mode: entryMode) {
            case .success(let created): fd = created
            case .failure(let error) where error.isAlreadyExisting && attempt < 15: continue
            case .failure(let error): return .failure(error)
            }
            break
        }
        var outcome = header.withUnsafeBytes { fd.writeAll($0) }
        if case .success = outcome { outcome = body.withUnsafeBytes { fd.writeAll($0) } }
        if case .success = outcome, synchronize { outcome = fd.synchronize() }
        fd.close()
        if case .success = outcome { outcome = directory.renameEntry(temporary, to: name) }
        if case .failure = outcome { directory.removeEntryQuietly(temporary) }
        return outcome
    }

    /// How old a temporary file must be before a writer removes it as abandoned: a write
    /// takes milliseconds, so one this old was left by an interrupted run.
    package static let abandonedTemporaryAge: Int64 = 300

    /// Removes the temporary files (`.NAME.….tmp`) of this user that were last modified
    /// more than `abandonedTemporaryAge` seconds before `now` (a run killed mid-write
    /// leaves one, up to 4 MiB). Anything else in the folder is left alone.
    package static func sweepTemporaryFiles(in directory: FileDescriptor, now: Int64) {
        for name in directory.entryNames() where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            guard let (status, modified) = directory.entryStatus(name), status.kind == .regular,
                  status.owner == System.effectiveUserID, now.subtractingReportingOverflow(modified).partialValue > abandonedTemporaryAge
            else { continue }
            directory.removeEntryQuietly(name)
        }
    }

    /// `.NAME.PID-NANOSECONDS-ATTEMPT.tmp`: hidden, never an entry's name, unique per writer.
    private static func temporaryName(for name: String, attempt: Int) -> String {
        let stamp = String(System.realTimeNanoseconds(), radix: 16)
        return ".\(name).\(System.processID)-\(stamp)-\(attempt).tmp"
    }

    /// `value` unless it is empty or holds a line break.
    private static func oneLine(_ value: String?) -> String? {
        guard let value, !value.isEmpty, !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        return value
    }
}

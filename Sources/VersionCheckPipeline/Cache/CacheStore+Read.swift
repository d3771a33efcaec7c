import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

extension CacheStore {
    /// The entry for `url`, verified whole, or why there is none. An unusable directory
    /// or entry is one warning; a missing one is only a `-v` line.
    public mutating func lookup(url: String) -> CacheLookup {
        guard Self.isCacheable(url) else { return .absent(.notCacheable) }
        let (opened, missing) = openDirectory(create: false)
        guard let opened else {
            if missing, case .success(let directory) = location {
                log("cache: no entry (the cache directory \(Quote.single(directory.path)) does not exist yet)")
                return .absent(.noEntry)
            }
            return .absent(directoryProblem.map(CacheMiss.directoryUnusable) ?? .noEntry)
        }
        defer { opened.close() }
        let name = CacheChecksum.fileName(for: url)
        let path = opened.directory.path(of: name)
        switch Self.readEntry(named: name, in: opened.descriptor, url: url) {
        case nil:
            log("cache: no entry (\(Quote.single(path)))")
            return .absent(.noEntry)
        case .failure(let problem)?:
            warn("ignoring the cache entry \(Quote.single(path)): \(problem.description)")
            return .absent(.entryUnusable(problem))
        case .success(let entry)?:
            let (age, overflow) = now().subtractingReportingOverflow(entry.fetchedAt)
            return .found(entry, age: overflow ? Int64.min : age)
        }
    }

    /// When the entry file `name` for `url` says it was fetched, if it is a whole, verified
    /// entry (a damaged one counts as absent, and a new answer replaces it); nil otherwise.
    package static func fetchedAt(ofEntryNamed name: String, in directory: FileDescriptor, url: String) -> Int64? {
        guard case .success(let entry)? = readEntry(named: name, in: directory, url: url) else { return nil }
        return entry.fetchedAt
    }

    /// Reads and verifies the entry file `name` in the directory `directory`; nil when
    /// there is no such file.
    package static func readEntry(named name: String, in directory: FileDescriptor, url: String) -> Result<CacheEntry, CacheEntryProblem>? {
        let fd: FileDescriptor
        switch directory.openEntryForReading(name) {
        case .success(let opened): fd = opened
        case .failure(let error) where error.isNoSuchFile: return nil
        case .failure(let error) where error.isNotAPlainDirectory: return .failure(.notARegularFile)
        case .failure(let error):
            // A socket cannot be opened at all (ENXIO): say what it is, not why open failed.
            if let (status, _) = directory.entryStatus(name), status.kind != .regular {
                return .failure(.notARegularFile)
            }
            return .failure(.unreadable(error.description))
        }
        defer { fd.close() }
        let size: Int
        switch fd.status() {
        case .success(let status):
            guard status.kind == .regular else { return .failure(.notARegularFile) }
            size = status.size
        case .failure(let error):
            return .failure(.unreadable(error.description))
        }
        guard size <= CacheEntryFormat.maximumFileSize else { return .failure(.tooLarge(size)) }
        return read(fd, size: size, url: url)
    }

    /// Reads the header (with a small body, in the same `pread`), checks it, then the body.
    private static func read(_ fd: FileDescriptor, size: Int, url: String) -> Result<CacheEntry, CacheEntryProblem> {
        var failure: CacheEntryProblem?
        let head = [UInt8](unsafeUninitializedCapacity: min(size, CacheEntryFormat.maximumHeaderSize)) { buffer, count in
            switch fd.read(filling: UnsafeMutableRawBufferPointer(buffer), at: 0) {
            case .success(let read): count = read
            case .failure(let error):
                count = 0
                failure = .unreadable(error.description)
            }
        }
        if let failure { return .failure(failure) }
        let parsed = head.withUnsafeBytes { CacheEntryFormat.parseHeader($0, fileSize: size) }
        let header: CacheEntryFormat.Header
        switch parsed {
        case .success(let found): header = found
        case .failure(let problem): return .failure(problem)
        }
        guard header.url == url else { return .failure(.otherURL(header.url)) }
        guard header.bodyLength <= CacheEntryFormat.maximumBodySize else { return .failure(.tooLarge(header.bodyLength)) }
        let end = header.length + header.bodyLength
        if size < end { return .failure(.truncatedBody(found: size - header.length, expected: header.bodyLength)) }
        if size > end { return .failure(.trailingBytes(size - end)) }
        let body: [UInt8]
        if end <= head.count {
            body = Array(head[header.length..<end])
        } else {
            body = [UInt8](unsafeUninitializedCapacity: header.bodyLength) { buffer, count in
                switch fd.read(filling: UnsafeMutableRawBufferPointer(buffer), at: header.length) {
                case .success(let read): count = read
                case .failure(let error):
                    count = 0
                    failure = .unreadable(error.description)
                }
            }
            if let failure { return .failure(failure) }
            guard body.count == header.bodyLength else {
                return .failure(.truncatedBody(found: body.count, expected: header.bodyLength))
            }
        }
        if case .failure(let problem) = CacheEntryFormat.verify(body, against: header) { return .failure(problem) }
        return .success(CacheEntry(
            url: url, fetchedAt: header.fetchedAt, entityTag: header.entityTag, lastModified: header.lastModified,
            body: body))
    }
}

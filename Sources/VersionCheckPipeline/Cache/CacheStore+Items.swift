import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// The items of a cached appcast, kept beside its entry (`NAME.items` beside `NAME.entry`)
/// so that a cache hit reads no XML: `outdated` over a Mac's Sparkle apps is hundreds of
/// hits, and reading a feed's XML costs far more than its items' bytes.
///
/// The file has the entry format (`CacheEntryFormat`: written atomically, checked whole,
/// checksummed). Its `url` line is the key the items depend on: this build (its version,
/// the items' layout and the executable file itself, since another build may read feeds
/// differently), the body they were read from (its checksum and length) and the URL its
/// links were resolved against. Its body is the items as `AppcastItemCoding` writes them.
/// Anything else found under the name — another key, damage, no file — is passed over
/// with a `-v` line and the body is read: kept items never change an answer.
extension CacheStore {
    /// The items kept for `body` (the entry of `url`, its links read against `base`), or
    /// nil when there are none for exactly this body, base and build.
    package mutating func keptItems(body: [UInt8], url: String, base: String) -> [AppcastItem]? {
        guard let opened = openDirectory(create: false).opened else { return nil }
        defer { opened.close() }
        let name = CacheChecksum.itemsFileName(for: url)
        switch Self.readEntry(named: name, in: opened.descriptor, url: Self.itemsKey(body: body, base: base)) {
        case nil:
            return nil
        case .failure(.otherURL)?:
            log("cache: the items kept in \(Quote.single(name)) are for another body or build; reading the body")
            return nil
        case .failure(let problem)?:
            log("cache: the items kept in \(Quote.single(name)) are not used (\(problem.description)); reading the body")
            return nil
        case .success(let file)?:
            guard let items = AppcastItemCoding.items(file.body) else {
                log("cache: the items kept in \(Quote.single(name)) do not read as items; reading the body")
                return nil
            }
            return items
        }
    }

    /// Keeps `items` (`AppcastItemCoding` bytes read from `body`, the entry of `url`)
    /// beside the entry. A failure is a `-v` line: the next run reads the body again.
    package mutating func keepItems(_ items: [UInt8], body: [UInt8], url: String, base: String) {
        let file = CacheEntry(url: Self.itemsKey(body: body, base: base), fetchedAt: now(), body: items)
        guard let header = CacheEntryFormat.header(for: file), let opened = openDirectory(create: false).opened else { return }
        defer { opened.close() }
        let name = CacheChecksum.itemsFileName(for: url)
        if case .failure(let error) = Self.replace(name, in: opened.descriptor, header: header, body: items, synchronize: false) {
            log("cache: the items of the entry were not kept in \(Quote.single(name)): \(error.description) (\(error.call))")
        }
    }

    /// What kept items depend on, as one line.
    package static func itemsKey(body: [UInt8], base: String) -> String {
        "appcast-items \(buildStamp) body \(body.count) \(CacheChecksum.hex(CacheChecksum.checksum(body))) base \(base)"
    }

    /// This build: its version, the items' layout, and the executable file's size and time.
    package static let buildStamp: String = {
        let executable = System.executablePath().flatMap(System.modificationStamp) ?? "unknown"
        return "\(ToolInfo.version) layout \(AppcastItemCoding.formatVersion) executable \(executable)"
    }()
}

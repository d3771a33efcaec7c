import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// One cached response: the body of a successful GET that decoded into an answer,
/// its validators, and when it was fetched (or last revalidated).
public struct CacheEntry: Sendable, Equatable {
    /// The exact request URL (query included): the entry's key.
    public var url: String
    /// Seconds since the Unix epoch when the body was fetched or last revalidated (a 304).
    public var fetchedAt: Int64
    /// `ETag`, sent back as `If-None-Match`.
    public var entityTag: String?
    /// `Last-Modified`, sent back as `If-Modified-Since`.
    public var lastModified: String?
    /// The response body, at most `FetchLimits.maximumBodySize` bytes.
    public var body: [UInt8]

    public init(url: String, fetchedAt: Int64, entityTag: String? = nil, lastModified: String? = nil, body: [UInt8]) {
        self.url = url
        self.fetchedAt = fetchedAt
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.body = body
    }
}

/// Why an entry file was not used: each counts as no entry, with one warning.
public enum CacheEntryProblem: Error, Sendable, Equatable {
    /// The file does not start with `versioncheck-cache `.
    case notAnEntry
    /// Written by another format version (the number as found).
    case otherFormatVersion(String)
    /// The file ends before the blank line that ends the header.
    case truncatedHeader
    /// A header line is missing, repeated, out of order or unreadable (the line's key or a description).
    case malformedHeader(String)
    /// The entry is for another URL whose name hashes the same.
    case otherURL(String)
    /// The body (or the file) is larger than the cap.
    case tooLarge(Int)
    /// The body is shorter than its header says.
    case truncatedBody(found: Int, expected: Int)
    /// Bytes follow the body.
    case trailingBytes(Int)
    /// The checksum does not match: the file was damaged.
    case badChecksum
    /// The name is taken by a symbolic link, a folder or a device.
    case notARegularFile
    /// `open`/`fstat`/`read` failed.
    case unreadable(String)

    public var description: String {
        switch self {
        case .notAnEntry: "not a versioncheck cache entry"
        case .otherFormatVersion(let version):
            "written in cache format \(Quote.single(version)) (this versioncheck reads format \(CacheEntryFormat.version))"
        case .truncatedHeader: "truncated header"
        case .malformedHeader(let what): "malformed header (\(what))"
        case .otherURL(let url): "holds another URL (\(Quote.single(url)))"
        case .tooLarge(let size): "\(size) bytes, more than the \(FetchLimits.maximumBodySize / (1024 * 1024)) MiB cap"
        case .truncatedBody(let found, let expected): "truncated body (\(found) of \(expected) bytes)"
        case .trailingBytes(let count): "\(count) unexpected bytes after the body"
        case .badChecksum: "bad checksum (the file is damaged)"
        case .notARegularFile: "not a regular file"
        case .unreadable(let reason): "cannot be read: \(reason)"
        }
    }
}

/// The entry file, format 1: a short text header, a blank line, then the body.
///
/// ```
/// versioncheck-cache 1
/// url https://itunes.apple.com/lookup?id=123&country=us
/// fetched-at 1767323045
/// etag "abc"                                   (only when known)
/// last-modified Tue, 10 Jun 2025 12:00:00 GMT  (only when known)
/// body 1234
/// checksum 0123456789abcdef
///
/// <1234 bytes>
/// ```
/// The lines come in this order, each once. `checksum` is `CacheChecksum.checksum` of
/// every header byte before the `checksum` line, continued over the body. No value
/// holds a line break. Reading checks every field, the length and the checksum, so a
/// torn, damaged or foreign file is never taken for an answer.
package enum CacheEntryFormat {
    /// The first line's first word.
    package static let magic = "versioncheck-cache"
    /// This format's number; another number is a foreign entry.
    package static let version = "1"
    /// The longest header read (URL and validators included).
    package static let maximumHeaderSize = 64 * 1024
    /// The largest body stored or read: the response cap (8 MiB; exactly this is accepted).
    package static let maximumBodySize = FetchLimits.maximumBodySize
    /// The largest entry file: anything bigger is `tooLarge` before it is read.
    package static let maximumFileSize = maximumHeaderSize + maximumBodySize

    /// The header of `entry` (ending with the blank line), or nil if it would be longer
    /// than `maximumHeaderSize` or a value holds a line break.
    package static func header(for entry: CacheEntry) -> [UInt8]? {
        var text = "\(magic) \(version)\nurl \(entry.url)\nfetched-at \(entry.fetchedAt)\n"
        if let tag = entry.entityTag { text += "etag \(tag)\n" }
        if let date = entry.lastModified { text += "last-modified \(date)\n" }
        text += "body \(entry.body.count)\n"
        let values = [entry.url, entry.entityTag ?? "", entry.lastModified ?? ""]
        guard !values.contains(where: { $0.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) }) else { return nil }
        var bytes = Array(text.utf8)
        let sum = CacheChecksum.checksum(entry.body, seed: CacheChecksum.checksum(bytes))
        bytes += Array("checksum \(CacheChecksum.hex(sum))\n\n".utf8)
        return bytes.count <= maximumHeaderSize ? bytes : nil
    }

    /// What a header says; the body is checked against it by `verify`.
    package struct Header: Equatable {
        package var url: String
        package var fetchedAt: Int64
        package var entityTag: String?
        package var lastModified: String?
        package var bodyLength: Int
        package var checksum: UInt64
        /// The header's length in bytes, blank line included: where the body starts.
        package var length: Int
        /// The checksum of the header bytes before the `checksum` line (the seed for the body's).
        package var prefixChecksum: UInt64
    }

    /// Reads the header at the start of `bytes` (the first bytes of the file, at most
    /// `maximumHeaderSize`); `fileSize` tells a short file from a long header.
    package static func parseHeader(_ bytes: UnsafeRawBufferPointer, fileSize: Int) -> Result<Header, CacheEntryProblem> {
        let magicLine = Array((magic + " ").utf8)
        guard bytes.count >= magicLine.count else {
            return .failure(bytes.elementsEqual(magicLine.prefix(bytes.count)) ? .truncatedHeader : .notAnEntry)
        }
        guard bytes.prefix(magicLine.count).elementsEqual(magicLine) else { return .failure(.notAnEntry) }
        guard let end = blankLine(in: bytes) else {
            return .failure(fileSize < maximumHeaderSize ? .truncatedHeader : .malformedHeader("longer than 64 KiB"))
        }
        var lines = bytes[..<end].split(separator: 0x0A, omittingEmptySubsequences: false).makeIterator()
        let first = lines.next().map { String(decoding: $0, as: UTF8.self) } ?? ""
        let foundVersion = String(first.dropFirst(magicLine.count))
        guard foundVersion == version else { return .failure(.otherFormatVersion(foundVersion)) }
        var cursor = HeaderCursor(lines: lines)
        do throws(CacheEntryProblem) {
            let url = try cursor.value("url")
            guard let fetchedAt = Int64(try cursor.value("fetched-at")) else { return .failure(.malformedHeader("fetched-at")) }
            let entityTag = try cursor.optionalValue("etag")
            let lastModified = try cursor.optionalValue("last-modified")
            guard let bodyLength = Int(try cursor.value("body")), bodyLength >= 0 else {
                return .failure(.malformedHeader("body"))
            }
            let checksumStart = cursor.consumed
            let sumText = try cursor.value("checksum")
            guard sumText.utf8.count == 16, let sum = UInt64(sumText, radix: 16) else {
                return .failure(.malformedHeader("checksum"))
            }
            guard cursor.isAtEnd else { return .failure(.malformedHeader("unexpected line after checksum")) }
            let prefix = CacheChecksum.checksum(UnsafeRawBufferPointer(rebasing: bytes[..<checksumStart]))
            return .success(Header(
                url: url, fetchedAt: fetchedAt, entityTag: entityTag, lastModified: lastModified,
                bodyLength: bodyLength, checksum: sum, length: end + 2, prefixChecksum: prefix))
        } catch {
            return .failure(error)
        }
    }

    /// Checks `body` against `header`'s checksum.
    package static func verify(_ body: [UInt8], against header: Header) -> Result<Void, CacheEntryProblem> {
        CacheChecksum.checksum(body, seed: header.prefixChecksum) == header.checksum ? .success(()) : .failure(.badChecksum)
    }

    /// Where `\n\n` starts.
    private static func blankLine(in bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A && bytes[index + 1] == 0x0A { return index }
            index += 1
        }
        return nil
    }
}

/// Reads `key value` lines in order, counting the bytes consumed (the magic line included).
private struct HeaderCursor {
    package var lines: IndexingIterator<[Slice<UnsafeRawBufferPointer>]>
    private var pending: Slice<UnsafeRawBufferPointer>?
    /// Bytes of the header before the next unread line.
    private(set) var consumed: Int

    package init(lines: IndexingIterator<[Slice<UnsafeRawBufferPointer>]>) {
        self.lines = lines
        self.consumed = CacheEntryFormat.magic.utf8.count + 1 + CacheEntryFormat.version.utf8.count + 1
        self.pending = self.lines.next()
    }

    package var isAtEnd: Bool { pending == nil }

    /// The value of the next line, which must be `key value` with a non-empty value.
    package mutating func value(_ key: String) throws(CacheEntryProblem) -> String {
        guard let found = try optionalValue(key) else { throw .malformedHeader("no \(key) line") }
        return found
    }

    /// The value of the next line if its key is `key`; nil (nothing consumed) otherwise.
    package mutating func optionalValue(_ key: String) throws(CacheEntryProblem) -> String? {
        guard let line = pending else { return nil }
        let prefix = Array((key + " ").utf8)
        guard line.starts(with: prefix) else { return nil }
        guard line.count > prefix.count else { throw .malformedHeader(key) }
        consumed += line.count + 1
        pending = lines.next()
        return String(decoding: line.dropFirst(prefix.count), as: UTF8.self)
    }
}

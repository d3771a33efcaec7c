/// What the network helper answers: the final response (any status), or why there
/// is none. It decides nothing: statuses, bodies and formats are the main binary's.
///
/// On the wire (the helper's stdout) it is a few header lines, then the body:
/// ```
/// versioncheck-fetch 1
/// status 200
/// url https://example.com/app.json
/// etag "abc"
/// last-modified Tue, 10 Jun 2025 12:00:00 GMT
/// retry-after 30
/// body 1234
///
/// <1234 bytes>
/// ```
/// or `failure KIND` and `message TEXT` lines and an empty line. Values never hold
/// a line break (the helper replaces them with spaces).
public enum FetchReport: Sendable, Equatable {
    case response(FetchedResponse)
    case failure(Failure)

    /// The first line of every report.
    public static let magic = "versioncheck-fetch 1"

    /// The header lines and the blank line that ends them (the body follows, for a response).
    public var header: String {
        switch self {
        case .response(let response):
            return Self.responseHeader(response, bodyLength: response.body.count)
        case .failure(let failure):
            let lines = [Self.magic, "failure \(failure.kind.rawValue)", "message \(Self.oneLine(failure.message))"]
            return lines.joined(separator: "\n") + "\n\n"
        }
    }

    /// A response's header when its body of `bodyLength` bytes is written apart (the
    /// helper writes the body it received as it is, never copying it into the report);
    /// `response.body` is not read.
    public static func responseHeader(_ response: FetchedResponse, bodyLength: Int) -> String {
        var lines = [magic, "status \(response.status)", "url \(oneLine(response.url))"]
        if let tag = response.entityTag { lines.append("etag \(oneLine(tag))") }
        if let date = response.lastModified { lines.append("last-modified \(oneLine(date))") }
        lines.append("body \(bodyLength)")
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// The whole report as bytes.
    public var encoded: [UInt8] {
        var bytes = Array(header.utf8)
        if case .response(let response) = self { bytes += response.body }
        return bytes
    }

    /// What a report's header said: a response whose body (of `bodyLength` bytes)
    /// follows, or a failure. Throws a reason when the header is not a report.
    public enum Header: Sendable, Equatable {
        case response(status: Int, url: String, entityTag: String?, lastModified: String?, bodyLength: Int)
        case failure(Failure)
    }

    /// A whole report held in `bytes` (a `--serve` frame's payload): nil unless it is
    /// exactly one report, its body as long as the header says.
    public static func decode(_ bytes: [UInt8]) -> FetchReport? {
        guard let end = blankLine(in: bytes, from: 0) else { return nil }
        let bodyStart = end + 2
        switch parseHeader(bytes: bytes[..<end]) {
        case nil:
            return nil
        case .failure(let failure)?:
            return bodyStart == bytes.count ? .failure(failure) : nil
        case .response(let status, let url, let entityTag, let lastModified, let length)?:
            guard bytes.count - bodyStart == length else { return nil }
            return .response(FetchedResponse(
                status: status, url: url, entityTag: entityTag, lastModified: lastModified, body: Array(bytes[bodyStart...])))
        }
    }

    /// Where the blank line (`\n\n`) that ends a report's header starts in `bytes`,
    /// searching from `start`.
    public static func blankLine(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A && bytes[index + 1] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    /// Reads the header (its lines without the blank line that ends them), as UTF-8
    /// bytes: lines end at a 0x0A byte and a field's name at the first 0x20, so no
    /// value a server sends (an `ETag` starting with a combining mark, which would join
    /// the space before it into one `Character`) can unsettle the split.
    public static func parseHeader<Bytes: Collection<UInt8>>(bytes: Bytes) -> Header? {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
        guard let first = lines.first, first.elementsEqual(magic.utf8) else { return nil }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let space = line.firstIndex(of: 0x20) else { return nil }
            let name = String(decoding: line[..<space], as: UTF8.self)
            fields[name] = String(decoding: line[line.index(after: space)...], as: UTF8.self)
        }
        if let kindText = fields["failure"] {
            guard let kind = ErrorKind(rawValue: kindText) else { return nil }
            return .failure(Failure(kind, fields["message"] ?? ""))
        }
        guard let status = fields["status"].flatMap({ Int($0) }), let url = fields["url"],
              let length = fields["body"].flatMap({ Int($0) }), length >= 0
        else { return nil }
        return .response(
            status: status, url: url, entityTag: fields["etag"], lastModified: fields["last-modified"], bodyLength: length)
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}

/// The final response of a GET (after redirects and retries): any status.
public struct FetchedResponse: Sendable, Equatable {
    public var status: Int
    /// The URL that answered, after redirects.
    public var url: String
    /// `ETag`, for a later conditional request.
    public var entityTag: String?
    /// `Last-Modified`, for a later conditional request.
    public var lastModified: String?
    public var body: [UInt8]

    public init(status: Int, url: String, entityTag: String? = nil, lastModified: String? = nil, body: [UInt8] = []) {
        self.status = status
        self.url = url
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.body = body
    }

    /// 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// The limits every request obeys (SPEC.md, "Checking for an update").
public enum FetchLimits {
    /// The largest body accepted, from the network or a file: 8 MiB. Exactly this is accepted.
    public static let maximumBodySize = 8 * 1024 * 1024
    /// Redirects followed before giving up.
    public static let maximumRedirects = 5
    /// The longest `Retry-After` wait honoured, in seconds: a server asking for more fails
    /// the check at once (75), and the main process allows for this wait per retry.
    public static let maximumRetryAfter: Double = 60
    /// The most bytes of response headers accepted, the status line and every header line
    /// of one response together: 64 KiB. More is 76 `too-large`, never retried.
    public static let maximumHeaderSize = 64 * 1024
}

import Foundation
import VersionCheckCore

/// One HTTP response as the update check sees it: the final URL (after
/// redirects), the status, the headers and the whole body (at most the size cap).
public struct HTTPResponse: Sendable, Equatable {
    /// The URL that answered, after any redirects.
    public var url: URL
    public var status: Int
    /// Header fields by lower-cased name.
    public var headers: [String: String]
    public var body: Data
    /// Set by `URLSessionTransport` when the request that got this response went to the
    /// GitHub API (`GitHubAPI`), saying whether it carried a token; nil for any other host.
    public var gitHubAPI: GitHubAPIRequest?

    public init(url: URL, status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.url = url
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The value of a header field, whatever the case of `name`.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// The network edge behind one method, so that the update check can be tested
/// without a network: fetch `url` with GET and return the response.
///
/// Implementations: `URLSessionTransport` (one attempt over the network),
/// `RetryingHTTPClient` (retries around another `HTTPGetting`), and test doubles.
public protocol HTTPGetting: Sendable {
    func get(_ url: URL) throws -> HTTPResponse
    /// `get(url)` that gives up (`TransportError.timedOut`) after at most `limit` seconds
    /// (nil: only its own timeout); `RetryingHTTPClient` passes what is left of `--deadline`.
    func get(_ url: URL, within limit: Double?) throws -> HTTPResponse
}

extension HTTPGetting {
    /// A double that knows no time ignores the limit.
    public func get(_ url: URL, within limit: Double?) throws -> HTTPResponse { try get(url) }
}

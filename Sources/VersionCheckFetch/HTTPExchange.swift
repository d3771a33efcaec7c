import Foundation

/// One request and its response, redirects not followed: the engine under
/// `URLSessionTransport`, which follows redirects itself (resolving each
/// `Location` with `ReferenceResolution` and vetting it with `URLPolicy`).
///
/// A 3xx is returned as a response. Throws `TransportError`; the body is capped
/// while it streams in.
protocol HTTPExchanging: Sendable {
    func exchange(_ request: ExchangeRequest) throws -> HTTPResponse
}

/// What one exchange sends, and its limits.
struct ExchangeRequest: Sendable {
    var url: URL
    /// Header fields to send, `User-Agent` and `Accept` among them.
    var headers: [String: String]
    /// Seconds this exchange may take; at least `URLSessionTransport.longestTimeout` means no deadline.
    var timeout: Double
    var maximumBodySize: Int
}

import Foundation
import VersionCheckCore

/// One GET over the network: a whole-attempt deadline, the body capped while it
/// streams in, and redirects followed here, each `Location` resolved against the
/// URL that was redirected (RFC 3986 §5, `ReferenceResolution`) and vetted by
/// `URLPolicy` before anything connects to it.
///
/// Throws `TransportError`; an HTTP error status is a response, not an error, and
/// so is a 3xx that is not a redirect (no `Location`, or 304). Cost: a fresh
/// session per request (no cookies, no cache, no credentials carried over).
public struct URLSessionTransport: HTTPGetting {
    public var timeout: Double
    public var allowInsecure: Bool
    public var userAgent: String
    public var maximumBodySize: Int
    public var maximumRedirects: Int
    /// Request headers beyond `User-Agent` and `Accept` (the validators of a conditional request).
    public var headers: [String: String] = [:]
    /// The GitHub API's origin and token: its headers on requests to it, the token only
    /// while a redirect chain stays on it (`GitHubAPI`).
    public var gitHubAPI = GitHubAPI()
    /// Receives one diagnostic line per request and per redirect (`-v`).
    public var log: @Sendable (String) -> Void
    /// What makes each request.
    var engine: any HTTPExchanging = URLSessionTransport.defaultEngine

    public init(
        timeout: Double, allowInsecure: Bool, userAgent: String,
        maximumBodySize: Int = FetchLimits.maximumBodySize, maximumRedirects: Int = FetchLimits.maximumRedirects,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.timeout = timeout
        self.allowInsecure = allowInsecure
        self.userAgent = userAgent
        self.maximumBodySize = maximumBodySize
        self.maximumRedirects = maximumRedirects
        self.log = log
    }

    /// GETs `url`, following up to `maximumRedirects` redirects, all within `timeout`.
    /// Logs `GET URL -> STATUS, N bytes, T ms` for every request (the last one names
    /// the URL that answered) and `redirect STATUS FROM -> TO` for every redirect.
    public func get(_ url: URL) throws -> HTTPResponse { try get(url, within: nil) }

    /// `get(url)` within min(`timeout`, `limit`) seconds: the attempt's share of `--deadline`.
    public func get(_ url: URL, within limit: Double?) throws -> HTTPResponse {
        let started = DispatchTime.now()
        let allowed = limit.map { min(timeout, max($0, 0)) } ?? timeout
        var current = url
        var redirects = 0
        // True until the chain leaves the API's origin: from then on no request carries the token.
        var onAPI = true
        while true {
            onAPI = onAPI && gitHubAPI.isAPI(current)
            let response = try exchange(current, started: started, timeout: allowed, authorized: onAPI)
            guard let target = try redirectTarget(of: response) else { return response }
            log("redirect \(response.status) \(Redaction.display(current)) -> \(Redaction.display(target))")
            redirects += 1
            if redirects > maximumRedirects { throw TransportError.tooManyRedirects(limit: maximumRedirects) }
            if let refusal = URLPolicy.checkRedirect(from: current, to: target, allowInsecure: allowInsecure) {
                throw refusal
            }
            current = target
        }
    }

    /// One request within what is left of the deadline, logged.
    private func exchange(_ url: URL, started: DispatchTime, timeout: Double, authorized: Bool) throws -> HTTPResponse {
        let shown = Redaction.display(url)
        let unlimited = timeout >= Self.longestTimeout
        let left = unlimited ? timeout : timeout - Double(Self.nanoseconds(since: started)) / 1e9
        guard left > 0 else {
            log("GET \(shown) -> timed out after \(Self.nanoseconds(since: started) / 1_000_000) ms")
            throw TransportError.timedOut(seconds: timeout)
        }
        var fields = headers
        fields["User-Agent"] = userAgent
        fields["Accept"] = "application/json, application/x-plist;q=0.9, */*;q=0.1"
        let gitHubFields = gitHubAPI.headers(for: url, authorized: authorized)
        fields.merge(gitHubFields) { _, api in api }
        let requestStarted = DispatchTime.now()
        let outcome: Result<HTTPResponse, TransportError>
        do {
            outcome = .success(try engine.exchange(
                ExchangeRequest(url: url, headers: fields, timeout: left, maximumBodySize: maximumBodySize)))
        } catch let error as TransportError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(.other(String(describing: error)))
        }
        let elapsed = Self.nanoseconds(since: requestStarted) / 1_000_000
        // The deadline is exact: libcurl counts whole milliseconds, and an answer (or a
        // failure) that came after it (in 0.5 ms, to a 0.000001 s timeout) is too late.
        let late = !unlimited && Double(Self.nanoseconds(since: started)) / 1e9 > timeout
        switch outcome {
        case .success(var response) where !late:
            log("GET \(shown) -> \(response.status), \(response.body.count) bytes, \(elapsed) ms")
            if gitHubAPI.isAPI(url) {
                response.gitHubAPI = gitHubFields["Authorization"] == nil ? .withoutToken : .withToken
            }
            return response
        case .failure(let error) where !late && !error.isTimeout:
            log("GET \(shown) -> \(error) after \(elapsed) ms")
            throw error
        default:
            log("GET \(shown) -> timed out after \(elapsed) ms")
            throw TransportError.timedOut(seconds: timeout)
        }
    }

    /// Where a redirect points: nil when `response` is not one (not 301, 302, 303,
    /// 307 or 308, or no `Location`). A `Location` that resolves to no URL is refused.
    private func redirectTarget(of response: HTTPResponse) throws -> URL? {
        guard Self.redirectStatuses.contains(response.status), let location = response.header("Location") else {
            return nil
        }
        let resolved = ReferenceResolution.resolve(location, against: response.url.absoluteString)
        guard let target = URL(string: resolved), target.scheme != nil else {
            throw TransportError.other("redirect to '\(location)', which is not a URL")
        }
        return target
    }

    /// The statuses whose `Location` is followed (RFC 9110 §15.4).
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// A timeout this long (about 31 years) is waited out as "no deadline": SPEC.md allows
    /// any positive number, and nanosecond and millisecond clocks overflow long before 1e300.
    static let longestTimeout: Double = 1e9

    /// The engine of this platform: libcurl directly on Linux (where URLSession spins a
    /// CPU core while a server is silent, see `CurlExchange`), else URLSession.
    static var defaultEngine: any HTTPExchanging {
        #if os(Linux)
        if let curl = CurlExchange.available { return curl }
        #endif
        return URLSessionExchange()
    }

    private static func nanoseconds(since start: DispatchTime) -> UInt64 {
        DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds
    }
}

private extension TransportError {
    var isTimeout: Bool {
        if case .timedOut = self { return true }
        return false
    }
}

import Foundation
import VersionCheckCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One exchange over URLSession: a fresh ephemeral session (no cookies, no cache,
/// no credentials), the deadline kept by our own wait, redirects handed back as
/// responses for `URLSessionTransport` to vet and follow.
struct URLSessionExchange: HTTPExchanging {
    func exchange(_ request: ExchangeRequest) throws -> HTTPResponse {
        let transfer = Transfer(maximumBodySize: request.maximumBodySize)
        let configuration = URLSessionConfiguration.ephemeral
        let sessionTimeout = Self.sessionTimeout(for: request.timeout)
        configuration.timeoutIntervalForRequest = sessionTimeout
        configuration.timeoutIntervalForResource = sessionTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        defer { session.invalidateAndCancel() }

        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: sessionTimeout)
        urlRequest.httpMethod = "GET"
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }

        let started = DispatchTime.now()
        let task = session.dataTask(with: urlRequest)
        task.resume()
        let deadline = request.timeout < URLSessionTransport.longestTimeout
            ? started + request.timeout : DispatchTime.distantFuture
        guard transfer.done.wait(timeout: deadline) == .success else {
            task.cancel()
            throw TransportError.timedOut(seconds: request.timeout)
        }
        return try transfer.outcome(url: request.url).get()
    }

    /// What URLSession is told. Our own wait on `done` keeps the exact deadline; URLSession
    /// only must not end the transfer sooner. On Linux it counts `Int(seconds) * 1000`
    /// milliseconds: 0.5 s became 0 (a timeout at once), 1.5 s became 1 s, and 1e16 s
    /// trapped. So it gets whole seconds, rounded up, and at most `longestTimeout`.
    static func sessionTimeout(for seconds: Double) -> Double {
        min(seconds.rounded(.up), URLSessionTransport.longestTimeout)
    }
}

/// The delegate of one exchange: counts body bytes and cancels past the cap,
/// declines every redirect (the 3xx becomes the response), and records the
/// outcome. Its state is guarded by a lock because URLSession calls it on its own queue.
private final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let maximumBodySize: Int

    private let lock = NSLock()
    private var body = Data()
    private var response: HTTPURLResponse?
    private var failure: TransportError?
    private var finished = false

    init(maximumBodySize: Int) {
        self.maximumBodySize = maximumBodySize
    }

    /// The response to a request for `url`, or why there is none.
    func outcome(url: URL) -> Result<HTTPResponse, TransportError> {
        lock.lock()
        defer { lock.unlock() }
        if let failure { return .failure(failure) }
        guard let response else { return .failure(.other("no response")) }
        // URLSession reads the headers whole before it hands them over; past the cap the
        // answer is the same as libcurl's (76 too-large), whatever the status.
        if Self.headerSize(of: response) > FetchLimits.maximumHeaderSize {
            return .failure(.headersTooLarge(limit: FetchLimits.maximumHeaderSize))
        }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        return .success(HTTPResponse(url: url, status: response.statusCode, headers: headers, body: body))
    }

    /// The size of `response`'s headers as they travelled (`Name: value` and CRLF each).
    static func headerSize(of response: HTTPURLResponse) -> Int {
        response.allHeaderFields.reduce(0) { total, field in
            total + String(describing: field.key).utf8.count + String(describing: field.value).utf8.count + 4
        }
    }

    /// Records the first failure only: a cancel we asked for reports "cancelled" afterwards.
    private func fail(_ error: TransportError) {
        lock.lock()
        if failure == nil { failure = error }
        lock.unlock()
    }

    /// Declined: `URLSessionTransport` resolves, vets and follows the `Location` itself.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, Self.headerSize(of: http) > FetchLimits.maximumHeaderSize {
            fail(.headersTooLarge(limit: FetchLimits.maximumHeaderSize))
            completionHandler(.cancel)
            return
        }
        if response.expectedContentLength > Int64(maximumBodySize) {
            fail(.tooLarge(limit: maximumBodySize))
            completionHandler(.cancel)
            return
        }
        lock.lock()
        self.response = response as? HTTPURLResponse
        // A declared length (within the cap) is room made once: the body is not
        // copied each time it outgrows its buffer, which at 8 MiB doubles the peak.
        if response.expectedContentLength > 0 { body.reserveCapacity(Int(response.expectedContentLength)) }
        lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        let fits = body.count + data.count <= maximumBodySize
        if fits { body.append(data) }
        lock.unlock()
        if !fits {
            fail(.tooLarge(limit: maximumBodySize))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error { fail(URLSessionExchange.classify(error)) }
        lock.lock()
        // A 3xx without `Location` completes on Linux without `didReceive response`.
        if response == nil { response = task.response as? HTTPURLResponse }
        let first = !finished
        finished = true
        lock.unlock()
        if first { done.signal() }
    }
}

extension URLSessionExchange {
    /// Maps the system's error to a `TransportError`.
    static func classify(_ error: Error) -> TransportError {
        guard let urlError = error as? URLError else { return .other(String(describing: error)) }
        let reason = urlError.localizedDescription
        switch urlError.code {
        case .timedOut:
            return .timedOut(seconds: 0)
        case .unsupportedURL, .appTransportSecurityRequiresSecureConnection:
            // The first URL is vetted before it gets here and every redirect is declined,
            // so this is URLSession (on Darwin) following a redirect to another scheme
            // by itself, without asking the delegate: refused, never retried.
            // On Linux (libcurl underneath) it is also a response that is not HTTP at all,
            // for the http(s) URL that was asked: a garbage status line.
            let failing = urlError.failingURL?.absoluteString ?? urlError.userInfo[Self.failingURLStringKey] as? String
            if let failing, let scheme = URL(string: failing)?.scheme?.lowercased(), scheme == "http" || scheme == "https" {
                return .other("malformed HTTP response (\(reason))")
            }
            let target = failing.map(Self.redacted) ?? "an unsupported URL"
            return .insecureRedirect(to: target, reason: "not an http(s) URL")
        case .badURL:
            return .other("bad URL (\(reason))")
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .networkConnectionLost,
             .notConnectedToInternet, .resourceUnavailable, .internationalRoamingOff, .callIsActive,
             .dataNotAllowed:
            return .cannotConnect(Self.plain(urlError.code, reason))
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
             .clientCertificateRequired:
            return .tlsFailed(reason)
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .tooManyRedirects(limit: FetchLimits.maximumRedirects)
        case .zeroByteResource, .badServerResponse, .cannotParseResponse, .cannotDecodeRawData,
             .cannotDecodeContentData:
            return .other("malformed HTTP response (\(reason))")
        default:
            // FoundationNetworking reports several libcurl failures, an untrusted
            // certificate among them, as code -1 (unknown) with curl's own message.
            let lower = reason.lowercased()
            if ["ssl", "tls", "certificate"].contains(where: lower.contains) { return .tlsFailed(reason) }
            // libcurl's own cap on headers ("Too large response headers: 307204 > 307200").
            if lower.contains("header"), lower.contains("large") || lower.contains("rejected") {
                return .headersTooLarge(limit: FetchLimits.maximumHeaderSize)
            }
            return .cannotConnect(reason)
        }
    }

    private static func plain(_ code: URLError.Code, _ reason: String) -> String {
        switch code {
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "host not found (DNS)"
        case .networkConnectionLost: "connection lost"
        case .notConnectedToInternet: "no network"
        default: reason
        }
    }

    /// The key of the failing URL's text in a `URLError` (`NSURLErrorFailingURLStringErrorKey`,
    /// deprecated as a name but still what URLSession fills in beside `failingURL`).
    static let failingURLStringKey = "NSErrorFailingURLStringKey"

    /// `text` without user-info, when it is a URL.
    private static func redacted(_ text: String) -> String {
        URL(string: text).map(Redaction.display) ?? text
    }
}

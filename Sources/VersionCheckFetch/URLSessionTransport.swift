import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One GET over the network with URLSession: a whole-attempt deadline, the
/// body capped while it streams in, and every redirect checked by `URLPolicy`.
///
/// Throws `TransportError`; an HTTP error status is a response, not an error.
/// Cost: a fresh ephemeral session per attempt (no cookies, no cache, no
/// credentials carried between attempts).
public struct URLSessionTransport: HTTPGetting {
    public var timeout: Double
    public var allowInsecure: Bool
    public var userAgent: String
    public var maximumBodySize: Int
    public var maximumRedirects: Int
    /// Request headers beyond `User-Agent` and `Accept` (the validators of a conditional request).
    public var headers: [String: String] = [:]
    /// Receives one diagnostic line per request and per redirect (`-v`).
    public var log: @Sendable (String) -> Void

    public init(
        timeout: Double, allowInsecure: Bool, userAgent: String,
        maximumBodySize: Int = HTTPLimits.maximumBodySize, maximumRedirects: Int = HTTPLimits.maximumRedirects,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.timeout = timeout
        self.allowInsecure = allowInsecure
        self.userAgent = userAgent
        self.maximumBodySize = maximumBodySize
        self.maximumRedirects = maximumRedirects
        self.log = log
    }

    public func get(_ url: URL) throws -> HTTPResponse {
        let transfer = Transfer(
            allowInsecure: allowInsecure, maximumBodySize: maximumBodySize, maximumRedirects: maximumRedirects, log: log)
        let configuration = URLSessionConfiguration.ephemeral
        let sessionTimeout = Self.sessionTimeout(for: timeout)
        configuration.timeoutIntervalForRequest = sessionTimeout
        configuration.timeoutIntervalForResource = sessionTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        defer { session.invalidateAndCancel() }

        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: sessionTimeout)
        request.httpMethod = "GET"
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/json, application/x-plist;q=0.9, */*;q=0.1", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }

        let started = DispatchTime.now()
        let task = session.dataTask(with: request)
        task.resume()
        let deadline = timeout < Self.longestTimeout ? started + timeout : DispatchTime.distantFuture
        let finishedInTime = transfer.done.wait(timeout: deadline) == .success
        let elapsed = Self.milliseconds(since: started)
        let shown = Redaction.display(url)
        guard finishedInTime else {
            task.cancel()
            log("GET \(shown) -> timed out after \(elapsed) ms")
            throw TransportError.timedOut(seconds: timeout)
        }
        let outcome = transfer.outcome()
        switch outcome {
        case .failure(var error):
            if case .timedOut = error { error = .timedOut(seconds: timeout) }
            log("GET \(shown) -> \(error) after \(elapsed) ms")
            throw error
        case .success(let response):
            log("GET \(shown) -> \(response.status), \(response.body.count) bytes, \(elapsed) ms")
            return response
        }
    }

    /// A timeout this long (about 31 years) is waited out as "no deadline": SPEC.md allows
    /// any positive number, and nanosecond and millisecond clocks overflow long before 1e300.
    static let longestTimeout: Double = 1e9

    /// What URLSession is told. Our own wait on `done` keeps the exact deadline; URLSession
    /// only must not end the transfer sooner. On Linux it counts `Int(seconds) * 1000`
    /// milliseconds: 0.5 s became 0 (a timeout at once), 1.5 s became 1 s, and 1e16 s
    /// trapped. So it gets whole seconds, rounded up, and at most `longestTimeout`.
    static func sessionTimeout(for seconds: Double) -> Double {
        min(seconds.rounded(.up), longestTimeout)
    }

    private static func milliseconds(since start: DispatchTime) -> UInt64 {
        (DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
    }
}

/// The delegate of one attempt: counts body bytes and cancels past the cap,
/// vets redirects, and records the outcome. Its state is guarded by a lock
/// because URLSession calls it on its own queue.
private final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let allowInsecure: Bool
    private let maximumBodySize: Int
    private let maximumRedirects: Int
    private let log: @Sendable (String) -> Void

    private let lock = NSLock()
    private var body = Data()
    private var response: HTTPURLResponse?
    private var failure: TransportError?
    private var redirects = 0
    private var finished = false

    init(allowInsecure: Bool, maximumBodySize: Int, maximumRedirects: Int, log: @escaping @Sendable (String) -> Void) {
        self.allowInsecure = allowInsecure
        self.maximumBodySize = maximumBodySize
        self.maximumRedirects = maximumRedirects
        self.log = log
    }

    func outcome() -> Result<HTTPResponse, TransportError> {
        lock.lock()
        defer { lock.unlock() }
        if let failure { return .failure(failure) }
        guard let response, let url = response.url else { return .failure(.other("no response")) }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        return .success(HTTPResponse(url: url, status: response.statusCode, headers: headers, body: body))
    }

    /// Records the first failure only: a cancel we asked for reports "cancelled" afterwards.
    private func fail(_ error: TransportError) {
        lock.lock()
        if failure == nil { failure = error }
        lock.unlock()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let target = request.url, let source = task.currentRequest?.url ?? response.url else {
            fail(.other("redirect without a location"))
            completionHandler(nil)
            return
        }
        lock.lock()
        redirects += 1
        let count = redirects
        lock.unlock()
        log("redirect \(response.statusCode) \(Redaction.display(source)) -> \(Redaction.display(target))")
        if count > maximumRedirects {
            fail(.tooManyRedirects(limit: maximumRedirects))
            completionHandler(nil)
            task.cancel()
            return
        }
        if let refusal = URLPolicy.checkRedirect(from: source, to: target, allowInsecure: allowInsecure) {
            fail(refusal)
            completionHandler(nil)
            task.cancel()
            return
        }
        completionHandler(request)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
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
        if let error { fail(Self.classify(error)) }
        lock.lock()
        let first = !finished
        finished = true
        lock.unlock()
        if first { done.signal() }
    }

    /// Maps the system's error to a `TransportError`.
    static func classify(_ error: Error) -> TransportError {
        guard let urlError = error as? URLError else { return .other(String(describing: error)) }
        let reason = urlError.localizedDescription
        switch urlError.code {
        case .timedOut:
            return .timedOut(seconds: 0)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .networkConnectionLost,
             .notConnectedToInternet, .resourceUnavailable, .internationalRoamingOff, .callIsActive,
             .dataNotAllowed:
            return .cannotConnect(Self.plain(urlError.code, reason))
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
             .clientCertificateRequired:
            return .tlsFailed(reason)
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .tooManyRedirects(limit: HTTPLimits.maximumRedirects)
        case .zeroByteResource, .badServerResponse, .cannotParseResponse, .cannotDecodeRawData,
             .cannotDecodeContentData:
            return .other("malformed HTTP response (\(reason))")
        default:
            // FoundationNetworking reports several libcurl failures, an untrusted
            // certificate among them, as code -1 (unknown) with curl's own message.
            let lower = reason.lowercased()
            if ["ssl", "tls", "certificate"].contains(where: lower.contains) { return .tlsFailed(reason) }
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
}

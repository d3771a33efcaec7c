#if os(Linux)
import Foundation
import VersionCheckCore

/// One exchange with libcurl's easy interface, on Linux.
///
/// Why not URLSession there: FoundationNetworking drives libcurl's multi interface
/// with dispatch sources, and when libcurl moves a socket from "wait until
/// writable" (connecting) to "wait until readable" (the response), the write source
/// is never cancelled (`_MultiHandle.register` only ever adds sources). A connected
/// socket is always writable, so while a server is silent the source fires without
/// pause and each firing runs `curl_multi_socket_action`: a stalled server cost 0.6 s
/// user + 2.1 s system CPU in 4 s. `curl_easy_perform` waits in `poll` with libcurl's
/// own timeouts: asleep until the server answers or the deadline passes.
///
/// libcurl is the library FoundationNetworking already loads (a dependency of the
/// toolchain, not of this package); its functions are looked up at run time, so no
/// header or link flag is needed. When they cannot be found, `available` is nil and
/// the transport falls back to `URLSessionExchange`.
struct CurlExchange: HTTPExchanging {
    /// This process's libcurl, or nil when it cannot be found.
    static let available: CurlExchange? = CurlLibrary.shared.map { CurlExchange(library: $0) }

    let library: CurlLibrary

    func exchange(_ request: ExchangeRequest) throws -> HTTPResponse {
        let curl = library
        guard let handle = curl.easyInit() else { throw TransportError.other("libcurl: cannot start a transfer") }
        defer { curl.easyCleanup(handle) }
        let receiver = CurlReceiver(maximumBodySize: request.maximumBodySize)
        let receiverPointer = Unmanaged.passUnretained(receiver).toOpaque()
        var errorBuffer = [CChar](repeating: 0, count: 256)  // CURL_ERROR_SIZE
        var fields: OpaquePointer? = nil
        defer { curl.slistFree(fields) }
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            fields = curl.slistAppend(fields, "\(name): \(value)")
        }
        let code: Int32 = errorBuffer.withUnsafeMutableBufferPointer { buffer in
            var ok = true
            ok = ok && curl.setPointer(handle, CurlOption.errorBuffer, UnsafeRawPointer(buffer.baseAddress))
            ok = ok && request.url.absoluteString.withCString { curl.setPointer(handle, CurlOption.url, $0) }
            ok = ok && curl.setLong(handle, CurlOption.protocols, CurlOption.protocolHTTP | CurlOption.protocolHTTPS)
            ok = ok && curl.setLong(handle, CurlOption.followLocation, 0)
            ok = ok && curl.setLong(handle, CurlOption.noSignal, 1)
            ok = ok && curl.setLong(handle, CurlOption.httpGet, 1)
            ok = ok && curl.setPointer(handle, CurlOption.httpHeader, UnsafeRawPointer(fields))
            ok = ok && curl.setLong(handle, CurlOption.timeoutMilliseconds, Self.milliseconds(request.timeout))
            ok = ok && curl.setPointer(handle, CurlOption.writeFunction, unsafeBitCast(curlWriteBody, to: UnsafeRawPointer.self))
            ok = ok && curl.setPointer(handle, CurlOption.writeData, receiverPointer)
            ok = ok && curl.setPointer(handle, CurlOption.headerFunction, unsafeBitCast(curlWriteHeader, to: UnsafeRawPointer.self))
            ok = ok && curl.setPointer(handle, CurlOption.headerData, receiverPointer)
            if let trusted = Self.trusted {
                // Only what the environment names: NULL turns libcurl's built-in file or folder off.
                ok = ok && Self.withOptionalCString(trusted.file?.path) { curl.setPointer(handle, CurlOption.caInfo, $0) }
                ok = ok && Self.withOptionalCString(trusted.folder?.path) { curl.setPointer(handle, CurlOption.caPath, $0) }
            }
            guard ok else { return -1 }
            return curl.perform(handle)
        }
        guard code != -1 else { throw TransportError.other("libcurl refused an option") }
        if let failure = receiver.failure { throw failure }
        if code != 0 {
            var osErrno = 0
            _ = curl.getLong(handle, CurlOption.infoOSErrno, &osErrno)
            let message = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw Self.classify(code, osErrno: Int32(osErrno), message: message.isEmpty ? "libcurl error \(code)" : message,
                                timeout: request.timeout, url: request.url)
        }
        guard let status = receiver.status else { throw TransportError.other("malformed HTTP response (no status line)") }
        return HTTPResponse(url: request.url, status: status, headers: receiver.headers, body: receiver.body)
    }

    /// The certificates to trust instead of the system's store (`CURL_CA_BUNDLE`,
    /// `SSL_CERT_FILE`, `SSL_CERT_DIR`), read once; nil for the system's.
    static let trusted = TrustedCertificates(environment: ProcessInfo.processInfo.environment)

    /// `body` with `text` as a C string, or with nil.
    private static func withOptionalCString<T>(_ text: String?, _ body: (UnsafeRawPointer?) -> T) -> T {
        guard let text else { return body(nil) }
        return text.withCString { body(UnsafeRawPointer($0)) }
    }

    /// The timeout in whole milliseconds, rounded up; 0 (none) for "no deadline".
    static func milliseconds(_ seconds: Double) -> Int {
        if seconds >= URLSessionTransport.longestTimeout { return 0 }
        return max(1, Int((seconds * 1000).rounded(.up)))
    }

    /// Maps a libcurl error code (CURLcode) to a `TransportError`.
    static func classify(_ code: Int32, osErrno: Int32, message: String, timeout: Double, url: URL) -> TransportError {
        switch code {
        case 1 where ["http", "https"].contains(url.scheme?.lowercased() ?? ""):
            // UNSUPPORTED_PROTOCOL for an http(s) URL: libcurl follows no redirect here, so it is
            // the response that is not HTTP (a garbage status line reads as HTTP/0.9).
            return .other("malformed HTTP response (\(message))")
        case 1:  // UNSUPPORTED_PROTOCOL
            return .insecureRedirect(to: Redaction.display(url), reason: "not an http(s) URL")
        case 100:  // TOO_LARGE (libcurl 8.6 and later: a header line or all of them)
            return .headersTooLarge(limit: FetchLimits.maximumHeaderSize)
        case 27 where message.lowercased().contains("header"), 56 where message.lowercased().contains("header"):
            // OUT_OF_MEMORY, RECV_ERROR: libcurl's own caps on a header line and on all of them
            return .headersTooLarge(limit: FetchLimits.maximumHeaderSize)
        case 5, 6:  // COULDNT_RESOLVE_PROXY, COULDNT_RESOLVE_HOST
            return .cannotConnect("host not found (DNS)")
        case 7:  // COULDNT_CONNECT
            return .cannotConnect(osErrno == ECONNREFUSED ? "connection refused" : message)
        case 28:  // OPERATION_TIMEDOUT
            return .timedOut(seconds: timeout)
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98:  // TLS and certificates
            return .tlsFailed(message)
        case 55, 56:  // SEND_ERROR, RECV_ERROR
            return .cannotConnect(osErrno == ECONNRESET ? "connection lost" : message)
        case 8, 18, 52, 61, 16, 92:  // WEIRD_SERVER_REPLY, PARTIAL_FILE, GOT_NOTHING, BAD_CONTENT_ENCODING, HTTP2
            return .other("malformed HTTP response (\(message))")
        default:
            return .other(message)
        }
    }
}

/// The libcurl functions and constants the exchange uses (values from curl.h, stable ABI).
struct CurlLibrary: @unchecked Sendable {
    typealias EasyInit = @convention(c) () -> OpaquePointer?
    typealias EasyCleanup = @convention(c) (OpaquePointer?) -> Void
    typealias SetoptLong = @convention(c) (OpaquePointer?, Int32, Int) -> Int32
    typealias SetoptPointer = @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32
    typealias GetinfoLong = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Int>) -> Int32
    typealias Perform = @convention(c) (OpaquePointer?) -> Int32
    typealias SlistAppend = @convention(c) (OpaquePointer?, UnsafePointer<CChar>) -> OpaquePointer?
    typealias SlistFree = @convention(c) (OpaquePointer?) -> Void
    typealias GlobalInit = @convention(c) (Int) -> Int32

    let easyInit: EasyInit
    let easyCleanup: EasyCleanup
    let setoptLong: SetoptLong
    let setoptPointer: SetoptPointer
    let getinfoLong: GetinfoLong
    let perform: Perform
    let slistAppend: SlistAppend
    let slistFree: SlistFree

    /// Found once: in the process (FoundationNetworking links libcurl), else `libcurl.so.4`.
    /// `curl_easy_setopt` and `curl_easy_getinfo` are variadic; on the Linux ABIs
    /// (x86-64 System V, AArch64) an integer or pointer passed variadically travels
    /// as a fixed argument does, so the typed pointers above call them correctly.
    static let shared: CurlLibrary? = {
        let handles = [dlopen(nil, RTLD_NOW), dlopen("libcurl.so.4", RTLD_NOW | RTLD_NOLOAD), dlopen("libcurl.so.4", RTLD_NOW)]
        for case let handle? in handles {
            guard let library = CurlLibrary(handle: handle) else { continue }
            return library
        }
        return nil
    }()

    init?(handle: UnsafeMutableRawPointer) {
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let globalInit = symbol("curl_global_init", as: GlobalInit.self),
              let easyInit = symbol("curl_easy_init", as: EasyInit.self),
              let easyCleanup = symbol("curl_easy_cleanup", as: EasyCleanup.self),
              let setopt = dlsym(handle, "curl_easy_setopt"),
              let getinfo = symbol("curl_easy_getinfo", as: GetinfoLong.self),
              let perform = symbol("curl_easy_perform", as: Perform.self),
              let slistAppend = symbol("curl_slist_append", as: SlistAppend.self),
              let slistFree = symbol("curl_slist_free_all", as: SlistFree.self)
        else { return nil }
        guard globalInit(3) == 0 else { return nil }  // CURL_GLOBAL_ALL, once (this initializer runs once)
        self.easyInit = easyInit
        self.easyCleanup = easyCleanup
        self.setoptLong = unsafeBitCast(setopt, to: SetoptLong.self)
        self.setoptPointer = unsafeBitCast(setopt, to: SetoptPointer.self)
        self.getinfoLong = getinfo
        self.perform = perform
        self.slistAppend = slistAppend
        self.slistFree = slistFree
    }

    func setLong(_ handle: OpaquePointer, _ option: Int32, _ value: Int) -> Bool { setoptLong(handle, option, value) == 0 }
    func setPointer(_ handle: OpaquePointer, _ option: Int32, _ value: UnsafeRawPointer?) -> Bool {
        setoptPointer(handle, option, value) == 0
    }
    func getLong(_ handle: OpaquePointer, _ info: Int32, _ value: inout Int) -> Bool { getinfoLong(handle, info, &value) == 0 }
}

/// CURLoption and CURLINFO values used here (curl.h).
enum CurlOption {
    static let writeData: Int32 = 10001
    static let url: Int32 = 10002
    static let errorBuffer: Int32 = 10010
    static let caInfo: Int32 = 10065
    static let caPath: Int32 = 10097
    static let writeFunction: Int32 = 20011
    static let httpHeader: Int32 = 10023
    static let headerData: Int32 = 10029
    static let followLocation: Int32 = 52
    static let headerFunction: Int32 = 20079
    static let httpGet: Int32 = 80
    static let noSignal: Int32 = 99
    static let timeoutMilliseconds: Int32 = 155
    static let protocols: Int32 = 181
    static let protocolHTTP = 1
    static let protocolHTTPS = 2
    static let infoOSErrno: Int32 = 0x200000 + 25
}

/// What one transfer has received, filled in by libcurl's callbacks on the thread
/// that runs `curl_easy_perform` (so it needs no lock).
final class CurlReceiver {
    let maximumBodySize: Int
    var status: Int?
    var headers: [String: String] = [:]
    var body = Data()
    var failure: TransportError?
    /// Header bytes of the response so far (every block's, a `100 Continue` included).
    private var headerBytes = 0

    init(maximumBodySize: Int) { self.maximumBodySize = maximumBodySize }

    /// Counts `length` bytes of header; false (abort, `too-large`) past the cap.
    func countHeader(_ length: Int) -> Bool {
        headerBytes += length
        guard headerBytes <= FetchLimits.maximumHeaderSize else {
            failure = .headersTooLarge(limit: FetchLimits.maximumHeaderSize)
            return false
        }
        return true
    }

    /// One header line, the status line included; a new status line (after a
    /// `100 Continue`) starts the headers afresh. Returns false to abort.
    func header(_ line: String) -> Bool {
        let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("HTTP/") {
            let parts = text.split(separator: " ", maxSplits: 2)
            guard parts.count > 1, let code = Int(parts[1]), (100...999).contains(code) else {
                failure = .other("malformed HTTP response (status line '\(TerminalText.dotted(String(text.prefix(40)))))')")
                return false
            }
            status = code
            headers = [:]
            return true
        }
        if text.isEmpty {  // the end of one header block
            if let status, status >= 200, let length = headers["content-length"].flatMap({ Int($0) }),
               length > maximumBodySize {
                failure = .tooLarge(limit: maximumBodySize)
                return false
            }
            if let status, status >= 200, let length = headers["content-length"].flatMap({ Int($0) }), length > 0 {
                body.reserveCapacity(length)
            }
            return true
        }
        guard let colon = text.firstIndex(of: ":") else { return true }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = headers[name].map { $0 + ", " + value } ?? value
        return true
    }

    /// Body bytes; false (abort) once past the cap.
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= maximumBodySize else {
            failure = .tooLarge(limit: maximumBodySize)
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }
}

/// CURLOPT_WRITEFUNCTION: returning fewer bytes than given aborts the transfer.
private let curlWriteBody: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    data, size, count, context in
    guard let context else { return 0 }
    let receiver = Unmanaged<CurlReceiver>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard length > 0, let data else { return 0 }
    return receiver.append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// CURLOPT_HEADERFUNCTION: one whole header line per call.
private let curlWriteHeader: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    data, size, count, context in
    guard let context else { return 0 }
    let receiver = Unmanaged<CurlReceiver>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard let data, receiver.countHeader(length) else { return 0 }
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    return receiver.header(line) ? length : 0
}
#endif

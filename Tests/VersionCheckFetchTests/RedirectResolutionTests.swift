import Foundation
import Testing
import VersionCheckTestSupport
@testable import VersionCheckFetch

/// Relative redirects end to end: every `Location` form is resolved against the URL
/// that was redirected (RFC 3986 §5), not against the host's root, and `-v` names
/// each URL requested, the last one being the URL that answered.
@Suite(.blockingBodies) struct RedirectResolutionTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var location: String
        /// The path and query the second request asks for.
        var path: String
        var query: String = ""
        var testDescription: String { "Location: \(location)" }
    }

    static let rows: [Row] = [
        Row(location: "b", path: "/x/dir/b"),
        Row(location: "./b", path: "/x/dir/b"),
        Row(location: "../b", path: "/x/b"),
        Row(location: "/b", path: "/b"),
        Row(location: "//localhost:{port}/x/dir/b", path: "/x/dir/b"),
        Row(location: "?q", path: "/x/dir/a", query: "q"),
        Row(location: "#f", path: "/x/dir/a"),
        Row(location: "b/../../c?d=1", path: "/x/c", query: "d=1"),
    ]

    @Test(arguments: rows, TransportEngines.all)
    func followsTheResolvedLocation(row: Row, engine: TransportEngines.Named) throws {
        let target = LoopbackServer.Response(body: "{\"at\": \"target\"}")
        let server = try LoopbackServer(routes: row.path == "/x/dir/a"
            ? ["/x/dir/a": [.init(redirect: row.location), target]]
            : ["/x/dir/a": [.init(redirect: row.location)], row.path: [target]])
        let lines = LogLines()
        var transport = URLSessionTransport(timeout: 5, allowInsecure: false, userAgent: "t", log: lines.append)
        transport.engine = engine.engine
        let start = URL(string: server.url("/x/dir/a?z=0"))!
        let response = try transport.get(start)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"at\": \"target\"}")
        let requests = server.requests()
        #expect(requests.map(\.path) == ["/x/dir/a", row.path], "\(row.location)")
        #expect(requests.last?.query == (row.location == "#f" ? "z=0" : row.query), "\(row.location)")
        let final = response.url.absoluteString
        #expect(final.contains(row.path), "\(final)")
        let log = lines.all
        #expect(log.count == 3, "\(log)")
        #expect(log.first?.hasPrefix("GET \(start.absoluteString) -> 302, ") == true, "\(log)")
        #expect(log.dropFirst().first == "redirect 302 \(start.absoluteString) -> \(final)", "\(log)")
        #expect(log.last?.hasPrefix("GET \(final) -> 200, 16 bytes, ") == true, "\(log)")
    }

    /// 304 and a 3xx without `Location` are answers, not redirects.
    @Test(arguments: [(304, ["Location": "/elsewhere"]), (302, [:]), (300, ["Location": "/elsewhere"])], TransportEngines.all)
    func aThreeHundredThatIsNotARedirectIsTheResponse(
        answer: (status: Int, headers: [String: String]), engine: TransportEngines.Named
    ) throws {
        let (status, headers) = answer
        let server = try LoopbackServer(routes: ["/a": [.init(status: status, headers: headers, body: "")]])
        var transport = URLSessionTransport(timeout: 5, allowInsecure: false, userAgent: "t")
        transport.engine = engine.engine
        #expect(try transport.get(URL(string: server.url("/a"))!).status == status)
        #expect(server.requests().map(\.path) == ["/a"])
    }
}

/// Collects `-v` lines across threads.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var append: @Sendable (String) -> Void {
        { [self] line in lock.lock(); lines.append(line); lock.unlock() }
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

/// The engines a transport test runs with: every one this platform has.
enum TransportEngines {
    struct Named: Sendable, CustomTestStringConvertible {
        var name: String
        var engine: any HTTPExchanging
        var testDescription: String { name }
    }

    static let all: [Named] = {
        var engines = [Named(name: "URLSession", engine: URLSessionExchange())]
        #if os(Linux)
        if let curl = CurlExchange.available { engines.append(Named(name: "libcurl", engine: curl)) }
        #endif
        return engines
    }()
}

import Foundation
import Testing
import VersionCheckTestSupport
@testable import VersionCheckFetch

/// Issue 21: whatever headers a server sends end in an answer or the right failure —
/// more than 64 KiB of headers in all is `too-large` (76, not retried), a status line
/// that cannot be read is `bad-response` (76) — never "cannot connect" retried three
/// times, an insecure redirect that never happened, or a report the main process cannot
/// read (70).
@Suite("Hostile input: response headers", .blockingBodies)
struct HostileHeaderTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var raw: String
        /// nil: a response; else the kind of the failure.
        var kind: String?
        var testDescription: String { name }
    }

    static func response(_ headers: [String], status: String = "HTTP/1.1 200 OK") -> String {
        ([status] + headers + ["Content-Type: application/json", "Content-Length: 27", "", #"{"latestVersion": "2.0.0"}"# + "\n"])
            .joined(separator: "\r\n")
    }

    static let rows: [Row] = [
        Row(name: "20,000 header lines", raw: response((0..<20_000).map { "X-Filler-\($0): value" }), kind: "too-large"),
        Row(name: "a 100 KB ETag", raw: response(["ETag: \"" + String(repeating: "e", count: 100_000) + "\""]), kind: "too-large"),
        Row(name: "a 70 KB Last-Modified", raw: response(["Last-Modified: " + String(repeating: "m", count: 70_000)]), kind: "too-large"),
        Row(name: "a redirect to a 66 KB URL",
            raw: response(["Location: /" + String(repeating: "r", count: 66_000)], status: "HTTP/1.1 302 Found"), kind: "too-large"),
        Row(name: "a garbage status line", raw: response([], status: "GARBAGE \u{1}\u{2} NOT HTTP"), kind: "bad-response"),
        Row(name: "a status line without a number", raw: response([], status: "HTTP/1.1 abc OK"), kind: "bad-response"),
        Row(name: "headers of 60 KB in all (under the cap)",
            raw: response((0..<6).map { "X-Filler-\($0): " + String(repeating: "f", count: 10_000) }), kind: nil),
    ]

    /// The transport itself, with every engine this platform has.
    @Test(arguments: rows, TransportEngines.all)
    func transport(row: Row, engine: TransportEngines.Named) throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(raw: row.raw)]])
        // A generous timeout: FoundationNetworking reads 20,000 lines slowly on a loaded machine.
        var transport = URLSessionTransport(timeout: 60, allowInsecure: false, userAgent: "t")
        transport.engine = engine.engine
        let url = URL(string: server.url("/m.json"))!
        do {
            let response = try transport.get(url)
            #expect(row.kind == nil, "answered \(response.status) to \(row.name)")
            #expect(response.status == 200)
        } catch let error as TransportError {
            #expect(error.kind.rawValue == row.kind, "\(row.name): \(error)")
            if row.kind == "too-large" { #expect(error == .headersTooLarge(limit: 64 * 1024), "\(error)") }
        }
    }

    /// The whole program: 76 with the right kind, one request (not retried), one error line.
    @Test(arguments: rows.filter { $0.kind != nil })
    func endToEnd(row: Row) throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(raw: row.raw)]])
        let result = try runMeasured(
            "versioncheck", ["manifest", "--url", server.url("/m.json"), "--current", "1.0", "--json", "--retries", "2", "--timeout", "5"])
        #expect(result.status == 76, "\(result)")
        #expect(result.stdoutText.contains(#""kind": "\#(row.kind!)""#), "\(result.stdoutText)")
        #expect(result.stderrText.split(separator: "\n").count == 1, "\(result)")
        #expect(server.requests().count == 1, "not retried")
        #expect(result.peakMiB < HostileBudget.mebibytes, "\(result)")
        print("HOSTILE\t\(row.name)\texit \(result.status)\t\(String(format: "%.2f", result.seconds)) s\t\(String(format: "%.1f", result.peakMiB)) MiB")
    }
}

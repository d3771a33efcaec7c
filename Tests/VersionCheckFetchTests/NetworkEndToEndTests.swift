import Foundation
import Testing
import VersionCheckCLI
import VersionCheckCore
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckTestSupport

/// The built `versioncheck` binary (which execs `versioncheck-fetch`) against a
/// real HTTP server on 127.0.0.1, through every row of SPEC.md's exit-code table.
/// Nothing here contacts a non-loopback address: 192.0.2.1 (TEST-NET-1) only ever
/// appears as a redirect target or a URL that must be refused before connecting.
@Suite(.blockingBodies) struct NetworkEndToEndTests {
    /// One scripted server and the command line to run against it.
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var responses: [LoopbackServer.Response]
        /// Options that replace the defaults (`--current 1.0 --timeout 5 --retries 1`).
        var options: [String: String] = [:]
        var status: Int32
        var kind: String?
        /// Text stderr must contain (`versioncheck: error: …` lines name the URL).
        var stderr: String?
        /// Requests the server must have received, when it matters.
        var requests: Int?
        var testDescription: String { name }
    }

    static let lookupRows: [Row] = [
        Row(name: "200 iOS app, major bump", responses: [.init(file: "itunes-ios.json")], status: 101),
        Row(name: "200, up to date", responses: [.init(file: "itunes-ios.json")], options: ["--current": "2.4.1"],
            status: 0),
        Row(name: "200, optional", responses: [.init(file: "itunes-ios.json")], options: ["--current": "2.4"],
            status: 100),
        Row(name: "resultCount 0", responses: [.init(file: "itunes-empty.json")], status: 69, kind: "not-found",
            stderr: "storefront 'us'"),
        Row(name: "404", responses: [.init(status: 404, body: "")], status: 69, kind: "not-found", stderr: "HTTP 404"),
        Row(name: "410", responses: [.init(status: 410, body: "")], status: 69, kind: "not-found", stderr: "HTTP 410"),
        Row(name: "400 with errorMessage", responses: [.init(status: 400, file: "itunes-error-400.json")], status: 76,
            kind: "http-status", stderr: "'Invalid value(s) for key(s): [country]'"),
        Row(name: "403", responses: [.init(status: 403, body: "{}")], status: 76, kind: "http-status", stderr: "HTTP 403"),
        Row(name: "429 with Retry-After seconds, then 200",
            responses: [.init(status: 429, headers: ["Retry-After": "1"], body: ""), .init(file: "itunes-ios.json")],
            status: 101, requests: 2),
        Row(name: "503 with a Retry-After date in the past, then 200",
            responses: [.init(status: 503, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"], body: ""),
                        .init(file: "itunes-ios.json")],
            status: 101, requests: 2),
        Row(name: "429 asking for more than 60 s fails at once",
            responses: [.init(status: 429, headers: ["Retry-After": "120"], body: "")], status: 75,
            kind: "rate-limited", stderr: "wait 120 s", requests: 1),
        Row(name: "429 until retries run out",
            responses: [.init(status: 429, headers: ["Retry-After": "0"], body: "")], status: 75, kind: "rate-limited",
            stderr: "HTTP 429", requests: 2),
        Row(name: "500 then 200", responses: [.init(status: 500, body: ""), .init(file: "itunes-ios.json")],
            status: 101, requests: 2),
        Row(name: "500 until retries run out", responses: [.init(status: 500, body: "")], status: 75,
            kind: "server-error", stderr: "HTTP 500", requests: 2),
        Row(name: "slower than --timeout", responses: [.init(file: "itunes-ios.json", delay: 3)],
            options: ["--retries": "0", "--timeout": "0.5"], status: 75, kind: "timeout", stderr: "timed out after 0.5 s"),
        Row(name: "trickling past --timeout",
            responses: [.init(file: "itunes-ios.json", trickle: (bytes: 64, seconds: 0.1))],
            options: ["--retries": "0", "--timeout": "0.5"], status: 75, kind: "timeout", stderr: "timed out"),
        Row(name: "HTML with status 200",
            responses: [.init(headers: ["Content-Type": "text/html"], body: "<!DOCTYPE html><html><body>Hi</body></html>")],
            status: 76, kind: "bad-response", stderr: "HTML"),
        Row(name: "truncated JSON", responses: [.init(body: "{\"resultCount\":1,\"results\":[{\"version\":\"2.")],
            status: 76, kind: "bad-response", stderr: "not JSON"),
        Row(name: "empty body", responses: [.init(body: "")], status: 76, kind: "bad-response", stderr: "empty"),
        Row(name: "no version", responses: [.init(body: "{\"resultCount\":1,\"results\":[{\"trackId\":1450000001}]}")],
            status: 76, kind: "bad-response", stderr: "no 'version'"),
        Row(name: "invalid version",
            responses: [.init(body: "{\"resultCount\":1,\"results\":[{\"trackId\":1450000001,\"version\":\"2.x.1\"}]}")],
            status: 76, kind: "bad-response", stderr: "invalid version '2.x.1'"),
        Row(name: "body over 8 MiB", responses: [.init(body: "{}", padTo: 8 * 1024 * 1024 + 1)], status: 76,
            kind: "too-large", stderr: "8 MiB"),
        Row(name: "body over 8 MiB without Content-Length",
            responses: [.init(body: "{}", padTo: 8 * 1024 * 1024 + 1, noLength: true)], status: 76, kind: "too-large"),
        Row(name: "redirect loop", responses: [.init(redirect: "{path}")], status: 76, kind: "bad-response",
            stderr: "more than 5 redirects", requests: 6),
        Row(name: "redirect to plain http off loopback", responses: [.init(redirect: "http://192.0.2.1/lookup")],
            status: 76, kind: "insecure-redirect", stderr: "http://192.0.2.1/lookup", requests: 1),
        Row(name: "redirect to loopback is followed",
            responses: [.init(redirect: "http://localhost:{port}/moved")], status: 101),
    ]

    @Test(arguments: lookupRows)
    func lookup(row: Row) throws {
        let server = try LoopbackServer(routes: ["/lookup": row.responses, "/moved": [.init(file: "itunes-ios.json")]])
        let arguments = ["lookup", "--id", "1450000001", "--lookup-url", server.url("/lookup")] + options(row)
        try expect(row, arguments: arguments, server: server, path: "/lookup")
    }

    static let manifestRows: [Row] = [
        Row(name: "minimal JSON", responses: [.init(file: "manifest-minimal.json")], status: 100),
        Row(name: "full JSON, critical release", responses: [.init(file: "manifest-full.json")],
            options: ["--current": "1.9.0"], status: 101),
        Row(name: "XML plist", responses: [.init(file: "manifest-iversion.plist")], status: 100),
        Row(name: "binary plist", responses: [.init(file: "manifest-binary.plist")], options: ["--current": "1.3"],
            status: 0),
        Row(name: "exactly 8 MiB", responses: [.init(body: "{\"latestVersion\": \"1.4.0\"}", padTo: 8 * 1024 * 1024)],
            status: 100),
        Row(name: "exactly 8 MiB without Content-Length",
            responses: [.init(body: "{\"latestVersion\": \"1.4.0\"}", padTo: 8 * 1024 * 1024, noLength: true)],
            status: 100),
        Row(name: "neither JSON nor plist", responses: [.init(body: "latestVersion=1.4")], status: 76,
            kind: "bad-response", stderr: "not JSON, a GitHub release list, a Sparkle appcast, a property list or an electron-builder update file"),
        Row(name: "plist key not a version",
            responses: [.init(body: "<plist version=\"1.0\"><dict><key>next</key><string>x</string></dict></plist>")],
            status: 76, kind: "bad-response", stderr: "invalid version 'next'"),
        Row(name: "404", responses: [.init(status: 404, body: "")], status: 69, kind: "not-found"),
    ]

    @Test(arguments: manifestRows)
    func manifest(row: Row) throws {
        let server = try LoopbackServer(routes: ["/m": row.responses])
        let arguments = ["manifest", "--url", server.url("/m")] + options(row)
        try expect(row, arguments: arguments, server: server, path: "/m")
    }

    /// The check options: generous defaults (the suite runs many processes at once on
    /// a small machine), replaced by the row's own.
    func options(_ row: Row) -> [String] {
        let defaults = ["--current": "1.0", "--timeout": "5", "--retries": "1"]
        return defaults.merging(row.options) { _, own in own }.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
    }

    /// Runs `arguments` with `--json` and checks the exit status, the JSON status or
    /// error kind, the one stderr line, and how many requests the server saw.
    func expect(_ row: Row, arguments: [String], server: LoopbackServer, path: String) throws {
        let result = try runProduct("versioncheck", arguments + ["--json"])
        #expect(result.status == row.status, "\(row.name)\n\(result)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(row.name)\n\(result)")
        if let kind = row.kind {
            let error = object["error"] as? [String: Any]
            #expect(object["status"] as? String == "error")
            #expect(error?["kind"] as? String == kind, "\(row.name)\n\(result)")
            #expect(error?["code"] as? Int == Int(row.status))
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("versioncheck: error: "), "\(row.name)\n\(result)")
        } else {
            #expect(["none", "optional", "forced"].contains(object["status"] as? String ?? ""))
            #expect(result.stderr.isEmpty, "\(row.name)\n\(result)")
        }
        if let text = row.stderr { #expect(result.stderr.contains(text), "\(row.name)\n\(result)") }
        if let count = row.requests {
            #expect(server.requests().filter { $0.path == path }.count == count, "\(row.name)")
        }
    }
}

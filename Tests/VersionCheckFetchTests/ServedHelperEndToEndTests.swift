import Foundation
import Testing
import VersionCheckTestSupport

/// `batch` and `outdated` send every check to one `versioncheck-fetch --serve`
/// (`ServedHelper`), through the built binaries and the fixture server on loopback: one
/// helper for the whole list, each check's failure its own, a helper that dies or hangs
/// fails the checks it holds with a clear error and never hangs the batch.
@Suite("One helper serves a batch, end to end", .blockingBodies)
struct ServedHelperEndToEndTests {
    /// A stand-in for the helper: logs `pid arguments` to `log` at each start, then runs
    /// `command` (by default the real helper with the same arguments).
    static func wrapper(log: String, command: String? = nil) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-served-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("versioncheck-fetch").path
        let real = TestPaths.executable("versioncheck-fetch").path
        try writeExecutable("""
            #!/bin/sh
            echo "$$ $*" >> '\(log)'
            \(command ?? "exec '\(real)' \"$@\"")

            """, to: script)
        return script
    }

    static func logLines(_ log: String) -> [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    static func manifest(_ latest: String, delay: Double? = nil) -> LoopbackServer.Response {
        .init(body: #"{"latestVersion": "\#(latest)"}"#, delay: delay)
    }

    @Test func aWholeBatchIsServedByOneHelper() throws {
        let server = try LoopbackServer(routes: ["/m.json": [Self.manifest("1.1", delay: 0.05)]])
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("vc-served-\(UUID().uuidString).log").path
        let helper = try Self.wrapper(log: log)
        let lines = (1...24).map { "manifest --url \(server.url("/m.json"))?n=\($0) --current \($0 % 2 == 0 ? "1.1" : "1.0")" }
        let result = try runProduct(
            "versioncheck", ["batch", "--jobs", "6", "--all", "--json"], stdin: Data(lines.joined(separator: "\n").utf8),
            environment: ["VERSIONCHECK_FETCH_HELPER": helper])
        #expect(result.status == 100, "\(result)")
        let objects = try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["line"] as? Int } == Array(1...24))
        #expect(objects.map { $0["status"] as? String } == (1...24).map { $0 % 2 == 0 ? "none" : "optional" })
        #expect(server.requests().count == 24)
        #expect(server.requests().map(\.in_flight).max() ?? 0 >= 2, "the checks ran side by side")
        let starts = Self.logLines(log)
        #expect(starts.count == 1, "\(starts)")
        #expect(starts.first?.hasSuffix(" --serve") == true, "\(starts)")
    }

    /// One check gone (404), one stalled past its `--deadline`, the others answered: each
    /// keeps its own result, in line order, and the stall holds only its own slot.
    @Test func eachCheckKeepsItsOwnFailure() throws {
        let server = try LoopbackServer(routes: [
            "/fine.json": [Self.manifest("1.1")], "/gone.json": [.init(status: 404, body: "")],
            "/stalled.json": [Self.manifest("2.0", delay: 30)],
        ])
        let lines = [
            "manifest --url \(server.url("/fine.json"))?n=1 --current 1.0",
            "manifest --url \(server.url("/gone.json")) --current 1.0 --retries 0",
            "manifest --url \(server.url("/stalled.json")) --current 1.0 --deadline 1",
        ] + (2...6).map { "manifest --url \(server.url("/fine.json"))?n=\($0) --current 1.1" }
        let started = Date()
        let result = try runProduct("versioncheck", ["batch", "--jobs", "2", "--all", "--json"], stdin: Data(lines.joined(separator: "\n").utf8))
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 69, "\(result)")
        #expect(seconds < 6, "the batch took \(seconds) s")
        let objects = try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["line"] as? Int } == Array(1...8))
        #expect(objects[0]["status"] as? String == "optional")
        #expect((objects[1]["error"] as? [String: Any])?["code"] as? Int == 69)
        #expect((objects[2]["error"] as? [String: Any])?["code"] as? Int == 75)
        #expect(objects[3...].allSatisfy { $0["status"] as? String == "none" }, "\(result.stdout)")
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 2, "\(result.stderr)")
        #expect(errors.first?.hasPrefix("versioncheck: error: line 2: \(server.url("/gone.json")): HTTP 404") == true, "\(result.stderr)")
        #expect(errors.last?.hasPrefix("versioncheck: error: line 3: ") == true, "\(result.stderr)")
    }

    /// The helper killed while it holds requests: they fail with 70 naming the helper, at
    /// once, instead of waiting for answers that will never come.
    @Test func aHelperKilledMidBatchFailsItsChecksAtOnce() throws {
        let server = try LoopbackServer(routes: ["/slow.json": [Self.manifest("2.0", delay: 30)]])
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("vc-served-\(UUID().uuidString).log").path
        let helper = try Self.wrapper(log: log)
        let lines = (1...4).map { "manifest --url \(server.url("/slow.json"))?n=\($0) --current 1.0" }
        let killer = Thread {
            // Once the helper holds requests, kill it.
            let until = Date().addingTimeInterval(20)
            while Date() < until && server.requests().count < 2 { Thread.sleep(forTimeInterval: 0.05) }
            if let pid = Self.logLines(log).first?.split(separator: " ").first.flatMap({ Int32($0) }) { kill(pid, SIGKILL) }
        }
        killer.start()
        let started = Date()
        let result = try runProduct(
            "versioncheck", ["batch", "--jobs", "4"], stdin: Data(lines.joined(separator: "\n").utf8),
            environment: ["VERSIONCHECK_FETCH_HELPER": helper], timeout: 40)
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 70, "\(result)")
        #expect(seconds < 15, "the batch took \(seconds) s")
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 4, "\(result.stderr)")
        for (index, error) in errors.enumerated() {
            #expect(error == "versioncheck: error: line \(index + 1): the network helper '\(helper)' ended before answering", "\(error)")
        }
    }

    /// A helper that reads requests and never answers: each check waits only as long as
    /// its own bound (here `--deadline 1` and a few seconds), fails as 75, and the helper
    /// is killed (the batch ends).
    @Test func aHelperThatHangsTimesOutEachCheck() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("vc-served-\(UUID().uuidString).log").path
        let helper = try Self.wrapper(log: log, command: "exec sleep 300")
        let lines = (1...3).map { "manifest --url http://127.0.0.1:9/m\($0).json --current 1.0 --deadline 1" }
        let started = Date()
        let result = try runProduct(
            "versioncheck", ["batch", "--jobs", "3"], stdin: Data(lines.joined(separator: "\n").utf8),
            environment: ["VERSIONCHECK_FETCH_HELPER": helper], timeout: 40)
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 75, "\(result)")
        #expect(seconds < 12, "the batch took \(seconds) s")
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 3, "\(result.stderr)")
        #expect(errors.allSatisfy { $0.contains("the network helper '\(helper)' did not answer within") }, "\(result.stderr)")
        // The helper was stopped, not left behind.
        let pid = try #require(Self.logLines(log).first?.split(separator: " ").first.flatMap { Int32($0) })
        #expect(kill(pid, 0) != 0, "the helper \(pid) is still running")
    }
}

import Foundation
import Testing
import VersionCheckTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `batch` and `outdated` through the built binary (issue 31): output streams in order
/// while later checks still run.
@Suite("Many apps at once: streaming, unlistable folders, feed URLs", .blockingBodies)
struct ManyAppsStreamingEndToEndTests {
    // MARK: streaming

    /// The first line's answer is on stdout while the second line's server is still
    /// stalled: output is written as soon as every earlier line's is, not at the end.
    @Test func theFirstAnswerIsPrintedWhileALaterSourceIsStillStalled() throws {
        let server = try LoopbackServer(routes: [
            "/fast.json": [ManyAppsEndToEndTests.manifest("1.1")], "/stalled.json": [ManyAppsEndToEndTests.manifest("3.0", delay: 30)],
        ])
        let list = try ManyAppsEndToEndTests.file("""
            manifest --url \(server.url("/fast.json")) --current 1.0
            manifest --url \(server.url("/stalled.json")) --current 1.0 --timeout 2 --retries 0

            """)
        let out = list + ".out"
        FileManager.default.createFile(atPath: out, contents: nil)
        let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        defer { try? outHandle.close() }
        let process = Process()
        process.executableURL = TestPaths.executable("versioncheck")
        process.arguments = ["batch", list, "--jobs", "2"]
        process.environment = childEnvironment()
        process.standardOutput = outHandle
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(15)
        var printed = ""
        while Date() < deadline, !printed.contains("\n") {
            printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            if !printed.contains("\n") { usleep(10_000) }
        }
        // Read before the stalled source could answer (30 s) or line 2 time out (2 s).
        let stillRunning = process.isRunning
        process.waitUntilExit()
        #expect(printed.hasPrefix("line 1  1.0 -> 1.1    optional  \(server.url("/fast.json"))\n"), "\(printed)")
        #expect(stillRunning, "versioncheck had ended: its output was not streamed")
        #expect(process.terminationStatus == 75)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckCLI
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// The main process owns its helper: a stand-in (`VERSIONCHECK_FETCH_HELPER`, a small
/// script) that hangs, or exits but leaves a child holding the pipe, is waited for a
/// bounded time and ends as `timeout` (75); one that answers garbage or nothing is 70.
@Suite(.blockingBodies) struct HelperWaitTests {
    /// Writes `body` as an executable shell script; its path.
    private func script(_ name: String, _ body: String) -> String {
        let path = "/tmp/versioncheck-helper-\(getpid())-\(name).sh"
        let text = "#!/bin/sh\n" + body + "\n"
        #expect(throws: Never.self) { try writeExecutable(text, to: path) }
        return path
    }

    /// One fetch through the stand-in: the report or the failure, and how long it took.
    private func fetch(_ path: String) -> (Result<FetchReport, Failure>, Double) {
        defer { unlink(path) }
        let helper = HelperProcess(environment: [HelperProcess.environmentVariable: path])
        let request = FetchRequest(url: "http://127.0.0.1:9/x", timeout: 0.2, retries: 0, userAgent: "test")
        let start = System.monotonicNow()
        let result: Result<FetchReport, Failure>
        do { result = .success(try helper.fetch(request)) } catch { result = .failure(error) }
        return (result, System.monotonicNow().seconds(since: start))
    }

    @Test func theWaitLimitCoversAttemptsAndRetryWaits() {
        let request = FetchRequest(url: "http://127.0.0.1/", timeout: 2, retries: 1, userAgent: "t")
        let limit = HelperProcess.waitLimit(for: request)
        #expect(limit >= 2 * 2 + 60)
        #expect(limit < 200)
    }

    @Test func aHangingHelperIsStoppedAsATimeout() {
        let (result, seconds) = fetch(script("sleep", "exec sleep 30"))
        guard case .success(.failure(let failure)) = result else {
            Issue.record("expected a timeout report, got \(result)")
            return
        }
        #expect(failure.kind == .timeout)
        #expect(seconds < 10)
    }

    @Test func aChildHoldingThePipeDoesNotHoldTheCheck() {
        let (result, seconds) = fetch(script("orphan", "sleep 8 &\nexit 0"))
        guard case .success(.failure(let failure)) = result else {
            Issue.record("expected a timeout report, got \(result)")
            return
        }
        #expect(failure.kind == .timeout)
        #expect(seconds < 7.5)
    }

    @Test func garbageOrSilenceIsAnInternalError() {
        for body in ["echo garbage; echo; echo", "exit 0", "yes flood | head -c 3000000"] {
            let (result, seconds) = fetch(script("bad", body))
            guard case .failure(let failure) = result else {
                Issue.record("expected 70 for \(body), got \(result)")
                continue
            }
            #expect(failure.kind == .internal, "\(body)")
            #expect(seconds < 3, "\(body)")
        }
    }
}

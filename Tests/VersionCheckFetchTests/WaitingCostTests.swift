import Foundation
import Testing
import VersionCheckTestSupport

/// Waiting on the network costs no CPU (CPU time from wait4, as `runMeasured` reports it). A server that accepts the connection
/// and never answers leaves the helper asleep until its timeout, not polling (on
/// Linux, URLSession spun a core doing it: 2.7 s of CPU in 4 s).
@Suite(.blockingBodies) struct WaitingCostTests {
    @Test func aStalledServerLeavesTheHelperAsleep() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(body: "{}", delay: 30)]])
        let stall = 3.0
        let result = try runMeasured(
            "versioncheck-fetch",
            ["--timeout", "3", "--retries", "0", "--user-agent", "t", "--", server.url("/m.json")])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutText.contains("failure timeout"), "\(result.stdoutText)")
        #expect(result.seconds >= stall, "\(result)")
        let cpu = try #require(result.cpuSeconds, "\(result)")
        // Generous (start-up included, a loaded machine, a debug build): the spin cost ~70%.
        #expect(cpu <= 0.25 * stall, "\(cpu) s of CPU in a \(stall) s stall")
        #expect(server.requests().count == 1)
    }
}

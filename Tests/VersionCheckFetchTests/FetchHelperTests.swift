import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport

/// `versioncheck-fetch` on its own: transport only.
@Suite(.blockingBodies) struct FetchHelperTests {
    /// The helper on its own: a request on its command line, a report on stdout.
    @Test func theHelperAnswersWithAReport() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, headers: ["ETag": "\"v1\""], body: #"{"latestVersion": "2.0"}"#)]])
        let result = try runProduct("versioncheck-fetch", FetchRequest(url: server.url("/m.json"), userAgent: "test/1").arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "versioncheck-fetch 1\nstatus 200\nurl \(server.url("/m.json"))\netag \"v1\"\nbody 24\n\n{\"latestVersion\": \"2.0\"}")
        #expect(server.requests().first?.header("User-Agent") == "test/1")
        let misuse = try runProduct("versioncheck-fetch", ["https://example.com/"])
        #expect(misuse.status == 64)
        #expect(misuse.stdout.isEmpty)
    }
}

import Foundation
import Testing
import VersionCheckTestSupport

/// A check started with standard descriptors closed (`versioncheck -q … >&-`, as a
/// launcher may run it) still answers by its exit code: the helper's pipe never takes
/// the place of a closed descriptor (before, the spawn closed the helper's stdout: 70).
@Suite(.blockingBodies) struct ClosedDescriptorsTests {
    @Test(arguments: [">&-", ">&- 2>&-", ">&- 2>&- <&-", "<&-"])
    func aCheckWithClosedStandardDescriptorsStillAnswers(redirections: String) throws {
        let server = try LoopbackServer(routes: ["/lookup": [.init(file: "itunes-ios.json")]])
        let script = "\"$0\" -q lookup --id 1450000001 --current 1.0 --retries 0 --lookup-url \"$1\" \(redirections); echo $? > \"$STATUS\""
        let result = try runInShell(script, arguments: [server.url("/lookup")])
        #expect(result.status == 101, "\(result)")
        #expect(server.requests().count == 1)
    }
}

import Foundation
import Testing
import VersionCheckTestSupport

/// `--explain` says what the cache did (`--check-period`), through the built binary and
/// a loopback server: stored, answered with no request, revalidated.
@Suite("--explain and the cache, end to end", .blockingBodies)
struct ExplainCacheEndToEndTests {
    static func explainLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("explain: cache: ") }
    }

    @Test func theCacheSaysWhetherItAnswered() throws {
        let server = try LoopbackServer(routes: ["/m.json": [
            .init(status: 200, headers: ["ETag": "\"v1\""], body: CacheEndToEndTests.manifest),
            .init(status: 304, body: ""),
        ]])
        let cache = try CacheEndToEndTests.cacheFolder()
        let start = CacheEndToEndTests.start
        func run(at time: Int64) throws -> ProcessResult {
            try runProduct(
                "versioncheck",
                ["manifest", "--url", server.url("/m.json"), "--current", "1.0", "--check-period", "7", "--explain"],
                environment: ["VERSIONCHECK_CACHE_DIR": cache, "VERSIONCHECK_TEST_NOW": String(time)])
        }
        let first = try run(at: start)
        #expect(first.status == 101, "\(first)")
        #expect(Self.explainLines(first.stderr) == [
            "explain: cache: no entry for this URL",
            "explain: cache: the source answered anew; the answer stored",
        ], "\(first.stderr)")

        let second = try run(at: start + 181_440)  // 2.1 days later
        #expect(second.status == 101)
        #expect(Self.explainLines(second.stderr) == [
            "explain: cache: entry of 2026-01-02T03:04:05Z, age 2.1 days, period 7 days, answered; no request",
        ], "\(second.stderr)")
        #expect(server.requests().count == 1)

        let third = try run(at: start + 8 * 86_400)
        #expect(third.status == 101)
        #expect(Self.explainLines(third.stderr) == [
            "explain: cache: entry of 2026-01-02T03:04:05Z, age 8.0 days, period 7 days, expired: revalidating with the source",
            "explain: cache: revalidated: the source answered 304 Not Modified; the entry answered and was renewed",
        ], "\(third.stderr)")
    }
}

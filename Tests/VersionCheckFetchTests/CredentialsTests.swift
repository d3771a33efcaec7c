import Foundation
import Testing
import VersionCheckTestSupport

/// Issue 21: user info in a URL is sent to that origin, and never stored in the cache,
/// nor printed (`alice:***@host` in messages and JSON).
@Suite("Credentials in a URL", .blockingBodies)
struct CredentialsTests {
    static let manifest = #"{"latestVersion": "2.0.0"}"#

    static func cacheFolder() throws -> String {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("vc-cred-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        return parent.appendingPathComponent("cache").path
    }

    @Test func sentNeverStoredNeverPrinted() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(body: Self.manifest)], "/gone.json": [.init(status: 404, body: "")]])
        let cache = try Self.cacheFolder()
        let secretURL = server.url("/m.json").replacingOccurrences(of: "http://", with: "http://alice:s3cret@")
        let first = try runProduct(
            "versioncheck", ["manifest", "--url", secretURL, "--current", "1.0", "--check-period", "1", "--json", "-v"],
            environment: ["VERSIONCHECK_CACHE_DIR": cache])
        #expect(first.status == 101, "\(first)")
        #expect(server.requests().first?.header("Authorization") == "Basic " + Data("alice:s3cret".utf8).base64EncodedString())
        let shown = server.url("/m.json").replacingOccurrences(of: "http://", with: "http://alice:***@")
        #expect(first.stdout.contains(#""source": "\#(shown)""#), "\(first)")
        #expect(!first.stdout.contains("s3cret") && !first.stderr.contains("s3cret"), "\(first)")

        // Nothing in the cache folder holds the password, nor the user.
        let files = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: cache).appendingPathComponent(file))
            #expect(!String(decoding: bytes, as: UTF8.self).contains("s3cret"), "\(file)")
            #expect(!String(decoding: bytes, as: UTF8.self).contains("alice"), "\(file)")
        }

        // The key leaves them out: the same URL without them is the same entry.
        let again = try runProduct(
            "versioncheck", ["manifest", "--url", server.url("/m.json"), "--current", "1.0", "--check-period", "1", "--json"],
            environment: ["VERSIONCHECK_CACHE_DIR": cache])
        #expect(again.stdout.contains(#""cached": true"#), "\(again)")
        #expect(server.requests().count == 1)

        // A failure names the URL with the password masked.
        let gone = server.url("/gone.json").replacingOccurrences(of: "http://", with: "http://alice:s3cret@")
        let failed = try runProduct("versioncheck", ["manifest", "--url", gone, "--current", "1.0", "--retries", "0"])
        #expect(failed.status == 69, "\(failed)")
        #expect(failed.stderr.contains("alice:***@127.0.0.1"), "\(failed)")
        #expect(!failed.stderr.contains("s3cret"), "\(failed)")
    }
}

import Foundation
import Testing
import VersionCheckTestSupport

/// `manifest --url` with a path or a `file://` URL, through the built binary.
@Suite(.blockingBodies) struct ManifestFileTests {
    func temporaryFile(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString).json")
        try data.write(to: url)
        return url
    }

    static func padded(_ size: Int) -> Data {
        let head = Data("{\"latestVersion\": \"1.4.0\", \"padding\": \"".utf8)
        let tail = Data("\"}".utf8)
        return head + Data(repeating: UInt8(ascii: "x"), count: size - head.count - tail.count) + tail
    }

    @Test(arguments: ["manifest-minimal.json", "manifest-full.json", "manifest-iversion.plist", "manifest-binary.plist"])
    func fixturesByPathAndFileURL(name: String) throws {
        let path = TestPaths.fixture(name).path
        for location in [path, "file://" + path] {
            let result = try runProduct("versioncheck", ["manifest", "--url", location, "--current", "0.9", "--json"])
            #expect([100, 101].contains(result.status), "\(location)\n\(result)")
            #expect(result.stdout.contains("\"source\": \"\(location)\""), "\(result)")
            #expect(result.stdout.hasSuffix("\"app\": null}\n"), "\(result)")
        }
    }

    @Test func missingFileIsNotFound() throws {
        let result = try runProduct(
            "versioncheck", ["manifest", "--url", "/nonexistent/manifest.json", "--current", "1.0", "--json"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr == "versioncheck: error: manifest '/nonexistent/manifest.json': no such file\n")
        #expect(result.stdout.contains("\"kind\": \"not-found\""))
    }

    @Test(arguments: [(8 * 1024 * 1024, Int32(100)), (8 * 1024 * 1024 + 1, Int32(76))])
    func theCapAppliesToFiles(size: Int, status: Int32) throws {
        let file = try temporaryFile(Self.padded(size))
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runProduct("versioncheck", ["manifest", "--url", file.path, "--current", "1.0", "--json"])
        #expect(result.status == status, "\(result)")
        if status == 76 { #expect(result.stdout.contains("\"kind\": \"too-large\"")) }
    }

    @Test func gateExitCodes() throws {
        let path = TestPaths.fixture("manifest-full.json").path
        let failed = try runProduct("versioncheck", ["manifest", "--url", path, "--current", "2.1.0", "--gate"])
        #expect(failed.status == 1)
        #expect(failed.stdoutLines.first == "gate failed: 2.1.0 is not newer than the latest 2.1.0")
        let passed = try runProduct("versioncheck", ["manifest", "--url", path, "--current", "2.2.0", "--gate", "--json"])
        #expect(passed.status == 0)
        #expect(passed.stdout.hasSuffix("\"app\": null, \"gate\": true, \"gateReason\": \"2.2.0 is newer than the latest 2.1.0\"}\n"), "\(passed)")
        // --minimum still shapes the status; the exit code is the gate's alone.
        let forced = try runProduct(
            "versioncheck", ["manifest", "--url", path, "--current", "2.2.0", "--gate", "--minimum", "3", "--json"])
        #expect(forced.status == 0)
        #expect(forced.stdout.hasPrefix("{\"status\": \"forced\""), "\(forced)")
    }
}

import Foundation
import Testing
import VersionCheckTestSupport

/// Issue 31: where the cache goes when `HOME` is no home (SPEC.md, "Check period and
/// cache"): `HOME=/nonexistent` (service accounts) and a relative `HOME` give no cache,
/// one warning, and nothing created anywhere; the check still answers.
@Suite("The cache without a usable HOME, end to end", .blockingBodies)
struct CacheHomeEndToEndTests {
    static let manifest = #"{"latestVersion": "2.0.0"}"#

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A check with `--check-period` whose only cache rule is `HOME` (`XDG_CACHE_HOME` empty).
    static func check(_ server: LoopbackServer, home: String) throws -> ProcessResult {
        try runProduct(
            "versioncheck", ["manifest", "--url", server.url("/m.json"), "--current", "1.0", "--check-period", "1"],
            environment: ["HOME": home, "XDG_CACHE_HOME": ""])
    }

    @Test func aHomeThatDoesNotExistIsNotCreated() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, body: Self.manifest)]])
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let home = scratch.appendingPathComponent("nonexistent").path
        let result = try Self.check(server, home: home)
        #expect(result.status == 101, "\(result)")
        #expect(result.stdout.contains("2.0.0"), "\(result)")
        #expect(result.stderr == "versioncheck: warning: no cache directory: HOME ('\(home)') is not an existing folder (set --cache-dir, VERSIONCHECK_CACHE_DIR or XDG_CACHE_HOME); not using the cache\n")
        #expect(!FileManager.default.fileExists(atPath: home), "created \(home)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test func aRelativeHomeCreatesNothingInTheWorkingDirectory() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, body: Self.manifest)]])
        // The child runs in this process's working directory.
        let home = "vc-relative-home-\(UUID().uuidString)"
        let result = try Self.check(server, home: home)
        let created = FileManager.default.currentDirectoryPath + "/" + home
        defer { try? FileManager.default.removeItem(atPath: created) }
        #expect(result.status == 101, "\(result)")
        #expect(result.stderr == "versioncheck: warning: no cache directory: HOME ('\(home)') is not an absolute path (set --cache-dir, VERSIONCHECK_CACHE_DIR or XDG_CACHE_HOME); not using the cache\n")
        #expect(!FileManager.default.fileExists(atPath: created), "created \(created)")
    }

    @Test func aRelativeCacheHomeFallsToAUsableHome() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, body: Self.manifest)]])
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let relative = "vc-relative-xdg-\(UUID().uuidString)"
        let result = try runProduct(
            "versioncheck", ["manifest", "--url", server.url("/m.json"), "--current", "1.0", "--check-period", "1"],
            environment: ["HOME": scratch.path, "XDG_CACHE_HOME": relative])
        #expect(result.status == 101, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/" + relative))
        let cache = scratch.appendingPathComponent(".cache/versioncheck").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).contains { $0.hasSuffix(".entry") })
    }

    /// An explicit choice that is unusable never falls through to HOME's folder.
    @Test func anUnusableExplicitChoiceDoesNotFallThrough() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(status: 200, body: Self.manifest)]])
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("a-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let home = scratch.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
        let result = try runProduct(
            "versioncheck", ["manifest", "--url", server.url("/m.json"), "--current", "1.0", "--check-period", "1"],
            environment: ["HOME": home.path, "XDG_CACHE_HOME": "", "VERSIONCHECK_CACHE_DIR": file])
        #expect(result.status == 101, "\(result)")
        #expect(result.stderr == "versioncheck: warning: cache directory '\(file)' is not a directory; not using the cache\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
    }

    #if os(macOS)
    /// `outdated` with no PATH on macOS: without a usable HOME, ~/Applications is left out with one warning.
    @Test func outdatedLeavesOutApplicationsOfAnUnusableHome() throws {
        let result = try runProduct("versioncheck", ["outdated"], environment: ["HOME": "/nonexistent", "VERSIONCHECK_OFFLINE": "1"])
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("~/Applications") }
        #expect(warnings == ["versioncheck: warning: HOME ('/nonexistent') is not an existing folder: leaving out ~/Applications"], "\(result)")
    }
    #endif
}

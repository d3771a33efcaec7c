import Foundation
import Testing
@testable import VersionCheckCLI
import VersionCheckCore
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// Where the cache lives, and which directories it refuses.
@Suite(.blockingBodies) struct CacheDirectoryTests {
    struct Resolution: Sendable, CustomTestStringConvertible {
        var option: String?
        var environment: [String: String]
        var platform: CacheDirectory.Platform
        var expected: Result<CacheDirectory, CacheDirectoryProblem>
        var testDescription: String { "\(option ?? "-") \(environment.sorted { $0.key < $1.key }) \(platform)" }
    }

    static let home = ["HOME": "/home/u"]

    @Test(arguments: [
        Resolution(option: "/c", environment: ["VERSIONCHECK_CACHE_DIR": "/e", "XDG_CACHE_HOME": "/x", "HOME": "/h"], platform: .linux,
                   expected: .success(CacheDirectory(path: "/c", origin: .option))),
        Resolution(option: "rel/dir/", environment: [:], platform: .linux,
                   expected: .success(CacheDirectory(path: "rel/dir", origin: .option))),
        Resolution(option: "", environment: ["VERSIONCHECK_CACHE_DIR": "/e", "HOME": "/h"], platform: .linux,
                   expected: .success(CacheDirectory(path: "/e", origin: .environment))),
        Resolution(option: nil, environment: ["VERSIONCHECK_CACHE_DIR": "/e/", "XDG_CACHE_HOME": "/x", "HOME": "/h"], platform: .macOS,
                   expected: .success(CacheDirectory(path: "/e", origin: .environment))),
        Resolution(option: nil, environment: ["VERSIONCHECK_CACHE_DIR": "", "XDG_CACHE_HOME": "/x", "HOME": "/h"], platform: .linux,
                   expected: .success(CacheDirectory(path: "/x/versioncheck", origin: .xdg))),
        Resolution(option: nil, environment: ["XDG_CACHE_HOME": "/x/", "HOME": "/h"], platform: .macOS,
                   expected: .success(CacheDirectory(path: "/x/versioncheck", origin: .xdg))),
        Resolution(option: nil, environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"], platform: .linux,
                   expected: .success(CacheDirectory(path: "/h/.cache/versioncheck", origin: .home))),
        Resolution(option: nil, environment: ["XDG_CACHE_HOME": "", "HOME": "/h"], platform: .linux,
                   expected: .success(CacheDirectory(path: "/h/.cache/versioncheck", origin: .home))),
        Resolution(option: nil, environment: ["HOME": "/h/"], platform: .linux,
                   expected: .success(CacheDirectory(path: "/h/.cache/versioncheck", origin: .home))),
        Resolution(option: nil, environment: ["HOME": "/Users/u"], platform: .macOS,
                   expected: .success(CacheDirectory(path: "/Users/u/Library/Caches/versioncheck", origin: .home))),
        Resolution(option: nil, environment: ["HOME": "/"], platform: .linux,
                   expected: .success(CacheDirectory(path: "/.cache/versioncheck", origin: .home))),
        Resolution(option: nil, environment: ["HOME": ""], platform: .linux, expected: .failure(.noHome(.notSet))),
        Resolution(option: nil, environment: [:], platform: .macOS, expected: .failure(.noHome(.notSet))),
        // Issue 31: HOME counts only as an absolute path to an existing folder.
        Resolution(option: nil, environment: ["HOME": "/nonexistent"], platform: .linux,
                   expected: .failure(.noHome(.notAFolder("/nonexistent")))),
        Resolution(option: nil, environment: ["HOME": "/nonexistent"], platform: .macOS,
                   expected: .failure(.noHome(.notAFolder("/nonexistent")))),
        Resolution(option: nil, environment: ["HOME": "home/u"], platform: .linux, expected: .failure(.noHome(.relative("home/u")))),
        Resolution(option: nil, environment: ["HOME": "."], platform: .macOS, expected: .failure(.noHome(.relative(".")))),
        Resolution(option: nil, environment: ["XDG_CACHE_HOME": "cache", "HOME": "h"], platform: .linux,
                   expected: .failure(.noHome(.relative("h")))),
        // An explicit choice decides even when HOME is unusable (it is never consulted).
        Resolution(option: nil, environment: ["XDG_CACHE_HOME": "/x", "HOME": "/nonexistent"], platform: .linux,
                   expected: .success(CacheDirectory(path: "/x/versioncheck", origin: .xdg))),
        Resolution(option: nil, environment: ["VERSIONCHECK_CACHE_DIR": "e", "HOME": "h"], platform: .linux,
                   expected: .success(CacheDirectory(path: "e", origin: .environment))),
    ])
    func resolution(row: Resolution) {
        let folders: Set = ["/h", "/h/", "/home/u", "/Users/u", "/"]
        let resolved = CacheDirectory.resolve(
            option: row.option, environment: row.environment, platform: row.platform, isFolder: { folders.contains($0) })
        #expect(resolved == row.expected)
    }

    @Test func homeIsAskedOfTheFileSystem() throws {
        let scratch = try CacheScratch()
        let file = scratch.path("file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        #expect(HomeFolder.resolve(environment: ["HOME": scratch.root.path + "/"]) == .success(scratch.root.path))
        #expect(HomeFolder.resolve(environment: ["HOME": file]) == .failure(.notAFolder(file)))
        #expect(HomeFolder.resolve(environment: ["HOME": scratch.path("missing")]) == .failure(.notAFolder(scratch.path("missing"))))
    }

    @Test func noHomeIsOneWarningAndNoCache() {
        let lines = CacheLines()
        var store = CacheStore(
            location: CacheDirectory.resolve(option: nil, environment: [:]), now: { 0 }, warn: { lines.warn($0) })
        let found = store.lookup(url: "https://example.com/a.json")
        #expect(found == .absent(.directoryUnusable(.noHome(.notSet))))
        let stored = store.store(url: "https://example.com/a.json", body: [1], entityTag: nil, lastModified: nil, fetchedAt: 0)
        #expect(!stored)
        #expect(lines.warnings == [
            "no cache directory: HOME is not set (set --cache-dir, VERSIONCHECK_CACHE_DIR or XDG_CACHE_HOME); not using the cache",
        ])
    }

    /// What a test makes of the cache directory before using it.
    enum Unsafe: String, CaseIterable, Sendable {
        case symbolicLink, regularFile, groupWritable, otherWritable, worldWritableSticky

        func make(_ path: String, scratch: CacheScratch) throws -> CacheDirectoryProblem {
            let manager = FileManager.default
            switch self {
            case .symbolicLink:
                try manager.createDirectory(atPath: scratch.path("target"), withIntermediateDirectories: false)
                try manager.createSymbolicLink(atPath: path, withDestinationPath: scratch.path("target"))
                return .symbolicLink(path: path)
            case .regularFile:
                try Data("x".utf8).write(to: URL(fileURLWithPath: path))
                return .notADirectory(path: path)
            case .groupWritable, .otherWritable, .worldWritableSticky:
                let mode = self == .groupWritable ? 0o770 : self == .otherWritable ? 0o702 : 0o1777
                try manager.createDirectory(atPath: path, withIntermediateDirectories: false)
                try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
                return .writableByOthers(path: path, permissions: UInt32(mode))
            }
        }
    }

    @Test(arguments: Unsafe.allCases)
    func unsafeDirectoryIsNotUsed(kind: Unsafe) throws {
        let scratch = try CacheScratch()
        let path = scratch.path("cache")
        let problem = try kind.make(path, scratch: scratch)
        try Self.expectRefused(path, problem: problem, scratch: scratch)
    }

    /// Issue 21: `link/.` (and `link/./`) named the link's target, so `O_NOFOLLOW` never saw the link.
    @Test(arguments: ["/.", "/./", "/././", "//."])
    func aSymbolicLinkWithADotAfterItIsStillALink(suffix: String) throws {
        let scratch = try CacheScratch()
        let link = scratch.path("cache")
        _ = try Unsafe.symbolicLink.make(link, scratch: scratch)
        #expect(CacheDirectory(path: link + suffix, origin: .option).path == link)
        try Self.expectRefused(link + suffix, problem: .symbolicLink(path: link), scratch: scratch)
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to give the directory to another user"))
    func directoryOfAnotherUserIsNotUsed() throws {
        let scratch = try CacheScratch()
        let path = scratch.path("cache")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        #expect(chown(path, 65_534, 65_534) == 0)
        try Self.expectRefused(path, problem: .otherOwner(path: path, owner: 65_534, user: 0), scratch: scratch)
    }

    /// Lookup and store both refuse `path` with one warning between them, and nothing is written.
    static func expectRefused(_ path: String, problem: CacheDirectoryProblem, scratch: CacheScratch) throws {
        let lines = CacheLines()
        var store = CacheStore.testing(path, lines: lines)
        let before = FileManager.default.subpaths(atPath: scratch.root.path) ?? []
        let found = store.lookup(url: "https://example.com/a.json")
        #expect(found == .absent(.directoryUnusable(problem)))
        let stored = store.store(url: "https://example.com/a.json", body: [1], entityTag: nil, lastModified: nil, fetchedAt: 0)
        #expect(!stored)
        #expect(lines.warnings == [problem.description])
        #expect(FileManager.default.subpaths(atPath: scratch.root.path) ?? [] == before)
        // A new store (the next run) refuses it again, on a write too.
        let next = CacheLines()
        var again = CacheStore.testing(path, lines: next)
        let storedAgain = again.store(url: "https://example.com/a.json", body: [1], entityTag: nil, lastModified: nil, fetchedAt: 0)
        #expect(!storedAgain)
        #expect(next.warnings == [problem.description])
    }

    @Test func warningsNameThePathAndTheReason() {
        #expect(CacheDirectoryProblem.writableByOthers(path: "/tmp/c", permissions: 0o777).description
            == "cache directory '/tmp/c' is writable by group or others (mode 0777); not using the cache")
        #expect(CacheDirectoryProblem.otherOwner(path: "/tmp/c", owner: 65_534, user: 1000).description
            == "cache directory '/tmp/c' belongs to uid 65534, not to this user (uid 1000); not using the cache")
        #expect(CacheDirectoryProblem.symbolicLink(path: "/tmp/c").description
            == "cache directory '/tmp/c' is a symbolic link; not using the cache")
    }

    @Test func createdOnFirstWriteOnlyWithModes() throws {
        let scratch = try CacheScratch()
        let path = scratch.path("a/b/versioncheck")
        let lines = CacheLines()
        var store = CacheStore.testing(path, lines: lines)
        let foundBefore = store.lookup(url: "https://example.com/a.json")
        #expect(foundBefore == .absent(.noEntry))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("a")))
        let stored = store.store(url: "https://example.com/a.json", body: [1, 2], entityTag: nil, lastModified: nil, fetchedAt: 0)
        #expect(stored)
        for folder in ["a", "a/b", "a/b/versioncheck"] {
            #expect(try CacheScratch.permissions(scratch.path(folder)) == 0o700, "\(folder)")
        }
        let entry = path + "/" + CacheChecksum.fileName(for: "https://example.com/a.json")
        #expect(try CacheScratch.permissions(entry) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == [CacheChecksum.fileName(for: "https://example.com/a.json")])
        #expect(lines.warnings.isEmpty)
    }

    @Test func existingPrivateDirectoryKeepsItsMode() throws {
        let scratch = try CacheScratch()
        let path = scratch.path("cache")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        var store = CacheStore.testing(path)
        let stored = store.store(url: "https://example.com/a.json", body: [1], entityTag: nil, lastModified: nil, fetchedAt: 0)
        #expect(stored)
        #expect(try CacheScratch.permissions(path) == 0o755)
    }

    /// A file where a parent folder should be: the directory cannot be opened (nor created).
    @Test func cannotUseAPathUnderAFile() throws {
        let scratch = try CacheScratch()
        try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.path("file")))
        let path = scratch.path("file/cache")
        let lines = CacheLines()
        var store = CacheStore.testing(path, lines: lines)
        let stored = store.store(url: "https://example.com/a.json", body: [1], entityTag: nil, lastModified: nil, fetchedAt: 0)
        #expect(!stored)
        #expect(lines.warnings == ["cannot open the cache directory '\(path)': Not a directory; not using the cache"])
    }

    @Test(.enabled(if: geteuid() != 0, "root may create folders anywhere"))
    func cannotCreateInAReadOnlyFolder() throws {
        let scratch = try CacheScratch()
        try FileManager.default.createDirectory(atPath: scratch.path("locked"), withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: scratch.path("locked"))
        let path = scratch.path("locked/cache")
        let lines = CacheLines()
        var store = CacheStore.testing(path, lines: lines)
        let stored = store.store(url: "https://example.com/a.json", body: [1], entityTag: nil, lastModified: nil, fetchedAt: 0)
        #expect(!stored)
        #expect(lines.warnings == ["cannot create the cache directory '\(path)': Permission denied; not using the cache"])
    }

    @Test func localManifestsAreNeverCached() throws {
        let scratch = try CacheScratch()
        let lines = CacheLines()
        var store = CacheStore.testing(scratch.path("cache"), lines: lines)
        for url in ["file:///tmp/app.json", "/tmp/app.json", "app.json", "ftp://example.com/a"] {
            let found = store.lookup(url: url)
            #expect(found == .absent(.notCacheable))
            let stored = store.store(url: url, body: [1], entityTag: nil, lastModified: nil, fetchedAt: 0)
            #expect(!stored)
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path("cache")))
        #expect(lines.warnings.isEmpty)
    }
}

import Foundation
import Testing
@testable import VersionCheckCLI
import VersionCheckCore
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// A fresh folder under the temporary directory, removed (permissions restored) on deinit.
final class CacheScratch {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vc-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root.path)
    }

    deinit {
        if let paths = FileManager.default.subpaths(atPath: root.path) {
            for path in paths {
                try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root.appendingPathComponent(path).path)
            }
        }
        try? FileManager.default.removeItem(at: root)
    }

    /// The path of `relative` inside the scratch folder.
    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The permission bits of `path` (not following a symbolic link).
    static func permissions(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }
}

/// Lines a store said, collected from any thread.
final class CacheLines: @unchecked Sendable {
    private let lock = NSLock()
    private var warningLines: [String] = []
    private var logLines: [String] = []

    var warnings: [String] { lock.lock(); defer { lock.unlock() }; return warningLines }
    var logs: [String] { lock.lock(); defer { lock.unlock() }; return logLines }

    func warn(_ line: String) { lock.lock(); warningLines.append(line); lock.unlock() }
    func log(_ line: String) { lock.lock(); logLines.append(line); lock.unlock() }
}

extension CacheStore {
    /// A store over `directory` (origin `--cache-dir`) whose clock says `now`.
    static func testing(_ directory: String, now: Int64 = 1_767_323_045, lines: CacheLines = CacheLines()) -> CacheStore {
        CacheStore(
            location: .success(CacheDirectory(path: directory, origin: .option)), now: { now },
            warn: { lines.warn($0) }, log: { lines.log($0) })
    }
}

import Foundation
import Testing
import VersionCheckTestSupport

/// The security claims of the README that no other test proves: no shell-outs, no
/// files written, credentials never shown, not even in errors or with `--json`.
@Suite("Hostile input: security claims", .blockingBodies)
struct HostileSecurityTests {
    /// The modules linked into the two programs users run (not the benchmark tool).
    static let shipped = [
        "VersionCheckCore", "VersionCheckSources", "VersionCheckPlatform", "VersionCheckCommandLine", "VersionCheckPipeline",
        "VersionCheckCLI", "VersionCheckFetch", "VersionCheckBuildInfo",
        "versioncheck", "versioncheck-fetch",
    ]

    /// Every Swift and C file of the shipped modules.
    static func sources() throws -> [(path: String, text: String)] {
        let root = TestPaths.packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .filter { ["swift", "c", "h"].contains($0.pathExtension) }
            .filter { url in Self.shipped.contains { url.path.hasPrefix(root.appendingPathComponent($0).path + "/") } } ?? []
        return try files.map { ($0.path.replacingOccurrences(of: root.path + "/", with: ""), try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// No shell and no other program: the only children are the helper and the detached
    /// background refresh (versioncheck itself), by absolute path: with `posix_spawn`
    /// (never the PATH-searching `posix_spawnp`, never `fork`, `clone` or an `exec`) in two
    /// files, the helper's and the refresh's. No C file but the build-info stamp.
    @Test func noShellOuts() throws {
        let files = try Self.sources()
        #expect(files.count > 20)
        #expect(files.filter { $0.path.hasSuffix(".c") }.map(\.path) == ["VersionCheckBuildInfo/BuildInfo.c"])
        let spawning = ["VersionCheckPlatform/System+Process.swift": 1, "VersionCheckPlatform/System+Detached.swift": 1]
        // Whole words: `runProcess(` is not `Process(`.
        let banned = [
            "system", "popen", "Process", "posix_spawnp", "fork", "vfork", "clone", "syscall", "execv", "execvp", "execlp", "execl",
            "execve", "execvpe", "NSTask",
        ]
        for (path, text) in files {
            let calls = Self.calls(in: text)
            for word in banned {
                #expect(calls[word] == nil, "\(path) calls \(word)")
            }
            #expect(!text.contains("/bin/sh"), "\(path) names a shell")
            #expect(calls["posix_spawn", default: 0] == spawning[path, default: 0], "\(path) calls posix_spawn \(calls["posix_spawn", default: 0]) times")
        }
    }

    /// How often each identifier in `text` is followed by `(` (white space between
    /// allowed): `fork (` and `fork(` are calls of `fork`, `runProcess(` is one of
    /// `runProcess`. One pass over the bytes (a `Regex` per word and file took 4 s).
    static func calls(in text: String) -> [String: Int] {
        func isIdentifier(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte >= 0x80
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        let bytes = Array(text.utf8)
        var counts: [String: Int] = [:]
        var index = 0
        while index < bytes.count {
            guard isIdentifier(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, isIdentifier(bytes[index]) { index += 1 }
            var next = index
            while next < bytes.count, isSpace(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: "(") {
                counts[String(decoding: bytes[start..<index], as: UTF8.self), default: 0] += 1
            }
        }
        return counts
    }

    /// The scanner behind `noShellOuts` finds what a regular expression of whole words would.
    @Test func callsAreWholeWordsFollowedByAParenthesis() {
        let calls = Self.calls(in: "x = fork();\nrunProcess(a)\nposix_spawn (p, q) /* execve */ execve\t(\"/x\")\nProcess.run()")
        #expect(calls == ["fork": 1, "runProcess": 1, "posix_spawn": 1, "execve": 1, "run": 1])
    }

    /// A check over HTTP (whose server sets a cookie and allows caching), one from a file,
    /// a sort and a failure leave no file in any folder the process could write to:
    /// working directory, HOME, TMPDIR, XDG cache. (On Linux, Foundation's URLSession
    /// creates two empty directories on first use, `$XDG_CACHE_HOME/org.swift.foundation.URLCache/NAME`
    /// and `~/.local/share/NAME`, for its shared cache and cookie store, which the
    /// check's session never uses: those may exist, empty.)
    @Test func noFilesWritten() throws {
        let cached = LoopbackServer.Response(
            headers: ["Set-Cookie": "session=abc; Max-Age=3600; Path=/", "Cache-Control": "public, max-age=3600"],
            file: "itunes-ios.json")
        let server = try LoopbackServer(routes: ["/lookup": [cached]])
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-nowrite-\(UUID().uuidString)")
        let folders = ["cwd", "home", "tmp", "cache"].map { base.appendingPathComponent($0) }
        for folder in folders { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(at: base) }
        let environment = ["HOME": folders[1].path, "TMPDIR": folders[2].path, "XDG_CACHE_HOME": folders[3].path]
        let binary = TestPaths.executable("versioncheck").path
        let runs: [[String]] = [
            ["lookup", "--id", "1450000001", "--lookup-url", server.url("/lookup"), "--current", "1.0", "-v"],
            ["lookup", "--id", "1450000001", "--lookup-url", server.url("/lookup"), "--current", "1.0", "--json"],
            ["manifest", "--url", TestPaths.fixture("manifest-full.json").path, "--current", "1.0", "--json"],
            ["manifest", "--url", server.url("/missing.json"), "--current", "1.0"],
            ["sort", "1.2", "1.10"],
        ]
        for arguments in runs {
            // `cd` first: the tool must not write into its working directory either.
            let script = ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", folders[0].path, binary] + arguments
            let result = try runMeasured(URL(fileURLWithPath: "/bin/sh"), script.map { Array($0.utf8) }, environment: environment)
            #expect([0, 69, 100, 101].contains(result.status), "\(arguments): \(result)")
        }
        for folder in folders {
            let entries = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey])?
                .compactMap { $0 as? URL } ?? []
            let files = entries.filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true }
            #expect(files.isEmpty, "\(folder.lastPathComponent) holds \(files.map(\.path))")
        }
    }

    /// User-info in a URL never reaches stderr or stdout: not in -v lines, not in errors,
    /// not in `--json` error objects or the `source` of a report.
    @Test(arguments: [
        (["--retries", "1", "-v"], Int32(75)),
        (["--retries", "0", "--json"], Int32(75)),
    ])
    func credentialsNeverShown(options: [String], status: Int32) throws {
        let server = try LoopbackServer(routes: ["/lookup": [.init(status: 503, headers: ["Retry-After": "0"], body: "")]])
        let url = "http://alice:s3cr3t-pass@127.0.0.1:\(server.port)/lookup"
        let result = try runMeasured("versioncheck", ["lookup", "--id", "1", "--lookup-url", url, "--current", "1.0"] + options)
        #expect(result.status == status, "\(result)")
        #expect(!result.stderrText.isEmpty)
        for text in [result.stdoutText, result.stderrText] {
            // The password never; the user only as `alice:***@` (SPEC: messages show `user:***@host`).
            #expect(!text.contains("s3cr3t-pass"), "\(result)\n--- stdout\n\(result.stdoutText)")
            #expect(text.components(separatedBy: "alice").count == text.components(separatedBy: "alice:***@").count)
        }
        #expect(result.stderrText.contains("alice:***@127.0.0.1"), "\(result)")
    }

    @Test func credentialsNeverShownInAReport() throws {
        let server = try LoopbackServer()
        let url = "http://alice:s3cr3t-pass@127.0.0.1:\(server.port)/fixtures/manifest-full.json"
        let result = try runMeasured("versioncheck", ["manifest", "--url", url, "--current", "1.0", "--json"])
        #expect(result.status == 101, "\(result)")
        #expect(result.stdoutText.contains("\"source\": \"http://alice:***@127.0.0.1:\(server.port)/fixtures/manifest-full.json\""), "\(result.stdoutText)")
        #expect(!result.stdoutText.contains("s3cr3t-pass") && !result.stderrText.contains("s3cr3t-pass"))
    }
}

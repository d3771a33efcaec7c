import Foundation
import Testing
import VersionCheckTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `batch` and `outdated` through the built binary (issue 31): output streams in order
/// while later checks still run, a folder that cannot be listed is a failure in its
/// place, a bundle's `SUFeedURL` is held to the URL rules and never read from the disk,
/// a batch file may start with a byte order mark.
@Suite("Many apps at once: streaming, unlistable folders, feed URLs", .blockingBodies)
struct ManyAppsStreamingEndToEndTests {
    // MARK: streaming

    /// The first line's answer is on stdout while the second line's server is still
    /// stalled: output is written as soon as every earlier line's is, not at the end.
    @Test func theFirstAnswerIsPrintedWhileALaterSourceIsStillStalled() throws {
        let server = try LoopbackServer(routes: [
            "/fast.json": [ManyAppsEndToEndTests.manifest("1.1")], "/stalled.json": [ManyAppsEndToEndTests.manifest("3.0", delay: 30)],
        ])
        let list = try ManyAppsEndToEndTests.file("""
            manifest --url \(server.url("/fast.json")) --current 1.0
            manifest --url \(server.url("/stalled.json")) --current 1.0 --timeout 4 --retries 0

            """)
        let out = list + ".out"
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        defer { try? outHandle.close() }
        let process = Process()
        process.executableURL = TestPaths.executable("versioncheck")
        process.arguments = ["batch", list, "--jobs", "2"]
        process.environment = childEnvironment()
        process.standardOutput = outHandle
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        let deadline = Date().addingTimeInterval(15)
        var printed = ""
        while Date() < deadline, !printed.contains("\n") {
            printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            if !printed.contains("\n") { usleep(10_000) }
        }
        // Read before the stalled source could answer (30 s) or line 2 time out (4 s):
        // printed at the end, line 1 could not be read before 4 s.
        let stillRunning = process.isRunning
        let seconds = Date().timeIntervalSince(started)
        process.waitUntilExit()
        #expect(printed.hasPrefix("line 1  1.0 -> 1.1    optional  \(server.url("/fast.json"))\n"), "\(printed)")
        #expect(stillRunning, "versioncheck had ended: its output was not streamed")
        #expect(seconds < 4, "line 1 read after \(seconds) s")
        #expect(process.terminationStatus == 75)
    }

    // MARK: folders that cannot be listed

    /// How to run a command as a user for whom a mode 000 folder cannot be listed: as is
    /// when not root; as root, through `setpriv` as nobody (util-linux). Nil when neither
    /// is possible (root without setpriv, or a temporary folder others cannot search), and
    /// the tests that need it are skipped.
    static let unprivileged: [String]? = {
        if getuid() != 0 { return [] }
        let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let setpriv else { return nil }
        // The test's folders are made in the temporary folder, which that user must be able to search.
        var info = stat()
        guard stat(FileManager.default.temporaryDirectory.path, &info) == 0, info.st_mode & 0o001 != 0 else { return nil }
        let prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
        // The built binary must be reachable by that user (a home folder of mode 700 is not).
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: setpriv)
        probe.arguments = Array(prefix.dropFirst()) + [TestPaths.executable("versioncheck").path, "--version"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return nil }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? prefix : nil
    }()

    /// Runs versioncheck `arguments` as `unprivileged` says.
    static func runUnprivileged(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let prefix = try #require(unprivileged)
        guard let program = prefix.first else {
            let result = try runProduct("versioncheck", arguments)
            return (result.status, result.stdout, result.stderr)
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vc-unprivileged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let command = ([program] + prefix.dropFirst() + [TestPaths.executable("versioncheck").path] + arguments)
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Streams to files of the caller (root): the child writes to descriptors it was given.
        process.arguments = ["-c", command + " >'\(scratch.path)/out' 2>'\(scratch.path)/err' </dev/null"]
        process.environment = childEnvironment()
        try process.run()
        process.waitUntilExit()
        let stdout = (try? Data(contentsOf: scratch.appendingPathComponent("out"))) ?? Data()
        let stderr = (try? Data(contentsOf: scratch.appendingPathComponent("err"))) ?? Data()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    /// A folder of apps readable by everyone, holding `A.app`, `Locked/` (mode 000, with
    /// an app inside) and `Z.app`; none has a source, so nothing asks the network.
    static func folderWithALockedOne() throws -> (apps: String, locked: String) {
        let apps = FileManager.default.temporaryDirectory.appendingPathComponent("vc-locked-\(UUID().uuidString)").path
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>CFBundleShortVersionString</key><string>1.0</string><key>CFBundleVersion</key><string>1</string>
            </dict></plist>
            """
        for app in ["A.app", "Locked/Hidden.app", "Z.app"] {
            try FileManager.default.createDirectory(atPath: apps + "/" + app + "/Contents", withIntermediateDirectories: true)
            try Data(plist.utf8).write(to: URL(fileURLWithPath: apps + "/" + app + "/Contents/Info.plist"))
        }
        chmod(apps, 0o755)
        chmod(apps + "/Locked", 0)
        return (apps, apps + "/Locked")
    }

    @Test(.enabled(if: unprivileged != nil, "needs a user for whom a mode 000 folder cannot be listed: not root, or setpriv"))
    func aFolderThatCannotBeListedIsAFailureInItsPlace() throws {
        let (apps, locked) = try Self.folderWithALockedOne()
        defer { chmod(locked, 0o755) }
        let text = try Self.runUnprivileged(["outdated", apps, "--all"])
        #expect(text.status == 66, "\(text)")
        #expect(text.stderr == "versioncheck: error: \(locked): cannot list: Permission denied\n", "\(text.stderr)")
        #expect(text.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) } == ["A", "Z"], "\(text.stdout)")
        let json = try Self.runUnprivileged(["outdated", apps, "--all", "--json"])
        #expect(json.status == 66, "\(json)")
        let objects = try ManyAppsEndToEndTests.objects(json.stdout)
        #expect(objects.map { $0["path"] as? String } == [apps + "/A.app", locked, apps + "/Z.app"])
        #expect((objects[1]["error"] as? [String: Any])?["code"] as? Int == 66)
        // Without --all: nothing on stdout, but the folder is still reported and the run is not "up to date".
        let quiet = try Self.runUnprivileged(["outdated", apps])
        #expect(quiet.status == 66 && quiet.stdout.isEmpty, "\(quiet)")
        // PATH itself.
        let itself = try Self.runUnprivileged(["outdated", locked])
        #expect(itself.status == 66, "\(itself)")
        #expect(itself.stderr == "versioncheck: error: \(locked): cannot list: Permission denied\n", "\(itself.stderr)")
    }

    // MARK: SUFeedURL

    /// A bundle whose `SUFeedURL` is `feed`, in a fresh folder.
    static func bundle(feed: String, name: String = "Feed") throws -> String {
        let apps = FileManager.default.temporaryDirectory.appendingPathComponent("vc-feed-\(UUID().uuidString)").path
        let contents = apps + "/\(name).app/Contents"
        try FileManager.default.createDirectory(atPath: contents, withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>CFBundleName</key><string>\(name)</string>
            <key>CFBundleShortVersionString</key><string>1.0</string><key>CFBundleVersion</key><string>100</string>
            <key>SUFeedURL</key><string>\(feed)</string>
            </dict></plist>
            """.utf8).write(to: URL(fileURLWithPath: contents + "/Info.plist"))
        return apps
    }

    @Test(arguments: [
        ("file:///etc/passwd", "a file: URL is not fetched"),
        ("appcast.xml", "not an absolute URL"),
        ("../../etc/passwd", "not an absolute URL"),
        ("/etc/passwd", "not an absolute URL"),
        ("data:text/xml,rss", "not an absolute URL"),
        ("javascript:alert(1)", "not an absolute URL"),
        ("ftp://example.com/appcast.xml", "a ftp: URL is not fetched"),
        ("https://", "no host"),
        ("https://exa mple.com/appcast.xml", "not an absolute URL"),
    ])
    func aFeedURLThatIsNotAWebURLIsThatAppsFailureAndNeverRead(feed: String, why: String) throws {
        let apps = try Self.bundle(feed: feed)
        // A file the relative values would name, from the working folder the test runs in.
        let result = try runProduct("versioncheck", ["outdated", apps, "--all"])
        #expect(result.status == 65, "\(feed): \(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("versioncheck: error: Feed: SUFeedURL '\(feed)' in its Info.plist: \(why)"), "\(result.stderr)")
        #expect(!result.stderr.contains("root:"), "the file was read: \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aPlainHTTPFeedElsewhereIsSkippedUnlessAllowInsecure() throws {
        let apps = try Self.bundle(feed: "http://updates.example.invalid/appcast.xml", name: "Old")
        let skipped = try runProduct("versioncheck", ["outdated", apps])
        #expect(skipped.status == 0, "\(skipped)")
        #expect(skipped.stdout == "")
        #expect(!skipped.stderr.contains("error"), "\(skipped.stderr)")
        let listed = try runProduct("versioncheck", ["outdated", apps, "--all", "--json"])
        let objects = try ManyAppsEndToEndTests.objects(listed.stdout)
        #expect(objects.first?["status"] as? String == "skipped")
        #expect(objects.first?["reason"] as? String == "insecure feed http://updates.example.invalid/appcast.xml; --allow-insecure checks it")
        // With --allow-insecure it is checked (and, offline, fails as a check: not a usage error).
        let checked = try runProduct(
            "versioncheck", ["outdated", apps, "--allow-insecure", "--retries", "0", "--timeout", "2"],
            environment: ["VERSIONCHECK_OFFLINE": "1"])
        #expect(![0, 64, 65].contains(checked.status), "\(checked)")
        #expect(checked.stderr.hasPrefix("versioncheck: error: Old: "), "\(checked.stderr)")
    }

    // MARK: batch file edges

    @Test func aByteOrderMarkBeforeTheFirstLineIsIgnored() throws {
        let server = try LoopbackServer(routes: ["/m.json": [ManyAppsEndToEndTests.manifest("1.1")]])
        let text = "\u{FEFF}manifest --url \(server.url("/m.json")) --current 1.0\n\nmanifest --url \(server.url("/m.json")) --current 1.1\n"
        let list = try ManyAppsEndToEndTests.file(text)
        let fromFile = try runProduct("versioncheck", ["batch", list, "--all"])
        #expect(fromFile.status == 100, "\(fromFile)")
        #expect(fromFile.stdout.hasPrefix("line 1  1.0 -> 1.1    optional    "), "\(fromFile.stdout)")
        #expect(fromFile.stdout.contains("line 3  1.1           up to date  "), "\(fromFile.stdout)")
        let fromStdin = try runProduct("versioncheck", ["batch"], stdin: Data(text.utf8))
        #expect(fromStdin.status == 100, "\(fromStdin)")
    }
}

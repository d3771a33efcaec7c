import Foundation
import Testing
import VersionCheckTestSupport

/// `outdated` and `batch` through the built binary, against the fixture server on
/// loopback: source selection per bundle kind, name and discovery rules, order, exit
/// codes, `--all`, JSON Lines, the progress line, concurrency at the server.
@Suite("Many apps at once, end to end", .blockingBodies)
struct ManyAppsEndToEndTests {
    /// `Fixtures/Applications` copied to a fresh folder with the server's port in its
    /// Sparkle feeds (`Tests/LoopbackServer/stage-applications.sh`).
    static func stageApplications(port: Int) throws -> String {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("vc-apps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let folder = parent.appendingPathComponent("Applications").path
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/bin/sh")
        script.arguments = [
            TestPaths.packageRoot.appendingPathComponent("Tests/LoopbackServer/stage-applications.sh").path, String(port), folder,
        ]
        try script.run()
        script.waitUntilExit()
        #expect(script.terminationStatus == 0)
        return folder
    }

    /// A file of `text` in a fresh folder.
    static func file(_ text: String, named name: String = "checks.txt") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func environment(_ server: LoopbackServer, _ extra: [String: String] = [:]) -> [String: String] {
        ["VERSIONCHECK_LOOKUP_URL": server.url("/lookup")].merging(extra) { $1 }
    }

    /// The JSON objects of JSON Lines output.
    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    // MARK: outdated over the fixture tree

    @Test func outdatedChecksEachBundleAgainstItsOwnSource() throws {
        let server = try LoopbackServer()
        let apps = try Self.stageApplications(port: server.port)
        let result = try runProduct("versioncheck", ["outdated", apps], environment: Self.environment(server))
        let lookup = server.url("/lookup")
        let feeds = server.url("/fixtures/")
        #expect(result.status == 101, "\(result)")
        // Console Helper has no source: skipped, listed with --all, counted here.
        #expect(result.stderr == "versioncheck: 1 app skipped; --all lists them and why\n")
        #expect(result.stdout == """
            Clipboard      3.9  -> 3.10   optional  \(lookup)?bundleId=com.example.clipboard&country=us&entity=macSoftware
            Example Notes  5209 -> 7000   optional  \(feeds)appcast-sparkle2.xml
            Notes          2.4  -> 2.4.1  optional  \(lookup)?bundleId=com.example.notes&country=us
            Clipper        2.0  -> 2.1    forced    \(feeds)appcast-sparkle1.xml

            """)
        // One request per checked app: never the helper inside Suite.app, the app four
        // levels down, or the symbolic link to Notes.app (which would ask for it twice).
        let asked = server.requests().map { $0.path + ($0.query.isEmpty ? "" : "?" + $0.query) }.sorted()
        #expect(asked == [
            "/fixtures/appcast-sparkle1.xml", "/fixtures/appcast-sparkle2.xml", "/fixtures/appcast-sparkle2.xml",
            "/lookup?bundleId=com.example.clipboard&country=us&entity=macSoftware", "/lookup?bundleId=com.example.notes&country=us",
        ])
    }

    @Test func allListsUpToDateAndSkippedAppsInTheSameColumns() throws {
        let server = try LoopbackServer()
        let apps = try Self.stageApplications(port: server.port)
        let result = try runProduct("versioncheck", ["outdated", "--all", apps], environment: Self.environment(server))
        #expect(result.status == 101, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.map { String($0.prefix(16)) } == [
            "Clipboard       ", "Example Notes   ", "Notes           ", "Suite           ", "Console Helper  ", "Clipper         ",
        ])
        #expect(lines[3].hasPrefix("Suite           7000           up to date  \(server.url("/fixtures/appcast-sparkle2.xml"))"))
        #expect(lines[4] == "Console Helper                 skipped (no SUFeedURL, Mac App Store receipt, app-update.yml or iOS platform)")
    }

    /// `--ignore ID` leaves an app out; `--ignore ID@VERSION` only while its latest is
    /// VERSION, compared as its check compares (a build number for a Sparkle app); IDs
    /// match in any ASCII case; `VERSIONCHECK_IGNORE` adds more; neither counts as skipped.
    @Test func ignoredAppsAreLeftOutUntilANewerReleaseShowsThemAgain() throws {
        let server = try LoopbackServer()
        let apps = try Self.stageApplications(port: server.port)
        let ignoring = try runProduct(
            "versioncheck", ["outdated", apps, "--ignore", "com.example.clipboard", "--ignore", "COM.EXAMPLE.NOTES.MAC@7000"],
            environment: Self.environment(server))
        #expect(ignoring.status == 101, "\(ignoring)")
        #expect(ignoring.stdout.split(separator: "\n").map { String($0.prefix(7)) } == ["Notes  ", "Clipper"], "\(ignoring.stdout)")
        #expect(ignoring.stderr == "versioncheck: 1 app skipped; --all lists them and why\n")
        // The ignored version is a build number: 7000, not its display version.
        let all = try runProduct(
            "versioncheck", ["outdated", apps, "--all", "--json", "--ignore", "com.example.clipboard", "--ignore", "com.example.notes.mac@7000"],
            environment: Self.environment(server))
        let objects = try Self.objects(all.stdout)
        #expect(objects.map { $0["status"] as? String } == ["skipped", "skipped", "optional", "none", "skipped", "forced"])
        #expect(objects.filter { $0["status"] as? String == "skipped" }.map { $0["reason"] as? String } == [
            "ignored", "ignored", "no SUFeedURL, Mac App Store receipt, app-update.yml or iOS platform",
        ])
        #expect(all.stderr == "")
        // A newer release than the one ignored shows the app again.
        let newer = try runProduct(
            "versioncheck", ["outdated", apps, "--ignore", "com.example.notes.mac@6999"], environment: Self.environment(server))
        #expect(newer.stdout.contains("Example Notes  5209 -> 7000   optional"), "\(newer.stdout)")
        // From the environment: items trimmed, empty ones dropped.
        let environment = try runProduct(
            "versioncheck", ["outdated", apps],
            environment: Self.environment(server, ["VERSIONCHECK_IGNORE": " com.example.clipper , ,com.example.clipboard"]))
        #expect(environment.status == 100, "\(environment)")
        #expect(!environment.stdout.contains("Clipper") && !environment.stdout.contains("Clipboard"), "\(environment.stdout)")
    }

    @Test func aBadIgnoreIsRefusedBeforeAnyRequest() throws {
        let server = try LoopbackServer()
        let apps = try Self.stageApplications(port: server.port)
        let empty = try runProduct("versioncheck", ["outdated", apps, "--ignore", "@1.0"], environment: Self.environment(server))
        #expect(empty.status == 64, "\(empty)")
        let invalid = try runProduct(
            "versioncheck", ["outdated", apps], environment: Self.environment(server, ["VERSIONCHECK_IGNORE": "com.example.notes@"]))
        #expect(invalid.status == 64, "\(invalid)")
        #expect(invalid.stderr.hasPrefix("versioncheck: error: VERSIONCHECK_IGNORE 'com.example.notes@': "), "\(invalid.stderr)")
        // A VERSION that no reading accepts (Sparkle's included) is 65.
        let unreadable = try runProduct("versioncheck", ["outdated", apps, "--ignore", "com.example.notes@ "], environment: Self.environment(server))
        #expect(unreadable.status == 65, "\(unreadable)")
        #expect(unreadable.stderr.hasPrefix("versioncheck: error: --ignore 'com.example.notes@ ': "), "\(unreadable.stderr)")
        #expect(server.requests().isEmpty)
    }

    @Test func jsonLinesNameEveryAppWithItsPathInPathOrder() throws {
        let server = try LoopbackServer()
        let apps = try Self.stageApplications(port: server.port)
        let all = try runProduct("versioncheck", ["outdated", apps, "--all", "--json"], environment: Self.environment(server))
        #expect(all.status == 101, "\(all)")
        let objects = try Self.objects(all.stdout)
        #expect(objects.map { $0["name"] as? String } == ["Clipboard", "Example Notes", "Notes", "Suite", "Console Helper", "Clipper"])
        #expect(objects.map { $0["path"] as? String } == [
            "Clipboard.app", "Example Notes.app", "Notes.app", "Suite.app", "Utilities/Console Helper.app",
            "Utilities/Sparkle Tools/Clipper Legacy.app",
        ].map { apps + "/" + $0 })
        #expect(objects.map { $0["status"] as? String } == ["optional", "optional", "optional", "none", "skipped", "forced"])
        #expect(objects[4]["reason"] as? String == "no SUFeedURL, Mac App Store receipt, app-update.yml or iOS platform")
        #expect(objects[0]["current"] as? String == "3.9" && objects[0]["latest"] as? String == "3.10")
        // Sparkle apps are compared by CFBundleVersion, and report the build numbers.
        #expect(objects[1]["current"] as? String == "5209" && objects[1]["latest"] as? String == "7000")
        #expect(all.stdout.hasPrefix(#"{"name": "Clipboard", "path": ""#))
        // Without --all: only the apps with an update.
        let updates = try runProduct("versioncheck", ["outdated", apps, "--json"], environment: Self.environment(server))
        #expect(try Self.objects(updates.stdout).map { $0["name"] as? String } == ["Clipboard", "Example Notes", "Notes", "Clipper"])
    }

    @Test func aBundleFoundTwiceIsCheckedOnceAndABundleMayBeGivenItself() throws {
        let server = try LoopbackServer()
        let apps = try Self.stageApplications(port: server.port)
        let result = try runProduct(
            "versioncheck", ["outdated", apps + "/Utilities", apps + "/Utilities/", apps + "/Notes.app", "--all"],
            environment: Self.environment(server))
        #expect(result.status == 101, "\(result)")
        let names = result.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        // Sorted by path: .../Notes.app before .../Utilities/...; levels count from each PATH,
        // so Utilities/Sparkle Tools/Old/Too Deep.app is three levels below Utilities.
        #expect(names == ["Notes", "Console", "Clipper", "Too"], "\(result.stdout)")
        #expect(server.requests().count == 3)
    }

    @Test func anUnreadableBundleAndAFailingFeedAreFailuresInPathOrder() throws {
        let server = try LoopbackServer()
        let apps = try Self.stageApplications(port: server.port)
        // A bundle with no Info.plist (66) before the apps, a feed that is gone (69) after them.
        try FileManager.default.createDirectory(atPath: apps + "/A Broken.app/Contents", withIntermediateDirectories: true)
        let gone = apps + "/Utilities/Gone.app/Contents"
        try FileManager.default.createDirectory(atPath: gone, withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>CFBundleName</key><string>Gone</string><key>CFBundleShortVersionString</key><string>1.0</string>
            <key>CFBundleVersion</key><string>100</string><key>SUFeedURL</key><string>\(server.url("/gone.xml"))</string>
            </dict></plist>
            """.utf8).write(to: URL(fileURLWithPath: gone + "/Info.plist"))
        let result = try runProduct("versioncheck", ["outdated", apps, "--json"], environment: Self.environment(server))
        #expect(result.status == 66, "\(result)")
        let errors = result.stderr.split(separator: "\n")
        // Two failures in path order, then the count of the apps skipped (Console Helper).
        #expect(errors.count == 3, "\(result.stderr)")
        #expect(errors.last == "versioncheck: 1 app skipped; --all lists them and why")
        #expect(errors[0].hasPrefix("versioncheck: error: A Broken: '\(apps)/A Broken.app': a folder with no Contents/Info.plist"))
        #expect(errors[1].hasPrefix("versioncheck: error: Gone: \(server.url("/gone.xml")): HTTP 404"))
        let objects = try Self.objects(result.stdout)
        #expect(objects.first?["name"] as? String == "A Broken")
        #expect((objects.first?["error"] as? [String: Any])?["code"] as? Int == 66)
        // The other apps are still answered, in their places (Utilities/Gone.app before Utilities/Sparkle Tools/…).
        #expect(objects.map { $0["name"] as? String } == ["A Broken", "Clipboard", "Example Notes", "Notes", "Gone", "Clipper"])
        #expect((objects[4]["error"] as? [String: Any])?["code"] as? Int == 69)
        // Without the broken bundle, the first failure is the feed's.
        try FileManager.default.removeItem(atPath: apps + "/A Broken.app")
        let second = try runProduct("versioncheck", ["outdated", apps], environment: Self.environment(server))
        #expect(second.status == 69, "\(second)")
    }

    @Test func aDailyCheckPeriodAnswersFromTheCacheWithoutARequest() throws {
        let server = try LoopbackServer()
        let apps = try Self.stageApplications(port: server.port)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("vc-cache-\(UUID().uuidString)/cache").path
        let environment = Self.environment(server, ["VERSIONCHECK_CACHE_DIR": cache])
        let first = try runProduct("versioncheck", ["outdated", apps, "--check-period", "1"], environment: environment)
        #expect(first.status == 101, "\(first)")
        let asked = server.requests().count
        // Five checks; the two apps of one feed may share its answer (4 requests).
        #expect((4...5).contains(asked), "\(asked)")
        let second = try runProduct("versioncheck", ["outdated", apps, "--check-period", "1", "--json"], environment: environment)
        #expect(second.status == 101, "\(second)")
        #expect(server.requests().count == asked)
        #expect(try Self.objects(second.stdout).allSatisfy { $0["cached"] as? Bool == true })
    }

    @Test func optionsThatNameOneAppAreUsageErrors() throws {
        for option in [["--current", "1.0"], ["--current-from", "x.app"], ["--url", "x"], ["--id", "1"], ["--bundle-id", "x"],
                       ["--skip", "1"], ["--minimum", "1"], ["--gate"], ["--current-key", "build"], ["--appcast-version", "build"]] {
            let result = try runProduct("versioncheck", ["outdated", "/tmp"] + option)
            #expect(result.status == 64, "\(option): \(result)")
            #expect(result.stderr.contains("'\(option[0])' is not valid for 'outdated'"), "\(result.stderr)")
        }
        let missing = try runProduct("versioncheck", ["outdated", "/no/such/folder"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "versioncheck: error: outdated '/no/such/folder': no such file or folder\n")
        #if !os(macOS)
        let noPath = try runProduct("versioncheck", ["outdated"])
        #expect(noPath.status == 64)
        #expect(noPath.stderr.contains("outdated needs a PATH"))
        #endif
    }

    // MARK: batch

    /// A manifest route answering `latest` after `delay` seconds.
    static func manifest(_ latest: String, delay: Double? = nil, critical: Bool = false) -> LoopbackServer.Response {
        .init(body: #"{"latestVersion": "\#(latest)", "critical": \#(critical)}"#, delay: delay)
    }

    @Test func resultsArePrintedInLineOrderWhateverOrderTheyFinishIn() throws {
        // The first line answers last, the last first.
        let server = try LoopbackServer(routes: [
            "/a.json": [Self.manifest("1.1", delay: 0.6)], "/b.json": [Self.manifest("2.0", delay: 0.4)],
            "/c.json": [Self.manifest("3.0.1", delay: 0.2)], "/d.json": [Self.manifest("4.0", delay: 0)],
        ])
        let list = try Self.file("""
            manifest --url \(server.url("/a.json")) --current 1.0
            # a comment, then a blank line

            manifest --url '\(server.url("/b.json"))' --current 2.0
            manifest --url "\(server.url("/c.json"))" --current 3.0 --force-on patch
              manifest --url \(server.url("/d.json")) --current 3.9

            """)
        let result = try runProduct("versioncheck", ["batch", list, "--jobs", "4", "--all"])
        #expect(result.status == 101, "\(result)")
        #expect(result.stdout == """
            line 1  1.0 -> 1.1    optional    \(server.url("/a.json"))
            line 4  2.0           up to date  \(server.url("/b.json"))
            line 5  3.0 -> 3.0.1  forced      \(server.url("/c.json"))
            line 6  3.9 -> 4.0    forced      \(server.url("/d.json"))

            """)
        let json = try runProduct("versioncheck", ["batch", list, "--jobs", "4", "--json"])
        #expect(try Self.objects(json.stdout).map { $0["line"] as? Int } == [1, 5, 6])
        #expect(json.stdout.hasPrefix(#"{"line": 1, "status": "optional""#))
    }

    @Test func concurrencyNeverExceedsJobsAtTheServer() throws {
        let server = try LoopbackServer(routes: ["/slow.json": [Self.manifest("2.0", delay: 0.2)]])
        let lines = (1...9).map { "manifest --url \(server.url("/slow.json"))?n=\($0) --current 1.0" }
        let result = try runProduct("versioncheck", ["batch", "--jobs", "3"], stdin: Data(lines.joined(separator: "\n").utf8))
        #expect(result.status == 101, "\(result)")
        #expect(result.stdout.split(separator: "\n").count == 9)
        let requests = server.requests()
        #expect(requests.count == 9)
        #expect(requests.map(\.in_flight).max() ?? 0 <= 3)
        // The checks really run side by side: the server saw more than one at a time.
        #expect(requests.map(\.in_flight).max() ?? 0 >= 2, "\(requests.map(\.in_flight))")
    }

    /// A source that stalls holds one slot for its own timeout; the other checks go on in
    /// the other slots and the whole batch ends soon after that timeout.
    @Test func aStalledSourceDelaysOnlyItsOwnSlot() throws {
        let server = try LoopbackServer(routes: [
            "/stalled.json": [Self.manifest("2.0", delay: 30)], "/fast.json": [Self.manifest("2.0", delay: 0.1)],
        ])
        var lines = ["manifest --url \(server.url("/stalled.json")) --current 1.0 --timeout 1 --retries 0"]
        lines += (1...6).map { "manifest --url \(server.url("/fast.json"))?n=\($0) --current 2.0" }
        let started = Date()
        let result = try runProduct("versioncheck", ["batch", "--jobs", "2", "--all"], stdin: Data(lines.joined(separator: "\n").utf8))
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 75, "\(result)")
        #expect(result.stdout.split(separator: "\n").count == 6, "\(result)")
        #expect(result.stderr.contains("line 1: "), "\(result)")
        #expect(seconds < 5, "the batch took \(seconds) s")
    }

    /// Lines of a batch (by the answer each gets) and the exit status they make.
    static let exitCases: [([String], Int32)] = [
        (["none"], 0),
        (["none", "optional"], 100),
        (["optional", "forced", "none"], 101),
        (["forced", "gone"], 69),
        (["garbage", "gone", "forced"], 76),
        (["none", "gone", "garbage"], 69),
        (["down", "optional"], 75),
    ]

    @Test(arguments: exitCases)
    func theExitCodeIsTheFirstFailureElseTheStrongestUpdate(kinds: [String], status: Int32) throws {
        let server = try LoopbackServer(routes: [
            "/none.json": [Self.manifest("1.0")], "/optional.json": [Self.manifest("1.1")],
            "/forced.json": [Self.manifest("2.0")], "/gone.json": [.init(status: 404, body: "")],
            "/garbage.json": [.init(body: "not a manifest")], "/down.json": [.init(status: 503, body: "")],
        ])
        let list = kinds.map { "manifest --url \(server.url("/\($0).json")) --current 1.0 --retries 0" }.joined(separator: "\n")
        let result = try runProduct("versioncheck", ["batch"], stdin: Data(list.utf8))
        #expect(result.status == status, "\(kinds): \(result)")
        let failures = kinds.enumerated().filter { ["gone", "garbage", "down"].contains($0.element) }
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == failures.count, "\(result.stderr)")
        for (error, failure) in zip(errors, failures) {
            #expect(error.hasPrefix("versioncheck: error: line \(failure.offset + 1): "), "\(error)")
        }
        if status != 0 && failures.isEmpty { #expect(!result.stdout.isEmpty) }
    }

    @Test func aBadLineStopsTheWholeBatchBeforeAnyRequest() throws {
        let server = try LoopbackServer(routes: ["/m.json": [Self.manifest("2.0")]])
        let good = "manifest --url \(server.url("/m.json")) --current 1.0"
        for (bad, status, message) in [
            ("manifest --url \(server.url("/m.json")) --current ''", Int32(65), "line 3: --current: invalid version ''"),
            ("manifest --url \(server.url("/m.json")) --current-from /no/such/App.app", 66, "line 3: --current-from '/no/such/App.app'"),
            ("manifest --url \(server.url("/m.json")) --curent 1.0", 64, "line 3: unknown option '--curent'"),
            ("manifest --url \(server.url("/m.json")) --current 1.0 --gate", 64, "line 3: --gate is not allowed in a batch"),
            ("lookup --id 1 --current 1.0 -q", 64, "line 3: --json, --quiet and --verbose apply to the whole batch"),
            ("manifest --url 'unterminated --current 1.0", 64, "line 3: a single quote (') is not closed"),
            ("sort 1 2", 64, "line 3: 'sort' is not a check"),
        ] {
            let result = try runProduct("versioncheck", ["batch"], stdin: Data("\(good)\n\n\(bad)\n\(good)\n".utf8))
            #expect(result.status == status, "\(bad): \(result)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("versioncheck: error: \(message)"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(server.requests().isEmpty)
        let missing = try runProduct("versioncheck", ["batch", "/no/such/list.txt"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "versioncheck: error: batch '/no/such/list.txt': no such file\n")
    }

    /// A URL is parsed and checked when its line's request is built, with every other
    /// line's, before any request (SPEC.md): a bad one on line 3 is 64 naming line 3, and
    /// the server behind lines 1 and 2 is never asked.
    @Test(arguments: [
        ("manifest --url ftp://example.com/a.json --current 1.0",
         "line 3: --url 'ftp://example.com/a.json': unsupported scheme 'ftp'"),
        ("manifest --url http://example.com/a.json --current 1.0",
         "line 3: --url 'http://example.com/a.json': plain http:// to a non-loopback host is refused; use https:// or --allow-insecure"),
        ("manifest --url 'https://' --current 1.0", "line 3: --url 'https://': not a valid URL"),
        ("lookup --id 1 --current 1.0 --lookup-url http://example.com/lookup",
         "line 3: --lookup-url 'http://example.com/lookup?id=1&country=us': plain http:// to a non-loopback host is refused"),
    ])
    func aBadURLOnAnyLineIsFoundBeforeAnyRequest(bad: String, message: String) throws {
        let server = try LoopbackServer(routes: ["/m.json": [Self.manifest("2.0")], "/lookup": [Self.manifest("2.0")]])
        let lines = [
            "manifest --url \(server.url("/m.json")) --current 1.0",
            "lookup --id 1 --current 1.0 --lookup-url \(server.url("/lookup"))",
            bad,
        ]
        let result = try runProduct("versioncheck", ["batch", "--jobs", "1"], stdin: Data(lines.joined(separator: "\n").utf8))
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("versioncheck: error: \(message)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(server.requests().isEmpty, "\(server.requests().map(\.path))")
    }

    // MARK: progress

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: PseudoTerminal.script), "script(1), which gives the binary a terminal, is not installed"))
    func progressIsShownOnlyOnATerminalAndErasedAtTheEnd() throws {
        let server = try LoopbackServer(routes: ["/m.json": [Self.manifest("2.0")]])
        let list = try Self.file((1...3).map { "manifest --url \(server.url("/m.json")) --current \($0).0" }.joined(separator: "\n"))
        let binary = TestPaths.executable("versioncheck").path
        func underTerminal(_ extra: String) throws -> String {
            // stdout to a file, so only stderr reaches the terminal.
            let out = list + ".out"
            let command = "'\(binary)' batch '\(list)' \(extra) > '\(out)'; echo \"exit $?\""
            let process = Process()
            process.executableURL = URL(fileURLWithPath: PseudoTerminal.script)
            process.arguments = PseudoTerminal.arguments(running: command)
            process.environment = childEnvironment(adding: ["TERM": "xterm"])
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        let shown = try underTerminal("")
        #expect(shown.contains("exit 101"), "\(shown)")
        #expect(shown.contains("checked 0 of 3") && shown.contains("checked 3 of 3"), "\(shown)")
        #expect(shown.contains("checked 3 of 3\r\u{1B}[K"), "erased at the end: \(shown)")
        for quiet in ["--json", "-q"] {
            let text = try underTerminal(quiet)
            #expect(text.contains("exit 101") && !text.contains("checked"), "\(quiet): \(text)")
        }
        let piped = try runProduct("versioncheck", ["batch", list])
        #expect(piped.status == 101 && piped.stderr == "", "\(piped)")
    }
}

import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckCLI
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// What `batch` and `outdated` make of their input before any check runs, in-process with
/// a list runner that records what it is given: shell-style splitting, one grammar with
/// `lookup`/`manifest`, all-or-nothing validation, `--jobs`, source selection and names.
@Suite("batch and outdated: parsing, discovery, source selection", .blockingBodies)
struct BatchAndOutdatedTests {
    /// Records the lists and `jobs` the runner received; every check answers `failure`.
    final class ListLog: @unchecked Sendable {
        private let lock = NSLock()
        private var lists: [([CheckRequest], Int)] = []
        func append(_ requests: [CheckRequest], _ jobs: Int) { lock.withLock { lists.append((requests, jobs)) } }
        var all: [([CheckRequest], Int)] { lock.withLock { lists } }
    }

    static func runMany(_ arguments: [String], stdin: String = "", terminal: Bool = false) -> (RunResult, ListLog) {
        let log = ListLog()
        let (output, capture) = Output.capturing(terminal: terminal)
        let status = CLI.run(
            arguments: arguments, environment: [:], stdin: .text(stdin), output: output,
            checkRunner: { _, _ in .internalError },
            checkListRunner: { requests, jobs, _, finished in
                log.append(requests, jobs)
                for index in requests.indices { finished(index, .failure(Failure(.notFound, "not asked"))) }
            })
        return (RunResult(status: status, stdout: capture.stdout, stderr: capture.stderr, requests: []), log)
    }

    // MARK: splitting

    @Test(arguments: [
        (#"lookup --id 1 --current 1.0"#, ["lookup", "--id", "1", "--current", "1.0"]),
        ("  manifest\t--url  x  ", ["manifest", "--url", "x"]),
        (#"a 'b c' "d e" f\ g"#, ["a", "b c", "d e", "f g"]),
        (#"'it''s' "say \"hi\"" "\$HOME \x" '\n'"#, ["its", #"say "hi""#, #"$HOME \x"#, #"\n"#]),
        (#"$HOME ~ *.app a#b # not a comment"#, ["$HOME", "~", "*.app", "a#b", "#", "not", "a", "comment"]),
        (#"'' "" x"#, ["", "", "x"]),
        (#"pre'mid'"post""#, ["premidpost"]),
    ])
    func splitsAsAShellSplitsWordsWithoutExpansion(line: String, words: [String]) throws {
        #expect(try ShellWords.split(Substring(line)) == words)
    }

    @Test func unfinishedQuotesAndEscapesAreRefused() {
        #expect(throws: ShellWords.SplitError.unterminatedSingleQuote) { try ShellWords.split("a 'b") }
        #expect(throws: ShellWords.SplitError.unterminatedDoubleQuote) { try ShellWords.split(#"a "b\""#) }
        #expect(throws: ShellWords.SplitError.trailingBackslash) { try ShellWords.split(#"a b\"#) }
        #expect(ShellWords.isBlankOrComment("   # comment"))
        #expect(ShellWords.isBlankOrComment(" \t\r"))
        #expect(!ShellWords.isBlankOrComment("lookup # x"))
    }

    // MARK: batch

    @Test func aLineMakesTheRequestItsCommandLineMakes() {
        let words = ["lookup", "--bundle-id", "com.example.notes", "--current", "2.4", "--country", "DE", "--platform", "mac", "--check-period", "1"]
        let alone = run(words)
        let (batch, log) = Self.runMany(["batch", "--jobs", "3"], stdin: "lookup --bundle-id com.example.notes --current 2.4 --country 'DE' --platform \"mac\" --check-period 1\n")
        #expect(batch.status == .notFound, "\(batch)")
        #expect(log.all.count == 1)
        #expect(log.all.first?.0 == alone.requests)
        #expect(log.all.first?.1 == 3)
    }

    @Test func blankLinesAndCommentsAreSkippedAndLinesKeepTheirNumbers() {
        let (result, log) = Self.runMany(
            ["batch", "-q"], stdin: "# checks\r\n\r\n   \nmanifest --url a.json --current 1.0\r\n  # manifest --url b.json --current 1\nmanifest --url c.json --current 2.0")
        #expect(log.all.first?.0.count == 2)
        #expect(log.all.first?.1 == 8)  // the default
        #expect(result.stderr == "versioncheck: error: line 4: not asked\nversioncheck: error: line 6: not asked\n")
        // -q reaches every check.
        #expect(log.all.first?.0.allSatisfy { $0.global.quiet } == true)
    }

    @Test func nothingRunsWhenAnyLineIsBad() {
        let (result, log) = Self.runMany(["batch"], stdin: "manifest --url a.json --current 1.0\nmanifest --url b.json --current ''\n")
        #expect(result.status == .invalidInput)
        #expect(log.all.isEmpty)
        #expect(result.stderr.hasPrefix("versioncheck: error: line 2: --current: invalid version ''"))
        let help = Self.runMany(["batch"], stdin: "lookup --help\n")
        #expect(help.0.status == .usage && help.1.all.isEmpty)
        #expect(help.0.stderr.hasPrefix("versioncheck: error: line 1: a line holds a lookup or manifest check"))
    }

    @Test(arguments: ["0", "65", "x", "-1"])
    func jobsIsAWholeNumberFromOneTo64(value: String) {
        let (result, log) = Self.runMany(["batch", "--jobs", value], stdin: "")
        #expect(result.status == .usage, "\(result)")
        #expect(result.stderr.contains("--jobs"))
        #expect(log.all.isEmpty)
    }

    @Test func batchTakesOnlyJobsAllAndTheGlobalOptions() {
        for option in [["--current", "1"], ["--timeout", "3"], ["--check-period", "1"]] {
            let (result, _) = Self.runMany(["batch"] + option)
            #expect(result.status == .usage, "\(option)")
            #expect(result.stderr.contains("is not valid for 'batch'"), "\(result.stderr)")
        }
        let (empty, log) = Self.runMany(["batch"], stdin: "\n# nothing\n")
        #expect(empty.status == .success && empty.stdout.isEmpty && empty.stderr.isEmpty)
        #expect(log.all.isEmpty)
    }

    // MARK: progress

    @Test func progressGoesToATerminalStderrOnly() {
        let list = "manifest --url a.json --current 1\nmanifest --url b.json --current 1\n"
        let (shown, _) = Self.runMany(["batch"], stdin: list, terminal: true)
        // Each row is printed as its turn comes: the line is erased before it and drawn
        // again after it, and erased at the end.
        let erase = "\r\u{1B}[K"
        let error = "versioncheck: \u{1B}[1;31merror:\u{1B}[0m"
        #expect(shown.stderr == erase + "checked 0 of 2" + erase + "\(error) line 1: not asked\n" + erase + "checked 1 of 2"
            + erase + "\(error) line 2: not asked\n" + erase + "checked 2 of 2" + erase, "\(shown.stderr)")
        for flag in ["--json", "-q"] {
            let (quiet, _) = Self.runMany(["batch", flag], stdin: list, terminal: true)
            #expect(!quiet.stderr.contains("checked"), "\(flag)")
        }
        let (piped, _) = Self.runMany(["batch"], stdin: list, terminal: false)
        #expect(!piped.stderr.contains("checked"))
    }

    // MARK: outdated: names and sources

    static func bundle(_ plist: String, receipt: Bool = false, ios: Bool = false, name: String = "Some App.app") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-bundle-\(UUID().uuidString)")
            .appendingPathComponent(name)
        let contents = ios ? folder : folder.appendingPathComponent("Contents")
        try FileManager.default.createDirectory(at: contents, withIntermediateDirectories: true)
        let body = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"# + plist + "</dict></plist>"
        try Data(body.utf8).write(to: contents.appendingPathComponent("Info.plist"))
        if receipt {
            try FileManager.default.createDirectory(at: contents.appendingPathComponent("_MASReceipt"), withIntermediateDirectories: true)
            try Data("receipt".utf8).write(to: contents.appendingPathComponent("_MASReceipt/receipt"))
        }
        return folder.path
    }

    static func entry(_ key: String, _ value: String) -> String { "<key>\(key)</key><string>\(value)</string>" }

    @Test func theNameIsTheDisplayNameElseTheNameElseTheFolder() throws {
        let versions = Self.entry("CFBundleShortVersionString", "1.0") + Self.entry("CFBundleVersion", "1")
        let both = try AppBundle.read(try Self.bundle(versions + Self.entry("CFBundleDisplayName", "Shown") + Self.entry("CFBundleName", "Named")))
        #expect(both.name == "Shown")
        let named = try AppBundle.read(try Self.bundle(versions + Self.entry("CFBundleDisplayName", " ") + Self.entry("CFBundleName", "Named")))
        #expect(named.name == "Named")
        let folder = try AppBundle.read(try Self.bundle(versions))
        #expect(folder.name == "Some App")
    }

    @Test func theSourceIsTheFeedElseTheReceiptElseTheIOSPlatform() throws {
        let base = Self.entry("CFBundleIdentifier", "com.example.x") + Self.entry("CFBundleShortVersionString", "1.0")
            + Self.entry("CFBundleVersion", "10")
        let feed = Self.entry("SUFeedURL", "https://example.com/appcast.xml")
        let iPhone = "<key>CFBundleSupportedPlatforms</key><array><string>iPhoneOS</string></array>"
        #expect(try AppBundle.read(try Self.bundle(base + feed, receipt: true)).source == .appcast(feed: "https://example.com/appcast.xml"))
        #expect(try AppBundle.read(try Self.bundle(base + iPhone, receipt: true)).source == .macAppStore)
        #expect(try AppBundle.read(try Self.bundle(base + iPhone, ios: true)).source == .iOSAppStore)
        #expect(try AppBundle.read(try Self.bundle(base)).source == AppBundle.Source.none)

        // The requests: an appcast compared by CFBundleVersion, the Mac App Store by bundle id on the Mac store.
        let sparkle = try Self.bundle(base + feed)
        let (_, sparkleLog) = Self.runMany(["outdated", sparkle, "--country", "fr"])
        let sparkleRequest = try #require(sparkleLog.all.first?.0.first)
        #expect(try sparkleRequest.source == .manifest(location: "https://example.com/appcast.xml"))
        #expect(sparkleRequest.appcast.compared == .build)
        let store = try Self.bundle(base, receipt: true)
        let (_, storeLog) = Self.runMany(["outdated", store, "--country", "fr", "--jobs", "2"])
        let storeRequest = try #require(storeLog.all.first?.0.first)
        #expect(try storeRequest.source == .appStore(AppStoreQuery(identifier: .bundleId("com.example.x"), country: "fr", platform: .mac)))
        #expect(storeRequest.current == (try Version("1.0")))
        #expect(storeLog.all.first?.1 == 2)
        let phone = try Self.bundle(base + iPhone, ios: true)
        let (_, phoneLog) = Self.runMany(["outdated", phone])
        #expect(try phoneLog.all.first?.0.first?.source == .appStore(AppStoreQuery(identifier: .bundleId("com.example.x"), platform: .ios)))
    }

    @Test func aBundleWithoutAUsableVersionIsThatAppsFailure() throws {
        let bad = try Self.bundle(Self.entry("CFBundleName", "Bad") + Self.entry("SUFeedURL", "https://example.com/a.xml"), receipt: true)
        let (result, log) = Self.runMany(["outdated", bad, "--all"])
        #expect(result.status == .invalidInput, "\(result)")
        #expect(log.all.isEmpty)
        #expect(result.stderr.hasPrefix("versioncheck: error: Bad: '\(bad)/Contents/Info.plist': no CFBundleShortVersionString"), "\(result.stderr)")
    }

    @Test func symbolicLinksAndBundlesInsideBundlesAreNeverFollowed() throws {
        let versions = Self.entry("CFBundleShortVersionString", "1.0") + Self.entry("CFBundleVersion", "1")
        let app = try Self.bundle(versions, name: "Real.app")
        let root = (app as NSString).deletingLastPathComponent
        try FileManager.default.createSymbolicLink(atPath: root + "/Link.app", withDestinationPath: app)
        try FileManager.default.createDirectory(atPath: root + "/Folder", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/Folder/Linked Folder", withDestinationPath: root)
        try FileManager.default.createDirectory(atPath: app + "/Contents/Helpers/Inner.app/Contents", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/.hidden/Hidden.app", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/a/b/Level3.app", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/a/b/c/Level4.app", withIntermediateDirectories: true)
        #expect(try AppBundleFinder.find([root, app]).map(\.path) == [root + "/Real.app", root + "/a/b/Level3.app"])
    }

    // MARK: issue 31: batch file edges, SUFeedURL rules

    @Test func aByteOrderMarkAtTheStartIsIgnoredAndLinesKeepTheirNumbers() {
        let (result, log) = Self.runMany(["batch"], stdin: "\u{FEFF}manifest --url a.json --current 1.0\n\nmanifest --url b.json --current 2.0\n")
        #expect(log.all.first?.0.count == 2, "\(result)")
        #expect(result.stderr == "versioncheck: error: line 1: not asked\nversioncheck: error: line 3: not asked\n")
        // Only at the start: elsewhere it is part of a word.
        let (inside, insideLog) = Self.runMany(["batch"], stdin: "manifest --url a.json --current 1.0\n\u{FEFF}manifest --url b.json --current 1.0\n")
        #expect(inside.status == .usage && insideLog.all.isEmpty, "\(inside)")
    }

    @Test(arguments: ["versioncheck", "/usr/local/bin/versioncheck"])
    func aLineThatStartsWithTheProgramNameGetsAHint(program: String) {
        let (result, log) = Self.runMany(["batch"], stdin: "manifest --url a.json --current 1.0\n\(program) manifest --url b.json --current 1.0\n")
        #expect(result.status == .usage)
        #expect(log.all.isEmpty)
        #expect(result.stderr == "versioncheck: error: line 2: a line holds the arguments only: drop '\(program)'\n", "\(result.stderr)")
    }

    @Test(arguments: [
        ("https://example.com/appcast.xml", false, "check"),
        (" https://example.com/appcast.xml\n", false, "check"),
        ("http://127.0.0.1:8080/appcast.xml", false, "check"),
        ("http://localhost/appcast.xml", false, "check"),
        ("http://example.com/appcast.xml", false, "skip"),
        ("http://example.com/appcast.xml", true, "check"),
        ("file:///etc/passwd", false, "fail"),
        ("file:///etc/passwd", true, "fail"),
        ("appcast.xml", false, "fail"),
        ("/etc/passwd", false, "fail"),
        ("data:text/xml,x", false, "fail"),
        ("javascript:alert(1)", true, "fail"),
        ("ftp://example.com/a.xml", true, "fail"),
        ("https:///a.xml", false, "fail"),
        ("", false, "fail"),
    ])
    func aFeedURLIsCheckedSkippedOrThatAppsFailure(feed: String, allowInsecure: Bool, expected: String) {
        switch AppBundle.feedDecision(feed, allowInsecure: allowInsecure) {
        case .check(let url):
            #expect(expected == "check", "\(feed)")
            #expect(url == feed.trimmingCharacters(in: .whitespacesAndNewlines))
        case .skip(let reason):
            #expect(expected == "skip", "\(feed)")
            #expect(reason == "insecure feed \(feed); --allow-insecure checks it")
        case .fail(let failure):
            #expect(expected == "fail", "\(feed)")
            #expect(failure.exitStatus == .invalidInput)
            #expect(failure.message.hasPrefix("SUFeedURL "), "\(failure.message)")
        }
    }

    @Test func aBundleWithAFileFeedIsNeverCheckedAndAnInsecureOneIsSkipped() throws {
        let base = Self.entry("CFBundleIdentifier", "com.example.x") + Self.entry("CFBundleShortVersionString", "1.0")
            + Self.entry("CFBundleVersion", "10")
        let file = try Self.bundle(base + Self.entry("SUFeedURL", "file:///etc/passwd") + Self.entry("CFBundleName", "Local"))
        let (failed, failedLog) = Self.runMany(["outdated", file])
        #expect(failed.status == .invalidInput, "\(failed)")
        #expect(failedLog.all.isEmpty)
        #expect(failed.stderr.hasPrefix("versioncheck: error: Local: SUFeedURL 'file:///etc/passwd' in its Info.plist: "), "\(failed.stderr)")
        let plain = try Self.bundle(base + Self.entry("SUFeedURL", "http://example.com/a.xml") + Self.entry("CFBundleName", "Plain"))
        let (skipped, skippedLog) = Self.runMany(["outdated", plain, "--all"])
        #expect(skipped.status == .success, "\(skipped)")
        #expect(skippedLog.all.isEmpty)
        #expect(skipped.stdout == "Plain      skipped (insecure feed http://example.com/a.xml; --allow-insecure checks it)\n", "\(skipped.stdout)")
        let (_, allowedLog) = Self.runMany(["outdated", plain, "--allow-insecure"])
        #expect(try allowedLog.all.first?.0.first?.source == .manifest(location: "http://example.com/a.xml", allowInsecure: true))
    }

    // MARK: outdated: electron-builder's app-update.yml

    /// A macOS bundle with `yml` as its `Contents/Resources/app-update.yml`.
    static func electronBundle(_ yml: String, plist extra: String = "", receipt: Bool = false) throws -> String {
        let base = Self.entry("CFBundleIdentifier", "com.example.electron") + Self.entry("CFBundleShortVersionString", "1.4.0")
            + Self.entry("CFBundleVersion", "1400.7") + Self.entry("CFBundleName", "Electron App")
        let bundle = try Self.bundle(base + extra, receipt: receipt)
        let resources = bundle + "/Contents/Resources"
        try FileManager.default.createDirectory(atPath: resources, withIntermediateDirectories: true)
        try Data(yml.utf8).write(to: URL(fileURLWithPath: resources + "/app-update.yml"))
        return bundle
    }

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Fixtures/\(name)"), encoding: .utf8)
    }

    @Test(arguments: [
        ("app-update.yml", "https://github.com/example-org/example-app/releases/latest/download/latest-mac.yml"),
        ("app-update-generic.yml", "https://downloads.example.com/example-app/beta-mac.yml"),
        ("app-update-s3.yml", "https://example-app-releases.s3.eu-west-1.amazonaws.com/updates/mac/latest-mac.yml"),
    ])
    func anElectronAppIsCheckedAgainstTheFeedItsUpdaterReads(file: String, feed: String) throws {
        let (result, log) = Self.runMany(["outdated", try Self.electronBundle(try Self.fixture(file))])
        let request = try #require(log.all.first?.0.first, "\(result)")
        #expect(try request.source == .manifest(location: feed))
        // Compared by the marketing version, as electron-updater compares app.getVersion().
        #expect(request.current == (try Version("1.4.0")))
    }

    @Test(arguments: [
        ("provider: generic\nurl: https://downloads.example.com/app//\n", "https://downloads.example.com/app/latest-mac.yml"),
        ("provider: s3\nbucket: releases\n", "https://releases.s3.amazonaws.com/latest-mac.yml"),
        ("provider: s3\nbucket: releases\npath: beta/\nchannel: beta\n", "https://releases.s3.amazonaws.com/beta/beta-mac.yml"),
    ])
    func providerURLsAreJoinedWithOneSlash(yml: String, feed: String) throws {
        let (result, log) = Self.runMany(["outdated", try Self.electronBundle(yml)])
        #expect(try log.all.first?.0.first?.source == .manifest(location: feed), "\(result)")
    }

    @Test func sparkleAndTheMacAppStoreComeFirst() throws {
        let github = try Self.fixture("app-update.yml")
        let (_, sparkle) = Self.runMany(["outdated", try Self.electronBundle(github, plist: Self.entry("SUFeedURL", "https://example.com/a.xml"))])
        #expect(try sparkle.all.first?.0.first?.source == .manifest(location: "https://example.com/a.xml"))
        let (_, store) = Self.runMany(["outdated", try Self.electronBundle(github, receipt: true)])
        #expect(try store.all.first?.0.first?.source == .appStore(AppStoreQuery(identifier: .bundleId("com.example.electron"), platform: .mac)))
    }

    @Test func anUnknownProviderIsSkippedAndABrokenFileIsThatAppsFailure() throws {
        let (skipped, skippedLog) = Self.runMany(["outdated", try Self.electronBundle("provider: spaces\nname: x\n"), "--all"])
        #expect(skipped.status == .success, "\(skipped)")
        #expect(skippedLog.all.isEmpty)
        #expect(skipped.stdout.contains("skipped (app-update.yml provider 'spaces' is not read)"), "\(skipped.stdout)")
        for broken in ["provider: generic\nurl: [a, b]\n", "- a list\n", "owner: o\n", "provider: github\nowner: o\n"] {
            let (failed, failedLog) = Self.runMany(["outdated", try Self.electronBundle(broken)])
            #expect(failed.status == .invalidInput, "\(broken): \(failed)")
            #expect(failedLog.all.isEmpty)
            #expect(failed.stderr.hasPrefix("versioncheck: error: Electron App: app-update.yml: "), "\(failed.stderr)")
        }
    }

    @Test func itsFeedIsHeldToTheRulesOfAFeedURL() throws {
        let (plain, plainLog) = Self.runMany(["outdated", try Self.electronBundle("provider: generic\nurl: http://example.com/app\n"), "--all"])
        #expect(plainLog.all.isEmpty)
        #expect(plain.stdout.contains("skipped (insecure feed http://example.com/app/latest-mac.yml; --allow-insecure checks it)"), "\(plain.stdout)")
        let (file, fileLog) = Self.runMany(["outdated", try Self.electronBundle("provider: generic\nurl: file:///etc\n")])
        #expect(file.status == .invalidInput, "\(file)")
        #expect(fileLog.all.isEmpty)
        #expect(file.stderr.hasPrefix("versioncheck: error: Electron App: the feed 'file:///etc/latest-mac.yml' of its app-update.yml: "), "\(file.stderr)")
    }
}

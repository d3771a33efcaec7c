import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckCLI
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// The orchestration in-process, over a fake network: fetch, decode, decide, print.
@Suite(.blockingBodies) struct UpdateCheckerTests {
    /// Answers every GET with one response and remembers the URLs asked.
    final class FakeHTTP: BodyFetcher, @unchecked Sendable {
        let status: Int
        let body: Data
        private let lock = NSLock()
        private var urls: [String] = []
        init(status: Int = 200, body: Data) {
            self.status = status
            self.body = body
        }
        convenience init(status: Int = 200, fixture: String) throws {
            self.init(status: status, body: try Data(contentsOf: TestPaths.fixture(fixture)))
        }
        func fetch(_ request: FetchRequest) -> FetchReport {
            lock.lock()
            urls.append(request.url)
            lock.unlock()
            return .response(FetchedResponse(status: status, url: request.url, body: Array(body)))
        }
        var asked: [String] { lock.lock(); defer { lock.unlock() }; return urls }
    }

    static let now: Int64 = 1_767_323_045  // 2026-01-02T03:04:05Z

    func run(_ request: CheckRequest, http: FakeHTTP, json: Bool = false) -> (VersionCheckCore.ExitStatus, OutputCapture) {
        let (output, capture) = Output.capturing()
        var configured = output
        configured.json = json
        let checker = UpdateChecker(fetcher: http, now: { Self.now })
        return (LiveCheck.run(request, checker: checker, output: configured), capture)
    }

    /// `run` of the request `build` makes, as the program builds it from a command line:
    /// a failure there (a URL that may not be fetched) is reported, and nothing is asked.
    func run(building build: () throws(Failure) -> CheckRequest, http: FakeHTTP) -> (VersionCheckCore.ExitStatus, OutputCapture) {
        do {
            return run(try build(), http: http)
        } catch {
            let (output, capture) = Output.capturing()
            return (output.report(error), capture)
        }
    }

    func lookup(_ current: String, _ policy: UpdatePolicy = UpdatePolicy(), gate: Bool = false) -> CheckRequest {
        CheckRequest(
            source: try! .appStore(AppStoreQuery(identifier: .id("1450000001"))), current: try! Version(current),
            policy: policy, gate: gate)
    }

    func manifest(_ current: String, _ policy: UpdatePolicy = UpdatePolicy(), gate: Bool = false) -> CheckRequest {
        CheckRequest(
            source: try! .manifest(location: "https://example.com/app.json"), current: try! Version(current), policy: policy,
            gate: gate)
    }

    @Test func lookupJSONHasSpecKeysInOrder() throws {
        let http = try FakeHTTP(fixture: "itunes-ios.json")
        let (status, capture) = run(lookup("2.4.0"), http: http, json: true)
        #expect(status == .optionalUpdate)
        #expect(http.asked == ["https://itunes.apple.com/lookup?id=1450000001&country=us"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(capture.stdout.utf8)) as? [String: Any])
        #expect(object["level"] as? String == "patch")
        #expect(object["comparison"] as? Int == -1)
        let keys = capture.stdout.matches(of: #/"(\w+)": /#).map { String($0.1) }
        #expect(keys == [
            "status", "current", "latest", "comparison", "level", "reason", "url", "releaseNotes", "releaseDate",
            "minimumOsVersion", "releases", "version", "displayVersion", "notes", "notesFormat", "notesUrl", "date", "critical",
            "informational", "url", "minimumOsVersion", "unavailable", "heldBack", "installable", "version", "url", "cached",
            "fetchedAt", "stale", "source", "app", "id",
            "bundleId", "name",
        ])
        #expect(capture.stdout.contains(#""url": "https://apps.apple.com/us/app/example-notes-quick-capture/id1450000001?uo=4", "minimumOsVersion": "15.0"}], "unavailable": null, "heldBack": null, "installable": {"version": "2.4.1", "url": "https://apps.apple.com/us/app/example-notes-quick-capture/id1450000001?uo=4"}, "cached": false, "fetchedAt": null, "#))
        #expect(capture.stdout.hasSuffix("\"app\": {\"id\": 1450000001, \"bundleId\": \"com.example.notes\", \"name\": \"Example Notes – Quick Capture\"}}\n"))
    }

    /// `--allow-insecure` reaches the lookup URL's rule: plain http to any host is then
    /// asked (was 64 telling the user to pass the flag they had passed); without it, 64.
    @Test func lookupOverPlainHTTPWithAllowInsecure() throws {
        let query = AppStoreQuery(identifier: .id("1450000001"), endpoint: "http://lookup.example.com/lookup")
        let http = try FakeHTTP(fixture: "itunes-ios.json")
        let current = try Version("2.4.0")
        let allowed = CheckRequest(source: try .appStore(query, allowInsecure: true), current: current, allowInsecure: true)
        let (status, _) = run(allowed, http: http)
        #expect(status == .optionalUpdate)
        #expect(http.asked == ["http://lookup.example.com/lookup?id=1450000001&country=us"])
        let (refusedStatus, capture) = run(building: { () throws(Failure) in CheckRequest(source: try .appStore(query), current: current) }, http: http)
        #expect(refusedStatus == .usage)
        #expect(capture.stderr.contains("--allow-insecure"))
        #expect(http.asked.count == 1)
    }

    /// Remembers the deadline of each request; the monotonic clock reads each instant in turn.
    final class DeadlineRecorder: BodyFetcher, @unchecked Sendable {
        private let lock = NSLock()
        private var readings: [MonotonicInstant]
        private(set) var deadlines: [MonotonicInstant?] = []
        init(clock readings: [MonotonicInstant]) { self.readings = readings }
        func now() -> MonotonicInstant {
            lock.lock()
            defer { lock.unlock() }
            return readings.count > 1 ? readings.removeFirst() : readings[0]
        }
        func fetch(_ request: FetchRequest) -> FetchReport {
            lock.lock()
            deadlines.append(request.deadline)
            lock.unlock()
            return .response(FetchedResponse(status: 200, url: request.url, body: Array(#"{"latestVersion": "1.0"}"#.utf8)))
        }
    }

    /// `--deadline` is one instant from the start of the check, on the checker's monotonic
    /// clock, and the helper's request carries that instant; once it has passed, nothing is asked.
    @Test func theDeadlineIsOneInstantFromTheCheckToTheHelper() throws {
        var request = manifest("1.0")
        request.deadline = 2.5
        let started = MonotonicInstant(seconds: 100)
        let inTime = DeadlineRecorder(clock: [started, started.advanced(by: 1)])
        let checker = UpdateChecker(fetcher: inTime, now: { Self.now }, monotonicNow: { inTime.now() })
        _ = try checker.check(request)
        #expect(inTime.deadlines == [started.advanced(by: 2.5)])
        let late = DeadlineRecorder(clock: [started, started.advanced(by: 3)])
        let lateChecker = UpdateChecker(fetcher: late, now: { Self.now }, monotonicNow: { late.now() })
        #expect(throws: Failure(.timeout, "https://example.com/app.json: not asked: the --deadline of 2.5 s passed before the request")) {
            try lateChecker.check(request)
        }
        #expect(late.deadlines.isEmpty)
    }

    @Test func noReleaseOffered() throws {
        let policy = UpdatePolicy(osVersion: try Version("14.0"))
        let http = try FakeHTTP(fixture: "itunes-ios.json")  // needs iOS 15.0
        let (status, capture) = run(lookup("1.0", policy), http: http)
        #expect(status == .success)
        #expect(capture.stdout == "up to date: 1.0 (no release offered)\nnewer: 2.4.1 needs OS 15.0\n")
        let (_, json) = run(lookup("1.0", policy), http: http, json: true)
        #expect(json.stdout.hasPrefix(#"{"status": "none", "current": "1.0", "latest": null, "comparison": null, "level": null, "reason": "no release is offered", "url": null, "releaseNotes": null, "releaseDate": null, "minimumOsVersion": null, "releases": [], "unavailable": {"version": "2.4.1", "minimumOsVersion": "15.0"}, "#))
    }

    @Test(arguments: [
        ("2.1.0", VersionCheckCore.ExitStatus.no, "gate failed: 2.1.0 is not newer than the latest 2.1.0", false),
        ("2.1.1", .success, "gate passed: 2.1.1 is newer than the latest 2.1.0", true),
        ("1.0", .no, "gate failed: 1.0 is not newer than the latest 2.1.0", false),
    ])
    func gate(current: String, status: VersionCheckCore.ExitStatus, line: String, passed: Bool) throws {
        let http = try FakeHTTP(fixture: "manifest-full.json")
        let (exit, capture) = run(manifest(current, gate: true), http: http)
        #expect(exit == status)
        #expect(capture.stdout.split(separator: "\n").first.map(String.init) == line)
        let (_, json) = run(manifest(current, gate: true), http: http, json: true)
        let reason = String(line.dropFirst(passed ? "gate passed: ".count : "gate failed: ".count))
        #expect(json.stdout.hasSuffix("\"app\": null, \"gate\": \(passed), \"gateReason\": \"\(reason)\"}\n"))
    }

    /// A gate prints its verdict and the URL, never an update's release notes.
    @Test(arguments: ["1.0", "2.2.0"])
    func gateTextIsTheVerdictAndTheURL(current: String) throws {
        let http = try FakeHTTP(fixture: "manifest-full.json")
        let (_, capture) = run(manifest(current, gate: true), http: http)
        let lines = capture.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3, "\(capture.stdout)")
        #expect(lines[0].hasPrefix("gate "))
        #expect(lines[1].hasPrefix("url: https://"))
        #expect(lines[2].isEmpty)
        #expect(!capture.stdout.contains("release "))
    }

    @Test func manifestURLIsTheLatestReleasesOwnElseUpdateURL() throws {
        let body = #"{"updateURL": "https://e.example/get", "releases": [{"version": "2.0", "url": "https://e.example/2.0"}, {"version": "1.5"}]}"#
        let http = FakeHTTP(body: Data(body.utf8))
        let (_, own) = run(manifest("1.0"), http: http)
        #expect(own.stdout.contains("url: https://e.example/2.0\n"))
        let (_, fallback) = run(manifest("1.0", UpdatePolicy(osVersion: nil)), http: FakeHTTP(body: Data(#"{"updateURL": "https://e.example/get", "latestVersion": "2.0"}"#.utf8)))
        #expect(fallback.stdout.contains("url: https://e.example/get\n"))
    }

    @Test func forcedTextListsEveryNewerReleaseOldestFirst() throws {
        let http = try FakeHTTP(fixture: "manifest-full.json")
        let (status, capture) = run(manifest("1.9.0"), http: http)
        #expect(status == .forcedUpdate)
        #expect(capture.stdout == """
            forced update: 1.9.0 -> 2.1.0 (2.0.0 is marked critical)
            url: https://example.com/download

            release 2.0.0 (2025-11-20T08:30:00Z, critical):
              Security fix for CVE-2025-0001 — please update.

            release 2.1.0 (2026-01-02T03:04:05Z):
              Faster sync.
              New widgets.

            """)
    }

    @Test func controlCharactersFromTheSourceNeverReachTheTerminal() throws {
        let body = #"{"latestVersion": "2.0", "releaseNotes": "\u001b[2Jgone\r\nok\u0007", "updateURL": "https://e.example/\u001b]0;x"}"#
        let (_, capture) = run(manifest("1.0"), http: FakeHTTP(body: Data(body.utf8)))
        #expect(!capture.stdout.contains("\u{1B}") && !capture.stdout.contains("\u{07}"))
        #expect(capture.stdout.contains("  [2Jgone\n  ok\n"))
    }

    @Test(arguments: [
        (404, "itunes-empty.json", Failure(.notFound, "https://itunes.apple.com/lookup?id=1450000001&country=us: HTTP 404 Not Found")),
        (400, "itunes-error-400.json", Failure(.httpStatus, "https://itunes.apple.com/lookup?id=1450000001&country=us: HTTP 400 Bad Request, the App Store says 'Invalid value(s) for key(s): [country]'")),
        (200, "itunes-empty.json", {
            // `resultCount` 0: the App Store does not know the app (a first release, for
            // --gate --allow-new), unlike the endpoint's 404 above.
            var failure = Failure(.notFound, "no app with id 1450000001 in the App Store storefront 'us' (https://itunes.apple.com/lookup?id=1450000001&country=us); try --country for another storefront or --platform mac")
            failure.isUnknownApp = true
            return failure
        }()),
        (302, "itunes-empty.json", Failure(.httpStatus, "https://itunes.apple.com/lookup?id=1450000001&country=us: HTTP 302 Found, a redirect that was not followed")),
        (418, "itunes-empty.json", Failure(.httpStatus, "https://itunes.apple.com/lookup?id=1450000001&country=us: HTTP 418 (expected 200)")),
    ])
    func lookupFailures(status: Int, fixture: String, failure: Failure) throws {
        let checker = UpdateChecker(fetcher: try FakeHTTP(status: status, fixture: fixture))
        #expect(throws: failure) { try checker.check(lookup("1.0")) }
    }

    @Test func anUnreadableDateIsABadResponseOnlyWhenMinAgeNeedsIt() throws {
        let body = Data(#"{"latestVersion": "2.0", "releaseDate": "last Tuesday"}"#.utf8)
        let checker = UpdateChecker(fetcher: FakeHTTP(body: body), now: { Self.now })
        #expect(try checker.check(manifest("1.0")).decision.status == .forced)
        #expect(throws: Failure(.badResponse, "https://example.com/app.json: release 2.0 has an invalid date 'last Tuesday' (expected ISO 8601 such as 2026-01-02T03:04:05Z)")) {
            try checker.check(manifest("1.0", UpdatePolicy(minimumAgeDays: 1)))
        }
    }

    // MARK: answers that say what they know (SPEC.md "Output")

    static let threeReleases = #"{"releases": [{"version": "2.0.0", "notes": "two"}, {"version": "2.1.0", "notes": "two one", "minimumOsVersion": "15.0"}, {"version": "1.2.1", "notes": "patch"}]}"#

    @Test(arguments: [
        (["2.0.0"], UpdatePolicy(skip: try! Version("2.1")), "up to date: 2.0.0 (latest 2.1.0, skipped)"),
        (["1.2.0"], UpdatePolicy(optionalOn: .minor), "up to date: 1.2.0 (latest 1.2.1, a patch update; --optional-on minor)"),
        (["2.0.0"], UpdatePolicy(optionalOn: .never, skip: try! Version("2.1.0")), "up to date: 2.0.0 (latest 2.1.0, skipped)"),
        (["2.0.0"], UpdatePolicy(optionalOn: .never), "up to date: 2.0.0 (latest 2.1.0, a minor update; --optional-on never)"),
        (["2.1.0"], UpdatePolicy(), "up to date: 2.1.0 (latest 2.1.0)"),
    ])
    func upToDateSaysWhyAndPrintsNoNotes(current: [String], policy: UpdatePolicy, line: String) throws {
        let body = current == ["1.2.0"] ? #"{"releases": [{"version": "1.2.1", "notes": "patch notes"}]}"# : Self.threeReleases
        let (status, capture) = run(manifest(current[0], policy), http: FakeHTTP(body: Data(body.utf8)))
        #expect(status == .success)
        #expect(capture.stdout == line + "\n")
    }

    @Test func aReleaseForANewerOSIsReportedNeverOffered() throws {
        let policy = UpdatePolicy(osVersion: try Version("14.0"))
        let http = FakeHTTP(body: Data(Self.threeReleases.utf8))
        let (status, text) = run(manifest("2.0.0", policy), http: http)
        #expect(status == .success)
        #expect(text.stdout == "up to date: 2.0.0 (latest 2.0.0)\nnewer: 2.1.0 needs OS 15.0\n")
        let (_, json) = run(manifest("2.0.0", policy), http: http, json: true)
        #expect(json.stdout.contains(#""unavailable": {"version": "2.1.0", "minimumOsVersion": "15.0"}, "heldBack": null, "installable": null, "cached": false"#))
        let (optional, below) = run(manifest("1.0", policy), http: http)
        #expect(optional == .forcedUpdate)
        #expect(below.stdout.hasPrefix("forced update: 1.0 -> 2.0.0 (2.0.0 is a major update)\nnewer: 2.1.0 needs OS 15.0\n"))
        let (_, none) = run(manifest("2.1.0", policy), http: http, json: true)
        #expect(none.stdout.contains(#""unavailable": null"#))
    }

    @Test(arguments: [
        ("2.5.0-beta.1", VersionCheckCore.ExitStatus.no, "gate failed: 2.5.0-beta.1 is not a version App Store Connect accepts ("),
        ("2.5.0", .success, "gate passed: 2.5.0 is newer than the latest 2.4.1"),
        ("v2.5", .no, "gate failed: v2.5 is not a version App Store Connect accepts ("),
    ])
    func lookupGateRequiresAnAppStoreVersion(current: String, status: VersionCheckCore.ExitStatus, line: String) throws {
        let http = try FakeHTTP(fixture: "itunes-ios.json")
        let (exit, capture) = run(lookup(current, gate: true), http: http)
        #expect(exit == status)
        #expect(capture.stdout.hasPrefix(line))
        let (_, json) = run(lookup(current, gate: true), http: http, json: true)
        #expect(json.stdout.contains("\"gate\": \(status == .success), \"gateReason\": \"\(line.dropFirst("gate xxxxxx: ".count))"))
        // A manifest's gate knows no App Store rule.
        let (manifestExit, _) = run(manifest(current, gate: true), http: FakeHTTP(body: Data(#"{"latestVersion": "2.4.1"}"#.utf8)))
        #expect(manifestExit == .success)
    }

    /// The keys help and the man page document are the keys printed, in order (with
    /// `--gate` and `--explain`, which add theirs).
    @Test func documentedKeysAreThePrintedKeys() throws {
        var request = manifest("9.0", gate: true)
        request.explain = true
        let (_, capture) = run(request, http: FakeHTTP(body: Data(#"{"latestVersion": "2.0"}"#.utf8)), json: true)
        let keys = capture.stdout.matches(of: #/"(\w+)": /#).map { String($0.1) }
        #expect(keys == Documentation.checkKeys.map(\.name))
    }
}

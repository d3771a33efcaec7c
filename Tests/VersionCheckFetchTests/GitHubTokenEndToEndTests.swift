import Foundation
import Testing
import VersionCheckTestSupport

/// Issue 34, through the real binaries against a loopback server that stands for
/// api.github.com (`VERSIONCHECK_TEST_GITHUB_API_ORIGIN`, debug builds): the token and the
/// GitHub headers go to the API's origin only, never after a redirect off it; the token
/// is never on a command line, in the cache, in `-v` output, in JSON or in a message;
/// rate limits are 75 `rate-limited`.
@Suite(
    "GitHub token and rate limits", .blockingBodies,
    .disabled(if: HostileBudget.isReleaseBuild, "release binaries never read VERSIONCHECK_TEST_GITHUB_API_ORIGIN"))
struct GitHubTokenEndToEndTests {
    static let secret = "ghp_e2eS3cretToken"
    static let manifest = #"{"latestVersion": "2.0.0"}"#

    /// The environment of a run: `server`'s 127.0.0.1 origin is the API; both token
    /// variables given (empty means unset), so a developer's own never leak in.
    static func environment(_ server: LoopbackServer, gh: String = "", github: String = "", extra: [String: String] = [:])
        -> [String: String]
    {
        ["VERSIONCHECK_TEST_GITHUB_API_ORIGIN": "http://127.0.0.1:\(server.port)", "GH_TOKEN": gh, "GITHUB_TOKEN": github]
            .merging(extra) { _, new in new }
    }

    static func cacheFolder() throws -> String {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("vc-gh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        return parent.appendingPathComponent("cache").path
    }

    @Test func theAPIGetsTheBearerTokenAndTheGitHubHeaders() throws {
        let server = try LoopbackServer(routes: ["/repos/o/r/releases": [.init(body: Self.manifest)]])
        let result = try runProduct(
            "versioncheck", ["manifest", "--url", server.url("/repos/o/r/releases"), "--current", "1.0"],
            environment: Self.environment(server, github: Self.secret))
        #expect(result.status == 101, "\(result)")
        let request = try #require(server.requests().first)
        #expect(request.header("Authorization") == "Bearer \(Self.secret)")
        #expect(request.header("Accept") == "application/vnd.github+json")
        #expect(request.header("X-GitHub-Api-Version") == "2022-11-28")
    }

    @Test func anotherHostGetsNeitherTheTokenNorTheGitHubHeaders() throws {
        let server = try LoopbackServer(routes: ["/m.json": [.init(body: Self.manifest)]])
        // localhost is another host than 127.0.0.1, the API here (the same server answers).
        let url = "http://localhost:\(server.port)/m.json"
        let result = try runProduct(
            "versioncheck", ["manifest", "--url", url, "--current", "1.0"],
            environment: Self.environment(server, gh: Self.secret, github: Self.secret))
        #expect(result.status == 101, "\(result)")
        let request = try #require(server.requests().first)
        #expect(request.header("Authorization") == nil)
        #expect(request.header("X-GitHub-Api-Version") == nil)
        #expect(request.header("Accept") != "application/vnd.github+json")
    }

    /// A redirect from the API to another host (localhost), and to another port of the same
    /// host (a second server): the token is dropped with the origin.
    @Test func aRedirectOffTheAPIDropsTheToken() throws {
        let elsewhere = try LoopbackServer(routes: ["/asset.json": [.init(body: Self.manifest)]])
        let server = try LoopbackServer(routes: [
            "/repos/o/r/releases": [.init(redirect: "http://localhost:{port}/moved")],
            "/repos/o/r/other-port": [.init(redirect: elsewhere.url("/asset.json"))],
            "/repos/o/r/renamed": [.init(redirect: "/repos/o/r/releases-new")],
            "/repos/o/r/releases-new": [.init(body: Self.manifest)],
            "/moved": [.init(body: Self.manifest)],
        ])
        let environment = Self.environment(server, gh: Self.secret)
        for path in ["/repos/o/r/releases", "/repos/o/r/other-port", "/repos/o/r/renamed"] {
            let result = try runProduct(
                "versioncheck", ["manifest", "--url", server.url(path), "--current", "1.0", "-v"], environment: environment)
            #expect(result.status == 101, "\(result)")
            #expect(!result.stderr.contains(Self.secret), "\(result)")
        }
        let seen = Dictionary(server.requests().map { ($0.path, $0.header("Authorization")) }) { first, _ in first }
        #expect(seen["/repos/o/r/releases"] == .some("Bearer \(Self.secret)"))
        #expect(seen["/repos/o/r/other-port"] == .some("Bearer \(Self.secret)"))
        #expect(seen["/repos/o/r/renamed"] == .some("Bearer \(Self.secret)"))
        #expect(seen["/repos/o/r/releases-new"] == .some("Bearer \(Self.secret)"))  // same origin: kept
        #expect(seen["/moved"] == .some(nil))
        let asset = try #require(elsewhere.requests().first)
        #expect(asset.header("Authorization") == nil)
    }

    @Test(arguments: [
        ("gh", "github", "Bearer gh"),
        ("", "github", "Bearer github"),
        ("gh", "", "Bearer gh"),
        ("", "", nil),
    ] as [(String, String, String?)])
    func ghTokenWinsAndEmptyOnesAreSkipped(gh: String, github: String, expected: String?) throws {
        let server = try LoopbackServer(routes: ["/repos/o/r/releases": [.init(body: Self.manifest)]])
        let result = try runProduct(
            "versioncheck", ["manifest", "--url", server.url("/repos/o/r/releases"), "--current", "1.0"],
            environment: Self.environment(server, gh: gh, github: github))
        #expect(result.status == 101, "\(result)")
        #expect(server.requests().first?.header("Authorization") == expected)
    }

    /// -v, JSON, the cache, and failures (a 401, a spent rate limit): the token is nowhere.
    @Test func theTokenIsNeverPrintedNorCached() throws {
        let server = try LoopbackServer(routes: [
            "/repos/o/r/releases": [.init(headers: ["ETag": #""e1""#], body: Self.manifest)],
            "/repos/o/r/private": [.init(status: 401, body: #"{"message": "Bad credentials"}"#)],
        ])
        let cache = try Self.cacheFolder()
        let environment = Self.environment(server, gh: Self.secret, extra: ["VERSIONCHECK_CACHE_DIR": cache])
        for extra in [["--json", "-v"], ["-v"]] {
            let result = try runProduct(
                "versioncheck", ["manifest", "--url", server.url("/repos/o/r/releases"), "--current", "1.0",
                                 "--check-period", "1"] + extra,
                environment: environment)
            #expect(result.status == 101, "\(result)")
            #expect(!result.stdout.contains(Self.secret) && !result.stderr.contains(Self.secret), "\(result)")
        }
        // The first run asked (with the token), the second answered from the cache.
        #expect(server.requests().map { $0.header("Authorization") } == ["Bearer \(Self.secret)"])
        let files = try FileManager.default.subpathsOfDirectory(atPath: cache)
        #expect(!files.isEmpty)
        for file in files {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: cache).appendingPathComponent(file))) ?? Data()
            #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.secret), "\(file)")
        }
        for extra in [["--json", "-v"], ["-v"]] {
            let failed = try runProduct(
                "versioncheck", ["manifest", "--url", server.url("/repos/o/r/private"), "--current", "1.0"] + extra,
                environment: environment)
            #expect(failed.status == 76, "\(failed)")
            #expect(failed.stderr.contains("401") || failed.stdout.contains("401"), "\(failed)")
            #expect(!failed.stdout.contains(Self.secret) && !failed.stderr.contains(Self.secret), "\(failed)")
        }
    }

    // MARK: rate limits

    static let spent = ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1795813200"]

    @Test(arguments: [403, 429])
    func aSpentLimitIs75NotRetriedWithTheResetTime(status: Int) throws {
        let server = try LoopbackServer(routes: ["/repos/o/r/releases": [.init(status: status, headers: Self.spent, body: "{}")]])
        let url = server.url("/repos/o/r/releases")
        let plain = try runProduct(
            "versioncheck", ["manifest", "--url", url, "--current", "1.0", "--retries", "3"],
            environment: Self.environment(server))
        #expect(plain.status == 75, "\(plain)")
        #expect(plain.stderr.contains("rate limit exceeded"), "\(plain)")
        #expect(plain.stderr.contains("2026-11-27T21:00:00Z"), "\(plain)")
        #expect(plain.stderr.contains("GITHUB_TOKEN"), "\(plain)")  // no token was sent to the API
        #expect(server.requests().count == 1)

        let json = try runProduct(
            "versioncheck", ["manifest", "--url", url, "--current", "1.0", "--json", "-v"],
            environment: Self.environment(server, github: Self.secret))
        #expect(json.status == 75, "\(json)")
        #expect(json.stdout.contains(#""kind": "rate-limited""#), "\(json)")
        #expect(json.stdout.contains("2026-11-27T21:00:00Z"), "\(json)")
        #expect(!json.stdout.contains("GITHUB_TOKEN"), "\(json)")  // a token was sent
        #expect(!json.stdout.contains(Self.secret) && !json.stderr.contains(Self.secret), "\(json)")
        #expect(server.requests().count == 2)
    }

    @Test func aSpentLimitOffTheAPIGivesNoTokenHint() throws {
        let server = try LoopbackServer(routes: ["/feed.json": [.init(status: 429, headers: Self.spent, body: "{}")]])
        let result = try runProduct(
            "versioncheck", ["manifest", "--url", "http://localhost:\(server.port)/feed.json", "--current", "1.0"],
            environment: Self.environment(server))
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr.contains("2026-11-27T21:00:00Z"), "\(result)")
        #expect(!result.stderr.contains("GITHUB_TOKEN"), "\(result)")
        #expect(server.requests().count == 1)
    }

    @Test func aForbiddenWithRetryAfterIsRetriedThenRateLimited() throws {
        let server = try LoopbackServer(routes: [
            "/once": [.init(status: 403, headers: ["Retry-After": "0"], body: "{}"), .init(body: Self.manifest)],
            "/always": [.init(status: 403, headers: ["Retry-After": "0"], body: "{}")],
            "/plain": [.init(status: 403, body: "{}")],
        ])
        let once = try runProduct("versioncheck", ["manifest", "--url", server.url("/once"), "--current", "1.0"])
        #expect(once.status == 101, "\(once)")
        let always = try runProduct(
            "versioncheck", ["manifest", "--url", server.url("/always"), "--current", "1.0", "--retries", "1", "--json"])
        #expect(always.status == 75, "\(always)")
        #expect(always.stdout.contains(#""kind": "rate-limited""#), "\(always)")
        let plain = try runProduct("versioncheck", ["manifest", "--url", server.url("/plain"), "--current", "1.0", "--json"])
        #expect(plain.status == 76, "\(plain)")
        #expect(plain.stdout.contains(#""kind": "http-status""#), "\(plain)")
        let paths = server.requests().map(\.path)
        #expect(paths.filter { $0 == "/once" }.count == 2)
        #expect(paths.filter { $0 == "/always" }.count == 2)
        #expect(paths.filter { $0 == "/plain" }.count == 1)
    }

    // MARK: the helper's command line

    #if os(Linux)
    /// While a stalled server holds the request, every helper the main binary started is
    /// read in /proc: the token is not in its argv (which any user can read), and is in its
    /// environment (readable by its owner only), the channel it comes through. For one
    /// check (`manifest`, a helper per request) and for `batch` (one `--serve` helper).
    @Test(arguments: ["manifest", "batch"])
    func theTokenIsNeverOnTheHelpersCommandLine(command: String) throws {
        let server = try LoopbackServer(routes: ["/repos/o/r/releases": [.init(body: Self.manifest, delay: 3)]])
        let url = server.url("/repos/o/r/releases")
        var arguments = ["manifest", "--url", url, "--current", "1.0"]
        if command == "batch" {
            let list = FileManager.default.temporaryDirectory.appendingPathComponent("vc-gh-\(UUID().uuidString).txt")
            try Data("manifest --url \(url) --current 1.0\n".utf8).write(to: list)
            arguments = ["batch", list.path]
        }
        let process = Process()
        process.executableURL = TestPaths.executable("versioncheck")
        process.arguments = arguments
        process.environment = childEnvironment(adding: Self.environment(server, gh: Self.secret))
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() }; process.waitUntilExit() }
        let waitUntil = Date().addingTimeInterval(10)
        while server.requests().isEmpty && Date() < waitUntil { Thread.sleep(forTimeInterval: 0.05) }
        #expect(server.requests().first?.header("Authorization") == "Bearer \(Self.secret)")

        let helpers = Self.children(of: process.processIdentifier)
        #expect(!helpers.isEmpty)
        for pid in helpers {
            let argv = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
            #expect(String(decoding: argv, as: UTF8.self).contains("versioncheck-fetch"))
            #expect(!String(decoding: argv, as: UTF8.self).contains(Self.secret))
            let environ = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
            #expect(String(decoding: environ, as: UTF8.self).contains("GH_TOKEN=\(Self.secret)"))
        }
        let own = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(process.processIdentifier)/cmdline"))
        #expect(!String(decoding: own, as: UTF8.self).contains(Self.secret))
    }

    /// The processes whose parent is `parent`, from /proc.
    static func children(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
            return status.split(separator: "\n").contains { $0 == "PPid:\t\(parent)" }
        }
    }
    #endif
}

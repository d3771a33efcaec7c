import Testing
import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPipeline

/// `lint`'s sources in the order given, `SOURCE` and `--github` interleaved as on the
/// line, each held to `manifest --url`'s rules before anything is read (no request here).
@Suite("lint request")
struct LintRequestTests {
    static func request(_ arguments: [String]) throws(Failure) -> LintRequest {
        guard case .run(let line) = try CommandLineParser.parse(arguments, global: CommandLineParser.scanGlobalOptions(arguments)) else {
            throw Failure(.internal, "not a command that runs")
        }
        return try LintRequest(line)
    }

    static let api = "https://api.github.com/repos/o/r/releases?per_page=100"

    @Test(arguments: [
        (["lint", "a.xml", "--github", "o/r", "b.yml"], ["a.xml", api, "b.yml"]),
        (["lint", "--github", "o/r", "a.xml"], [api, "a.xml"]),
        (["lint", "a.xml", "b.yml", "--github=o/r"], ["a.xml", "b.yml", api]),
        (["lint", "--github", "o/r", "--github", "x/y", "a.xml", "--", "--b.json"],
         [api, "https://api.github.com/repos/x/y/releases?per_page=100", "a.xml", "--b.json"]),
        (["lint", "https://example.com/appcast.xml", "file:///tmp/a.xml"], ["https://example.com/appcast.xml", "file:///tmp/a.xml"]),
    ])
    func sourcesInTheOrderGiven(arguments: [String], shown: [String]) throws {
        let request = try Self.request(arguments)
        #expect(request.sources.map(\.shown) == shown)
        #expect(request.sources.map { $0.gitHubRepository != nil } == shown.map { $0.hasPrefix("https://api.github.com/") })
    }

    @Test(arguments: [
        (["lint"], "lint: no source given"),
        (["lint", "ftp://example.com/a.xml"], "lint source 'ftp://example.com/a.xml': unsupported scheme 'ftp'"),
        (["lint", "http://example.com/a.xml"], "lint source 'http://example.com/a.xml': plain http:// to a non-loopback host is refused"),
        (["lint", "--github", "not a repo"], "invalid value 'not a repo' for '--github'"),
    ])
    func aBadSourceIsAUsageErrorBeforeAnyRequest(arguments: [String], message: String) {
        #expect(throws: Failure.self) { try Self.request(arguments) }
        do {
            _ = try Self.request(arguments)
        } catch {
            #expect(error.exitStatus == .usage)
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test func strictAndTagPrefixAreRead() throws {
        let request = try Self.request(["lint", "a.json", "--strict", "--tag-prefix", "cli-v", "--timeout", "3", "--retries", "0"])
        #expect(request.strict)
        #expect(request.tagPrefix == "cli-v")
        #expect(request.fetching.timeout == 3)
        #expect(request.fetching.retries == 0)
    }
}

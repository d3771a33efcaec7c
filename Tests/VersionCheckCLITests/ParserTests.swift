import Testing
import VersionCheckCLI
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckCore

/// The grammar, in-process: what a valid command line parses into.
@Suite("Parsing", .blockingBodies)
struct ParserTests {
    static let globalPlacements: [[String]] = [
        ["--json", "-q", "-v", "compare", "1", "2"],
        ["compare", "1", "2", "--json", "--quiet", "--verbose"],
        ["-qv", "compare", "--json", "1", "2"],
        ["compare", "-vq", "1", "--json", "2"],
    ]

    @Test(arguments: globalPlacements)
    func globalFlagsBeforeOrAfterTheCommand(arguments: [String]) throws {
        let invocation = try CommandLineParser.parse(arguments)
        guard case .run(let line) = invocation else {
            Issue.record("expected a command, got \(invocation)")
            return
        }
        #expect(line.command.name == "compare")
        #expect(line.global == GlobalOptions(json: true, quiet: true, verbose: true))
        #expect(line.arguments == ["1", "2"])
    }

    @Test func doubleDashEndsOptions() throws {
        guard case .run(let line) = try CommandLineParser.parse(["sort", "--", "--json", "-q", "1"]) else {
            Issue.record("expected a command")
            return
        }
        #expect(line.arguments == ["--json", "-q", "1"])
        #expect(line.global == GlobalOptions())
    }

    static let helpRequests: [([String], String?)] = [
        (["--help"], nil), (["-h"], nil), (["help"], nil), (["-qh"], nil), (["--json", "--help"], nil),
        (["compare", "--help"], "compare"), (["compare", "-h", "--bogus"], "compare"), (["help", "sort"], "sort"),
        (["--help", "lookup"], "lookup"), (["lookup", "--current", "--help"], "lookup"), (["help", "help"], "help"),
        (["help", "--help"], "help"), (["help", "sort", "--help"], "sort"),
    ]

    @Test(arguments: helpRequests)
    func helpRequest(arguments: [String], command: String?) throws {
        let invocation = try CommandLineParser.parse(arguments)
        #expect(invocation == .help(command.flatMap(CommandTable.command(named:))))
    }

    @Test(arguments: [["--version"], ["--json", "--version"], ["-q", "--version", "--json"]])
    func versionRequest(arguments: [String]) throws {
        #expect(try CommandLineParser.parse(arguments) == .version)
    }

    /// `--version` is valid only without a command (a slip for `--current` must never
    /// pass a gate); help asked beside it still wins.
    @Test(arguments: [["compare", "1", "--version"], ["--version", "lookup"], ["lookup", "--version", "--id", "1"], ["help", "--version"]])
    func versionWithACommand(arguments: [String]) throws {
        #expect(throws: Failure.self) { try CommandLineParser.parse(arguments) }
        #expect(try CommandLineParser.parse(arguments + ["--help"]) != .version)
    }

    @Test func helpAfterDoubleDashIsAnArgument() throws {
        guard case .run(let line) = try CommandLineParser.parse(["sort", "--", "--help"]) else {
            Issue.record("expected a command")
            return
        }
        #expect(line.arguments == ["--help"])
    }

    /// A command's own short flag (`-r` of `sort`) works alone, bundled with global ones, and
    /// beside its long name.
    @Test(arguments: [["sort", "-r", "1"], ["sort", "-rqv", "1"], ["-q", "sort", "-vr", "1"], ["sort", "-r", "--reverse", "1"]])
    func commandShortFlags(arguments: [String]) throws {
        guard case .run(let line) = try CommandLineParser.parse(arguments) else {
            Issue.record("expected a command")
            return
        }
        #expect(line[Option.reverse])
        #expect(line.arguments == ["1"])
        #expect(line.global.quiet == arguments.contains { $0.hasPrefix("-") && $0.contains("q") })
    }

    @Test(arguments: [(["sort", "-rh"], "sort"), (["-h", "sort", "-r"], "sort")])
    func helpInABundleWithACommandFlag(arguments: [String], command: String) throws {
        #expect(try CommandLineParser.parse(arguments) == .help(CommandTable.command(named: command)))
    }

    @Test func scanningFindsGlobalFlagsInABundleWithACommandFlag() {
        #expect(CommandLineParser.scanGlobalOptions(["sort", "-rq"]) == GlobalOptions(quiet: true))
    }

    /// `bump`'s LEVEL is checked by the parser into a `BumpLevel` (any case), and `--pre`
    /// into a `PrereleaseName`; VERSION is text.
    @Test(arguments: [("major", BumpLevel.major), ("PreRelease", .prerelease), ("revision", .revision)])
    func bumpLevelArgument(given: String, expected: BumpLevel) throws {
        guard case .run(let line) = try CommandLineParser.parse(["bump", given, "v1.2", "--pre=beta.x"]) else {
            Issue.record("expected a command")
            return
        }
        #expect(line.bumpLevel(argument: 0) == expected)
        #expect(line.bumpLevel(argument: 1) == nil)
        #expect(line.arguments == [given, "v1.2"])
        #expect(line[Option.pre] == (try PrereleaseName("beta.x")))
    }

    /// Choices are read into their enum cases once, by the parser, whatever their case.
    @Test func choicesArriveTyped() throws {
        guard case .run(let line) = try CommandLineParser.parse([
            "lookup", "--id", "1", "--current", "1", "--platform", "MAC", "--force-on", "Minor", "--optional-on", "patch",
            "--current-key", "Marketing", "--appcast-version", "display",
        ]) else {
            Issue.record("expected a command")
            return
        }
        #expect(line[Option.platform] == .mac)
        #expect(line[Option.forceOn] == .minor)
        #expect(line[Option.optionalOn] == .patch)
        #expect(line[Option.currentKey] == .marketing)
        #expect(line[Option.appcastVersion] == .display)
        #expect(line.values["platform"] == .platform(.mac))
    }

    static let equalsForms: [[String]] = [
        ["manifest", "--url=https://x.test/m.json?a=b", "--current=1.2", "--timeout=2.5", "--retries=0"],
        ["manifest", "--url", "https://x.test/m.json?a=b", "--current", "1.2", "--timeout", "2.5", "--retries", "0"],
    ]

    @Test(arguments: equalsForms)
    func optionValueForms(arguments: [String]) throws {
        guard case .run(let line) = try CommandLineParser.parse(arguments) else {
            Issue.record("expected a command")
            return
        }
        #expect(line[Option.url] == "https://x.test/m.json?a=b")
        #expect(line[Option.current] == "1.2")
        #expect(line[Option.timeout] == 2.5)
        #expect(line[Option.retries] == 0)
    }

    static let goodNumbers: [(String, String, OptionValue)] = [
        ("timeout", "10", .number(10)), ("timeout", "1.5", .number(1.5)), ("timeout", "0.25", .number(0.25)),
        ("timeout", "007", .number(7)), ("min-age", "0", .number(0)), ("min-age", "0.5", .number(0.5)),
        ("retries", "0", .integer(0)), ("retries", "10", .integer(10)), ("retries", "03", .integer(3)),
    ]

    @Test(arguments: goodNumbers)
    func numberSpellings(option: String, value: String, expected: OptionValue) throws {
        guard case .run(let line) = try CommandLineParser.parse(["manifest", "--url", "m", "--current", "1", "--\(option)", value]) else {
            Issue.record("expected a command")
            return
        }
        #expect(line.values[option] == expected)
    }
}

/// `lookup` and `manifest` turn into the `CheckRequest` the runner receives.
@Suite("Check requests", .blockingBodies)
struct CheckRequestTests {
    @Test func lookupDefaults() throws {
        let result = run(["lookup", "--id", "284882215", "--current", "v1.2.0"])
        #expect(result.status == .success)
        let request = try #require(result.requests.first)
        #expect(try request.source == .appStore(AppStoreQuery(identifier: .id("284882215"), country: "us", platform: .ios, endpoint: nil)))
        #expect(request.current.description == "v1.2.0")
        #expect(request.policy == UpdatePolicy())
        #expect(request.gate == false)
        #expect(request.timeout == 10)
        #expect(request.retries == 2)
        #expect(request.allowInsecure == false)
        #expect(request.global == GlobalOptions())
    }

    @Test func lookupEverything() throws {
        let result = run([
            "-v", "lookup", "--bundle-id", "com.example.app", "--country", "DE", "--platform", "mac",
            "--lookup-url", "http://127.0.0.1:8080/lookup", "--current", "1.2.0", "--force-on", "minor",
            "--optional-on", "patch", "--minimum", "1.1", "--skip", "1.3", "--min-age", "1.5", "--os-version", "14.2",
            "--gate", "--timeout", "0.5", "--retries", "10", "--allow-insecure", "--json",
        ])
        let request = try #require(result.requests.first, "\(result)")
        #expect(try request.source == .appStore(AppStoreQuery(
            identifier: .bundleId("com.example.app"), country: "de", platform: .mac, endpoint: "http://127.0.0.1:8080/lookup")))
        #expect(request.policy.forceOn == .minor)
        #expect(request.policy.optionalOn == .patch)
        #expect(request.policy.minimum == (try Version("1.1")))
        #expect(request.policy.skip == (try Version("1.3")))
        #expect(request.policy.minimumAgeDays == 1.5)
        #expect(request.policy.osVersion == (try Version("14.2")))
        #expect(request.gate && request.allowInsecure)
        #expect(request.timeout == 0.5)
        #expect(request.retries == 10)
        #expect(request.global == GlobalOptions(json: true, verbose: true))
    }

    @Test(arguments: [
        ([String](), [String: String](), String?.none),
        ([], ["VERSIONCHECK_LOOKUP_URL": "http://127.0.0.1:1/env"], "http://127.0.0.1:1/env"),
        ([], ["VERSIONCHECK_LOOKUP_URL": ""], nil),
        (["--lookup-url", "http://127.0.0.1:1/flag"], ["VERSIONCHECK_LOOKUP_URL": "http://127.0.0.1:1/env"], "http://127.0.0.1:1/flag"),
    ])
    func lookupEndpoint(flags: [String], environment: [String: String], endpoint: String?) throws {
        let result = run(["lookup", "--id", "1", "--current", "1"] + flags, environment: environment)
        let request = try #require(result.requests.first)
        guard case .appStore(let query, _) = request.source else {
            Issue.record("expected an App Store query")
            return
        }
        #expect(query.endpoint == endpoint)
    }

    @Test func manifestKeepsTheLocationAsGiven() throws {
        let result = run(["manifest", "--url", "./releases.plist", "--current", "2"])
        let request = try #require(result.requests.first)
        #expect(try request.source == .manifest(location: "./releases.plist"))
    }

    @Test(arguments: [ExitStatus.success, .optionalUpdate, .forcedUpdate, .no, .unreachable])
    func theRunnersStatusIsTheExitStatus(status: ExitStatus) {
        let result = run(["manifest", "--url", "m.json", "--current", "2"], runnerStatus: status)
        #expect(result.status == status)
    }

    @Test func theRunnerGetsAnOutputWithTheGlobalFlags() {
        let (output, capture) = Output.capturing()
        let status = CLI.run(
            arguments: ["manifest", "-q", "--url", "m", "--current", "1", "--json"], environment: [:], stdin: .text(""),
            output: output,
            checkRunner: { request, output in
                output.writeLine("data")
                return output.json && output.quiet && !output.verbose ? .optionalUpdate : .internalError
            })
        #expect(status == .optionalUpdate)
        #expect(capture.stdout == "")
    }
}

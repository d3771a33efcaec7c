import Testing
import VersionCheckCLI
import VersionCheckCore
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform

/// Every class of usage error: exit 64, nothing on stdout, one stderr line that
/// names the culprit and points to the right help.
@Suite("Usage errors (64)", .blockingBodies)
struct UsageErrorTests {
    static let cases: [(arguments: [String], message: String)] = [
        // unknown command or option
        (["frob"], "unknown command 'frob' (see 'versioncheck --help')"),
        (["comapre", "1", "2"], "unknown command 'comapre'; did you mean 'compare'? (see 'versioncheck --help')"),
        (["compare", "--bogus", "1", "2"], "unknown option '--bogus' (see 'versioncheck help compare')"),
        (["lookup", "--curent", "1"], "unknown option '--curent'; did you mean '--current'? (see 'versioncheck help lookup')"),
        (["lookup", "-current", "1"], "unknown option '-c'; did you mean '--current'? (see 'versioncheck help lookup')"),
        (["compare", "-x", "1", "2"], "unknown option '-x' (see 'versioncheck help compare')"),
        (["--jsno", "compare", "1", "2"], "unknown option '--jsno'; did you mean '--json'? (see 'versioncheck --help')"),
        (["compare", "--reverse", "1", "2"], "option '--reverse' is not valid for 'compare' (see 'versioncheck help compare')"),
        (["sort", "--current", "1"], "option '--current' is not valid for 'sort' (see 'versioncheck help sort')"),
        (["--current", "1", "lookup"], "option '--current' must follow a command name (see 'versioncheck --help')"),
        // flags take no value
        (["sort", "--json=1"], "option '--json' takes no value (see 'versioncheck help sort')"),
        (["sort", "--reverse=yes"], "option '--reverse' takes no value (see 'versioncheck help sort')"),
        // missing command, argument, value or option
        (["--json"], "missing command (see 'versioncheck --help')"),
        (["-q", "-v"], "missing command (see 'versioncheck --help')"),
        (["--", "--json"], "unknown command '--json' (see 'versioncheck --help')"),
        (["compare", "1"], "missing argument B (see 'versioncheck help compare')"),
        (["satisfies", "1"], "missing argument CONSTRAINT (see 'versioncheck help satisfies')"),
        (["validate"], "missing argument VERSION (see 'versioncheck help validate')"),
        (["lookup", "--id", "1", "--current"], "option '--current' needs a value (VERSION) (see 'versioncheck help lookup')"),
        (["lookup", "--id", "1", "--current", "--json"], "option '--current' needs a value (VERSION) (see 'versioncheck help lookup')"),
        (["lookup", "--id", "1"], "missing option: give '--current VERSION' or '--current-from PATH' (see 'versioncheck help lookup')"),
        (["lookup", "--current", "1"], "missing option: give '--id N' or '--bundle-id ID' (or '--current-from PATH') (see 'versioncheck help lookup')"),
        (["manifest", "--current", "1"], "missing option: give '--url URL|PATH' or '--github OWNER/REPO' (see 'versioncheck help manifest')"),
        // extra argument
        (["compare", "1", "2", "3"], "unexpected argument '3' (see 'versioncheck help compare')"),
        (["lookup", "--id", "1", "--current", "1", "extra"], "unexpected argument 'extra' (see 'versioncheck help lookup')"),
        (["help", "compare", "sort"], "unexpected argument 'sort' (see 'versioncheck help help')"),
        (["help", "frob"], "unknown command or topic 'frob' (see 'versioncheck --help')"),
        (["help", "satisfy"], "unknown command or topic 'satisfy'; did you mean 'satisfies'? (see 'versioncheck --help')"),
        (["satisfy", "1", "1"], "unknown command 'satisfy'; did you mean 'satisfies'? (see 'versioncheck --help')"),
        // repeated or conflicting options
        (["lookup", "--id", "1", "--current", "1", "--current", "2"], "option '--current' given more than once (see 'versioncheck help lookup')"),
        (["lookup", "--id", "1", "--bundle-id", "x", "--current", "1"], "options '--id' and '--bundle-id' cannot be used together (see 'versioncheck help lookup')"),
        (["validate", "--strict", "--app-store", "1"], "options '--strict' and '--app-store' cannot be used together (see 'versioncheck help validate')"),
        (["lookup", "--id", "1", "--current", "1", "--current-from", "Info.plist"], "options '--current' and '--current-from' cannot be used together (see 'versioncheck help lookup')"),
        (["manifest", "--url", "m.json", "--current", "1", "--current-from", "Info.plist"], "options '--current' and '--current-from' cannot be used together (see 'versioncheck help manifest')"),
        (["manifest", "--url", "m.json"], "missing option: give '--current VERSION' or '--current-from PATH' (see 'versioncheck help manifest')"),
        (["lookup"], "missing option: give '--id N' or '--bundle-id ID' (or '--current-from PATH') (see 'versioncheck help lookup')"),
        (["lookup", "--bundle-id", "x", "--id", "1", "--current-from", "Info.plist"], "options '--id' and '--bundle-id' cannot be used together (see 'versioncheck help lookup')"),
        (["lookup", "--current-from", "a", "--current-from", "b"], "option '--current-from' given more than once (see 'versioncheck help lookup')"),
        // bad values
        (["lookup", "--id", "12a", "--current", "1"], "invalid value '12a' for '--id': expected the app's numeric id, such as 284882215 (see 'versioncheck help lookup')"),
        (["lookup", "--id", "1", "--country", "usa", "--current", "1"], "invalid value 'usa' for '--country': expected a two-letter country code, such as us (see 'versioncheck help lookup')"),
        (["lookup", "--id", "1", "--platform", "android", "--current", "1"], "invalid value 'android' for '--platform': expected ios or mac (see 'versioncheck help lookup')"),
        (["manifest", "--url", "m.json", "--current", "1", "--force-on", "huge"], "invalid value 'huge' for '--force-on': expected one of major, minor, patch, revision, any, never (see 'versioncheck help manifest')"),
        (["manifest", "--url", "", "--current", "1"], "invalid value '' for '--url': expected a URL or a file path (see 'versioncheck help manifest')"),
        (["manifest", "--url", "m.json", "--current-from", ""], "invalid value '' for '--current-from': expected a path (see 'versioncheck help manifest')"),
        (["manifest", "--url", "m.json", "--current-from"], "option '--current-from' needs a value (PATH) (see 'versioncheck help manifest')"),
        (["lookup", "--current-from", "Info.plist", "--current-key", "short"], "invalid value 'short' for '--current-key': expected marketing or build (see 'versioncheck help lookup')"),
        (["compare", "--current-from", "Info.plist", "1", "2"], "option '--current-from' is not valid for 'compare' (see 'versioncheck help compare')"),
        // a command's short flag: only after its command, only for it
        (["-r", "sort", "1"], "option '-r' must follow a command name (see 'versioncheck --help')"),
        (["compare", "-r", "1", "2"], "option '-r' is not valid for 'compare' (see 'versioncheck help compare')"),
        (["sort", "-rx", "1"], "unknown option '-x' (see 'versioncheck help sort')"),
        (["sort", "--satisfies"], "option '--satisfies' needs a value (CONSTRAINT) (see 'versioncheck help sort')"),
        (["sort", "--latest=1"], "option '--latest' takes no value (see 'versioncheck help sort')"),
        // bump: LEVEL and --pre are checked by the parser
        (["bump", "minor"], "missing argument VERSION (see 'versioncheck help bump')"),
        (["bump", "minor", "1", "2"], "unexpected argument '2' (see 'versioncheck help bump')"),
        (["bump", "huge", "1"], "invalid value 'huge' for 'LEVEL': expected one of major, minor, patch, revision, prerelease (see 'versioncheck help bump')"),
        (["bump", "any", "1", "--json"], "invalid value 'any' for 'LEVEL': expected one of major, minor, patch, revision, prerelease (see 'versioncheck help bump')"),
        (["bump", "minor", "1", "--pre"], "option '--pre' needs a value (ID) (see 'versioncheck help bump')"),
        (["bump", "minor", "1", "--pre", "a..b"], "invalid value 'a..b' for '--pre': expected one or more identifiers of letters, digits and '-', joined by '.' (such as rc or beta.x) (see 'versioncheck help bump')"),
        (["bump", "minor", "1", "--pre=rc_1"], "invalid value 'rc_1' for '--pre': expected one or more identifiers of letters, digits and '-', joined by '.' (such as rc or beta.x) (see 'versioncheck help bump')"),
        (["bump", "minor", "1", "--pre", ""], "invalid value '' for '--pre': expected one or more identifiers of letters, digits and '-', joined by '.' (such as rc or beta.x) (see 'versioncheck help bump')"),
    ]

    @Test(arguments: cases)
    func usageError(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.status == .usage, "\(result)")
        #expect(result.stderr == "versioncheck: error: \(message)\n")
        #expect(result.requests.isEmpty)
        if arguments.prefix(while: { $0 != "--" }).contains("--json") {
            #expect(result.stdout == Output.errorJSON(Failure(.usage, message)).rendered + "\n")
        } else {
            #expect(result.stdout == "")
        }
    }

    static let badNumbers: [(option: String, value: String)] =
        ["abc", "0", "0.0", "-1", "1e3", ".5", "1.", "+1", "0x10", "nan", "inf", "", " 1", "1,5"].map { ("timeout", $0) }
        + ["-1", "1e3", ".5", "+1", "nan", "abc", ""].map { ("min-age", $0) }
        + ["11", "-1", "1.5", "abc", "", "+1", "1e1", "99999999999999999999999"].map { ("retries", $0) }

    @Test(arguments: badNumbers)
    func badNumber(option: String, value: String) {
        let result = run(["manifest", "--url", "m.json", "--current", "1", "--\(option)=\(value)"])
        #expect(result.status == .usage, "\(result)")
        #expect(result.stderr.hasPrefix("versioncheck: error: invalid value '\(value)' for '--\(option)': expected "))
        #expect(result.requests.isEmpty)
    }

    @Test func negativeNumberAsSeparateArgumentIsABadValueNotAMissingOne() {
        let result = run(["manifest", "--url", "m.json", "--current", "1", "--timeout", "-1"])
        #expect(result.status == .usage)
        #expect(result.stderr.contains("invalid value '-1' for '--timeout'"))
    }

    @Test func usageErrorWithJSONPrintsTheErrorObjectOnStdout() {
        let result = run(["compare", "--json", "1"])
        #expect(result.status == .usage)
        #expect(result.stdout == #"{"status": "error", "error": {"code": 64, "kind": "usage", "message": "missing argument B (see 'versioncheck help compare')"}}"# + "\n")
        #expect(result.stderr == "versioncheck: error: missing argument B (see 'versioncheck help compare')\n")
    }

    @Test func quietWinsOverJSONForErrors() {
        let result = run(["-q", "compare", "--json", "1"])
        #expect(result.status == .usage)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("versioncheck: error: missing argument B"))
    }

    @Test func noArgumentsPrintsShortUsageOnStderr() {
        let result = run([])
        #expect(result.status == .usage)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first == "versioncheck: error: missing command (see 'versioncheck --help')")
        #expect(lines.dropFirst().first == "USAGE: versioncheck lookup (--id N | --bundle-id ID)")
        for command in CommandTable.commands {
            #expect(result.stderr.contains("versioncheck \(command.name)"))
        }
    }
}

/// Version-valued options and arguments that are not versions: 65, naming the option.
@Suite("Invalid versions in options (65)", .blockingBodies)
struct InvalidVersionOptionTests {
    @Test(arguments: ["current", "minimum", "skip", "os-version"])
    func invalidVersionOption(option: String) {
        var arguments = ["lookup", "--id", "1", "--\(option)", "1..2"]
        if option != "current" { arguments += ["--current", "1.0"] }
        let result = run(arguments)
        #expect(result.status == .invalidInput, "\(result)")
        #expect(result.stderr == "versioncheck: error: --\(option): invalid version '1..2': empty component at offset 2\n")
        #expect(result.requests.isEmpty)
    }

    @Test func usageErrorsWinOverInvalidVersions() {
        let result = run(["lookup", "--current", "abc"])
        #expect(result.status == .usage)
    }
}

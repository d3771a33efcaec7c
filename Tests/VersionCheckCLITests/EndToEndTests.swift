import Foundation
import Testing
import VersionCheckTestSupport

/// The built `versioncheck` binary, run as a script would run it: exit status,
/// stdout and stderr, byte for byte.
@Suite("versioncheck end to end", .blockingBodies)
struct EndToEndTests {
    // MARK: compare

    @Test(arguments: [("1.2", "1.10", "-1"), ("v1.0.0+build.5", "1", "0"), ("2.0.0.1", "2.0", "1"), ("1.0.0-rc.1", "1.0.0", "-1")])
    func compare(a: String, b: String, expected: String) throws {
        let result = try versioncheck("compare", a, b)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == expected + "\n")
        #expect(result.stderr == "")
    }

    @Test func compareJSONEchoesTrimmedInput() throws {
        let result = try versioncheck("--json", "compare", " v1.2 ", "1.10")
        #expect(result.status == 0)
        #expect(result.stdout == #"{"a": "v1.2", "b": "1.10", "comparison": -1}"# + "\n")
    }

    @Test func compareInvalidVersionIs65() throws {
        let result = try versioncheck("compare", "1..2", "1")
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "versioncheck: error: invalid version '1..2': empty component at offset 2\n")
    }

    @Test func compareInvalidWithJSONPrintsTheErrorObject() throws {
        let result = try versioncheck("compare", "1", "abc", "--json")
        #expect(result.status == 65)
        #expect(result.stdout == #"{"status": "error", "error": {"code": 65, "kind": "invalid-input", "message": "invalid version 'abc': unexpected 'a' at offset 0, expected a digit"}}"# + "\n")
    }

    @Test func quietPrintsNothingEvenWithJSON() throws {
        let result = try versioncheck("-q", "--json", "compare", "1", "2")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    // MARK: satisfies

    @Test(arguments: [
        ("1.4.2", "~> 1.2", Int32(0)), ("2.0.0-beta", "~> 1.2", 1), ("1.2.0", "1.2", 0), ("3.1", ">=1, <2 || >=3", 0),
        ("1.5", "1.x", 0), ("2.0.0-beta", "< 2.0.0", 0),
    ])
    func satisfies(version: String, constraint: String, status: Int32) throws {
        let result = try versioncheck("satisfies", version, constraint)
        #expect(result.status == status, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    @Test func satisfiesJSON() throws {
        let result = try versioncheck("satisfies", "--json", "2.0.0-beta", "^1.2.3")
        #expect(result.status == 1)
        #expect(result.stdout == #"{"version": "2.0.0-beta", "constraint": "^1.2.3", "satisfied": false}"# + "\n")
    }

    @Test(arguments: [("1.2.a", "~>1"), ("1", ">=1,,<2"), ("1", ">=1.x"), ("1", "1 - 2")])
    func satisfiesInvalidInputIs65(version: String, constraint: String) throws {
        let result = try versioncheck("satisfies", version, constraint)
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("versioncheck: error: invalid "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    // MARK: sort

    @Test func sortArguments() throws {
        let result = try versioncheck("sort", "1.10", "1.2", "1.2.0-rc.1", "v1.2.0")
        #expect(result.status == 0)
        #expect(result.stdout == "1.2.0-rc.1\n1.2\nv1.2.0\n1.10\n")
    }

    @Test func sortStdinTrimsSkipsBlankLinesAndHandlesCRLF() throws {
        let result = try versioncheck("sort", stdin: "\n 1.10 \r\n\r\n\t1.2\n\n1.0.0-alpha\r\n1.2.0")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "1.0.0-alpha\n1.2\n1.2.0\n1.10\n")
    }

    @Test func sortReverseKeepsEqualVersionsInInputOrder() throws {
        let result = try versioncheck("sort", "--reverse", stdin: "1.0\n2\n1\n2.0.0\nv1.0.0\n")
        #expect(result.stdout == "2\n2.0.0\n1.0\n1\nv1.0.0\n")
    }

    @Test func sortInvalidLinePrintsNothingAndNamesTheLine() throws {
        let result = try versioncheck("sort", stdin: "1.0\n\n2.0\n1..2\n3\n")
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "versioncheck: error: line 4: invalid version '1..2': empty component at offset 2\n")
    }

    @Test func sortInvalidArgumentNamesTheArgument() throws {
        let result = try versioncheck("sort", "1", "x")
        #expect(result.status == 65)
        #expect(result.stderr == "versioncheck: error: argument 2: invalid version 'x': unexpected 'x' at offset 0, expected a digit\n")
    }

    @Test func sortJSON() throws {
        let result = try versioncheck("sort", "--json", stdin: "1.10\n 1.2 \n")
        #expect(result.stdout == #"["1.2", "1.10"]"# + "\n")
        let empty = try versioncheck("sort", "--json", stdin: "\n\n")
        #expect(empty.status == 0)
        #expect(empty.stdout == "[]\n")
    }

    @Test func sortEmptyInputPrintsNothing() throws {
        let result = try versioncheck("sort", stdin: "")
        #expect(result.status == 0)
        #expect(result.stdout == "")
    }

    @Test func sortManyLinesMatchesAReferenceSort() throws {
        var generator = SystemRandomNumberGenerator()
        let lines = (0..<50_000).map { _ in
            "\(UInt8.random(in: 0...3, using: &generator)).\(UInt8.random(in: 0...20, using: &generator)).\(UInt16.random(in: 0...999, using: &generator))"
        }
        let result = try versioncheck("sort", stdin: lines.joined(separator: "\n"))
        #expect(result.status == 0)
        func key(_ line: String) -> [Int] { line.split(separator: ".").map { Int($0)! } }
        let expected = lines.enumerated().sorted { left, right in
            let a = key(left.element), b = key(right.element)
            return a != b ? a.lexicographicallyPrecedes(b) : left.offset < right.offset
        }.map(\.element)
        #expect(result.stdoutLines == expected)
    }

    // MARK: validate

    @Test func validateSuccessPrintsNothing() throws {
        let result = try versioncheck("validate", "1.2.3", " v1 ", "1.0.0-01")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    @Test func validateStrictReportsEachInvalidEntry() throws {
        let result = try versioncheck("validate", "--strict", "1.2.3", "v1.2.3", "1.2", "1.0.0-01")
        #expect(result.status == 65)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.hasPrefix("versioncheck: error: invalid version '") })
        #expect(lines[0].contains("'v1.2.3'") && lines[1].contains("'1.2'") && lines[2].contains("'1.0.0-01'"))
    }

    @Test func validateAppStore() throws {
        #expect(try versioncheck("validate", "--app-store", "2020121701", "2.0", "10.14.1").status == 0)
        let result = try versioncheck("validate", "--app-store", "1.0.0-beta", "1234567890.123456789", "2.0.0.1")
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.last == "versioncheck: error: invalid version '2.0.0.1': 4 numeric components, App Store Connect accepts one to three (ITMS-90060)")
    }

    @Test func validateJSONPrintsOneObjectPerInputAndNothingElse() throws {
        let result = try versioncheck("validate", "--json", "--strict", " 1.2.3 ", "1.2")
        #expect(result.status == 65)
        #expect(result.stdoutLines == [
            #"{"version": "1.2.3", "valid": true, "error": null}"#,
            #"{"version": "1.2", "valid": false, "error": "invalid version '1.2': strict SemVer needs exactly 3 numeric components, found 2"}"#,
        ])
    }

    // MARK: help and version

    @Test(arguments: [["--help"], ["-h"], ["help"], ["--json", "--help"]])
    func overviewHelp(arguments: [String]) throws {
        let result = try runProduct("versioncheck", arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        #expect(result.stdout.contains("\nUSAGE: versioncheck COMMAND"))
        #expect(result.stdout.contains("\nEXIT STATUS:\n"))
        #expect(result.stderr == "")
    }

    @Test(arguments: [["lookup", "--help"], ["help", "lookup"], ["--json", "lookup", "-h", "--bogus"]])
    func commandHelp(arguments: [String]) throws {
        let result = try runProduct("versioncheck", arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: Check the App Store"))
        #expect(result.stdout.contains("\nUSAGE: versioncheck lookup (--id N | --bundle-id ID)\n"))
        #expect(result.stdout.contains("\n       versioncheck lookup --current-from PATH [options]\n"))
        #expect(result.stdout.contains("\n  --timeout SECONDS       "))
        #expect(result.stderr == "")
    }

    @Test func version() throws {
        let result = try versioncheck("--version", "--json")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("versioncheck "))
        #expect(result.stdoutLines.count == 1)
    }

    // MARK: usage errors

    @Test func noArguments() throws {
        let result = try runProduct("versioncheck", [])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("versioncheck: error: missing command (see 'versioncheck --help')\nUSAGE: "))
    }

    @Test(arguments: [
        (["frob"], "unknown command 'frob'"),
        (["lookup", "--curent", "1"], "unknown option '--curent'; did you mean '--current'?"),
        (["compare", "1"], "missing argument B"),
        (["compare", "1", "2", "3"], "unexpected argument '3'"),
        (["manifest", "--url"], "option '--url' needs a value (URL|PATH)"),
        (["lookup", "--id", "1", "--current", "1", "--retries", "11"], "invalid value '11' for '--retries'"),
        (["lookup", "--id", "1", "--id", "2", "--current", "1"], "option '--id' given more than once"),
        (["--json"], "missing command"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try runProduct("versioncheck", arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.hasPrefix("versioncheck: error: \(message)"))
        #expect(result.stderr.hasSuffix("')\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    // MARK: colour

    @Test func noColourWhenNotATerminalOrWithNoColor() throws {
        for environment in [[:], ["NO_COLOR": "1"]] {
            let result = try runProduct("versioncheck", ["compare", "1"], environment: environment)
            #expect(!result.stderr.contains("\u{1B}"))
        }
    }

    /// Under a pseudo-terminal (`script`), errors are coloured unless `NO_COLOR` is set.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: PseudoTerminal.script), "script(1), which gives the binary a terminal, is not installed"))
    func colourOnATerminal() throws {
        let binary = TestPaths.executable("versioncheck").path
        for (noColor, coloured) in [(false, true), (true, false)] {
            // The status is printed, not taken from script, whose own status differs between versions.
            let command = (noColor ? "NO_COLOR=1 " : "") + "'\(binary)' compare 1; echo \"exit $?\""
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
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.contains("exit 64"), "\(text)")
            #expect(text.contains("\u{1B}[1;31merror:\u{1B}[0m") == coloured, "\(text)")
            #expect(text.contains("error:"))
        }
    }
}

import Foundation
import Testing
import VersionCheckTestSupport

/// `sort`'s filters and `bump`, through the built binary: exit status, stdout and stderr.
@Suite("sort options and bump, end to end", .blockingBodies)
struct VersionToolsEndToEndTests {
    /// Tags as `git tag` prints them: pre-releases, a `v` prefix, names that are not versions.
    static let tags = "v1.0.0\nv1.10.0-rc.1\nrelease-notes\nv1.9.2\n\nv1.9.2+build.7\nv1.2.0\nlatest\nV1.9.2\n"

    // MARK: sort

    @Test(arguments: [["--reverse"], ["-r"]])
    func reverse(flags: [String]) throws {
        let result = try runProduct("versioncheck", ["sort"] + flags + ["1.2", "1.10", "1.2.0", "1.0-rc"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "1.10\n1.2\n1.2.0\n1.0-rc\n")
    }

    @Test func theNewestStableTagAsSpelled() throws {
        let result = try versioncheck("sort", "--stable", "--ignore-invalid", "--latest", stdin: Self.tags)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "v1.9.2\n")
        #expect(result.stderr == "")
    }

    @Test func ignoreInvalidNamesEachSkippedEntryOnlyWithVerbose() throws {
        let quiet = try versioncheck("sort", "--ignore-invalid", stdin: Self.tags)
        #expect(quiet.status == 0)
        #expect(quiet.stdoutLines == ["v1.0.0", "v1.2.0", "v1.9.2", "v1.9.2+build.7", "V1.9.2", "v1.10.0-rc.1"])
        #expect(quiet.stderr == "")
        let verbose = try versioncheck("sort", "--ignore-invalid", "-v", stdin: Self.tags)
        #expect(verbose.stdout == quiet.stdout)
        #expect(verbose.stderr == """
            versioncheck: skipped line 3: invalid version 'release-notes': unexpected 'r' at offset 0, expected a digit
            versioncheck: skipped line 8: invalid version 'latest': unexpected 'l' at offset 0, expected a digit

            """)
    }

    @Test func withoutIgnoreInvalidAnInvalidEntryIsStill65() throws {
        let result = try versioncheck("sort", "--stable", "--latest", stdin: Self.tags)
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("versioncheck: error: line 3: invalid version 'release-notes'"))
    }

    @Test(arguments: [
        (["--satisfies", "~> 1.2"], "1.2.5\n1.9\n"),
        (["--satisfies=>=1.2, <40"], "1.2.5\n1.9\n2.0-beta\n2.0\n"),
        (["--stable"], "1.1\n1.2.5\n1.9\n2.0\n"),
        (["--stable", "--satisfies", ">=1.2"], "1.2.5\n1.9\n2.0\n"),
        (["--latest"], "2.0\n"),
        (["--latest", "--reverse"], "2.0\n"),
        (["--latest", "--satisfies", "<2"], "2.0-beta\n"),
        (["--latest", "--stable", "--satisfies", "<2"], "1.9\n"),
    ])
    func filters(flags: [String], expected: String) throws {
        for arguments in [flags + ["1.1", "2.0-beta", "1.2.5", "2.0", "1.9"]] {
            let result = try runProduct("versioncheck", ["sort"] + arguments)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout == expected, "\(arguments)")
        }
        // The same through stdin (the packed path, where every line is plain).
        let stdin = try runProduct("versioncheck", ["sort"] + flags, stdin: Data("1.1\n2.0-beta\n1.2.5\n2.0\n1.9\n".utf8))
        #expect(stdin.stdout == expected, "stdin \(flags)")
    }

    @Test(arguments: [["--stable"], ["--satisfies", "<1.5"], ["--satisfies", "<1.5", "--latest"]])
    func thePackedPathFiltersAsTheGeneralPathDoes(flags: [String]) throws {
        let plain = (0..<3000).map { "\($0 % 3).\($0 % 17).\($0)" }
        let fast = try runProduct("versioncheck", ["sort"] + flags, stdin: Data(plain.joined(separator: "\n").utf8))
        let general = try runProduct(
            "versioncheck", ["sort"] + flags, stdin: Data((plain + ["0.0.1-alpha"]).joined(separator: "\n").utf8))
        #expect(fast.status == 0 && general.status == 0)
        #expect(fast.stdoutLines == general.stdoutLines.filter { $0 != "0.0.1-alpha" })
        #expect(!fast.stdoutLines.isEmpty)
    }

    @Test func latestPrintsTheFirstOfEqualVersionsAndOneStringWithJSON() throws {
        let text = try versioncheck("sort", "--latest", stdin: "1.0\n2.0.0\nv2\n2\n1.5\n")
        #expect(text.stdout == "2.0.0\n")
        let json = try versioncheck("sort", "--latest", "--json", "--reverse", "1.0", "v2", "2.0", "1.0-rc")
        #expect(json.stdout == #"["v2"]"# + "\n")
        let packed = try versioncheck("sort", "--latest", "--json", stdin: "1.0\nv2\n2.0\n")
        #expect(packed.stdout == #"["v2"]"# + "\n")
    }

    @Test(arguments: [
        (["--satisfies", ">=3"], "1.0\n2.0\n"),
        (["--stable"], "1.0-rc\n2.0-beta\n"),
        (["--ignore-invalid"], "abc\nv\n"),
        (["--ignore-invalid", "--latest"], "abc\n"),
        (["--satisfies", ">=3", "--latest"], "1.0\n2.0\n"),
    ])
    func filtersThatLeaveNothingExit1(flags: [String], input: String) throws {
        let result = try runProduct("versioncheck", ["sort"] + flags, stdin: Data(input.utf8))
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        let json = try runProduct("versioncheck", ["sort", "--json"] + flags, stdin: Data(input.utf8))
        #expect(json.status == 1)
        #expect(json.stdout == "[]\n")
    }

    @Test(arguments: ["", "\n \n\t\n"])
    func anInputWithNoEntryExits0WhateverTheFilters(input: String) throws {
        let result = try versioncheck("sort", "--stable", "--satisfies", ">=3", "--ignore-invalid", "--latest", stdin: input)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
    }

    @Test(arguments: [">=1,,<2", "1 - 2", "~>", ">=1.x"])
    func anInvalidConstraintIs65(constraint: String) throws {
        let result = try versioncheck("sort", "--satisfies", constraint, stdin: "1.0\n")
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("versioncheck: error: --satisfies: invalid constraint "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        let json = try versioncheck("sort", "--json", "--satisfies", constraint, "1.0")
        #expect(json.stdout.hasPrefix(#"{"status": "error", "error": {"code": 65, "kind": "invalid-input""#))
    }

    @Test func aShortFlagInTheWrongPlaceIs64() throws {
        let result = try versioncheck("compare", "-r", "1", "2")
        #expect(result.status == 64)
        #expect(result.stderr == "versioncheck: error: option '-r' is not valid for 'compare' (see 'versioncheck help compare')\n")
    }

    // MARK: bump

    @Test(arguments: [
        (["minor", "1.2.3"], "1.3.0"),
        (["patch", "1.2"], "1.2.1"),
        (["minor", "1.3.0-rc.2"], "1.3.0"),
        (["revision", "1.2.3"], "1.2.3.1"),
        (["major", "1.9.9.9"], "2.0.0.0"),
        (["prerelease", "1.2.4-alpha.1.beta"], "1.2.4-alpha.2.beta"),
        (["prerelease", "1.2.3"], "1.2.4-rc.1"),
        (["prerelease", "1.2.4-beta.3", "--pre", "rc"], "1.2.4-rc.1"),
        (["minor", "1.3.0-rc.2", "--pre=beta"], "1.4.0-beta.1"),
        (["MINOR", " v1.2.3+build.9 "], "v1.3.0"),
        (["patch", "01.002.99999999999999999999"], "1.2.100000000000000000000"),
        (["--", "patch", "1.2"], "1.2.1"),
    ])
    func bump(arguments: [String], expected: String) throws {
        let result = try runProduct("versioncheck", ["bump"] + arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == expected + "\n")
        #expect(result.stderr == "")
    }

    @Test func bumpJSONEchoesTheTrimmedInput() throws {
        let result = try versioncheck("--json", "bump", "prerelease", " v1.2.4-rc.1+sha.5 ")
        #expect(result.status == 0)
        #expect(result.stdout == #"{"version": "v1.2.4-rc.1+sha.5", "level": "prerelease", "bumped": "v1.2.4-rc.2"}"# + "\n")
        #expect(try versioncheck("-q", "bump", "major", "1").stdout == "")
    }

    @Test func aBackwardsBumpIs65() throws {
        let result = try versioncheck("bump", "prerelease", "1.2.4-rc.1", "--pre", "beta")
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "versioncheck: error: cannot bump '1.2.4-rc.1': the result '1.2.4-beta.1' would not be higher (a pre-release name that sorts before the current one)\n")
        let json = try versioncheck("bump", "prerelease", "1.2.4-rc.1", "--pre", "beta", "--json")
        #expect(json.stdout.hasPrefix(#"{"status": "error", "error": {"code": 65, "kind": "invalid-input", "message": "cannot bump"#))
    }

    @Test func anInvalidVersionIs65() throws {
        let result = try versioncheck("bump", "minor", "1..2")
        #expect(result.status == 65)
        #expect(result.stderr == "versioncheck: error: invalid version '1..2': empty component at offset 2\n")
    }

    @Test(arguments: [["huge", "1.2"], ["minor", "1.2", "--pre", "rc..1"], ["minor", "1.2", "--pre", "é"], ["minor"], ["minor", "1", "2"]])
    func usageErrorsAre64(arguments: [String]) throws {
        let result = try runProduct("versioncheck", ["bump"] + arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasSuffix("(see 'versioncheck help bump')\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func helpShowsTheGrammar() throws {
        let bump = try versioncheck("help", "bump")
        #expect(bump.stdout.contains("\nUSAGE: versioncheck bump [--pre ID] LEVEL VERSION\n"))
        let sort = try versioncheck("sort", "--help")
        #expect(sort.stdout.contains("\n  -r, --reverse "))
        #expect(sort.stdout.contains("\n  --satisfies CONSTRAINT"))
    }
}

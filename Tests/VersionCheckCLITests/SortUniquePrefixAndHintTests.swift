import Foundation
import Testing
import VersionCheckTestSupport

/// `sort --unique` and `--prefix` (SPEC.md "Version tools") on both paths (plain lines take
/// the packed fast path; a pre-release or `-v` the general one), and the hints on likely
/// slips (SPEC.md "Details"), through the built binary.
@Suite(.blockingBodies) struct SortUniquePrefixAndHintTests {
    static let tags = "pkg@1.2\nother@3.0\npkg@1.10\npkg@1.2.0\n pkg@v1.2 \nv9.0\n"

    @Test func prefixComparesWithoutItAndPrintsAsGiven() throws {
        let result = try versioncheck("sort", "--prefix", "pkg@", stdin: Self.tags)
        #expect(result.status == 0)
        #expect(result.stdout == "pkg@1.2\npkg@1.2.0\npkg@v1.2\npkg@1.10\n")
        #expect(result.stderr == "")
        let latest = try versioncheck("sort", "--prefix", "pkg@", "--latest", stdin: Self.tags)
        #expect(latest.stdout == "pkg@1.10\n")
        let arguments = try versioncheck("sort", "--prefix", "release-", "release-1.10", "1.0", "release-1.2")
        #expect(arguments.stdout == "release-1.2\nrelease-1.10\n")
    }

    @Test func uniqueKeepsTheFirstOfEqualPrecedenceInInputOrder() throws {
        // Plain lines (fast path) and with a pre-release (general path) agree.
        let plain = try versioncheck("sort", "--unique", stdin: "1.2\n1.10\n1.2.0\nv1.2\n1.10.0\n")
        #expect(plain.stdout == "1.2\n1.10\n")
        let general = try versioncheck("sort", "--unique", stdin: "1.2\n1.10\n1.2.0\nv1.2\n1.0-rc\n1.0-rc.0\n1.0-rc\n")
        #expect(general.stdout == "1.0-rc\n1.0-rc.0\n1.2\n1.10\n")
        let reversed = try versioncheck("sort", "--unique", "-r", "1.2", "1.10", "1.2.0", "v1.2", "1.10.0")
        #expect(reversed.stdout == "1.10\n1.2\n")
        let json = try versioncheck("--json", "sort", "--unique", "--prefix", "pkg@", "-r", stdin: Self.tags)
        #expect(json.stdout == "[\"pkg@1.10\", \"pkg@1.2\"]\n")
    }

    @Test func entriesWithoutThePrefixAreSkippedNeverInvalid() throws {
        // -v names them (the general path), and the answer is the same.
        let verbose = try versioncheck("-v", "sort", "--prefix", "pkg@", "--unique", stdin: Self.tags)
        #expect(verbose.status == 0)
        #expect(verbose.stdout == "pkg@1.2\npkg@1.10\n")
        #expect(verbose.stderr.contains("skipped 'other@3.0': no prefix 'pkg@'"))
        #expect(verbose.stderr.contains("skipped 'v9.0': no prefix 'pkg@'"))
        // An entry with the prefix and no version after it is invalid as ever.
        let invalid = try versioncheck("sort", "--prefix", "pkg@", stdin: "pkg@1.0\npkg@next\n")
        #expect(invalid.status == 65)
        #expect(invalid.stdout == "")
        #expect(invalid.stderr.contains("line 2"))
        #expect(try versioncheck("sort", "--prefix", "pkg@", "--ignore-invalid", stdin: "pkg@1.0\npkg@next\n").stdout == "pkg@1.0\n")
    }

    /// Regression (found by `make bench`): standard input is read in 64 KiB chunks and
    /// the read stops after the first invalid line; every tag counted as invalid without
    /// the prefix, so the read stopped in the first chunk and a line cut short there was
    /// reported as invalid (65). Both paths now read it all: 20,000 tags (about 260 KiB),
    /// plain (fast path) and with a pre-release and `-v` (general path, naming a skipped line).
    @Test func prefixedInputLongerThanOneReadIsReadWhole() throws {
        let tags = (0..<20_000).map { "pkg@\($0 % 97).\($0 % 89).\($0)" }
        let plain = try versioncheck("sort", "--prefix", "pkg@", "--latest", stdin: tags.joined(separator: "\n") + "\n")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout == "pkg@96.88.17265\n")
        let mixed = tags + ["pkg@96.64.19978-rc.1", "other@1.0"]
        let general = try versioncheck("-v", "sort", "--prefix", "pkg@", "--unique", stdin: mixed.joined(separator: "\n") + "\n")
        #expect(general.status == 0, "\(general.stderr)")
        #expect(general.stdout.split(separator: "\n").count == 20_001)
        #expect(general.stderr.contains("skipped 'other@1.0': no prefix 'pkg@'"))
    }

    @Test func exitStatusWhenThePrefixLeavesNothing() throws {
        let none = try versioncheck("sort", "--prefix", "pkg@", stdin: "other@1.0\n2.0\n")
        #expect(none.status == 1)
        #expect(none.stdout == "")
        let empty = try versioncheck("sort", "--prefix", "pkg@", stdin: "\n\n")
        #expect(empty.status == 0)
        #expect(try versioncheck("sort", "--prefix", "", "1.0").status == 64)
    }

    // MARK: hints

    @Test(arguments: [
        ("127.0.0.1:8765/app.json", "did you mean http://127.0.0.1:8765/app.json?"),
        ("localhost:8765/app.json", "did you mean http://localhost:8765/app.json?"),
        ("[::1]:8765/app.json", "did you mean http://[::1]:8765/app.json?"),
        ("example.com/app.json", "did you mean https://example.com/app.json?"),
    ])
    func schemeLessURLThatLooksLikeAHost(location: String, hint: String) throws {
        let result = try versioncheck("manifest", "--url", location, "--current", "1.0")
        #expect(result.status == 69)
        #expect(result.stderr == "versioncheck: error: manifest '\(location)': no such file; \(hint)\n")
    }

    @Test(arguments: ["./missing/app.json", "missing/app.json", "/nonexistent/app.json"])
    func aPathThatDoesNotLookLikeAHostGetsNoHint(location: String) throws {
        let result = try versioncheck("manifest", "--url", location, "--current", "1.0")
        #expect(result.status == 69)
        #expect(!result.stderr.contains("did you mean"))
    }

    @Test func anAppStoreLookupResponseGivenToManifest() throws {
        let result = try versioncheck("manifest", "--url", TestPaths.fixture("itunes-ios.json").path, "--current", "1.0")
        #expect(result.status == 76)
        #expect(result.stderr.hasSuffix("; this is an App Store lookup response: use versioncheck lookup\n"))
        // A JSON manifest that is merely wrong gets no such hint.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-lookup-\(UUID().uuidString).json")
        try Data(#"{"version": "1.0"}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let plain = try versioncheck("manifest", "--url", file.path, "--current", "1.0")
        #expect(plain.status == 76)
        #expect(!plain.stderr.contains("App Store lookup response"))
    }

    @Test(arguments: [("=>1.0", ">="), ("=<2", "<="), (">=1, =>2", ">=")])
    func arrowsWrittenTheWrongWayRound(constraint: String, meant: String) throws {
        let satisfies = try versioncheck("satisfies", "1.5", constraint)
        #expect(satisfies.status == 65)
        #expect(satisfies.stderr.hasSuffix("; did you mean \(meant)?\n"))
        let sort = try versioncheck("sort", "--satisfies", constraint, "1.5")
        #expect(sort.status == 65)
        #expect(sort.stderr.hasSuffix("; did you mean \(meant)?\n"))
    }

    @Test func bumpWithItsWordsSwapped() throws {
        let result = try versioncheck("bump", "1.2.3", "minor")
        #expect(result.status == 64)
        #expect(result.stderr.contains("; did you mean bump minor 1.2.3?"))
        #expect(result.stdout == "")
        // Not a swap: no hint.
        let wrong = try versioncheck("bump", "1.2.3", "1.2.4")
        #expect(wrong.status == 64)
        #expect(!wrong.stderr.contains("did you mean"))
    }
}

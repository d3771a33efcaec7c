import Testing
import VersionCheckTestSupport

/// `sort` has two paths: packed keys when every line is a plain numeric version, parsed
/// versions otherwise. Whatever the path, the output must be the same.
@Suite("sort: fast and general paths agree", .blockingBodies)
struct SortPathTests {
    /// Plain lines with many ties (zero padding, leading zeros, `v`), CRLF and blank lines.
    static let plain = [
        "1.10", "1.2", "v1.2.0", "01.2", "2", "1.2.0.0", "0.9.9", " 1.2 \r", "", "10.0", "2.0.0", "v0.9.9",
    ]

    @Test(arguments: [false, true])
    func sameOrderWhetherOrNotThePackedPathApplies(reverse: Bool) throws {
        let flags = reverse ? ["sort", "--reverse"] : ["sort"]
        let fast = try runProduct("versioncheck", flags, stdin: .init(Self.plain.joined(separator: "\n").utf8))
        // A pre-release line (which sorts first, or last with --reverse) forces the general path.
        let general = try runProduct(
            "versioncheck", flags, stdin: .init((Self.plain + ["0.0.1-alpha"]).joined(separator: "\n").utf8))
        #expect(fast.status == 0 && general.status == 0)
        var generalLines = general.stdoutLines
        #expect(generalLines.contains("0.0.1-alpha"))
        generalLines.removeAll { $0 == "0.0.1-alpha" }
        #expect(fast.stdoutLines == generalLines)
        #expect(fast.stdoutLines.count == Self.plain.filter { !$0.allSatisfy(\.isWhitespace) }.count)
    }

    @Test func jsonIsTheSameOnBothPaths() throws {
        let fast = try versioncheck("sort", "--json", stdin: "1.10\nv1.2\n")
        let general = try versioncheck("sort", "--json", stdin: "1.10\nv1.2\n1.0-rc\n")
        #expect(fast.stdout == #"["v1.2", "1.10"]"# + "\n")
        #expect(general.stdout == #"["1.0-rc", "v1.2", "1.10"]"# + "\n")
    }

    @Test func anInvalidLineAfterManyPlainOnesStillPrintsNothing() throws {
        let lines = (0..<10_000).map { "1.\($0 % 97).\($0)" } + ["1.2.x"]
        let result = try versioncheck("sort", stdin: lines.joined(separator: "\n"))
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("versioncheck: error: line 10001: invalid version '1.2.x'"))
    }

    @Test func quietPrintsNothingOnTheFastPath() throws {
        let result = try versioncheck("sort", "-q", stdin: "2\n1\n")
        #expect(result.status == 0)
        #expect(result.stdout == "")
    }
}

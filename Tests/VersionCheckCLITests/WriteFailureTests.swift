import Foundation
import Testing
import VersionCheckCLI
import VersionCheckCore
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckTestSupport

/// A lost write is never success (SPEC *Details*, writing; exit 74): stdout on a full
/// disk, or a reader that went away while SIGPIPE is ignored, is 74 with one error line;
/// with SIGPIPE at its default the process ends quietly by the signal.
@Suite("Writing: a failed write to stdout is 74", .blockingBodies)
struct WriteFailureTests {
    static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")
    /// Runs the product with stdout on /dev/full (which fails every write with ENOSPC).
    static let toDevFull = #""$0" "$@" > /dev/full 2> "$ERR"; echo $? > "$STATUS""#
    /// Runs the product into a reader that takes one byte and leaves.
    static let toEarlyExit = #"{ "$0" "$@" 2> "$ERR"; echo $? > "$STATUS"; } | head -c1 > /dev/null"#
    /// 200,000 versions: far more output than a pipe holds.
    static let manyVersions = Data((0..<200_000).map { "1.\($0)\n" }.joined().utf8)

    static func expectOutputError(_ result: ShellRunResult) {
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.hasPrefix("versioncheck: error: write failed"), "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
    }

    @Test(.enabled(if: hasDevFull, "/dev/full, a disk that is always full, does not exist here"), arguments: [
        ["sort", "1.10", "1.2"], ["sort", "--json", "1.10", "1.2"], ["bump", "minor", "1.2.3"], ["compare", "1.0", "2.0"],
        ["satisfies", "--json", "1.0", ">=1"], ["validate", "--json", "1.0"], ["help"], ["--help"], ["--version"],
        ["completions", "bash"],
    ])
    func fullDisk(_ arguments: [String]) throws {
        let result = try runInShell(Self.toDevFull, arguments: arguments)
        Self.expectOutputError(result)
        #expect(result.stderr.contains("No space left on device"), "\(result)")
    }

    @Test(.enabled(if: hasDevFull, "/dev/full, a disk that is always full, does not exist here")) func manifestCheckToAFullDisk() throws {
        let manifest = TestPaths.fixture("manifest-full.json").path
        let result = try runInShell(Self.toDevFull, arguments: ["manifest", "--url", manifest, "--current", "0.1"])
        Self.expectOutputError(result)
    }

    @Test(.enabled(if: hasDevFull, "/dev/full, a disk that is always full, does not exist here")) func anotherErrorKeepsItsCode() throws {
        // `--json` puts the error object on stdout, which fails too: the 65 stays.
        let result = try runInShell(Self.toDevFull, arguments: ["compare", "--json", "1..2", "1"])
        #expect(result.status == 65, "\(result)")
        #expect(!result.stderr.contains("write failed"), "\(result)")
    }

    @Test(.enabled(if: hasDevFull, "/dev/full, a disk that is always full, does not exist here")) func quietNeedsNoStdout() throws {
        let result = try runInShell(Self.toDevFull, arguments: ["-q", "compare", "1.0", "2.0"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test func readerGoneWithSIGPIPEIgnored() throws {
        let result = try runInShell("trap '' PIPE; " + Self.toEarlyExit, arguments: ["sort"], stdin: Self.manyVersions)
        Self.expectOutputError(result)
        #expect(result.stderr.contains("Broken pipe"), "\(result)")
    }

    @Test func readerGoneWithDefaultSIGPIPE() throws {
        let result = try runInShell(Self.toEarlyExit, arguments: ["sort"], stdin: Self.manyVersions)
        #expect(result.status == 128 + SIGPIPE, "killed by SIGPIPE: \(result)")
        #expect(result.stderr.isEmpty, "quietly: \(result)")
    }

    @Test func inProcessFailingSink() {
        let (capturing, capture) = Output.capturing()
        let failing = OutputSink(checkedWrite: { _ in "Input/output error" })
        let output = Output(stdout: failing, stderr: capturing.stderr)
        let status = CLI.run(
            arguments: ["compare", "1", "2"], environment: [:], stdin: .text(""), output: output,
            checkRunner: { _, _ in .internalError })
        #expect(status == .outputError)
        #expect(capture.stderr == "versioncheck: error: write failed: standard output: Input/output error\n")
    }
}

import Foundation
import Testing
import VersionCheckTestSupport

/// Issue 21: `sort` stops at the first invalid line unless `--ignore-invalid` (it used to
/// read an endless `/dev/urandom` until memory ran out: 6.4 GB after 30 s), and its memory
/// stays within 2× its input plus 32 MiB.
@Suite("Hostile input: sort", .serialized, .blockingBodies)
struct HostileSortTests {
    @Test func anEndlessStreamOfRandomBytesStopsAtLineOne() throws {
        let result = try runInShell(
            #"cat /dev/urandom | "$0" "$@" 2> "$ERR" > /dev/null; echo $? > "$STATUS""#, arguments: ["sort"], timeout: 30)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("versioncheck: error: line 1: invalid version"), "\(result)")
    }

    @Test func anEndlessStreamOfInvalidTextStopsAtLineTwo() throws {
        let result = try runInShell(
            #"{ echo 1.0; yes not-a-version; } | "$0" "$@" 2> "$ERR" > /dev/null; echo $? > "$STATUS""#, arguments: ["sort"],
            timeout: 30)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("versioncheck: error: line 2: invalid version 'not-a-version'"), "\(result)")
    }

    /// 48 MiB of random bytes: only the first line is read into memory's worth.
    @Test func randomBytesStayWithinTheBudget() throws {
        var generator = SplitMix64(seed: 21)
        var bytes = Data(count: 48 << 20)
        bytes.withUnsafeMutableBytes { raw in
            for index in 0..<(raw.count / 8) { raw.storeBytes(of: generator.next(), toByteOffset: index * 8, as: UInt64.self) }
        }
        let result = try runMeasured(TestPaths.executable("versioncheck"), [Array("sort".utf8)], stdin: bytes)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderrText.contains("line 1: invalid version"), "\(result)")
        #expect(result.peakMiB < HostileBudget.mebibytes, "\(result)")
        #expect(result.seconds < HostileBudget.seconds, "\(result)")
        print("HOSTILE\tsort of 48 MiB of random bytes\texit \(result.status)\t\(String(format: "%.2f", result.seconds)) s\t\(String(format: "%.1f", result.peakMiB)) MiB")
    }

    /// With --ignore-invalid every line is read (and skipped); the valid ones are sorted.
    @Test func ignoreInvalidReadsOn() throws {
        let result = try runProduct("versioncheck", ["sort", "--ignore-invalid"], stdin: Data("x\n2.0\ny\n1.0\n".utf8))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "1.0\n2.0\n")
    }
}

import Foundation
import Testing
import VersionCheckTestSupport

/// Hostile input to the offline commands, run against the built `versioncheck` as a
/// child process: each case gets the right exit code and a clear error (or the right
/// answer), within `HostileBudget` (1 s and 64 MiB, with slack for a loaded machine).
///
/// argv cannot carry NUL, and one argument is at most 128 KiB on Linux
/// (MAX_ARG_STRLEN), so the largest inputs go through stdin (`sort`).
@Suite("Hostile input: offline commands", .blockingBodies)
struct HostileInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [[UInt8]]
        var stdin: [UInt8] = []
        var status: Int32
        /// Expected on stderr (empty: stderr must be empty).
        var stderr: String = ""
        /// Expected stdout, exactly; nil: not checked.
        var stdout: String? = nil
        var testDescription: String { name }
    }

    static func args(_ texts: String...) -> [[UInt8]] { texts.map { Array($0.utf8) } }

    static let megabyte = 1 << 20
    static let hugeValid = "1." + String(repeating: "7", count: megabyte - 2)
    static let hugeInvalid = String(repeating: "a", count: megabyte)
    static let manyComponents = "1" + String(repeating: ".0", count: 99_999) + ".1"
    static let longNumber = "1." + String(repeating: "9", count: 10_000)
    static let manyAlternatives = Array(repeating: "=0.0.1", count: 9_999).joined(separator: " || ") + " || >=2"
    static let longArgument = "1." + String(repeating: "0", count: 120_000) + "5"

    static let cases: [Case] = [
        Case(name: "1 MiB valid version on stdin", arguments: args("sort"), stdin: Array((hugeValid + "\n1.8\n").utf8),
             status: 0, stdout: "1.8\n" + hugeValid + "\n"),
        Case(name: "1 MiB invalid version on stdin", arguments: args("sort"), stdin: Array(hugeInvalid.utf8),
             status: 65, stderr: "line 1: invalid version '\(String(repeating: "a", count: 72))…' (1048576 characters): unexpected 'a' at offset 0", stdout: ""),
        Case(name: "120 KB argument (near the argv limit)", arguments: args("compare", longArgument, "1.0.5"),
             status: 0, stdout: "1\n"),
        Case(name: "version with 100,001 components", arguments: args("sort"), stdin: Array((manyComponents + "\n1.1\n1\n").utf8),
             status: 0, stdout: "1\n" + manyComponents + "\n1.1\n"),
        Case(name: "10,000-digit component", arguments: args("compare", longNumber, "1.18446744073709551616"),
             status: 0, stdout: "1\n"),
        Case(name: "10,000-digit component, pre-release", arguments: args("compare", "1.0.0-" + String(longNumber.dropFirst(2)), "1.0.0-1"),
             status: 0, stdout: "1\n"),
        Case(name: "constraint with 10,000 || alternatives, satisfied by the last", arguments: args("satisfies", "2.0", manyAlternatives),
             status: 0),
        Case(name: "constraint with 10,000 || alternatives, not satisfied", arguments: args("satisfies", "1.5", manyAlternatives),
             status: 1),
        Case(name: "invalid UTF-8 in an argument", arguments: [Array("compare".utf8), [0x31, 0x2E, 0xFF], Array("1".utf8)],
             status: 65, stderr: "invalid version '1.\u{FFFD}'", stdout: ""),
        Case(name: "invalid UTF-8 in a constraint", arguments: [Array("satisfies".utf8), Array("1.0".utf8), [0x3E, 0x3D, 0xC3]],
             status: 65, stderr: "invalid constraint '>=\u{FFFD}'"),
        Case(name: "invalid UTF-8 on stdin", arguments: args("sort"), stdin: [0x31, 0x0A, 0x32, 0xE2, 0x82, 0x0A],
             status: 65, stderr: "line 2: invalid version", stdout: ""),
        Case(name: "NUL byte on stdin", arguments: args("sort"), stdin: Array("1.0\n2.0\u{0}\n".utf8),
             status: 65, stderr: "line 2: invalid version '2.0\\u{0}'", stdout: ""),
        Case(name: "NUL-only stdin", arguments: args("sort", "--json"), stdin: [0, 0, 0],
             status: 65, stderr: "line 1: invalid version"),
        Case(name: "CRLF line endings", arguments: args("sort"), stdin: Array("1.10\r\n1.2\r\n\r\n1.9\r\n".utf8),
             status: 0, stdout: "1.2\n1.9\n1.10\n"),
        Case(name: "mixed line endings, pre-releases (general path)", arguments: args("sort"),
             stdin: Array("1.10\r\n1.2-rc.1\n\r\n  1.2 \r\n\n1.0\r".utf8), status: 0, stdout: "1.0\n1.2-rc.1\n1.2\n1.10\n"),
        Case(name: "bare CR is not a line break", arguments: args("sort"), stdin: Array("1.0\r2.0\n".utf8),
             status: 65, stderr: "line 1: invalid version '1.0\\r2.0'", stdout: ""),
        Case(name: "--timeout 0", arguments: args("lookup", "--id", "1", "--current", "1.0", "--timeout", "0"),
             status: 64, stderr: "invalid value '0' for '--timeout'"),
        Case(name: "--timeout -1", arguments: args("lookup", "--id", "1", "--current", "1.0", "--timeout=-1"),
             status: 64, stderr: "invalid value '-1' for '--timeout'"),
        Case(name: "--timeout 1e309", arguments: args("lookup", "--id", "1", "--current", "1.0", "--timeout", "1e309"),
             status: 64, stderr: "invalid value '1e309' for '--timeout'"),
        Case(name: "--timeout of 400 digits (overflows Double)", arguments: args("lookup", "--id", "1", "--current", "1.0", "--timeout", String(repeating: "9", count: 400)),
             status: 64, stderr: "for '--timeout': expected a positive number of seconds"),
        Case(name: "--timeout nan", arguments: args("manifest", "--url", "/nonexistent", "--current", "1.0", "--timeout", "nan"),
             status: 64, stderr: "invalid value 'nan' for '--timeout'"),
        Case(name: "--retries 10^9", arguments: args("lookup", "--id", "1", "--current", "1.0", "--retries", "1000000000"),
             status: 64, stderr: "invalid value '1000000000' for '--retries': expected a whole number from 0 to 10"),
        Case(name: "--retries 2^64", arguments: args("lookup", "--id", "1", "--current", "1.0", "--retries", "18446744073709551616"),
             status: 64, stderr: "for '--retries': expected a whole number from 0 to 10"),
        // Found by fuzz-command-line: -h wins over everything, -q included (help is asked for).
        Case(name: "-h among control characters and -q", arguments: args("validate", "--app-store", "--json", "\u{1}\n40", "", "-h", "-q"),
             status: 0, stdout: nil),
        Case(name: "--min-age 1e309", arguments: args("lookup", "--id", "1", "--current", "1.0", "--min-age", "1e309"),
             status: 64, stderr: "invalid value '1e309' for '--min-age'"),
    ]

    @Test(arguments: cases)
    func boundedAnswer(_ hostile: Case) throws {
        let result = try runMeasured(TestPaths.executable("versioncheck"), hostile.arguments, stdin: Data(hostile.stdin))
        #expect(result.status == hostile.status, "\(result)")
        if hostile.stderr.isEmpty {
            #expect(result.stderr.isEmpty, "\(result)")
        } else {
            #expect(result.stderrText.hasPrefix("versioncheck: error: "), "\(result)")
            #expect(result.stderrText.contains(hostile.stderr), "\(result)")
            #expect(result.stderrText.split(separator: "\n").count == 1, "one line on stderr: \(result)")
            // A line a person can read: long input is quoted as an excerpt, not whole.
            #expect(result.stderr.count < 300, "\(result.stderr.count) bytes on stderr")
        }
        if let stdout = hostile.stdout { #expect(result.stdoutText == stdout, "\(result)") }
        if hostile.arguments.contains(Array("-h".utf8)) { #expect(result.stdoutText.hasPrefix("OVERVIEW: Check that versions"), "\(result)") }
        #expect(result.seconds < HostileBudget.seconds, "\(result)")
        #expect(result.peakMiB < HostileBudget.mebibytes, "\(result)")
        print("HOSTILE\t\(hostile.name)\texit \(result.status)\t\(String(format: "%.2f", result.seconds)) s\t\(String(format: "%.1f", result.peakMiB)) MiB")
    }
}

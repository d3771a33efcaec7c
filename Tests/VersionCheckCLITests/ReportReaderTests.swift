#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import VersionCheckCore
@testable import VersionCheckCLI
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// `ReportReader`: what the helper writes is read back whole, however long the values a
/// server sent (a long `ETag`, `Last-Modified` or redirect URL), and a flood that never
/// ends its header is refused (nil: 70) rather than read without end.
@Suite(.blockingBodies) struct ReportReaderTests {
    /// Writes `bytes` to an unlinked temporary file and reads a report from it.
    private func readBack(_ bytes: [UInt8]) -> FetchReport? {
        var template = Array("/tmp/versioncheck-report-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        #expect(fd >= 0)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        #expect(written == bytes.count)
        #expect(lseek(fd, 0, SEEK_SET) == 0)
        return ReportReader(fd: fd).read()
    }

    @Test func longValidatorsAndURLReachAnAnswer() {
        let response = FetchedResponse(
            status: 200, url: "http://127.0.0.1/" + String(repeating: "u", count: 90_000),
            entityTag: "\"" + String(repeating: "e", count: 99_000) + "\"",
            lastModified: String(repeating: "m", count: 70_000), body: Array("{\"version\":\"1.0\"}".utf8))
        let report = FetchReport.response(response)
        #expect(readBack(report.encoded) == report)
    }

    /// Values a server chose, read back whole: a validator that starts with a combining
    /// mark (as one `Character` with the space before it, it hid the field's name: no
    /// report, 70), a URL with one, and a message with a line break (the writer's space).
    @Test(arguments: ["\u{301}\"v1\"", "W/\"\u{301}\"", " \u{301}", "\u{1F1FA}\u{1F1F8} \u{200D}"])
    func anyValidatorReadsBack(tag: String) {
        let response = FetchedResponse(
            status: 200, url: "http://127.0.0.1/\u{301}x", entityTag: tag, lastModified: "\u{301}Fri", body: [0x7B, 0x7D])
        #expect(readBack(FetchReport.response(response).encoded) == .response(response))
        let failure = FetchReport.failure(Failure(.timeout, "\u{301}slow\nserver"))
        #expect(readBack(failure.encoded) == .failure(Failure(.timeout, "\u{301}slow server")))
    }

    @Test func aHeaderThatNeverEndsIsRefused() {
        let flood = Array((FetchReport.magic + "\netag ").utf8) + [UInt8](repeating: 0x61, count: 2 * 1024 * 1024)
        #expect(readBack(flood) == nil)
    }

    @Test func aShortBodyIsRefused() {
        let report = FetchReport.response(FetchedResponse(status: 200, url: "http://127.0.0.1/", body: [1, 2, 3, 4]))
        #expect(readBack(Array(report.encoded.dropLast())) == nil)
    }
}

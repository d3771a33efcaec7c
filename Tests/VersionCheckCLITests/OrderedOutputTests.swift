import Foundation
import Testing
@testable import VersionCheckCLI
import VersionCheckCore
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `OrderedOutput`: rows handed in in any order, from any thread, are printed in row
/// order as soon as every earlier row is; output waiting beyond the memory limit goes to
/// a private temporary file that no folder shows; one that cannot be created is 74.
@Suite(.blockingBodies) struct OrderedOutputTests {
    static func row(_ index: Int, size: Int = 0, verdict: RenderedRow.Verdict = .quiet) -> RenderedRow {
        let text = "row \(index)" + String(repeating: ".", count: max(0, size - 7)) + "\n"
        return RenderedRow(stdout: Array(text.utf8), stderr: verdict == .quiet ? [] : Array("error \(index)\n".utf8), verdict: verdict)
    }

    static func emitter(count: Int, folder: String = "/tmp", limit: Int = OrderedOutput.memoryLimit) -> (OrderedOutput, OutputCapture) {
        let (output, capture) = Output.capturing()
        return (OrderedOutput(count: count, output: output, progress: ProgressLine(total: count, output: output), folder: folder, limit: limit), capture)
    }

    @Test func rowsHandedInOutOfOrderArePrintedInOrderAsSoonAsTheirTurnComes() {
        let (emitter, capture) = Self.emitter(count: 3)
        emitter.deliver(2, Self.row(2))
        emitter.deliver(1, Self.row(1))
        #expect(capture.stdout == "", "nothing before row 0")
        emitter.deliver(0, Self.row(0))
        #expect(capture.stdout == "row 0\nrow 1\nrow 2\n")
        #expect(emitter.finish() == OrderedOutput.Outcome(status: .success, outputFailure: nil, missing: 0))
    }

    @Test func manyThreadsTheExitStatusIsTheFirstFailureInRowOrder() {
        let count = 200
        let (emitter, capture) = Self.emitter(count: count)
        BoundedParallel.forEach(count: count, width: 8) { index in
            usleep(UInt32((count - index) % 5) * 200)
            let verdict: RenderedRow.Verdict = index == 150 ? .failure(.notFound) : index == 170 ? .failure(.unreachable) : index == 20 ? .forced : .quiet
            emitter.deliver(index, Self.row(index, verdict: verdict))
        }
        #expect(capture.stdout == (0..<count).map { "row \($0)\n" }.joined())
        #expect(capture.stderr == "error 20\nerror 150\nerror 170\n")
        #expect(emitter.finish().status == .notFound)
    }

    @Test func aRowNeverHandedInIsReported() {
        let (emitter, _) = Self.emitter(count: 2)
        emitter.deliver(1, Self.row(1))
        #expect(emitter.finish().missing == 2)
    }

    /// The names in `folder`.
    static func names(_ folder: String) -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] }

    @Test func outputWaitingBeyondTheLimitGoesToAFileNoFolderShows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-spill-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 300 bytes may wait in memory; rows 1…9 are 200 KiB each (beyond the 64 KiB chunk of the read-back).
        let (emitter, capture) = Self.emitter(count: 10, folder: folder, limit: 300)
        for index in (1..<10).reversed() { emitter.deliver(index, Self.row(index, size: 200 * 1024, verdict: index == 5 ? .optional : .quiet)) }
        #expect(capture.stdout == "")
        #expect(Self.names(folder).isEmpty, "the file is removed from its folder at once: \(Self.names(folder))")
        // It is open, private (0600), and holds the rows waiting.
        let fd = try #require(emitter.spillDescriptor)
        var info = stat()
        #expect(fstat(fd.rawValue, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(info.st_nlink == 0, "no name left in any folder")
        #expect(info.st_size >= 8 * 200 * 1024, "the rows wait in the file: \(info.st_size)")
        emitter.deliver(0, Self.row(0))
        let expected = "row 0\n" + (1..<10).map { Self.row($0, size: 200 * 1024).stdout }.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(capture.stdout == expected)
        #expect(emitter.finish() == OrderedOutput.Outcome(status: .optionalUpdate, outputFailure: nil, missing: 0))
    }

    @Test func aTemporaryFileThatCannotBeCreatedIs74AndNoRowIsLost() {
        let (emitter, capture) = Self.emitter(count: 3, folder: "/nonexistent/versioncheck-tmp", limit: 10)
        emitter.deliver(2, Self.row(2, size: 100))
        emitter.deliver(1, Self.row(1, size: 100))
        emitter.deliver(0, Self.row(0))
        #expect(capture.stdout.split(separator: "\n").map { $0.prefix(5) } == ["row 0", "row 1", "row 2"])
        let outcome = emitter.finish()
        #expect(outcome.outputFailure?.exitStatus == .outputError)
        #expect(outcome.outputFailure?.message.hasPrefix("cannot create a temporary file in '/nonexistent/versioncheck-tmp'") == true, "\(String(describing: outcome.outputFailure))")
    }
}

import Foundation
import Testing
import VersionCheckTestSupport

/// `batch` lists at the input cap, held to the hostile budget (1 s, 64 MiB in the release
/// build; see `HostileBudget`): every line is parsed and held before any check runs, so
/// a list longer than `BatchFile.maximumChecks` checks is refused at that line.
@Suite("Hostile input: batch lists", .blockingBodies)
struct HostileBatchTests {
    static func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vc-hostile-batch-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test(arguments: [
        ("200,000 one-line checks (8 MiB)", String(repeating: "manifest --url a.json --current 1.0\n", count: 233_000), Int32(64)),
        ("8 MiB of comments and one bad line", String(repeating: "# " + String(repeating: "x", count: 1022) + "\n", count: 8_180) + "lookup\n", 64),
        ("one 8 MiB line of quoted text", "manifest --url '" + String(repeating: "a", count: 8_000_000) + "' --current ''\n", 65),
        (
            "5,000 checks of 59 words each, then one more",
            String(repeating: "manifest --url a --current 1.0" + String(repeating: " --channel b", count: 27) + "\n", count: 5_001),
            64
        ),
        ("a line of a million words", "manifest" + String(repeating: " 'w'", count: 1_000_000) + "\n", 64),
    ])
    func boundedRefusal(name: String, text: String, status: Int32) throws {
        let path = try Self.file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runMeasuredForBudget("versioncheck", ["batch", path])
        print("HOSTILE\tbatch: \(name)\texit \(result.status)\t\(String(format: "%.2f", result.seconds)) s\t\(String(format: "%.1f", result.peakMiB)) MiB")
        #expect(result.status == status, "\(name): \(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.hasPrefix("versioncheck: error: line "), "\(result.stderrText.prefix(300))")
        #expect(result.stderrText.split(separator: "\n").count == 1)
        #expect(result.seconds < HostileBudget.seconds, "\(name): \(result.seconds) s")
        #expect(result.peakKiB != nil && result.peakMiB < HostileBudget.mebibytes, "\(name): \(result.peakMiB) MiB")
    }
}

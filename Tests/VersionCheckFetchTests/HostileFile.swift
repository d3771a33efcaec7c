import Foundation
import Testing
import VersionCheckTestSupport

/// `versioncheck` run on a file holding `text` (`fileName` in a scratch folder, its path
/// given to `arguments`), as the hostile-input suites run it: held to the budget
/// (`runMeasuredForBudget`; 30 times the seconds in a debug build), `status` expected and
/// stderr empty; prints the suite's `HOSTILE` line, labelled `label`. Returns the run.
@discardableResult
func runOnHostileFile(
    _ text: String, named fileName: String = "feed", label: String, status: Int32, _ arguments: (String) -> [String]
) throws -> MeasuredResult {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent(fileName)
    try Data(text.utf8).write(to: url)
    let result = try runMeasuredForBudget("versioncheck", arguments(url.path), timeout: 120)
    #expect(result.status == status, "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
    #expect(result.peakMiB < HostileBudget.mebibytes, "\(result)")
    #expect(result.seconds < (HostileBudget.isReleaseBuild ? HostileBudget.seconds : 30 * HostileBudget.seconds), "\(result)")
    print("HOSTILE\t\(label)\texit \(result.status)\t\(String(format: "%.2f", result.seconds)) s\t\(String(format: "%.1f", result.peakMiB)) MiB")
    return result
}

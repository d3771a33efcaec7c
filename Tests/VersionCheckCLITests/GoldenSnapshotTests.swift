import Foundation
import Testing
import VersionCheckCLI
import VersionCheckCore
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckTestSupport

/// The generated text users read — `--help`, every `help COMMAND` and `help TOPIC`, the
/// man page and the three completion scripts — kept byte for byte as files in
/// `Snapshots/`, as swift-argument-parser keeps its own: a change to any of it shows up
/// as a diff in review. The real binary prints each; `make snapshots` rewrites the files
/// (`VERSIONCHECK_RECORD_SNAPSHOTS=1`). The build's version is written `VERSION` there, so
/// a stamped build compares the same.
@Suite("Golden snapshots", .blockingBodies)
struct GoldenSnapshotTests {
    /// Every snapshot: its file name and the arguments that print it.
    static let snapshots: [(file: String, arguments: [String])] =
        [("help.txt", ["--help"])]
        + CommandTable.commands.map { ("help-\($0.name).txt", ["help", $0.name]) }
        + HelpTopic.all.map { ("topic-\($0.name).txt", ["help", $0.name]) }
        + [("versioncheck.1", ["help", "--man"])]
        + ["bash", "zsh", "fish"].map { ("completion.\($0)", ["completions", $0]) }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    static let recording = ProcessInfo.processInfo.environment["VERSIONCHECK_RECORD_SNAPSHOTS"].map { !$0.isEmpty } ?? false

    @Test(arguments: snapshots.map(\.file))
    func printedTextMatchesItsSnapshot(file: String) throws {
        let arguments = try #require(Self.snapshots.first { $0.file == file }).arguments
        let result = try runProduct("versioncheck", arguments)
        #expect(result.status == 0, "\(arguments) exited \(result.status): \(result.stderr)")
        #expect(result.stderr == "")
        let printed = result.stdout.replacingOccurrences(of: ToolInfo.version, with: "VERSION")
        let url = Self.folder.appendingPathComponent(file)
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(printed.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(printed == expected, "\(file) differs from 'versioncheck \(arguments.joined(separator: " "))': run make snapshots and review the diff")
    }

    /// No snapshot is left behind for a command or topic that is gone, and none is missing.
    @Test func everySnapshotFileIsOneOfTheList() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasPrefix(".") }
        #expect(Set(files) == Set(Self.snapshots.map(\.file)))
    }
}

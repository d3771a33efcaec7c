import Foundation
import Testing
import VersionCheckTestSupport

/// Issue 31, through the built binary: `--version` only without a command (a slip for
/// `--current` passed a gate), the hints on likely slips, input that cannot be read
/// (66, never 69 or 70), a manifest that offers nothing, and text from a source that
/// must not drive the terminal (SPEC.md, "Details that scripts may rely on").
@Suite(.blockingBodies) struct SlipsAndEdgesTests {
    // MARK: --version

    /// Before, `lookup --id 123 --version 2.4.1 --gate` printed versioncheck's own
    /// version and exited 0: the gate passed.
    @Test(arguments: [
        (["lookup", "--id", "123", "--version", "2.4.1", "--gate"], "lookup", true),
        (["--version", "manifest", "--url", "/x.json", "--current", "1.0"], "manifest", true),
        (["--json", "lookup", "--id", "123", "--version"], "lookup", true),
        (["compare", "1", "2", "--version"], "compare", false),
        (["sort", "--version"], "sort", false),
    ])
    func versionWithACommandIsAUsageError(arguments: [String], command: String, hint: Bool) throws {
        let result = try runProduct("versioncheck", arguments)
        #expect(result.status == 64, "\(result)")
        let suggestion = hint ? "; did you mean --current VERSION?" : ""
        #expect(result.stderr.hasPrefix(
            "versioncheck: error: option '--version' is valid only without a command\(suggestion) (see 'versioncheck help \(command)')\n"),
            "\(result)")
        #expect(!result.stdout.hasPrefix("versioncheck "), "\(result)")
    }

    @Test func versionAloneStillAnswers() throws {
        let plain = try versioncheck("--version")
        #expect(plain.status == 0)
        #expect(plain.stdout.hasPrefix("versioncheck ") && plain.stdoutLines.count == 1, "\(plain)")
        // Nothing on stdout with -q (SPEC.md), and help still wins over a command's --version.
        let quiet = try versioncheck("-q", "--version")
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet)")
        let help = try versioncheck("lookup", "--version", "--help")
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: "), "\(help)")
    }

    // MARK: input that cannot be read

    /// Before: standard input closed or a folder was 70 (internal), a manifest path that
    /// is a folder 69 (not found). All are 66 (no-input).
    @Test(arguments: [
        ("\"$0\" batch <&-", "cannot read standard input"),
        ("\"$0\" sort <&-", "cannot read standard input"),
        ("\"$0\" sort < /tmp", "cannot read standard input: "),
        ("\"$0\" batch < /tmp", "cannot read standard input: "),
        ("\"$0\" --json sort < /tmp > /dev/null", "cannot read standard input: "),
    ])
    func unreadableStandardInputIsNoInput(script: String, message: String) throws {
        let result = try runInShell(script + " 2>\"$ERR\"; echo $? > \"$STATUS\"", arguments: [])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.hasPrefix("versioncheck: error: \(message)"), "\(result)")
    }

    @Test func aManifestPathThatIsAFolderIsNoInput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try versioncheck("manifest", "--url", folder.path, "--current", "1.0", "--json")
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr == "versioncheck: error: manifest '\(folder.path)': is a directory, not a file\n", "\(result)")
        #expect(result.stdout.contains(#""kind": "no-input""#), "\(result)")
        // With --allow-new a folder is no first release either.
        let gate = try versioncheck("manifest", "--url", folder.path, "--current", "1.0", "--gate", "--allow-new")
        #expect(gate.status == 66, "\(gate)")
    }

    // MARK: a manifest that offers nothing

    @Test(arguments: [#"{"releases": []}"#, #"{"releases": [], "latestVersion": null, "updateURL": "https://example.com"}"#])
    func emptyReleasesAloneIsABadResponse(manifest: String) throws {
        let file = try Self.temporaryFile("manifest.json", manifest)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        for extra in [[], ["--gate"]] {
            let result = try runProduct("versioncheck", ["manifest", "--url", file.path, "--current", "1.0"] + extra)
            #expect(result.status == 76, "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(result.stderr.contains("nothing to compare with"), "\(result)")
        }
        // A latestVersion beside the empty list still answers.
        let named = try Self.temporaryFile("manifest.json", #"{"releases": [], "latestVersion": "1.0"}"#)
        defer { try? FileManager.default.removeItem(at: named.deletingLastPathComponent()) }
        #expect(try versioncheck("manifest", "--url", named.path, "--current", "1.0").status == 0)
    }

    static func temporaryFile(_ name: String, _ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-edge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }
}

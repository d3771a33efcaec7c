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

    // MARK: hints on likely slips

    @Test(arguments: [
        (["satisfies", ">= 1.2", "1.4.0"], 65, "; the version comes first: versioncheck satisfies 1.4.0 '>= 1.2'\n"),
        (["satisfies", "^1.2", "v1.4.0"], 65, "; the version comes first: versioncheck satisfies v1.4.0 '^1.2'\n"),
        (["lookup", "123"], 64, "unexpected argument '123'; did you mean --id 123? (see 'versioncheck help lookup')\n"),
        (["lookup", "123", "--current", "1.0"], 64, "; did you mean --id 123? (see 'versioncheck help lookup')\n"),
        (["manifest", "https://example.com/app.json", "--current", "1.0"], 64,
         "unexpected argument 'https://example.com/app.json'; did you mean --url https://example.com/app.json? (see 'versioncheck help manifest')\n"),
        (["manifest", "https://example.com/a.json?x=1&y=2", "--current", "1.0"], 64,
         "; did you mean --url 'https://example.com/a.json?x=1&y=2'? (see 'versioncheck help manifest')\n"),
        (["manifest", "./app.json", "--current", "1.0"], 64, "; did you mean --url ./app.json? (see 'versioncheck help manifest')\n"),
    ])
    func hintOnALikelySlip(arguments: [String], status: Int32, ending: String) throws {
        let result = try runProduct("versioncheck", arguments)
        #expect(result.status == status, "\(result)")
        #expect(result.stderr.hasPrefix("versioncheck: error: ") && result.stderr.hasSuffix(ending), "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    }

    /// No hint where it would be wrong: the source is named already, or the word is not
    /// a bare number, or the satisfies arguments are in order.
    @Test(arguments: [
        ["lookup", "--id", "5", "123", "--current", "1.0"], ["lookup", "123", "--bundle-id", "a.b", "--current", "1.0"],
        ["lookup", "abc", "--current", "1.0"], ["manifest", "--url", "/x.json", "extra", "--current", "1.0"],
        ["satisfies", "1.x", "abc"],
    ])
    func noHintWhereItWouldMislead(arguments: [String]) throws {
        let result = try runProduct("versioncheck", arguments)
        #expect([64, 65].contains(result.status), "\(result)")
        #expect(!result.stderr.contains("did you mean") && !result.stderr.contains("comes first"), "\(result)")
    }

    @Test(arguments: [
        ("1.0.0\npkg@2.0.0\n", "line 2: invalid version 'pkg@2.0.0'", "pkg@"),
        ("release-1.2\nrelease-1.10\n", "line 1: invalid version 'release-1.2'", "release-"),
        ("v1.0\nApp Store 2.0\n", "line 2: invalid version 'App Store 2.0'", "'App Store '"),
    ])
    func sortStoppingAtATagPointsToPrefix(input: String, start: String, prefix: String) throws {
        let result = try versioncheck("sort", stdin: input)
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("versioncheck: error: \(start)"), "\(result)")
        #expect(result.stderr.hasSuffix("; --prefix \(prefix) compares such tags; --ignore-invalid skips them\n"), "\(result)")
        // Arguments take the general path too.
        let arguments = try runProduct("versioncheck", ["sort"] + input.split(separator: "\n").map(String.init))
        #expect(arguments.status == 65 && arguments.stderr.contains("--prefix \(prefix) compares such tags"), "\(arguments)")
    }

    @Test func sortWithoutTextBeforeTheDigitGetsNoPrefixHint() throws {
        let result = try versioncheck("sort", stdin: "1.0\n1..2\nlatest\n")
        #expect(result.status == 65)
        #expect(!result.stderr.contains("--prefix"), "\(result)")
    }

    /// `-v sort --prefix` names a skipped entry by its text, not its position.
    @Test func verboseSortNamesASkippedEntryByItsText() throws {
        let result = try versioncheck("-v", "sort", "--prefix", "pkg@", stdin: "pkg@1.0\nother@9.0\n\u{1B}[2Jx@1\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "pkg@1.0\n")
        #expect(result.stderr == "versioncheck: skipped 'other@9.0': no prefix 'pkg@'\nversioncheck: skipped '\\u{1B}[2Jx@1': no prefix 'pkg@'\n", "\(result)")
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

    // MARK: terminal safety

    /// The controls that reorder or hide text on a terminal (SPEC.md, "Details").
    static let forbidden: [Unicode.Scalar] = [
        "\u{1B}", "\u{7}", "\u{7F}", "\u{85}", "\u{9B}", "\u{061C}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}",
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    ]

    @Test func notesFromASourceCarryNoTerminalControls() throws {
        let notes = "Fixed\u{202E}txt.exe\u{202C} and \u{2066}this\u{2069}\r\nsecond\tline\u{1B}[2J\u{9B}31m\rthird\u{2028}x\u{061C}\u{200E}\u{200F}\u{85}\u{7F}"
        let manifest = try JSONSerialization.data(withJSONObject: [
            "latestVersion": "2.0", "releaseNotes": notes, "updateURL": "https://example.com/\u{202E}app",
        ])
        let file = try Self.temporaryFile("manifest.json", String(decoding: manifest, as: UTF8.self))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let text = try versioncheck("manifest", "--url", file.path, "--current", "1.0")
        #expect(text.status == 101, "\(text)")
        for scalar in Self.forbidden {
            #expect(!text.stdout.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) in \(text.stdout)")
        }
        #expect(text.stdout.hasSuffix(
            "url: https://example.com/app\n\nrelease 2.0:\n  Fixedtxt.exe and this\n  second\tline[2J31m\n  thirdx\n"),
            "\(text.stdout)")
        // JSON keeps the text, the controls written as \uXXXX.
        let json = try versioncheck("manifest", "--url", file.path, "--current", "1.0", "--json")
        #expect(json.status == 101)
        for escape in [#"\u202e"#, #"\u2066"#, #"\u2069"#, #"\u061c"#, #"\u200e"#, #"\u0085"#, #"\u009b"#, #"\u001b"#] {
            #expect(json.stdout.contains(escape), "\(escape) in \(json.stdout)")
        }
        for scalar in Self.forbidden {
            #expect(!json.stdout.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) in \(json.stdout)")
        }
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["releaseNotes"] as? String == notes)
    }

    /// Error lines show what a source sent as visible escapes, never as controls.
    @Test func anErrorQuotingASourceCarriesNoTerminalControls() throws {
        let file = try Self.temporaryFile("manifest.json", "{\"latestVersion\": \"2.0\u{202E}\u{85}\"}")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try versioncheck("manifest", "--url", file.path, "--current", "1.0")
        #expect(result.status == 76, "\(result)")
        for scalar in Self.forbidden {
            #expect(!result.stderr.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) in \(result.stderr)")
        }
        // (U+0085 is white space, trimmed as around any version.)
        #expect(result.stderr.contains(#"invalid version '2.0\u{202E}': unexpected '\u{202E}' at offset 3"#), "\(result)")
    }

    /// Notes that are only a link (`sparkle:releaseNotesLink`) print `notes: URL`, not
    /// "(no release notes)".
    @Test func notesThatAreOnlyALinkShowTheLink() throws {
        let appcast = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle">
              <channel>
                <title>Example</title>
                <item>
                  <title>Version 2.1</title>
                  <pubDate>Tue, 10 Jun 2025 12:00:00 +0000</pubDate>
                  <sparkle:version>210</sparkle:version>
                  <sparkle:shortVersionString>2.1</sparkle:shortVersionString>
                  <sparkle:releaseNotesLink>https://example.com/notes/2.1.html</sparkle:releaseNotesLink>
                  <enclosure url="https://example.com/Example-2.1.zip" length="100" type="application/octet-stream" sparkle:edSignature="c2lnbmF0dXJl"/>
                </item>
                <item>
                  <title>Version 2.0</title>
                  <pubDate>Mon, 02 Jun 2025 12:00:00 +0000</pubDate>
                  <sparkle:version>200</sparkle:version>
                  <sparkle:shortVersionString>2.0</sparkle:shortVersionString>
                  <enclosure url="https://example.com/Example-2.0.zip" length="100" type="application/octet-stream" sparkle:edSignature="c2lnbmF0dXJl"/>
                </item>
              </channel>
            </rss>
            """
        let file = try Self.temporaryFile("appcast.xml", appcast)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try versioncheck("manifest", "--url", file.path, "--current", "100")
        #expect(result.status == 100, "\(result)")
        let lines = result.stdoutLines
        let link = try #require(lines.firstIndex(of: "  notes: https://example.com/notes/2.1.html"), "\(result.stdout)")
        #expect(lines[link - 1].hasPrefix("release 2.1 (210) "), "\(result.stdout)")
        let none = try #require(lines.firstIndex(of: "  (no release notes)"), "\(result.stdout)")
        #expect(lines[none - 1].hasPrefix("release 2.0 (200) "), "\(result.stdout)")
    }

    // MARK: loopback

    /// A host with a trailing dot is resolved by DNS, so it is not loopback: plain http to
    /// it is refused (64) before any request, unless --allow-insecure.
    @Test(arguments: ["http://localhost./app.json", "http://127.0.0.1.:9/app.json", "http://LOCALHOST./app.json", "http://127.0.0.01:9/app.json"])
    func aTrailingDotIsNotLoopback(url: String) throws {
        let result = try versioncheck("manifest", "--url", url, "--current", "1.0")
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--allow-insecure"), "\(result)")
        let lookup = try versioncheck("lookup", "--id", "1", "--current", "1.0", "--lookup-url", url)
        #expect(lookup.status == 64, "\(lookup)")
    }

    static func temporaryFile(_ name: String, _ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-edge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }
}

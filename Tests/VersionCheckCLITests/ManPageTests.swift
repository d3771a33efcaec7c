import Foundation
import Testing
@testable import VersionCheckCLI
import VersionCheckCore
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// `versioncheck help --man`: a man page generated from the command table that
/// renders cleanly (no groff warning) and says what help says.
@Suite("Man page", .blockingBodies)
struct ManPageTests {
    static let page = ManPage.render()

    @Test func helpManPrintsThePageWhateverJSONSays() {
        for arguments in [["help", "--man"], ["--json", "help", "--man"], ["help", "--man", "-v"]] {
            let result = run(arguments)
            #expect(result.status == .success)
            #expect(result.stdout == Self.page)
            #expect(result.stderr == "")
        }
    }

    @Test func helpManWithACommandIsAUsageError() {
        let result = run("help", "--man", "lookup")
        #expect(result.status == .usage)
        #expect(result.stdout == "")
        #expect(result.stderr == "versioncheck: error: '--man' prints the whole manual page and takes no COMMAND (got 'lookup') (see 'versioncheck help help')\n")
    }

    @Test func sectionsComeInTheConventionalOrder() throws {
        let sections = Self.page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
        // The help topics stand between OPTIONS and FILES, EXIT STATUS and ENVIRONMENT last of them.
        #expect(sections == ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS"] + HelpTopic.all.map { $0.sections[0].title } + ["FILES", "EXAMPLES"])
        #expect(sections.suffix(4) == ["EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES"])
        #expect(Self.page.contains("\n.TH \"VERSIONCHECK\" \"1\" \"\" \"versioncheck \(ToolInfo.version)\" \"User Commands\"\n"))
        // lexgrog and apropos read NAME as `name \- description`.
        #expect(Self.page.contains("\n.SH NAME\nversioncheck \\- check for app updates; compare, test, sort, bump, validate versions\n"))
    }

    @Test func everyCommandExitCodeVariableAndExampleIsThere() {
        for command in CommandTable.commands {
            #expect(Self.page.contains("\n.SS \(command.name)\n"), "no section for \(command.name)")
            for example in command.examples {
                #expect(Self.page.contains(Roff.escape(example.command, code: true)), "example missing: \(example.command)")
            }
        }
        for status in ExitStatus.allCases {
            #expect(Self.page.contains(".TP\n\\fB\(status.rawValue)\\fR\n"), "exit code \(status.rawValue) missing")
        }
        for (name, _) in CommandTable.environment {
            #expect(Self.page.contains(".TP\n\\fB\(name.replacingOccurrences(of: "-", with: "\\-"))\\fR\n"))
        }
    }

    /// A text line that starts with `.` or `'` would be read as a request: only ours may.
    @Test func onlyKnownRequestsStartALine() {
        let known: Set<String> = ["TH", "SH", "SS", "PP", "TP", "RS", "RE", "nf", "fi", "nh", "ad", "br", "\\\""]
        for line in Self.page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            let name = line.dropFirst().prefix { $0 != " " }
            #expect(known.contains(String(name)), "unexpected request: \(line)")
        }
    }

    @Test(arguments: [
        ("--current", false, "\\-\\-current"),
        ("--force-on LEVEL", false, "\\-\\-force\\-on LEVEL"),
        ("pre-release changes", false, "pre-release changes"),
        ("Prints -1.", false, "Prints \\-1."),
        ("(--id N | --bundle-id ID)", false, "(\\-\\-id N | \\-\\-bundle\\-id ID)"),
        ("com.example-app", true, "com.example\\-app"),
        ("'~> 1.2' or ^1.2.3 or `x`", false, "\\(aq\\(ti> 1.2\\(aq or \\(ha1.2.3 or \\(gax\\(ga"),
        ("C:\\path", false, "C:\\epath"),
        ("≥ 1 → 2", false, "\\[u2265] 1 \\[u2192] 2"),
    ])
    func escaping(text: String, code: Bool, expected: String) {
        #expect(Roff.escape(text, code: code) == expected)
    }

    @Test(arguments: [(".hidden", "\\&.hidden"), ("'quoted'", "\\&'quoted'"), ("plain. text", "plain. text")])
    func aLineNeverStartsAsARequest(line: String, expected: String) {
        #expect(Roff.guardLineStart(line) == expected)
    }

    @Test(.enabled(if: ExternalTool.installed("groff"), "groff is not installed"))
    func groffFindsNothingToWarnAbout() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.page, to: "versioncheck.1")
        let result = try ExternalTool.run("groff", ["-ww", "-z", "-man", file])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "", "groff warnings:\n\(result.stderr)")
    }

    /// `man -l` shows what help shows: every usage line and option, and nothing on stderr.
    /// man-db's `--warnings -l` only: other man programs (macOS's) are skipped.
    @Test(.enabled(if: ExternalTool.isManDB && ExternalTool.installed("groff"), "man-db or groff is not installed"))
    func manRendersEveryUsageLineAndOption() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.page, to: "versioncheck.1")
        let result = try ExternalTool.run(
            "man", ["--warnings", "-l", file], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat", "LC_ALL": "C.UTF-8"])  // linux-only
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "", "man warnings:\n\(result.stderr)")
        let text = result.stdout
        for command in CommandTable.commands {
            #expect(text.contains(Help.usage(command)), "usage of \(command.name) missing")
            for option in command.options {
                #expect(text.contains(option.label), "\(option.label) of \(command.name) missing")
            }
        }
        for option in CommandTable.globalOptions + [CommandTable.versionOption] {
            #expect(text.contains(option.label), "\(option.label) missing")
        }
    }
}

/// What a user needs without SPEC.md: formats, every JSON key, error kinds, in help and man page.
@Suite(.blockingBodies) struct ShippedDocumentationTests {
    @Test func manifestHelpAndTheManPageDescribeEveryFormatAndKey() {
        let help = Help.render(CommandTable.manifest)
        let man = ManPage.render()
        for text in [help, man] {
            for key in ["latestVersion", "minimumVersion", "releases", "critical", "updateURL", "<plist", "XML or binary"] {
                #expect(text.contains(key) || text.contains(key.replacingOccurrences(of: "<", with: "\\(la")), "\(key) missing")
            }
            for key in Documentation.checkKeys.map(\.name) { #expect(text.contains(key), "JSON key \(key) missing") }
        }
        for kind in ErrorKind.allCases { #expect(Help.renderOverview().contains("\n  \(kind.rawValue) ")) }
    }
}

import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckCLI
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// `versioncheck completions bash|zsh|fish`: scripts generated from the command table,
/// loaded into the real shells (when installed) and asked for completions, as a user's Tab would.
@Suite("Shell completions", .blockingBodies)
struct CompletionTests {
    @Test(arguments: CompletionShell.allCases)
    func theCommandPrintsTheScript(shell: CompletionShell) throws {
        let result = try versioncheck("completions", shell.rawValue)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == shell.script)
        #expect(result.stderr == "")
        #expect(shell.script.contains("completion for versioncheck \(ToolInfo.version)."))
    }

    @Test func anUnknownShellIsAUsageError() {
        let result = run("completions", "tcsh")
        #expect(result.status == .usage)
        #expect(result.stderr == "versioncheck: error: unknown shell 'tcsh': expected one of bash, zsh, fish (see 'versioncheck help completions')\n")
        #expect(run("completions").status == .usage)
        #expect(run("completions", "bash", "zsh").status == .usage)
    }

    @Test func quietPrintsNothing() {
        let result = run("-q", "completions", "fish")
        #expect(result.status == .success)
        #expect(result.stdout == "")
    }

    // MARK: in the shells

    /// What Tab at the end of the line should offer (in any order).
    static let cases: [(line: String, expected: [String])] = [
        ("versioncheck lo", ["lookup"]),
        ("versioncheck -q sa", ["satisfies"]),
        ("versioncheck lookup --pla", ["--platform"]),
        ("versioncheck lookup --platform ", ["ios", "mac"]),
        ("versioncheck lookup --platform=m", ["mac"]),
        ("versioncheck manifest --force-on m", ["major", "minor"]),
        ("versioncheck -v lookup --id 1 --optional-on ", BumpThreshold.allCases.map(\.rawValue)),
        ("versioncheck lookup --current ", []),
        ("versioncheck help ma", ["manifest", "many"]),
        ("versioncheck help --m", ["--man"]),
        ("versioncheck completions ", CompletionShell.allCases.map(\.rawValue)),
        ("versioncheck --js", ["--json"]),
        ("versioncheck sort --r", ["--reverse"]),
        ("versioncheck sort --s", ["--satisfies", "--stable"]),
        ("versioncheck bump ", ["major", "minor", "patch", "revision", "prerelease"]),
        ("versioncheck bump --pre rc p", ["patch", "prerelease"]),
        ("versioncheck -q bump pre", ["prerelease"]),
        ("versioncheck bump minor --p", ["--pre"]),
    ]

    /// The table, plus: after `COMMAND --` every long option of the command (its own and the
    /// global ones), before any command the global ones and `--version`. So the completions
    /// follow the table: an option added there is offered by every shell.
    static let allCases: [(line: String, expected: [String])] = cases
        + CommandTable.commands.map { command in
            ("versioncheck \(command.name) --", (command.options + CommandTable.globalOptions).map(\.longFlag))
        }
        + [("versioncheck --", (CommandTable.globalOptions + [CommandTable.versionOption]).map(\.longFlag))]

    @Test(.enabled(if: canRun(.bash), "bash is not installed (make check-deps installs it)"), arguments: allCases)
    func bashOffers(line: String, expected: [String]) throws {
        try check(.bash, line, expected)
    }

    @Test(.enabled(if: canRun(.zsh), "zsh is not installed (make check-deps installs it)"), arguments: allCases)
    func zshOffers(line: String, expected: [String]) throws {
        try check(.zsh, line, expected)
    }

    @Test(.enabled(if: canRun(.fish), "fish is not installed (make check-deps installs it)"), arguments: allCases)
    func fishOffers(line: String, expected: [String]) throws {
        try check(.fish, line, expected)
    }

    /// Once `help COMMAND` or `completions SHELL` has its one argument, no other is offered
    /// (zsh may offer options there, which is fine).
    static let fullLines: [(line: String, notOffered: [String])] = [
        ("versioncheck help lookup ", CommandTable.commands.map(\.name)),
        ("versioncheck completions bash ", CompletionShell.allCases.map(\.rawValue)),
        ("versioncheck -q help --man lookup ", CommandTable.commands.map(\.name)),
    ]

    /// (Only installed shells: the others are reported as skipped by the tests above.)
    @Test(arguments: CompletionShell.allCases.filter(canRun))
    func aSingleArgumentIsNotOfferedTwice(shell: CompletionShell) throws {
        let answers = try #require(Self.answers[shell])
        try #require(answers.failure == nil, "\(shell.rawValue): \(answers.failure ?? "")")
        for (line, notOffered) in Self.fullLines {
            let offered = try #require(answers.offered[line], "\(shell.rawValue) gave no answer for '\(line)'")
            #expect(Set(offered).isDisjoint(with: notOffered), "\(shell.rawValue): '\(line)' offered \(offered)")
        }
    }

    func check(_ shell: CompletionShell, _ line: String, _ expected: [String]) throws {
        let answers = try #require(Self.answers[shell])
        try #require(answers.failure == nil, "\(shell.rawValue): \(answers.failure ?? "")")
        let offered = try #require(answers.offered[line], "\(shell.rawValue) gave no answer for '\(line)'")
        #expect(offered.sorted() == expected.sorted(), "\(shell.rawValue): '\(line)'")
    }

    // MARK: asking the shells

    /// What one shell offered for every line the tests ask about, or why it could not say.
    struct Answers: Sendable {
        var offered: [String: [String]] = [:]
        var failure: String?
    }

    /// The answers of each installed shell to every line of `allCases` and `fullLines`, asked
    /// once (one shell process for all the lines).
    static let answers: [CompletionShell: Answers] = {
        var answers: [CompletionShell: Answers] = [:]
        for shell in CompletionShell.allCases where canRun(shell) {
            answers[shell] = ask(shell, allCases.map(\.line) + fullLines.map(\.line))
        }
        return answers
    }()

    /// Whether the shell (and bash, which runs the harness) is installed.
    static func canRun(_ shell: CompletionShell) -> Bool {
        ExternalTool.installed("bash", shell.rawValue)
    }

    /// Loads the script into `shell` and asks what Tab at the end of each line offers,
    /// through `Tests/Shell/complete.sh` (also used by `make check-install`). Anything the
    /// shell prints on stderr is a failure.
    static func ask(_ shell: CompletionShell, _ lines: [String]) -> Answers {
        do {
            let folder = try TemporaryFolder()
            let script = try folder.write(shell.script, to: "versioncheck.\(shell.rawValue)")
            let harness = TestPaths.packageRoot.appendingPathComponent("Tests/Shell/complete.sh").path
            let result = try ExternalTool.run(
                "bash", [harness, shell.rawValue, script] + lines, environment: ["TMPDIR": folder.url.path])
            guard result.status == 0, result.stderr.isEmpty else { return Answers(failure: "\(result)") }
            var blocks = result.stdout.components(separatedBy: "<<end>>\n")
            guard blocks.last == "", blocks.count == lines.count + 1 else {
                return Answers(failure: "expected \(lines.count) answers:\n\(result)")
            }
            blocks.removeLast()
            var answers = Answers()
            for (line, block) in zip(lines, blocks) {
                answers.offered[line] = block.split(separator: "\n").map(String.init)
            }
            return answers
        } catch {
            return Answers(failure: "\(error)")
        }
    }
}

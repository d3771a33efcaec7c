import Testing
import VersionCheckCLI
import VersionCheckCore
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform

/// Help is generated from the command table, goes to stdout, exits 0, and is text even with --json.
@Suite("Help", .blockingBodies)
struct HelpTests {
    @Test(arguments: CommandTable.commands.map(\.name))
    func commandHelpListsEveryArgumentAndOption(name: String) throws {
        let command = try #require(CommandTable.command(named: name))
        for arguments in [[name, "--help"], ["help", name], ["--json", name, "-h"]] {
            let result = run(arguments)
            #expect(result.status == .success)
            #expect(result.stderr == "")
            #expect(result.stdout == Help.render(command))
        }
        let text = Help.render(command)
        #expect(text.hasPrefix("OVERVIEW: \(command.abstract)\n"))
        #expect(text.contains("\n" + Help.usageBlock(Help.usages(command))))
        for argument in command.arguments {
            #expect(text.contains("\n  \(argument.name) "))
        }
        for option in command.options + CommandTable.globalOptions {
            #expect(text.contains("\n  \(option.label) ") || text.contains("\n  \(option.label)\n"), "\(option.label) missing from help of \(name)")
        }
        #expect(text.contains("\nEXIT STATUS:\n  0    "))
    }

    @Test func overviewListsCommandsAndAllExitCodes() {
        for arguments in [["--help"], ["-h"], ["help"], ["--json", "help"], ["-q", "--help"]] {
            let result = run(arguments)
            #expect(result.status == .success)
            #expect(result.stdout == Help.renderOverview())
        }
        let text = Help.renderOverview()
        for command in CommandTable.commands {
            #expect(text.contains("\n  \(command.name) "))
        }
        for status in ExitStatus.allCases {
            #expect(text.contains("\n  \(status.rawValue) "), "exit code \(status.rawValue) missing")
        }
        #expect(text.contains("VERSIONCHECK_FETCH_HELPER"))
        #expect(text.contains("NO_COLOR"))
    }

    @Test(arguments: [
        ("lookup", "versioncheck lookup (--id N | --bundle-id ID) (--current VERSION | --current-from PATH) [options]"),
        ("manifest", "versioncheck manifest (--url URL|PATH | --github OWNER/REPO) (--current VERSION | --current-from PATH) [options]"),
        ("compare", "versioncheck compare A B"),
        ("satisfies", "versioncheck satisfies VERSION CONSTRAINT"),
        ("sort", "versioncheck sort [options] [VERSION ...]"),
        ("bump", "versioncheck bump [--pre ID] LEVEL VERSION"),
        ("validate", "versioncheck validate [--strict | --app-store] VERSION ..."),
        ("completions", "versioncheck completions SHELL"),
        ("help", "versioncheck help [--man] [COMMAND|TOPIC]"),
    ])
    func usageLines(name: String, expected: String) throws {
        #expect(Help.usage(try #require(CommandTable.command(named: name))) == expected)
    }

    /// An option that stands in for a required group gets its own usage line, as SPEC.md writes it.
    @Test(arguments: [
        ("lookup", ["versioncheck lookup --current-from PATH [options]"]),
        ("manifest", []),
        ("validate", []),
    ])
    func alternativeUsageLines(name: String, expected: [String]) throws {
        let command = try #require(CommandTable.command(named: name))
        #expect(Help.usages(command) == [Help.usage(command)] + expected)
    }

    @Test func longUsageLinesWrapBetweenGroups() throws {
        let lookup = try #require(CommandTable.command(named: "lookup"))
        #expect(Help.render(lookup).contains("""

            USAGE: versioncheck lookup (--id N | --bundle-id ID)
                                       (--current VERSION | --current-from PATH) [options]
                   versioncheck lookup --current-from PATH [options]

            """))
    }

    @Test func helpLinesFitInEightyColumns() {
        for text in CommandTable.commands.map(Help.render) + HelpTopic.all.map(Help.render) + [Help.renderOverview(), Help.shortUsage()] {
            for line in text.split(separator: "\n") where !line.hasPrefix("  versioncheck ") {
                #expect(line.count <= 80, "too long: \(line)")
            }
        }
    }

    @Test func versionIsTextOnStdout() {
        for arguments in [["--version"], ["--json", "--version"]] {
            let result = run(arguments)
            #expect(result.status == .success)
            #expect(result.stdout == "versioncheck \(ToolInfo.version)\n")
            #expect(result.stderr == "")
        }
    }
}

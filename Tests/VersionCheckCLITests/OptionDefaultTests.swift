import Testing
import VersionCheckCore
import VersionCheckSources
@testable import VersionCheckCLI

/// A default is written once, in `CommandTable` (help shows it); the commands read it
/// from there, so each must pass its own option's check.
@Suite("Option defaults live in the command table", .blockingBodies)
struct OptionDefaultTests {
    @Test(arguments: CommandTable.commands.map(\.name))
    func everyDefaultPassesItsOwnCheck(name: String) throws {
        let command = try #require(CommandTable.command(named: name))
        for option in command.options {
            guard let kind = option.value, let text = option.defaultValue else { continue }
            #expect(throws: Never.self, "\(name) --\(option.name) default '\(text)'") {
                _ = try ValueChecker.check(text, kind: kind, option: option.longFlag, pointer: "")
            }
        }
    }

    @Test func anAbsentOptionReadsItsTableDefault() throws {
        guard case .run(let line) = try CommandLineParser.parse(["lookup", "--id", "1", "--current", "1"]) else {
            Issue.record("expected a command")
            return
        }
        #expect(line.values["timeout"] == nil)
        #expect(line.number(Option.timeout) == 10)
        #expect(line.integer(Option.retries) == 2)
        #expect(line.text(Option.country) == "us")
        #expect(line.platform(Option.platform) == .ios)
        #expect(line.threshold(Option.forceOn) == .major)
        #expect(line.threshold(Option.optionalOn) == .any)
        #expect(line.currentKey(Option.currentKey) == .marketing)
        #expect(line.appcastVersion(Option.appcastVersion) == .build)
        #expect(line.text(Option.lookupURL) == nil)
    }
}

import Testing
import VersionCheckCommandLine
import VersionCheckCore
@testable import VersionCheckPipeline

/// A list run's background refresh runs each check again from the words of its command
/// line (`ParsedCommandLine.words`): every option of `lookup` and `manifest` — whatever the
/// table holds, with no list here to keep up to date — reaches the refresh as given.
@Suite struct RefreshListTests {
    /// A word the parser accepts for each kind of value (a new kind fails to compile here).
    static func sample(_ kind: ValueKind) -> String {
        switch kind {
        case .version: "1.2.3"
        case .level: "minor"
        case .bumpLevel: "patch"
        case .prereleaseName: "beta"
        case .constraint: ">= 1.0"
        case .seconds: "2.5"
        case .days: "0.25"
        case .count(let range): String(range.upperBound)
        case .country: "de"
        case .appID: "284882215"
        case .bundleID: "com.example.app"
        case .platform: "mac"
        case .url, .location: "https://example.com/app.json"
        case .folder: "/tmp/versioncheck cache"
        case .channel: "beta"
        case .appcastVersion: "display"
        case .path: "/Applications/Example App.app"
        case .currentKey: "build"
        case .prefix: "v"
        case .ignore: "com.example.app@2.0"
        case .repository: "sparkle-project/Sparkle"
        }
    }

    /// The options a line of `command` must have besides `option`, by the command's rules:
    /// one of each required group (`option` itself standing in for its own group), and
    /// what `option` requires.
    static func companions(of option: String, in command: CommandSpec) -> [String] {
        var names: [String] = []
        for rule in command.rules {
            switch rule {
            case .required(let name) where name != option: names.append(name)
            case .exactlyOne(let group) where !group.contains(option): names.append(group[0])
            case .exactlyOneUnless(let group, let given) where !group.contains(option) && given != option: names.append(group[0])
            case .requires(let first, let second) where first == option: names.append(second)
            default: break
            }
        }
        return names
    }

    static func words(_ name: String, in command: CommandSpec) -> [String] {
        guard let spec = command.option(named: name) else { return [] }
        guard let kind = spec.value else { return ["--" + name] }
        let once = ["--" + name, sample(kind)]
        return spec.repeatable ? once + ["--" + name, "nightly"] : once
    }

    static let checkOptions: [(command: String, option: String)] = CommandTable.checking.flatMap { command in
        command.options.map { (command.name, $0.name) }
    }

    @Test(arguments: checkOptions)
    func everyCheckOptionSurvivesTheWayBack(command name: String, option: String) throws {
        let command = try #require(CommandTable.command(named: name))
        let names = Self.companions(of: option, in: command) + [option]
        let given = [name] + names.flatMap { Self.words($0, in: command) }
        guard case .run(let line) = try CommandLineParser.parse(given) else {
            Issue.record("\(given) is not a command line that runs")
            return
        }
        #expect(line.words.contains("--" + option))
        guard case .run(let again) = try CommandLineParser.parse(line.words) else {
            Issue.record("\(line.words) is not a command line that runs")
            return
        }
        #expect(again == line, "\(given) came back as \(line.words)")
    }

    /// The refresh compares nothing, so it never reads the app's bundle again: the version
    /// the check compared is its `--current`.
    @Test func aRefreshLineCarriesTheComparedVersionNotTheBundle() throws {
        guard case .run(let line) = try CommandLineParser.parse([
            "manifest", "--url", "https://example.com/app.json", "--current-from", "/Applications/Example.app",
            "--current-key", "build", "--check-period", "1", "--timeout", "0.000015", "--channel", "beta",
        ]) else {
            Issue.record("not a command line that runs")
            return
        }
        var request = CheckRequest(source: try .manifest(location: "https://example.com/app.json"), current: try Version("1.4.0"))
        request.commandLine = line
        let words = try #require(RefreshList.words(for: request))
        #expect(words == [
            "manifest", "--url", "https://example.com/app.json", "--current", "1.4.0", "--timeout", "0.000015",
            "--check-period", "1", "--channel", "beta",
        ])
        let unspelled = CheckRequest(source: try .manifest(location: "x.json"), current: try Version("1"))
        #expect(RefreshList.words(for: unspelled) == nil)
    }

    /// `manifest --github OWNER/REPO` asks the repository's releases on the API, and is
    /// written back for a refresh as it was given.
    @Test func githubMeansTheRepositorysReleasesOnTheAPI() throws {
        let result = run(["manifest", "--github", "sparkle-project/Sparkle", "--current", "2.0", "--check-period", "1"])
        #expect(result.status == .success, "\(result)")
        let request = try #require(result.requests.first)
        #expect(request.gitHubRepository == "sparkle-project/Sparkle")
        #expect(request.cacheURL == "https://api.github.com/repos/sparkle-project/Sparkle/releases?per_page=100")
        #expect(RefreshList.words(for: request)?.starts(with: ["manifest", "--github", "sparkle-project/Sparkle"]) == true)
    }
}

import Testing
import VersionCheckCore
import VersionCheckSources
@testable import VersionCheckCLI
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// Each option is declared once, in `Option`, with the type of its value and its default:
/// help shows the default as that type writes it, the parser checks a given value into
/// that type, and a command reads the one or the other as that type.
@Suite("Option defaults and types live in the option table", .blockingBodies)
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

    /// The value a command reads for `option` when the line gives its default text, against
    /// the typed default it reads when the option is absent.
    static func readsBack<Value>(_ option: DefaultedOption<Value>, in line: [String]) throws -> Bool {
        let text = try #require(option.spec.defaultValue)
        guard case .run(let given) = try CommandLineParser.parse(line + [option.longFlag, text]),
              case .run(let absent) = try CommandLineParser.parse(line)
        else { return false }
        return given.isGiven(option) && given[option] == option.defaultValue && absent[option] == option.defaultValue
    }

    /// Help shows exactly the default a command reads: the text help shows, given on the
    /// command line, reads back as the typed default. Every defaulted option is here.
    @Test func everyDefaultHelpShowsIsTheValueReadWhenAbsent() throws {
        let lookup = ["lookup", "--id", "1", "--current", "1"]
        let checks = [
            try Self.readsBack(Option.currentKey, in: ["manifest", "--url", "m", "--current-from", "Info.plist"]),
            try Self.readsBack(Option.forceOn, in: lookup), try Self.readsBack(Option.optionalOn, in: lookup),
            try Self.readsBack(Option.minAge, in: lookup), try Self.readsBack(Option.timeout, in: lookup),
            try Self.readsBack(Option.retries, in: lookup), try Self.readsBack(Option.appcastVersion, in: lookup),
            try Self.readsBack(Option.country, in: lookup), try Self.readsBack(Option.platform, in: lookup),
            try Self.readsBack(Option.jobs, in: ["outdated", "/Applications"]),
        ]
        #expect(checks.allSatisfy { $0 })
        let defaulted = Set(CommandTable.commands.flatMap(\.options).filter { $0.defaultValue != nil }.map(\.name))
        #expect(defaulted.count == checks.count, "a defaulted option of the table is missing here: \(defaulted.sorted())")
    }

    /// Whether a value `ValueChecker` checked for `kind` arrives as the kind's declared type.
    static func arrives<Value>(_ kind: ArgumentKind<Value>, _ sample: String) -> Bool {
        guard let checked = try? ValueChecker.check(sample, kind: kind.kind, option: "--x", pointer: "") else { return false }
        return Value(checked: checked) != nil
    }

    /// Every kind of value, checked from a valid sample, arrives as the type its
    /// `ArgumentKind` declares (a new `ValueKind` does not compile here until it has one).
    static func arrivesAsDeclared(_ kind: ValueKind) -> Bool {
        switch kind {
        case .version: arrives(ArgumentKind.version, "1.2")
        case .constraint: arrives(ArgumentKind.constraint, ">=1")
        case .country: arrives(ArgumentKind.country, "DE")
        case .appID: arrives(ArgumentKind.appID, "284882215")
        case .bundleID: arrives(ArgumentKind.bundleID, "com.example.app")
        case .url: arrives(ArgumentKind.url, "https://example.com/m.json")
        case .location: arrives(ArgumentKind.location, "m.json")
        case .folder: arrives(ArgumentKind.folder, "/tmp")
        case .channel: arrives(ArgumentKind.channel, "beta")
        case .path: arrives(ArgumentKind.path, "Info.plist")
        case .prefix: arrives(ArgumentKind.prefix, "pkg@")
        case .ignore: arrives(ArgumentKind.ignore, "com.example.app@2.0")
        case .repository: arrives(ArgumentKind.repository, "sparkle-project/Sparkle")
        case .seconds: arrives(ArgumentKind.seconds, "1.5")
        case .days: arrives(ArgumentKind.days, "0")
        case .count(let range): arrives(ArgumentKind.count(range), String(range.lowerBound))
        case .level: arrives(ArgumentKind.level, "minor")
        case .bumpLevel: arrives(ArgumentKind.bumpLevel, "patch")
        case .platform: arrives(ArgumentKind.platform, "mac")
        case .appcastVersion: arrives(ArgumentKind.appcastVersion, "display")
        case .currentKey: arrives(ArgumentKind.currentKey, "build")
        case .prereleaseName: arrives(ArgumentKind.prereleaseName, "rc")
        }
    }

    @Test(arguments: CommandTable.commands.map(\.name))
    func everyOptionArrivesAsItsDeclaredType(name: String) throws {
        let command = try #require(CommandTable.command(named: name))
        for option in command.options {
            guard let kind = option.value else { continue }
            #expect(Self.arrivesAsDeclared(kind), "\(name) \(option.longFlag)")
        }
        for argument in command.arguments {
            guard let kind = argument.value else { continue }
            #expect(Self.arrivesAsDeclared(kind), "\(name) \(argument.name)")
        }
    }

    /// Defaults are written as SPEC.md writes them: `10`, not `10.0`.
    @Test func numbersAreWrittenAsGiven() {
        #expect(10.0.helpText == "10")
        #expect(0.0.helpText == "0")
        #expect(1.5.helpText == "1.5")
        #expect(Option.timeout.spec.defaultValue == "10")
        #expect(Option.minAge.spec.defaultValue == "0")
        #expect(Option.retries.spec.defaultValue == "2")
    }

    @Test func anAbsentOptionReadsItsTableDefault() throws {
        guard case .run(let line) = try CommandLineParser.parse(["lookup", "--id", "1", "--current", "1"]) else {
            Issue.record("expected a command")
            return
        }
        #expect(line.values["timeout"] == nil)
        #expect(line[Option.timeout] == 10)
        #expect(line[Option.retries] == 2)
        #expect(line[Option.country] == "us")
        #expect(line[Option.platform] == .ios)
        #expect(line[Option.forceOn] == .major)
        #expect(line[Option.optionalOn] == .any)
        #expect(line[Option.currentKey] == .marketing)
        #expect(line[Option.appcastVersion] == .build)
        #expect(line[Option.lookupURL] == nil)
    }
}

import Foundation
import Testing
import VersionCheckTestSupport

/// `--explain` through the built binary, on the fixtures: the lines each filter notes,
/// where they go (stderr after the answer, or the JSON array `explain`), the prefix of a
/// row of `batch` and `outdated`, a failure's lines, and — above all — that explaining
/// never changes the answer or the exit code.
@Suite("--explain, end to end", .blockingBodies)
struct ExplainEndToEndTests {
    /// 2025-10-03T00:00:00Z: 5300's phased rollout still holds it from group 6, and 7000
    /// (dated 2025-12-01) is too young for --min-age 1.
    static let early: Int64 = 1_759_449_600
    /// 2025-12-02T00:00:00Z
    static let late: Int64 = 1_764_633_600

    static func run(_ arguments: [String], at time: Int64 = late, stdin: String? = nil) throws -> ProcessResult {
        try runProduct(
            "versioncheck", arguments, stdin: stdin.map { Data($0.utf8) },
            environment: ["VERSIONCHECK_TEST_NOW": String(time)])
    }

    static func appcast(_ extra: [String]) -> [String] {
        ["manifest", "--url", TestPaths.fixture("appcast-sparkle2.xml").path] + extra
    }

    static func explainLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("explain: ") }
    }

    /// An appcast check with five filters at work: --skip, --os-version, phased rollout
    /// (--rollout-group), a channel not asked for, --min-age.
    @Test func fourFilters() throws {
        let arguments = Self.appcast([
            "--current", "5000", "--os-version", "12.5", "--rollout-group", "6", "--skip", "5100", "--min-age", "1",
        ])
        let result = try Self.run(arguments + ["--explain"], at: Self.early)
        let lines = Self.explainLines(result.stderr)
        let expected = [
            "explain: source: the file \(TestPaths.fixture("appcast-sparkle2.xml").path)",
            "explain: format: a Sparkle appcast",
            "explain: the appcast lists 5 items; 5 are releases for this install",
            "explain: decision: 5 releases against current 5000, compared by Sparkle's rules (SUStandardVersionComparator)",
            "explain: --skip 5100 left out 5100",
            "explain: --os-version 12.5 left out 5209 (needs 13.0)",
            "explain: phased rollout holds 5300 (until 2025-10-07T08:00:00Z)",
            "explain: channel left out 6000b2 (beta)",
            "explain: --min-age 1 left out 7000 (until 2025-12-02T10:00:00Z)",
            "explain: offered: 0 releases",
            "explain: latest 5100: the highest release --skip removed, since it removed every newer one",
            "explain: level major, computed on the build numbers 5000 -> 5100 (text names no level)",
            "explain: rule: none by --skip 5100 (the latest 5100 was skipped)",
            "explain: newest held back: 7000 (min-age until 2025-12-02T10:00:00Z)",
            "explain: unavailable: 5209 needs OS 13.0 (above --os-version)",
        ]
        #expect(lines == expected, "\(result.stderr)")
        // After the answer: stderr holds nothing but the explanation here.
        #expect(result.stderr == expected.joined(separator: "\n") + "\n")
        // A day after 7000: still too young for --min-age 1.
        let late = try Self.run(arguments + ["--explain"], at: Self.late)
        #expect(Self.explainLines(late.stderr).contains("explain: --min-age 1 left out 7000 (until 2025-12-02T10:00:00Z)"), "\(late.stderr)")
    }

    @Test func jsonCarriesTheLinesAndStderrNone() throws {
        let arguments = Self.appcast(["--current", "5000", "--json"])
        let explained = try Self.run(arguments + ["--explain"])
        #expect(!explained.stderr.contains("explain"), "\(explained.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(explained.stdout.utf8)) as? [String: Any])
        let lines = try #require(object["explain"] as? [String])
        #expect(lines.first == "source: the file \(TestPaths.fixture("appcast-sparkle2.xml").path)")
        #expect(lines.contains("rule: forced by a critical release: 5209, above 5000, is marked critical"))
        #expect(!lines.contains { $0.hasPrefix("explain: ") })
        // Without --explain there is no such key.
        let plain = try Self.run(arguments)
        #expect(!plain.stdout.contains(#""explain""#))
    }

    @Test func aFailurePrintsTheLinesReachedBeforeIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vc-explain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.json")
        try Data(#"{"releases": [{"version": "2.0", "date": "soon"}]}"#.utf8).write(to: manifest)
        let arguments = ["manifest", "--url", manifest.path, "--current", "1.0", "--min-age", "1"]
        let text = try Self.run(arguments + ["--explain"])
        #expect(text.status == 76, "\(text)")
        let lines = text.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("versioncheck: error: ") == true, "\(text.stderr)")
        #expect(Array(lines.dropFirst()) == [
            "explain: source: the file \(manifest.path)",
            "explain: format: JSON",
            "explain: it lists 1 release",
            "explain: decision: 1 release against current 1.0, compared by the lenient grammar",
        ])
        let json = try Self.run(arguments + ["--explain", "--json"])
        #expect(json.status == 76)
        #expect(json.stdout.contains(#""explain": ["source: the file "#), "\(json.stdout)")
        #expect(!json.stderr.contains("explain:"))
    }

    @Test func batchLinesArePrefixedAndBatchItselfRefusesIt() throws {
        let appcast = TestPaths.fixture("appcast-sparkle2.xml").path
        let manifest = TestPaths.fixture("manifest-minimal.json").path
        let list = "manifest --url '\(appcast)' --current 7000 --explain\nmanifest --url '\(manifest)' --current 0.1\n"
        let result = try Self.run(["batch", "-", "--all"], stdin: list)
        #expect(result.status == 101, "\(result)")
        let lines = Self.explainLines(result.stderr)
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("explain: line 1: ") }, "\(lines)")
        #expect(lines.contains("explain: line 1: rule: none newer: 7000 is the latest release"))
        let json = try Self.run(["batch", "-", "--all", "--json"], stdin: list)
        let rows = json.stdout.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows.first?.contains(#""explain": ["#) == true)
        #expect(rows.last?.contains(#""explain""#) == false)
        #expect(!json.stderr.contains("explain"))

        let refused = try Self.run(["batch", "-", "--explain"], stdin: list)
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stdout.isEmpty)
    }

    @Test func outdatedSaysWhyAnAppWasSkipped() throws {
        let app = TestPaths.fixture("Applications/Utilities").path
        let result = try Self.run(["outdated", app, "--explain", "--all"])
        #expect(result.stderr.contains("explain: Console Helper: Sparkle: the Info.plist has no SUFeedURL\n"), "\(result.stderr)")
        #expect(result.stderr.contains("explain: Console Helper: skipped: no source applies\n"))
        let plain = try Self.run(["outdated", app, "--all"])
        #expect(plain.stdout == result.stdout)
        #expect(plain.status == result.status)
    }

    // MARK: never changes the answer

    struct Held: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var status: Int32
        var testDescription: String { name }
    }

    static let held: [Held] = [
        Held(name: "optional", arguments: appcast(["--current", "5209"]), status: 100),
        Held(name: "forced", arguments: appcast(["--current", "5100"]), status: 101),
        Held(name: "none", arguments: appcast(["--current", "7000"]), status: 0),
        Held(name: "skipped", arguments: appcast(["--current", "5300", "--skip", "7000"]), status: 0),
        Held(name: "below --optional-on", arguments: ["manifest", "--url", TestPaths.fixture("manifest-full.json").path, "--current", "2.0.9", "--optional-on", "major"], status: 0),
        Held(name: "minimum", arguments: ["manifest", "--url", TestPaths.fixture("manifest-full.json").path, "--current", "1.0"], status: 101),
        Held(name: "gate passes", arguments: appcast(["--current", "7001", "--gate"]), status: 0),
        Held(name: "gate fails", arguments: appcast(["--current", "5000", "--gate"]), status: 1),
        Held(name: "a missing file", arguments: ["manifest", "--url", "/nonexistent/m.json", "--current", "1.0"], status: 69),
        Held(name: "an invalid --current", arguments: ["manifest", "--url", TestPaths.fixture("manifest-full.json").path, "--current", "1..2"], status: 65),
        Held(name: "outdated, skipped apps and failures", arguments: ["outdated", TestPaths.fixture("Applications/Utilities").path, "--all"], status: 65),
    ]

    /// stdout without the `explain` member (the object's last).
    static func withoutExplain(_ stdout: String) -> String {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let start = line.range(of: #", "explain": ["#) else { return String(line) }
            return line[..<start.lowerBound] + "}"
        }.joined(separator: "\n")
    }

    @Test(arguments: held)
    func explainingNeverChangesTheAnswer(_ held: Held) throws {
        for json in [false, true] {
            let arguments = held.arguments + (json ? ["--json"] : [])
            let plain = try Self.run(arguments)
            let explained = try Self.run(arguments + ["--explain"])
            #expect(plain.status == held.status, "\(plain)")
            #expect(explained.status == plain.status, "\(explained)")
            #expect(Self.withoutExplain(explained.stdout) == plain.stdout)
            if json {
                #expect(explained.stderr == plain.stderr)
            } else {
                let others = explained.stderr.split(separator: "\n").filter { !$0.hasPrefix("explain: ") }
                #expect(others == plain.stderr.split(separator: "\n"))
            }
        }
    }
}

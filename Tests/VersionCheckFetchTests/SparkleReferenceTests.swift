import Foundation
import Testing
import VersionCheckTestSupport

/// Sparkle's own test suite as the reference, asked through the built binary: every
/// assertion of `SUVersionComparisonTest` and the assertions of `SUAppcastTest` that
/// SPEC.md does not place out of scope, in tables. The feeds are written here (they
/// mirror the shape of Sparkle's test resources; no file is copied).
///
/// Counts: `SUVersionComparisonTest` 44 of 44. `SUAppcastTest`: see `SparkleAppcastTable`.
@Suite("Sparkle's tests through the CLI", .blockingBodies)
struct SparkleReferenceTests {
    /// An appcast feed of `items`, written to a scratch file; its path.
    static func feed(_ items: String, channelLink: String = "") throws -> String {
        let body = #"<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle"><channel><title>test</title>"#
            + channelLink + items + "</channel></rss>"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vc-sparkle-\(UUID().uuidString).xml")
        try Data(body.utf8).write(to: url)
        return url.path
    }

    /// `manifest --json` of `path` with `arguments`: the exit status and the object.
    static func check(_ path: String, _ arguments: [String]) throws -> (Int32, [String: Any]) {
        let result = try runProduct("versioncheck", ["manifest", "--url", path, "--json"] + arguments)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result.status, object ?? [:])
    }

    // MARK: SUVersionComparisonTest

    /// Each of the 44 assertions: a feed whose only item is `b`, checked with `--current a`:
    /// `comparison` is Sparkle's answer for a against b.
    @Test("SUVersionComparisonTest through the CLI", arguments: sparkleComparisonTable)
    func comparison(_ a: String, _ b: String, _ order: Int) throws {
        let path = try Self.feed("<item><enclosure url='https://example.com/b.zip' sparkle:version='\(b)'/></item>")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, object) = try Self.check(path, ["--current", a])
        #expect(object["comparison"] as? Int == order, "\(a) vs \(b): \(object)")
        #expect(status == (order == -1 ? 100 : 0))
        #expect(object["latest"] as? String == b)
    }
}

/// `SUVersionComparisonTest.m`'s 44 assertions (a, b, Sparkle's order of a against b);
/// the same table as `VersionCheckCoreTests.sparkleComparisonCases`.
let sparkleComparisonTable: [(String, String, Int)] = [
    ("1.0", "1.1", -1), ("1.0", "1.0", 0), ("2.0", "1.1", 1), ("0.1", "0.0.1", 1), ("0.1", "0.1.2", -1),
    ("1.0", "1.0.0", 0), ("1.0.0", "1.0", 0),
    ("1.5.5-335d3e2", "1.5.6-b252311", -1), ("1.5.5-335d3e2", "1.5.5-a655360", 0),
    ("1.5.6-b252311", "1.5.5-335d3e2", 1), ("1.5-335d3e2", "1.5.0-335d3e2", 0), ("1.5.0-335d3e2", "1.5-335d3e2", 0),
    ("1.5.5", "1.5.6a1", -1), ("1.1.0b1", "1.1.0b2", -1), ("1.1.1b2", "1.1.2b1", -1), ("1.1.1b2", "1.1.2a1", -1),
    ("1.0a1", "1.0b1", -1), ("1.0b1", "1.0", -1), ("0.9", "1.0a1", -1), ("1.0b", "1.0b2", -1),
    ("1.0b10", "1.0b11", -1), ("1.0b9", "1.0b10", -1), ("1.0rc", "1.0", -1), ("1.0b", "1.0", -1),
    ("1.0pre1", "1.0", -1), ("1.0pre1", "1.0.0pre1", 0), ("1.0.0pre1", "1.0pre1", 0),
    ("1.0 (1234)", "1.0 (1235)", -1), ("1.0b1 (1234)", "1.0 (1234)", -1), ("1.0b5 (1234)", "1.0b5 (1235)", -1),
    ("1.0b5 (1234)", "1.0.1b5 (1234)", -1), ("1.0.1b5 (1234)", "1.0.1b6 (1234)", -1),
    ("2.0.0.2429", "2.0.0.2430", -1), ("1.1.1.1818", "2.0.0.2430", -1), ("3.3 (5847)", "3.3.1b1 (5902)", -1),
    ("3.3 (5847)", "3.3.0 (5847)", 0), ("3.3.0 (5847)", "3.3 (5847)", 0), ("1.1.1.1818", "1.1.1.1818.0", 0),
    ("1.1.1.1818.0", "1.1.1.1818", 0), ("3.3b1 (5902)", "3.3.0b1 (5902)", 0), ("3.3.0b1 (5902)", "3.3b1 (5902)", 0),
    ("201210251627", "201211051041", -1), ("201210251627.0", "201210251627", 0), ("201210251627", "201210251627.0", 0),
]

import Foundation
import Testing
import VersionCheckTestSupport

/// Issue 31: HTML notes printed as text, at the 8 MiB cap, in every markup shape, and an
/// `xml:base` of millions of `../`: each within the hostile budget with a margin, 0.5 s
/// of CPU and 64 MiB in the release build (`make check-budget`). Before, `<li>` items
/// took 1.35 s and 128 MB, `x<br>` 122 MB, the `xml:base` 0.9 s. Each prints a `HOSTILE`
/// line with its CPU time.
@Suite("Hostile input: HTML notes as text and xml:base at the size cap", .blockingBodies)
struct HostileNotesTests {
    static let cap = 8 * 1024 * 1024

    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        /// The repeated markup of the notes.
        var piece: String
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(name: "<li> items", piece: "<li>x</li>"),
        Shape(name: "x<br>", piece: "x<br>"),
        Shape(name: "<p> paragraphs", piece: "<p>x</p>"),
        Shape(name: "<li> without text", piece: "<li>"),
        Shape(name: "entities", piece: "&amp;&#x2022;&#233;&nbsp;&bogus; "),
        Shape(name: "nested tags", piece: "<div><ul><li><b><i>x</i></b></li></ul></div>"),
        Shape(name: "unclosed tags", piece: "<b x='"),
        Shape(name: "comments, script and headings", piece: "<!-- c --><script>s</script><h2>x</h2>"),
    ]

    /// One item whose `<description>` (CDATA) is `piece` repeated to fill the cap.
    static func feed(_ piece: String) -> String {
        let head = #"<?xml version="1.0"?><rss xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle"><channel><item><sparkle:version>2</sparkle:version><description><![CDATA["#
        let tail = #"]]></description><enclosure url="https://example.org/a.zip" length="1" type="x"/></item></channel></rss>"#
        let count = (cap - head.utf8.count - tail.utf8.count) / piece.utf8.count
        return head + String(repeating: piece, count: count) + tail
    }

    static func check(_ text: String, name: String) throws -> MeasuredResult {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vc-notes-\(UUID().uuidString).xml")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try runMeasuredForBudget("versioncheck", ["manifest", "--url", url.path, "--current", "1"], timeout: 120)
    }

    static func holdsTheBudget(_ result: MeasuredResult, _ name: String) {
        // 0.5 s of CPU in the release build (half the budget); the test build (-O too) gets
        // the budget itself, a sanitizer's build its own.
        let cpu = result.cpuSeconds ?? result.seconds
        let allowed = HostileBudget.sanitizer != nil ? HostileBudget.seconds : HostileBudget.isReleaseBuild ? 0.5 : 1
        #expect(cpu < allowed, "\(name): \(cpu) s of CPU")
        #expect(result.peakMiB < HostileBudget.mebibytes, "\(name): \(result)")
        print("HOSTILE\t8 MiB appcast, \(name)\texit \(result.status)\t\(String(format: "%.2f", cpu)) s CPU\t\(String(format: "%.1f", result.peakMiB)) MiB")
    }

    @Test(arguments: shapes)
    func htmlNotesAsText(shape: Shape) throws {
        let text = Self.feed(shape.piece)
        #expect(text.utf8.count <= Self.cap && text.utf8.count > Self.cap - 64)
        let result = try Self.check(text, name: shape.name)
        #expect(result.status == 100, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(result.stdoutText.hasPrefix("optional update: 1 -> 2\n"), "\(result.stdoutText.prefix(200))")
        Self.holdsTheBudget(result, "notes of \(shape.name) as text")
    }

    /// `xml:base` of 2.8 million `../`, read against the feed's own and resolving every link.
    @Test func anXMLBaseOfMillionsOfDotDotSegments() throws {
        let head = #"<?xml version="1.0"?><rss xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle"><channel xml:base="https://example.org/a/"#
        let tail = #""><item><sparkle:version>2</sparkle:version><sparkle:releaseNotesLink>n/../notes.html</sparkle:releaseNotesLink><enclosure url="./b/../App.zip" length="1" type="x"/></item></channel></rss>"#
        let count = (Self.cap - head.utf8.count - tail.utf8.count) / 3
        let result = try Self.check(head + String(repeating: "../", count: count) + tail, name: "xml:base")
        #expect(result.status == 100, "\(result)")
        #expect(result.stdoutText.contains("url: https://example.org/App.zip\n"), "\(result.stdoutText.prefix(300))")
        Self.holdsTheBudget(result, "xml:base of \(count / 1_000_000).\(count / 100_000 % 10) million ../")
    }
}

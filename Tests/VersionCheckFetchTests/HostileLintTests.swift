import Foundation
import Testing
import VersionCheckTestSupport

/// Issue 32: `lint` of an 8 MiB feed of any shape holds the hostile budget (1 s, 64 MiB
/// in the release build), findings on every item included. Each prints a `HOSTILE` line
/// (`make check-budget` runs them against the release build).
@Suite("Hostile input: lint at the size cap", .blockingBodies)
struct HostileLintTests {
    static let cap = HostileManifestShapeTests.cap
    static func fill(_ head: String, _ piece: String, separator: String = "", _ tail: String) -> String {
        HostileManifestShapeTests.fill(head, piece, separator: separator, tail)
    }
    static let rss = #"<?xml version="1.0"?><rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle"><channel>"#

    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        var text: @Sendable () -> String
        var status: Int32
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(name: "appcast of 150,000 items without a version (A01 each)", file: "appcast.xml", text: {
            fill(rss, "<item><title>x</title></item>\n", "</channel></rss>")
        }, status: 1),
        Shape(name: "appcast of 60,000 items of one version over http (A02, A05, A07 each)", file: "appcast.xml", text: {
            fill(rss, #"<item><sparkle:version>1</sparkle:version><enclosure url="http://e.com/a.zip"/></item>"# + "\n", "</channel></rss>")
        }, status: 1),
        Shape(name: "appcast of 50,000 items whose pubDates are no dates (A09 each, warnings)", file: "appcast.xml", text: {
            var text = rss
            var index = 0
            while text.utf8.count < cap - 200 {
                text += "<item><sparkle:version>\(index)</sparkle:version><pubDate>\(index % 28 + 1) Jun 2025</pubDate></item>\n"
                index += 1
            }
            return text + "</channel></rss>"
        }, status: 0),
        Shape(name: "appcast of one 8 MiB description", file: "appcast.xml", text: {
            fill(rss + "<item><sparkle:version>1</sparkle:version><description>", "a&amp;", "</description></item></channel></rss>")
        }, status: 0),
        Shape(name: "JSON manifest of 300,000 releases of one version (J02 each)", file: "latest.json", text: {
            fill(#"{"latestVersion": "1.0", "releases": ["#, #"{"version": "1.0"}"#, separator: ",\n", "]}")
        }, status: 1),
        Shape(name: "JSON manifest of 250,000 releases with bad dates (J03 each)", file: "latest.json", text: {
            fill(#"{"latestVersion": "1.0", "releases": ["#, #"{"version": "a", "date": "x"}"#, separator: ",\n", "]}")
        }, status: 1),
        Shape(name: "electron-builder file of 150,000 files with bad sha512 and size (E01 each)", file: "latest-mac.yml", text: {
            fill("version: 1.0.0\nfiles:\n", "  - url: http://e.com/a.zip\n    sha512: abc\n    size: 0\n", "releaseDate: '2025-06-10T12:00:00.000Z'\n")
        }, status: 1),
        Shape(name: "GitHub release list of 250,000 tags that are no version (G01 each)", file: "releases.json", text: {
            fill("[", #"{"tag_name": "nightly"}"#, separator: ",\n", "]")
        }, status: 1),
    ]

    @Test(arguments: shapes, [["-q"], ["--json"]])
    func lintAtTheCap(shape: Shape, options: [String]) throws {
        let text = shape.text()
        #expect(text.utf8.count <= Self.cap && text.utf8.count > Self.cap - 256, "\(text.utf8.count) bytes")
        try runOnHostileFile(
            text, named: shape.file, label: "8 MiB lint, \(shape.name) \(options.joined(separator: " "))", status: shape.status
        ) { path in ["lint", path] + options }
    }

    /// Items without a URL before the channel's link (any) were held until `</channel>`:
    /// 600,000 of them were 240 MiB for `manifest` and `lint` alike. The channel's link is
    /// looked up ahead instead, and no item is held.
    @Test(arguments: [["manifest", "--current", "1"], ["lint"]])
    func itemsWithoutLinksAreNotHeld(command: [String]) throws {
        let text = Self.fill(Self.rss, "<item><sparkle:version>2</sparkle:version></item>\n", "<link>https://example.com/</link></channel></rss>")
        let result = try runOnHostileFile(
            text, named: "appcast.xml", label: "8 MiB appcast of items without links before the channel's, \(command[0])",
            status: command[0] == "lint" ? 1 : 100
        ) { path in command[0] == "lint" ? ["lint", path, "-q"] : [command[0], "--url", path] + command.dropFirst() + ["--json"] }
        if command[0] != "lint" {
            // Every item takes the channel's link, found after them all.
            #expect(result.stdoutText.contains(#""url": "https://example.com/""#), "\(result.stdoutText.prefix(300))")
        }
    }
}

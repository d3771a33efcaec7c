import Foundation
import Testing
import VersionCheckTestSupport

/// Issue 21: the hostile budget (1 s, 64 MiB, release build) holds for 8 MiB manifest
/// *files* whatever their shape: one huge version (309–317 MiB before), millions of
/// empty notes (173 MiB), millions of unknown numbers (111 MiB) or keys. Each prints a
/// `HOSTILE` line (`make check-budget` runs them against the release build).
@Suite("Hostile input: manifest shapes at the size cap", .blockingBodies)
struct HostileManifestShapeTests {
    static let cap = 8 * 1024 * 1024

    /// `head` + `count` × `piece` (joined by `separator`) + `tail`, as large as fits the cap.
    static func fill(_ head: String, _ piece: String, separator: String = "", _ tail: String) -> String {
        let room = cap - head.utf8.count - tail.utf8.count
        let count = (room + separator.utf8.count) / (piece.utf8.count + separator.utf8.count)
        return head + Array(repeating: piece, count: count).joined(separator: separator) + tail
    }

    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        var text: @Sendable () -> String
        var status: Int32
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(name: "one latestVersion of 4 million components", text: {
            fill(#"{"latestVersion": "1"#, ".1", #""}"#)
        }, status: 101),
        Shape(name: "one latestVersion of 8 million digits", text: {
            fill(#"{"latestVersion": "1."#, "7", #""}"#)
        }, status: 101),
        Shape(name: "2.8 million empty lines of notes", text: {
            fill(#"{"latestVersion": "2.0", "releaseNotes": ["#, #""""#, separator: ",", "]}")
        }, status: 101),
        Shape(name: "4 million unknown numbers", text: {
            fill(#"{"latestVersion": "2.0", "x": ["#, "0", separator: ",", "]}")
        }, status: 101),
        Shape(name: "1 million unknown keys", text: {
            var text = #"{"latestVersion": "2.0""#
            var index = 0
            while text.utf8.count < cap - 32 {
                text += #","k\#(index)":0"#
                index += 1
            }
            return text + "}"
        }, status: 101),
        Shape(name: "releases of 1.4 million unknown numbers each in one entry", text: {
            fill(#"{"releases": [{"version": "2.0", "extra": ["#, "0", separator: ",", "]}]}")
        }, status: 101),
    ]

    @Test(arguments: shapes, [["-q"], ["--json"]])
    func fileAtTheCap(shape: Shape, options: [String]) throws {
        let text = shape.text()
        #expect(text.utf8.count <= Self.cap && text.utf8.count > Self.cap - 64, "\(text.utf8.count) bytes")
        try runOnHostileFile(
            text, named: "manifest.json", label: "8 MiB manifest file, \(shape.name) \(options.joined(separator: " "))", status: shape.status
        ) { path in ["manifest", "--url", path, "--current", "0.1"] + options }
    }
}

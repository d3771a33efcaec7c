import Foundation
import Testing
import VersionCheckTestSupport

/// Issue 34: the hostile budget (1 s, 64 MiB, release build) holds for GitHub release
/// lists and electron-builder feeds of 8 MiB, whatever their shape, read from a file
/// through the binary (the format is told by the content). Each prints a `HOSTILE` line
/// (`make check-budget` runs them against the release build).
@Suite("Hostile input: GitHub release lists and electron-builder feeds at the size cap", .blockingBodies)
struct HostileReleaseFeedTests {
    static let cap = HostileManifestShapeTests.cap
    static let sha = String(repeating: "A", count: 86) + "=="

    /// `head` + pieces made by `piece(n)` + `tail`, as many as fit the cap.
    static func fill(_ head: String, separator: String = "", _ tail: String, piece: (Int) -> String) -> String {
        var parts = [head]
        var size = head.utf8.count + tail.utf8.count
        var index = 0
        while true {
            let next = (index == 0 ? "" : separator) + piece(index)
            guard size + next.utf8.count <= cap else { break }
            parts.append(next)
            size += next.utf8.count
            index += 1
        }
        return parts.joined() + tail
    }

    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        var text: @Sendable () -> String
        var status: Int32
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(name: "GitHub: 480,000 bare releases", text: {
            fill("[", separator: ",", "]") { #"{"tag_name":"v1.\#($0)"}"# }
        }, status: 101),
        Shape(name: "GitHub: 250,000 pre-releases with notes", text: {
            fill("[", separator: ",", "]") { #"{"tag_name":"2.\#($0)","prerelease":true,"body":"n"}"# }
        }, status: 0),
        Shape(name: "GitHub: releases with every field", text: {
            fill("[", separator: ",", "]") {
                #"{"tag_name":"v1.\#($0)","name":"Release \#($0)","draft":false,"prerelease":false,"published_at":"2026-01-02T03:04:05Z","html_url":"https://github.com/o/r/releases/tag/v1.\#($0)","body":"* Notes \#($0)"}"#
            }
        }, status: 101),
        Shape(name: "GitHub: one release with 4 million unknown numbers", text: {
            HostileManifestShapeTests.fill(#"{"tag_name": "v2.0", "x": ["#, "0", separator: ",", "]}")
        }, status: 101),
        Shape(name: "GitHub: 400,000 tags that are no version", text: {
            fill(#"[{"tag_name":"v2.0"},"#, separator: ",", "]") { #"{"tag_name":"n\#($0)"}"# }
        }, status: 101),
        Shape(name: "electron: 75,000 files", text: {
            fill("version: 2.0.0\nfiles:\n", "path: a.zip\n") { "  - url: App-\($0).zip\n    sha512: \(sha)\n    size: \($0 + 1)\n" }
        }, status: 101),
        Shape(name: "electron: 330,000 listed notes", text: {
            fill("version: 9.0.0\npath: a.zip\nreleaseNotes:\n", "") { "- version: 1.\($0)\n  note: n\($0)\n" }
        }, status: 101),
        Shape(name: "electron: one 8 MiB block of notes", text: {
            fill("version: 2.0.0\npath: a.zip\nreleaseNotes: |\n", "") { _ in "  <p>Fix</p>\n" }
        }, status: 101),
        Shape(name: "electron: 700,000 unknown keys", text: {
            fill("version: 2.0.0\npath: a.zip\n", "") { "k\($0): v\n" }
        }, status: 101),
        Shape(name: "electron: 60 levels deep under an unknown key, side by side", text: {
            let inner = (1..<60).map { String(repeating: " ", count: $0) + "k:\n" }.joined() + String(repeating: " ", count: 60) + "v: 1\n"
            return fill("version: 2.0.0\npath: a.zip\n", "") { "u\($0):\n" + inner }
        }, status: 101),
        Shape(name: "electron: 2.7 million empty lines of a quoted note", text: {
            fill("version: 2.0.0\npath: a.zip\nreleaseNotes: '", "x'\n") { _ in "\n  " }
        }, status: 101),
    ]

    @Test(arguments: shapes, [["-q"], ["--json"]])
    func fileAtTheCap(shape: Shape, options: [String]) throws {
        let text = shape.text()
        #expect(text.utf8.count <= Self.cap && text.utf8.count > Self.cap - 4096, "\(text.utf8.count) bytes")
        try runOnHostileFile(text, label: "8 MiB \(shape.name) \(options.joined(separator: " "))", status: shape.status) { path in
            ["manifest", "--url", path, "--current", "0.1"] + options
        }
    }
}

import Foundation
import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckSources

/// `lint` of 8 MiB bodies of hostile shapes, as the decoders' hostile tests read them:
/// each linear (well under the budget's second even in the test build), findings of a
/// code capped (`LocatedFindings.limitPerCode`), and `J02` over hundreds of thousands of
/// releases by sorting, not by comparing each pair.
@Suite("Hostile input: lint of manifests, electron-builder files and GitHub releases")
struct HostileFeedLintTests {
    static let cap = 8 * 1024 * 1024

    /// `element` (given its index) repeated, comma-separated, as many times as fit in
    /// the cap between `head` and `tail`.
    static func filled(_ head: String, _ tail: String, separator: String = ",", _ element: (Int) -> String) -> [UInt8] {
        var bytes = Array(head.utf8)
        var index = 0
        while true {
            let next = Array(((index == 0 ? "" : separator) + element(index)).utf8)
            guard bytes.count + next.count + tail.utf8.count <= cap else { break }
            bytes += next
            index += 1
        }
        return bytes + Array(tail.utf8)
    }

    /// A permutation of 0..<n that is far from sorted (multiplying by a unit mod n).
    static func scattered(_ index: Int, _ count: Int) -> Int { (index &* 7_919) % count }

    static let shapes: [String: @Sendable () -> [UInt8]] = [
        "JSON: 524,000 equal releases": { filled(#"{"releases":["#, "]}") { _ in #"{"version":"1"}"# } },
        "JSON: 500,000 releases that are no version": { filled(#"{"releases":["#, "]}") { _ in #"{"version":"a"}"# } },
        "JSON: bad dates and http links": {
            filled(#"{"latestVersion":"9","releases":["#, "]}") { #"{"version":"1.\#($0)","date":"x","url":"http://a"}"# }
        },
        "JSON: 400,000 versions out of order": {
            filled(#"{"releases":["#, "]}") { #"{"version":"1.\#(scattered($0, 400_000))"}"# }
        },
        "JSON: an 8 MiB latestVersion": { Array(#"{"latestVersion":"1."#.utf8) + Array(repeating: UInt8(ascii: "x"), count: cap - 40) + Array(#""}"#.utf8) },
        "JSON: releases nested 127 deep, side by side": {
            filled(#"{"releases":["#, "]}") { _ in String(repeating: "[", count: 120) + String(repeating: "]", count: 120) }
        },
        "plist: 380,000 equal keys": {
            filled(#"<?xml version="1.0"?><plist version="1.0"><dict>"#, "</dict></plist>", separator: "\n") { _ in "<key>1</key><string/>" }
        },
        "plist: keys that are no version": {
            filled(#"<?xml version="1.0"?><plist version="1.0"><dict>"#, "</dict></plist>", separator: "\n") { "<key>a\($0)</key><string/>" }
        },
        "plist: binary, 300,000 equal keys": { BinaryPlistBuilder.build((0..<300_000).map { ("1.0", $0 == 0 ? .string("n") : .sameAs(0)) }) },
        "YAML: 230,000 files with bad sha512 and size": {
            filled("version: 1.0\nfiles:\n", "", separator: "") { _ in "  - url: http://a\n    sha512: x\n    size: 0\n" }
        },
        "YAML: 500,000 listed notes that are no version": {
            filled("version: 1.0\npath: a\nreleaseNotes:\n", "", separator: "") { _ in "  - version: a\n" }
        },
        "GitHub: 490,000 tags that are no version": { filled("[", "]") { _ in #"{"tag_name":"x"}"# } },
        "GitHub: 490,000 equal tags": { filled("[", "]") { _ in #"{"tag_name":"1"}"# } },
    ]

    @Test(arguments: shapes.keys.sorted())
    func hostileShapesAreLinear(_ name: String) {
        let body = Self.shapes[name]!()
        #expect(body.count <= Self.cap)
        let start = Date()
        let result = Result { () throws(BodyError) in try FeedLint.findings(in: body, context: LintContext()) }
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < 3, "\(name): \(body.count) bytes")
        if case .success(let findings) = result {
            for code in LintCode.allCases {
                #expect(findings.count { $0.code == code } <= LocatedFindings.limitPerCode + 1, "\(name): \(code)")
            }
        }
        print("HOSTILE-LINT\t\(name)\t\(body.count) bytes\t\(String(format: "%.3f", seconds)) s")
    }

    /// The electron-builder reader's hostile shapes, read by the linter.
    @Test(arguments: YAMLReaderTests.hostileShapes)
    func yamlReaderShapes(_ name: String) {
        let body = Array(YAMLReaderTests.hostile(name).utf8)
        let start = Date()
        _ = try? ElectronBuilderLint.findings(body, context: LintContext())
        // The whole tree, with its lines, as YAMLReaderTests times the reader's whole reading.
        let stretch = HostileBudget.sanitizer == nil ? 1.0 : 10.0
        #expect(Date().timeIntervalSince(start) < 6 * stretch, "\(name): \(body.count) bytes")
    }

    /// Past the cap, one more finding of the code counts the rest, at the first left out.
    @Test func findingsOfACodeAreCapped() throws {
        let count = LocatedFindings.limitPerCode + 5
        let body = Array(("{\"releases\": [\n" + (0..<count).map { _ in #"{"version": "a"}"# }.joined(separator: ",\n") + "\n]}").utf8)
        let findings = try FeedLint.findings(in: body, context: LintContext())
        #expect(findings.count == LocatedFindings.limitPerCode + 1)
        #expect(findings.last?.message == "5 more V01 findings from here on, not listed")
        #expect(findings.last?.line == LocatedFindings.limitPerCode + 2)
    }
}

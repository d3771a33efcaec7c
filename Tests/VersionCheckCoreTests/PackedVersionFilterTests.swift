import Testing
import VersionCheckTestSupport
@testable import VersionCheckCore

/// `PackedVersionSort.filter` (`sort --satisfies` before packing) keeps exactly the lines a
/// parsed `Version` would satisfy, whether it reads a line's digits directly or parses it.
@Suite("PackedVersionSort.filter")
struct PackedVersionFilterTests {
    static let constraints = [">=1.2, <40", "~> 1.2", "^0.2.3", "!=1", "< 2.0.0", "1.x || >=18446744073709551616", "*"]

    /// Spans of `lines` joined by newlines.
    static func withSpans<R>(_ lines: [String], _ body: (UnsafeBufferPointer<LineSpan>, UnsafeBufferPointer<UInt8>) -> R) -> R {
        var bytes: [UInt8] = []
        var spans: [LineSpan] = []
        for line in lines {
            let start = UInt32(bytes.count)
            bytes += Array(line.utf8)
            spans.append(LineSpan(start: start, end: UInt32(bytes.count)))
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes.withUnsafeBufferPointer { bytes in spans.withUnsafeBufferPointer { body($0, bytes) } }
    }

    @Test(arguments: constraints)
    func keepsWhatParsedVersionsSatisfy(text: String) throws {
        let constraint = try VersionConstraint(text)
        var generator = VersionTextGenerator(rng: SplitMix64(seed: 99))
        let lines = (0..<3000).map { index in
            index % 2 == 0 ? generator.text() : "\(index % 3 == 0 ? "v" : "")\(index % 41).\(index % 7).\(index % 5).\(index % 2)"
        }
        let expected = try lines.filter { constraint.isSatisfied(by: try Version($0)) }
        let kept = Self.withSpans(lines) { spans, bytes in
            PackedVersionSort.filter(spans, in: bytes) { constraint.isSatisfied(by: $0) }?.map { span in
                String(decoding: bytes[Int(span.start)..<Int(span.end)], as: UTF8.self)
            }
        }
        #expect(kept == expected)
    }

    @Test(arguments: ["1..2", "v", "abc", "1.2.x", "1.2.3-"])
    func anInvalidLineDeclines(line: String) {
        let kept = Self.withSpans(["1.0", line, "2.0"]) { spans, bytes in
            PackedVersionSort.filter(spans, in: bytes) { _ in true }
        }
        #expect(kept == nil)
    }
}

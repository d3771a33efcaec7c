import Testing
import VersionCheckTestSupport
@testable import VersionCheckCore

/// The packed-key radix sort must give exactly the stable precedence order, or decline.
@Suite("PackedVersionSort")
struct PackedVersionSortTests {
    /// Runs the fast path on `lines` (one span per line, as the `sort` command builds them).
    static func fastOrder(_ lines: [String], descending: Bool = false) -> [Int]? {
        var bytes: [UInt8] = []
        var spans: [LineSpan] = []
        for line in lines {
            let start = UInt32(bytes.count)
            bytes.append(contentsOf: line.utf8)
            spans.append(LineSpan(start: start, end: UInt32(bytes.count)))
            bytes.append(UInt8(ascii: "\n"))
        }
        let order = bytes.withUnsafeBufferPointer { bytes in
            spans.withUnsafeBufferPointer { spans in
                PackedVersionSort.sortedOrder(of: spans, in: bytes, descending: descending)
            }
        }
        return order?.map(Int.init)
    }

    /// The reference: a stable sort of parsed versions by precedence.
    static func referenceOrder(_ lines: [String], descending: Bool = false) throws -> [Int] {
        let versions = try lines.map { try Version($0) }
        return versions.indices.sorted { a, b in
            let order = versions[a].compare(to: versions[b])
            if order != 0 { return descending ? order > 0 : order < 0 }
            return a < b
        }
    }

    @Test("declines what it cannot pack", arguments: [
        ["1.2.3", "1.0.0-rc.1"],          // pre-release
        ["1.2.3+build.5"],                // build metadata
        ["1.2.3.4.5.6.7.8.9"],            // more than eight components
        ["18446744073709551616"],         // beyond 64 bits
        ["4294967296.4294967296.1"],      // 33 + 33 bits > 64
        ["1..2"], ["1."], [".1"], ["v"], ["abc"], [""], ["1.2 "],
    ])
    func declines(lines: [String]) {
        #expect(Self.fastOrder(lines) == nil)
    }

    @Test("orders as precedence, stably, both ways", arguments: [false, true])
    func matchesReference(descending: Bool) throws {
        var rng = SplitMix64(seed: 0x5EED)
        for round in 0..<200 {
            let count = 1 + Int(rng.next() % 60)
            let bound = [3, 20, 1000, 1 << 20][round % 4]
            let lines: [String] = (0..<count).map { _ in
                // Widths that fit 64 bits: up to 5 x 10 bits, or 3 x 20 bits.
                let components = 1 + Int(rng.next() % (bound > 1000 ? 3 : 5))
                let prefix = rng.next() % 7 == 0 ? "v" : ""
                return prefix + (0..<components).map { _ in
                    let value = rng.next() % UInt64(bound)
                    return rng.next() % 9 == 0 ? "0\(value)" : "\(value)"
                }.joined(separator: ".")
            }
            let fast = try #require(Self.fastOrder(lines, descending: descending))
            #expect(fast == (try Self.referenceOrder(lines, descending: descending)), "\(lines)")
        }
    }

    @Test("uses all 64 bits when one component needs them")
    func fullWidth() throws {
        let lines = ["18446744073709551615", "1", "18446744073709551614", "0"]
        #expect(Self.fastOrder(lines) == (try Self.referenceOrder(lines)))
        #expect(Self.fastOrder(lines, descending: true) == (try Self.referenceOrder(lines, descending: true)))
    }

    @Test("zero padding and leading zeros tie, keeping input order")
    func ties() {
        #expect(Self.fastOrder(["1.0.0", "1", "v1.0", "01.00"]) == [0, 1, 2, 3])
        #expect(Self.fastOrder(["1.0.0", "2", "1", "v1.0"], descending: true) == [1, 0, 2, 3])
    }
}

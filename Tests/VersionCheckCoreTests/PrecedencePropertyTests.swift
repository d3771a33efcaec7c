import Testing
import VersionCheckTestSupport
@testable import VersionCheckCore

@Suite("Precedence properties (seeded)")
struct PrecedencePropertyTests {
    static let seeds: [UInt64] = [1, 42, 0xDEAD_BEEF, 2026]

    private func sample(seed: UInt64, count: Int) throws -> [(String, Version)] {
        var generator = VersionTextGenerator(rng: SplitMix64(seed: seed))
        return try (0..<count).map { _ in
            let text = generator.text()
            return (text, try Version(text))
        }
    }

    @Test("agrees with a reference implementation; antisymmetric; == and hash agree with <", arguments: seeds)
    func pairwise(seed: UInt64) throws {
        let versions = try sample(seed: seed, count: 150)
        var failures: [String] = []
        for (ta, a) in versions {
            for (tb, b) in versions {
                let order = a.compare(to: b)
                if order != ReferencePrecedence.compare(ta, tb) { failures.append("\(ta) vs \(tb): \(order)") }
                if order != -b.compare(to: a) { failures.append("antisymmetry \(ta) vs \(tb)") }
                if (a == b) != (order == 0) || (a < b) != (order < 0) { failures.append("==/< \(ta) vs \(tb)") }
                if a == b, a.hashValue != b.hashValue { failures.append("hash \(ta) vs \(tb)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test("transitive: a sorted list is ordered between every pair", arguments: seeds)
    func transitive(seed: UInt64) throws {
        let sorted = try sample(seed: seed, count: 400).map(\.1).sorted()
        var failures = 0
        for i in sorted.indices {
            for j in sorted.indices where i < j && sorted[i].compare(to: sorted[j]) > 0 { failures += 1 }
        }
        #expect(failures == 0)
    }

    @Test("sorting is stable for equal versions", arguments: seeds)
    func stableSort(seed: UInt64) throws {
        let versions = try sample(seed: seed, count: 2000).map(\.1)
        let indexed = versions.enumerated().map { ($0.offset, $0.element) }
        let sorted = indexed.sorted { $0.1 < $1.1 }
        for (x, y) in zip(sorted, sorted.dropFirst()) where x.1 == y.1 {
            #expect(x.0 < y.0)
        }
    }

    @Test("parse(description) round-trips", arguments: seeds)
    func roundTrip(seed: UInt64) throws {
        for (text, version) in try sample(seed: seed, count: 2000) {
            let again = try Version(version.description)
            #expect(again.description == text)
            #expect(again == version)
            #expect(again.hashValue == version.hashValue)
            #expect(try Version(" \(text)\n") == version)
        }
    }
}

import Testing
@testable import VersionCheckCore

/// `decideUpdate` dedupes by sorting instead of hashing; these seeded tables check it
/// against the plain rule (first given of each precedence, then the filters, ascending)
/// on shuffled lists full of equal-precedence spellings.
@Suite("Update decision: dedupe against a reference")
struct DecisionDedupeTests {
    /// Spellings with shared precedence ("1.1" = "1.1.0"), pre-releases and build metadata.
    static let pool = ["0.9", "1.0", "1.0.0", "1.1", "1.1.0", "1.1.0+b", "1.2", "1.2.0.0", "2.0-rc", "2.0.0-rc", "2.0", "10"]

    /// The rule as SPEC.md states it, with a Set: the expected answer.
    static func reference(_ releases: [Release], osVersion: Version?) -> [Release] {
        var seen = Set<Version>()
        var offered: [Release] = []
        for release in releases where seen.insert(release.version).inserted {
            if let osVersion, let text = release.minimumOsVersion, let required = try? Version(text), required > osVersion {
                continue
            }
            offered.append(release)
        }
        return offered.sorted { $0.version < $1.version }
    }

    @Test("shuffled lists with repeats", arguments: 1...60)
    func matchesTheReference(seed: UInt64) throws {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let count = next(12)
        var releases: [Release] = []
        for index in 0..<count {
            let os = [nil, "1", "99"][next(3)]
            releases.append(Release(
                version: try Version(Self.pool[next(Self.pool.count)]), notes: "#\(index)", minimumOsVersion: os))
        }
        if seed % 3 == 0 { releases.sort { $0.version < $1.version } }  // the ascending one-pass path, repeats included
        let osVersion: Version? = seed % 2 == 0 ? try Version("15") : nil
        let current = try Version(Self.pool[next(Self.pool.count)])
        let decision = try decideUpdate(
            current: current, releases: releases, sourceMinimum: nil, policy: UpdatePolicy(osVersion: osVersion), now: 0)
        let expected = Self.reference(releases, osVersion: osVersion)
        #expect(decision.latest?.notes == expected.last?.notes, "\(releases.map { "\($0.version)\($0.notes!)" })")
        #expect(decision.releases.map(\.notes) == expected.filter { $0.version > current }.map(\.notes))
    }
}

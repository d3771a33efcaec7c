import Testing
@testable import VersionCheckCore

/// `decideUpdate` dedupes by sorting instead of hashing; these seeded tables check it
/// against the plain rule (the filters, then the first given of each precedence that they
/// offer, ascending: SPEC.md) on shuffled lists full of equal-precedence spellings.
@Suite("Update decision: dedupe against a reference")
struct DecisionDedupeTests {
    /// Spellings with shared precedence ("1.1" = "1.1.0"), pre-releases and build metadata.
    static let pool = ["0.9", "1.0", "1.0.0", "1.1", "1.1.0", "1.1.0+b", "1.2", "1.2.0.0", "2.0-rc", "2.0.0-rc", "2.0", "10"]

    /// The rule as SPEC.md states it, with a Set: the expected answer.
    static func reference(_ releases: [Release], osVersion: Version?) -> [Release] {
        var seen = Set<Version>()
        var offered: [Release] = []
        for release in releases {
            if let osVersion, let text = release.minimumOsVersion, let required = try? Version(text), required > osVersion {
                continue
            }
            if seen.insert(release.version).inserted { offered.append(release) }
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

    /// The same lists given up to the decision (`consume`), as `UpdateChecker` gives them:
    /// ordered and thinned in place, the answer is the reference's; with `--min-age`,
    /// whose filter runs in source order over every release, the first unreadable date
    /// is the one reported.
    @Test("shuffled lists given up to the decision", arguments: 1...60)
    func givenUpMatchesTheReference(seed: UInt64) throws {
        var state = seed &* 0xD1B5_4A32_D192_ED03
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var releases: [Release] = []
        for index in 0..<(next(40) + 1) {
            let date = [nil, "2020-01-01T00:00:00Z", "2099-01-01T00:00:00Z", "bad \(index)"][seed % 4 == 1 ? next(4) : next(3)]
            releases.append(Release(version: try Version(Self.pool[next(Self.pool.count)]), notes: "#\(index)", date: date))
        }
        if seed % 3 == 0 { releases.sort { $0.version < $1.version } }
        let minimumAge: Double = seed % 2 == 0 ? 1 : 0
        let now: Int64 = 1_700_000_000
        var seen = Set<Version>()
        let badDate = minimumAge > 0 ? releases.first { $0.date?.hasPrefix("bad") == true } : nil
        let expected = releases.filter { minimumAge == 0 || $0.date != "2099-01-01T00:00:00Z" }
            .filter { seen.insert($0.version).inserted }.sorted { $0.version < $1.version }
        let current = try Version("1.0")
        do {
            let decision = try decideUpdate(
                current: current, releases: consume releases, sourceMinimum: nil,
                policy: UpdatePolicy(minimumAgeDays: minimumAge), now: now)
            #expect(badDate == nil, "no error for \(badDate.map(\.version.description) ?? "")")
            #expect(decision.latest?.notes == expected.last?.notes)
            #expect(decision.releases.map(\.notes) == expected.filter { $0.version > current }.map(\.notes))
        } catch {
            #expect(error == .invalidDate(version: badDate?.version.description ?? "-", text: badDate?.date ?? "-"))
        }
    }

    /// MacVim's shape: build 176 for macOS 10.13+ first, then again for 10.9–10.12. On 10.11
    /// the second is offered (it was thinned away before the OS filter, and 10.11 read
    /// "up to date").
    @Test(arguments: [false, true])
    func theFirstOfEqualPrecedenceThatTheFiltersOffer(ascending: Bool) throws {
        var releases = [
            Release(version: try Version("176"), minimumOsVersion: "10.13", url: "normal"),
            Release(version: try Version("176"), minimumOsVersion: "10.9", url: "legacy"),
        ]
        if !ascending { releases.append(Release(version: try Version("100"), url: "old")) }
        let old = try decideUpdate(
            current: try Version("175"), releases: releases, sourceMinimum: nil,
            policy: UpdatePolicy(forceOn: .never, osVersion: try Version("10.11")), now: 0)
        #expect(old.status == .optional)
        #expect(old.latest?.url == "legacy")
        let new = try decideUpdate(
            current: try Version("175"), releases: releases, sourceMinimum: nil,
            policy: UpdatePolicy(osVersion: try Version("10.15")), now: 0)
        #expect(new.latest?.url == "normal")
    }
}

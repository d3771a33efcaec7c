import Testing
@testable import VersionCheckCore

/// `--explain` in the decision: each filter notes what it left out where it leaves it
/// out, the lists stay bounded, and explaining never changes the decision.
@Suite("Update decision: explanation")
struct ExplanationTests {
    static func v(_ text: String) -> Version { try! Version(text) }
    func v(_ text: String) -> Version { Self.v(text) }
    /// 2026-01-02T03:04:05Z
    static let now: Int64 = 1_767_323_045

    static func explained(
        _ releases: [Release], current: String, policy: UpdatePolicy = UpdatePolicy()
    ) throws -> (UpdateDecision, [String]) {
        var explanation: Explanation? = Explanation()
        let decision = try decideUpdate(
            current: v(current), releases: releases, sourceMinimum: nil, policy: policy, now: Self.now,
            explaining: &explanation)
        return (decision, explanation?.lines ?? [])
    }

    @Test func eachFilterNotesWhatItLeftOut() throws {
        var policy = UpdatePolicy()
        policy.sparkle = true
        policy.osVersion = v("10.11")
        policy.skip = v("2.0")
        policy.minimumAgeDays = 3
        let releases = [
            Release(version: v("2.0")),
            Release(version: v("2.1.0"), date: "2026-01-01T00:00:00Z"),
            Release(version: v("183"), minimumOsVersion: "10.13"),
            Release(version: v("183.1"), heldBack: HeldBack(.channel, detail: "beta")),
            Release(version: v("184"), heldBack: HeldBack(.phasedRollout, until: "2026-01-05T00:00:00Z")),
            Release(version: v("1.5")),
            Release(version: v("2.2")),
        ]
        let (decision, lines) = try Self.explained(releases, current: "1.0", policy: policy)
        // Sparkle's --skip X removes every release at or below X.
        #expect(lines.contains("--skip 2.0 left out 2.0, 1.5"), "\(lines)")
        #expect(lines.contains("--min-age 3 left out 2.1.0 (until 2026-01-04T00:00:00Z)"), "\(lines)")
        #expect(lines.contains("--os-version 10.11 left out 183 (needs 10.13)"), "\(lines)")
        #expect(lines.contains("channel left out 183.1 (beta)"), "\(lines)")
        #expect(lines.contains("phased rollout holds 184 (until 2026-01-05T00:00:00Z)"), "\(lines)")
        #expect(lines.contains("latest 2.2: the highest offered release"), "\(lines)")
        #expect(lines.contains("rule: forced by --force-on major, which the level major reaches"), "\(lines)")
        #expect(lines.first == "decision: 7 releases against current 1.0, compared by Sparkle's rules (SUStandardVersionComparator)")
        #expect(decision.latest?.version == v("2.2"))
    }

    @Test func equalPrecedenceKeepsTheFirstAndSaysSo() throws {
        // Out of order (the sorting path) and in order with repeats (the one-pass path).
        for releases in [
            [Release(version: v("176")), Release(version: v("2")), Release(version: v("176.0"))],
            [Release(version: v("2")), Release(version: v("176")), Release(version: v("176.0"))],
        ] {
            let (_, lines) = try Self.explained(releases, current: "1")
            #expect(lines.contains("equal precedence: kept the first of 176, 176.0"), "\(lines)")
        }
    }

    @Test func theRuleThatDecidedIsNamed() throws {
        var minimum = UpdatePolicy()
        minimum.minimum = v("1.5")
        #expect(try Self.explained([Release(version: v("2.0"))], current: "1.0", policy: minimum).1
            .contains("rule: forced by the minimum (--minimum 1.5): 1.0 is below it"))
        #expect(try Self.explained([Release(version: v("1.1"), critical: true)], current: "1.0").1
            .contains("rule: forced by a critical release: 1.1, above 1.0, is marked critical"))
        #expect(try Self.explained([Release(version: v("2.0"))], current: "1.0").1
            .contains("rule: forced by --force-on major, which the level major reaches"))
        var optionalOn = UpdatePolicy()
        optionalOn.optionalOn = .minor
        #expect(try Self.explained([Release(version: v("1.0.1"))], current: "1.0", policy: optionalOn).1
            .contains("rule: none by --optional-on minor, which the level patch does not reach"))
        var skip = UpdatePolicy()
        skip.skip = v("1.1")
        #expect(try Self.explained([Release(version: v("1.1"))], current: "1.0", policy: skip).1
            .contains("rule: none by --skip 1.1 (the latest 1.1 was skipped)"))
        #expect(try Self.explained([Release(version: v("1.0"))], current: "1.0").1
            .contains("rule: none newer: 1.0 is the latest release"))
        #expect(try Self.explained([], current: "1.0").1.contains("rule: none newer: no release is offered"))
    }

    @Test func theLevelSaysWhatItWasComputedOn() throws {
        var policy = UpdatePolicy()
        policy.sparkle = true
        policy.comparesBuildNumbers = true
        policy.currentDisplayVersion = v("5.2")
        let release = Release(version: v("5300"), displayVersion: "5.3.0")
        #expect(try Self.explained([release], current: "5200", policy: policy).1
            .contains("level minor, computed on the display versions 5.2 -> 5.3.0"))
        policy.currentDisplayVersion = nil
        #expect(try Self.explained([release], current: "5200", policy: policy).1
            .contains("level major, computed on the build numbers 5200 -> 5300 (text names no level)"))
    }

    /// An 8 MiB feed must not make megabytes of explanation: a filter names five
    /// releases and counts the rest.
    @Test func longListsAreBounded() throws {
        var policy = UpdatePolicy()
        policy.osVersion = v("10.11")
        let releases = (1...100_000).map { Release(version: v("\($0)"), minimumOsVersion: "11") }
        let (_, lines) = try Self.explained(releases, current: "0", policy: policy)
        #expect(lines.contains("--os-version 10.11 left out 1 (needs 11), 2 (needs 11), 3 (needs 11), 4 (needs 11), 5 (needs 11) and 99995 more"))
        #expect(lines.joined().utf8.count < 2_000)
    }

    /// A failure keeps the steps noted before it.
    @Test func aFailureKeepsTheStepsBeforeIt() throws {
        var policy = UpdatePolicy()
        policy.minimumAgeDays = 1
        var explanation: Explanation? = Explanation()
        #expect(throws: DecisionError.invalidDate(version: "1.1", text: "soon")) {
            _ = try decideUpdate(
                current: Self.v("1.0"), releases: [Release(version: Self.v("1.1"), date: "soon")], sourceMinimum: nil,
                policy: policy, now: Self.now, explaining: &explanation)
        }
        #expect(explanation?.finished.first?.hasPrefix("decision: 1 release against current 1.0") == true)
    }

    /// Explaining never changes the decision.
    @Test func explainingChangesNothing() throws {
        var policy = UpdatePolicy()
        policy.sparkle = true
        policy.osVersion = v("12")
        policy.skip = v("3")
        let releases = [
            Release(version: v("3")), Release(version: v("2"), minimumOsVersion: "13"), Release(version: v("1.5")),
            Release(version: v("1.5.0")), Release(version: v("4"), heldBack: HeldBack(.channel, detail: "beta")),
            Release(version: v("2.5"), majorUpgradeFrom: "2"),
        ]
        let plain = try decideUpdate(current: v("1.0"), releases: releases, sourceMinimum: nil, policy: policy, now: Self.now)
        let (explained, _) = try Self.explained(releases, current: "1.0", policy: policy)
        #expect(plain == explained)
    }
}

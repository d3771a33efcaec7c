import Testing
@testable import VersionCheckCore

/// What any source (not only an appcast) may mark on its releases, and how the decision
/// takes it: `heldBack` (a GitHub pre-release, an electron-builder staged rollout) is never
/// offered and is reported when newest; a `listedWithLatest` release (an electron-builder
/// `releaseNotes` entry) is offered only beside a higher release, never as the latest.
@Suite("Update decision: releases a source marks")
struct SourceMarksDecisionTests {
    static func v(_ text: String) -> Version { try! Version(text) }
    static func held(_ text: String, _ reason: HeldBack.Reason) -> Release {
        Release(version: v(text), heldBack: HeldBack(reason))
    }
    static func listed(_ text: String) -> Release {
        Release(version: v(text), notes: "<p>\(text)</p>", notesFormat: .html, listedWithLatest: true)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var releases: [Release]
        var minimumAgeDays: Double = 0
        var latest: String?
        var offered: [String]
        var heldBack: String?
        var reason: HeldBack.Reason?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a pre-release held back above the latest", releases: [
            Release(version: v("1.1")), held("1.2.0-beta.1", .prerelease),
        ], latest: "1.1", offered: ["1.1"], heldBack: "1.2.0-beta.1", reason: .prerelease),
        Case(name: "a held-back release below the latest is not reported", releases: [
            held("1.2.0-beta.1", .prerelease), Release(version: v("1.2")),
        ], latest: "1.2", offered: ["1.2"], heldBack: nil),
        Case(name: "only held-back releases: nothing offered", releases: [
            held("2.0", .stagedRollout), held("1.5", .stagedRollout),
        ], latest: nil, offered: [], heldBack: "2.0", reason: .stagedRollout),
        Case(name: "listed releases beside their latest", releases: [
            listed("1.1"), listed("1.3"), Release(version: v("1.4")),
        ], latest: "1.4", offered: ["1.1", "1.3", "1.4"]),
        Case(name: "the latest held back: its listed releases are not offered", releases: [
            listed("1.1"), listed("1.3"), held("1.4", .stagedRollout),
        ], latest: nil, offered: [], heldBack: "1.4", reason: .stagedRollout),
        Case(name: "the latest too young: its listed releases are not offered", releases: [
            listed("1.1"), Release(version: v("1.4"), date: "2026-01-01T12:00:00Z"),
        ], minimumAgeDays: 3, latest: nil, offered: [], heldBack: "1.4", reason: .minAge),
    ]

    @Test(arguments: cases)
    func decides(_ test: Case) throws {
        var policy = UpdatePolicy()
        policy.minimumAgeDays = test.minimumAgeDays
        let decision = try decideUpdate(current: Self.v("1.0"), releases: test.releases, sourceMinimum: nil, policy: policy, now: 1_767_312_000)
        #expect(decision.latest?.version.description == test.latest)
        #expect(decision.releases.map(\.version.description) == test.offered)
        #expect(decision.heldBack?.version.description == test.heldBack)
        #expect(decision.heldBack?.heldBack?.reason == test.reason)
        #expect(decision.status == (test.latest == nil ? .upToDate : .optional))
    }

    /// Notes in another format, or a listed release, without other fields: compact, and
    /// equal by value to the same release built field by field.
    @Test func compactNotesKeepTheirFields() {
        var release = Release(version: Self.v("1.0"), notes: "n", notesFormat: .markdown)
        #expect(release.notesFormat == .markdown && !release.hasNoFieldButNotes && !release.listedWithLatest)
        release.listedWithLatest = true
        #expect(release.notes == "n" && release.notesFormat == .markdown && release.listedWithLatest)
        release.url = "https://e.example/a"
        #expect(release == Release(version: Self.v("1.0"), notes: "n", url: "https://e.example/a", notesFormat: .markdown, listedWithLatest: true))
        #expect(Release(version: Self.v("1.0"), notes: "n").hasNoFieldButNotes)
        #expect(Release(version: Self.v("1.0")).hasNoFieldButNotes)
    }
}

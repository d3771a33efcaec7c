import Testing
@testable import VersionCheckCore

private func v(_ text: String) -> Version {
    do { return try Version(text) } catch { fatalError("\(error)") }
}

private func r(_ text: String, critical: Bool = false, date: String? = nil, os: String? = nil, notes: String? = nil)
    -> Release
{
    Release(version: v(text), notes: notes, date: date, critical: critical, minimumOsVersion: os)
}

/// 2026-01-02T00:00:00Z
private let now: Int64 = 1_767_312_000

private func decide(
    _ current: String, _ releases: [Release], sourceMinimum: String? = nil, _ policy: UpdatePolicy = UpdatePolicy()
) throws -> UpdateDecision {
    try decideUpdate(current: v(current), releases: releases, sourceMinimum: sourceMinimum.map(v), policy: policy,
                     now: now)
}

@Suite("Update decision")
struct DecisionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var current: String
        var releases: [String]
        var forceOn: BumpThreshold = .major
        var optionalOn: BumpThreshold = .any
        var status: UpdateStatus
        var level: BumpLevel?
        var reason: String
        var testDescription: String { "\(current) -> \(releases) force-on \(forceOn) optional-on \(optionalOn)" }
    }

    @Test("levels against --force-on and --optional-on", arguments: [
        Case(current: "1.2.0", releases: ["1.3.0"], status: .optional, level: .minor, reason: "1.3.0 is a minor update"),
        Case(current: "1.2.0", releases: ["2.0.0"], status: .forced, level: .major, reason: "2.0.0 is a major update"),
        Case(current: "1.2.0", releases: ["1.2.1"], status: .optional, level: .patch, reason: "1.2.1 is a patch update"),
        Case(current: "1.2.0", releases: ["1.2.0.1"], status: .optional, level: .revision,
             reason: "1.2.0.1 is a revision update"),
        Case(current: "1.2.0.0.1", releases: ["1.2.0.0.2"], status: .optional, level: .revision,
             reason: "1.2.0.0.2 is a revision update"),
        Case(current: "1.0.0-rc.1", releases: ["1.0.0"], status: .optional, level: .prerelease,
             reason: "1.0.0 is a pre-release update"),
        Case(current: "1.2", releases: ["1.2.0"], status: .upToDate, level: nil, reason: "1.2 is the latest release"),
        Case(current: "1.3.0", releases: ["1.2.0"], status: .upToDate, level: nil,
             reason: "1.3.0 is newer than the latest release 1.2.0"),
        Case(current: "1.2.0", releases: [], status: .upToDate, level: nil, reason: "no release is offered"),
        Case(current: "1.9.9", releases: ["2.0.0-beta"], status: .forced, level: .major,
             reason: "2.0.0-beta is a major update"),
        // --force-on
        Case(current: "1.2.0", releases: ["1.3.0"], forceOn: .minor, status: .forced, level: .minor,
             reason: "1.3.0 is a minor update"),
        Case(current: "1.2.0", releases: ["1.2.1"], forceOn: .minor, status: .optional, level: .patch,
             reason: "1.2.1 is a patch update"),
        Case(current: "1.2.0", releases: ["1.2.1"], forceOn: .patch, status: .forced, level: .patch,
             reason: "1.2.1 is a patch update"),
        Case(current: "1.2.0", releases: ["1.2.0.1"], forceOn: .patch, status: .optional, level: .revision,
             reason: "1.2.0.1 is a revision update"),
        Case(current: "1.2.0", releases: ["1.2.0.1"], forceOn: .revision, status: .forced, level: .revision,
             reason: "1.2.0.1 is a revision update"),
        Case(current: "1.0.0-rc.1", releases: ["1.0.0"], forceOn: .revision, status: .optional, level: .prerelease,
             reason: "1.0.0 is a pre-release update"),
        Case(current: "1.0.0-rc.1", releases: ["1.0.0"], forceOn: .any, status: .forced, level: .prerelease,
             reason: "1.0.0 is a pre-release update"),
        Case(current: "1.2.0", releases: ["3.0.0"], forceOn: .never, status: .optional, level: .major,
             reason: "3.0.0 is a major update"),
        // --optional-on
        Case(current: "1.2.0", releases: ["1.2.1"], optionalOn: .minor, status: .upToDate, level: .patch,
             reason: "1.2.1 is a patch update, below the optional level minor"),
        Case(current: "1.2.0", releases: ["1.3.0"], optionalOn: .minor, status: .optional, level: .minor,
             reason: "1.3.0 is a minor update"),
        Case(current: "1.2.0", releases: ["1.3.0"], optionalOn: .major, status: .upToDate, level: .minor,
             reason: "1.3.0 is a minor update, below the optional level major"),
        Case(current: "1.2.0", releases: ["1.2.1"], optionalOn: .patch, status: .optional, level: .patch,
             reason: "1.2.1 is a patch update"),
        Case(current: "1.2.0", releases: ["1.2.0.1"], optionalOn: .patch, status: .upToDate, level: .revision,
             reason: "1.2.0.1 is a revision update, below the optional level patch"),
        Case(current: "1.2.0", releases: ["1.2.0.1"], optionalOn: .revision, status: .optional, level: .revision,
             reason: "1.2.0.1 is a revision update"),
        Case(current: "1.0.0-rc.1", releases: ["1.0.0"], optionalOn: .revision, status: .upToDate, level: .prerelease,
             reason: "1.0.0 is a pre-release update, below the optional level revision"),
        Case(current: "1.2.0", releases: ["1.3.0"], optionalOn: .never, status: .upToDate, level: .minor,
             reason: "1.3.0 is a minor update, optional updates are off"),
        Case(current: "1.2.0", releases: ["2.0.0"], optionalOn: .never, status: .forced, level: .major,
             reason: "2.0.0 is a major update"),
        Case(current: "1.2.0", releases: ["2.0.0"], forceOn: .never, optionalOn: .never, status: .upToDate,
             level: .major, reason: "2.0.0 is a major update, optional updates are off"),
    ])
    func levels(_ c: Case) throws {
        let decision = try decide(c.current, c.releases.map { r($0) }, UpdatePolicy(forceOn: c.forceOn, optionalOn: c.optionalOn))
        #expect(decision.status == c.status)
        #expect(decision.level == c.level)
        #expect(decision.reason == c.reason)
    }

    @Test("latest, comparison, releases in (current, latest] oldest first, gate")
    func shape() throws {
        let releases = ["1.1.0", "1.4.0", "1.2.0", "0.9", "1.3.0"].map { r($0) }
        let d = try decide("1.2.0", releases)
        #expect(d.latest?.version.description == "1.4.0")
        #expect(d.comparison == -1)
        #expect(d.releases.map(\.version.description) == ["1.3.0", "1.4.0"])
        #expect(!d.gatePassed)
    }

    @Test("gate: passes only when current is strictly newer, or nothing is offered", arguments: [
        ("1.3.0", ["1.2.0"], true, 1), ("1.2.0", ["1.2.0"], false, 0), ("1.2", ["1.2.0"], false, 0),
        ("1.1.0", ["1.2.0"], false, -1), ("1.0.0", [], true, nil), ("1.2.0", ["1.2.0-rc.1"], true, 1),
        ("1.2.0-rc.1", ["1.2.0-rc.1", "1.1"], false, 0),
    ] as [(String, [String], Bool, Int?)])
    func gate(_ current: String, _ releases: [String], _ passed: Bool, _ comparison: Int?) throws {
        let d = try decide(current, releases.map { r($0) })
        #expect(d.gatePassed == passed)
        #expect(d.comparison == comparison)
    }

    @Test("gate looks only at current against latest, whatever forces the status")
    func gateIgnoresMinimum() throws {
        let d = try decide("1.3.0", [r("1.2.0")], sourceMinimum: "2.0", UpdatePolicy())
        #expect(d.status == .forced)
        #expect(d.gatePassed)
    }

    @Test("--minimum and a source minimum force; the higher wins; precedence decides")
    func minimum() throws {
        var policy = UpdatePolicy(minimum: v("1.2"))
        var d = try decide("1.0", [r("1.1")], policy)
        #expect(d.status == .forced)
        #expect(d.reason == "1.0 is below the minimum 1.2")
        #expect(d.level == .minor)

        d = try decide("1.2.0", [r("1.3.0")], policy)  // 1.2.0 == 1.2: not below
        #expect(d.status == .optional)

        d = try decide("1.0", [], policy)  // nothing offered: minimum still forces
        #expect(d.status == .forced)
        #expect(d.latest == nil && d.comparison == nil && d.level == nil)
        #expect(d.gatePassed)

        d = try decide("1.3", [r("1.4")], sourceMinimum: "1.5", policy)
        #expect(d.status == .forced)
        #expect(d.reason == "1.3 is below the minimum 1.5")

        policy.minimum = v("1.6")
        d = try decide("1.5.5", [r("1.5.6")], sourceMinimum: "1.5", policy)
        #expect(d.reason == "1.5.5 is below the minimum 1.6")

        d = try decide("1.0", [r("1.1")], sourceMinimum: "1.0.0", UpdatePolicy(optionalOn: .never))
        #expect(d.status == .upToDate)

        d = try decide("1.0.0-beta", [], sourceMinimum: "1.0.0", UpdatePolicy())
        #expect(d.status == .forced)
        #expect(d.reason == "1.0.0-beta is below the minimum 1.0.0")
    }

    @Test("--skip: skipping the latest turns optional into none, by precedence; never a forced one")
    func skip() throws {
        var d = try decide("1.0.0", [r("1.1.0"), r("1.4.0")], UpdatePolicy(skip: v("1.4")))
        #expect(d.status == .upToDate)
        #expect(d.reason == "1.4.0 was skipped")
        #expect(d.level == .minor)
        #expect(d.comparison == -1)

        d = try decide("1.0.0", [r("1.1.0"), r("1.4.0")], UpdatePolicy(skip: v("1.1.0")))
        #expect(d.status == .optional)

        d = try decide("1.0.0", [r("2.0.0")], UpdatePolicy(skip: v("2.0.0")))
        #expect(d.status == .forced)

        d = try decide("1.0.0", [r("1.4.0", critical: true)], UpdatePolicy(skip: v("1.4.0")))
        #expect(d.status == .forced)
    }

    @Test("critical: a critical release in (current, latest] forces")
    func critical() throws {
        var d = try decide("1.2.0", [r("1.2.5", critical: true), r("1.3.0")])
        #expect(d.status == .forced)
        #expect(d.reason == "1.2.5 is marked critical")
        #expect(d.level == .minor)

        d = try decide("1.2.0", [r("1.2.0", critical: true), r("1.1.0", critical: true), r("1.3.0")])
        #expect(d.status == .optional)  // not newer than current

        d = try decide("1.2.0", [r("1.3.0", critical: true)], UpdatePolicy(optionalOn: .never))
        #expect(d.status == .forced)
        #expect(d.reason == "1.3.0 is marked critical")

        // Filtered out by --os-version: not offered, so not counted.
        d = try decide("1.2.0", [r("1.2.5", critical: true, os: "17"), r("1.2.6")], UpdatePolicy(osVersion: v("16")))
        #expect(d.status == .optional)
        #expect(d.releases.map(\.version.description) == ["1.2.6"])
    }

    @Test("--min-age: younger releases are not offered; one without a date is")
    func minimumAge() throws {
        let releases = [
            r("1.1.0", date: "2025-12-01T00:00:00Z"),
            r("1.2.0", date: "2025-12-30T12:00:00Z"),  // 2.5 days old
            r("1.3.0", date: "2026-01-01T00:00:00+02:00"),  // 1 day + 2 h old
        ]
        var d = try decide("1.0.0", releases, UpdatePolicy(minimumAgeDays: 3))
        #expect(d.latest?.version.description == "1.1.0")
        d = try decide("1.0.0", releases, UpdatePolicy(minimumAgeDays: 2.5))  // exactly 2.5 days: offered
        #expect(d.latest?.version.description == "1.2.0")
        d = try decide("1.0.0", releases, UpdatePolicy(minimumAgeDays: 1))
        #expect(d.latest?.version.description == "1.3.0")
        d = try decide("1.0.0", releases, UpdatePolicy(minimumAgeDays: 40))
        #expect(d.latest == nil)
        #expect(d.status == .upToDate)
        #expect(d.reason == "no release is offered")
        #expect(d.level == nil && d.comparison == nil && d.gatePassed)

        d = try decide("1.0.0", [r("1.1.0"), r("1.2.0", date: "2026-01-01")], UpdatePolicy(minimumAgeDays: 2))
        #expect(d.latest?.version.description == "1.1.0")
        d = try decide("1.0.0", [r("1.1.0", date: "2026-01-01"), r("1.2.0", date: "  ")], UpdatePolicy(minimumAgeDays: 2))
        #expect(d.latest?.version.description == "1.2.0")

        d = try decide("1.0.0", [r("1.1.0", date: "2099-01-01T00:00:00Z")], UpdatePolicy(minimumAgeDays: 0.001))
        #expect(d.latest == nil)  // a date in the future is younger than any age
    }

    @Test("an unreadable date matters only when --min-age needs it")
    func invalidDate() throws {
        let releases = [r("1.1.0", date: "yesterday")]
        #expect(try decide("1.0.0", releases).status == .optional)
        #expect(throws: DecisionError.invalidDate(version: "1.1.0", text: "yesterday")) {
            try decide("1.0.0", releases, UpdatePolicy(minimumAgeDays: 1))
        }
        #expect(DecisionError.invalidDate(version: "1.1.0", text: "yesterday").description
            == "release 1.1.0 has an invalid date 'yesterday' (expected ISO 8601 such as 2026-01-02T03:04:05Z)")
    }

    @Test("--os-version: releases needing a newer OS are not offered")
    func osVersion() throws {
        let releases = [r("1.1.0", os: "14.0"), r("1.2.0", os: "15"), r("1.3.0", os: "15.1"), r("1.4.0", os: "")]
        var d = try decide("1.0.0", releases, UpdatePolicy(osVersion: v("15.0")))
        #expect(d.releases.map(\.version.description) == ["1.1.0", "1.2.0", "1.4.0"])
        d = try decide("1.0.0", Array(releases.prefix(3)), UpdatePolicy(osVersion: v("15.0")))
        #expect(d.latest?.version.description == "1.2.0")
        d = try decide("1.0.0", Array(releases.prefix(3)), UpdatePolicy(osVersion: v("13")))
        #expect(d.latest == nil)
        d = try decide("1.0.0", Array(releases.prefix(3)))  // no --os-version: all offered
        #expect(d.latest?.version.description == "1.3.0")

        let bad = [r("1.1.0", os: "fifteen")]
        #expect(try decide("1.0.0", bad).status == .optional)
        #expect(throws: DecisionError.invalidMinimumOsVersion(version: "1.1.0", text: "fifteen")) {
            try decide("1.0.0", bad, UpdatePolicy(osVersion: v("15")))
        }
    }

    @Test("two releases of equal precedence: the first given wins")
    func firstWins() throws {
        let d = try decide("1.0", [r("1.3", notes: "first"), r("1.3.0", notes: "second"), r("1.2")])
        #expect(d.latest?.notes == "first")
        #expect(d.latest?.version.description == "1.3")
        #expect(d.releases.map(\.version.description) == ["1.2", "1.3"])
    }

    @Test("the filters come first: of equal precedence, the first they offer wins")
    func filtersBeforeFirstWins() throws {
        let d = try decide("1.0", [r("1.3", os: "99"), r("1.3.0", os: "1"), r("1.2")], UpdatePolicy(osVersion: v("15")))
        #expect(d.latest?.version.description == "1.3.0")
    }

    @Test("bump levels", arguments: [
        ("1.2.3", "2.0.0", BumpLevel.major), ("1.2.3", "1.3", .minor), ("1.2.3", "1.2.4", .patch),
        ("1.2.3", "1.2.3.1", .revision), ("1.2.3.4.5", "1.2.3.4.6", .revision), ("1.0.0-a", "1.0.0-b", .prerelease),
        ("1.0.0-rc", "1.0.0", .prerelease), ("1", "18446744073709551616", .major), ("1.9", "2.0.0-rc", .major),
        ("1.2.3-rc", "1.2.4-alpha", .patch),
    ] as [(String, String, BumpLevel?)])
    func bumpLevel(_ older: String, _ newer: String, _ level: BumpLevel?) {
        #expect(v(newer).bumpLevel(from: v(older)) == level)
        #expect(v(older).bumpLevel(from: v(newer)) == nil)
        #expect(v(newer).bumpLevel(from: v(newer)) == nil)
    }

    @Test("thresholds", arguments: BumpThreshold.allCases)
    func thresholds(_ threshold: BumpThreshold) {
        let reached = BumpLevel.allCases.filter(threshold.isReached(by:))
        let expected: [BumpLevel] = switch threshold {
        case .major: [.major]
        case .minor: [.minor, .major]
        case .patch: [.patch, .minor, .major]
        case .revision: [.revision, .patch, .minor, .major]
        case .any: [.prerelease, .revision, .patch, .minor, .major]
        case .never: []
        }
        #expect(reached == expected)
    }
}

/// SPEC.md "Decision" 5 and the reasons an up-to-date answer gives.
@Suite("Update decision: what it withholds and what a newer OS would get")
struct DecisionDisclosureTests {
    @Test("unavailable: the highest release above latest and current that only --os-version kept back", arguments: [
        ("2.0.0", "14.0", "2.1.0"),  // 2.1.0 needs 15.0
        ("1.0.0", "14.0", "2.1.0"),
        ("2.1.0", "14.0", nil),  // not above current
        ("2.0.0", "15.0", nil),  // nothing kept back
        ("2.0.0", "12.0", "2.1.0"),  // 2.0.0 (needs 13) kept back too, but 2.1.0 is higher
    ] as [(String, String, String?)])
    func unavailable(current: String, os: String, expected: String?) throws {
        let releases = [r("1.9.0"), r("2.0.0", os: "13.0"), r("2.1.0", os: "15.0")]
        let decision = try decide(current, releases, UpdatePolicy(osVersion: v(os)))
        #expect(decision.unavailable?.version.description == expected)
    }

    @Test("unavailable never changes the status, and is nil without --os-version")
    func unavailableIsOnlyReported() throws {
        let releases = [r("2.0.0"), r("2.1.0", os: "15.0")]
        let kept = try decide("2.0.0", releases, UpdatePolicy(osVersion: v("14.0")))
        #expect(kept.status == .upToDate && kept.latest?.version == v("2.0.0"))
        #expect(try decide("2.0.0", releases).unavailable == nil)
        // Too young and too new for the OS: not unavailable (--min-age would hold it anyway).
        let young = [r("2.0.0"), r("2.1.0", date: "2026-01-01T12:00:00Z", os: "15.0")]
        #expect(try decide("2.0.0", young, UpdatePolicy(minimumAgeDays: 2, osVersion: v("14.0"))).unavailable == nil)
    }

    @Test("withheld: skipped wins over the optional level; nil for an update or when up to date")
    func withheld() throws {
        let releases = [r("1.2.0"), r("1.2.1")]
        #expect(try decide("1.2.0", releases, UpdatePolicy(skip: v("1.2.1"))).withheld == .skipped)
        #expect(try decide("1.2.0", releases, UpdatePolicy(optionalOn: .minor)).withheld == .belowOptionalLevel(.minor))
        #expect(try decide("1.2.0", releases, UpdatePolicy(optionalOn: .minor, skip: v("1.2.1"))).withheld == .skipped)
        #expect(try decide("1.2.0", releases).withheld == nil)
        #expect(try decide("1.2.1", releases, UpdatePolicy(optionalOn: .minor)).withheld == nil)
        #expect(try decide("1.0", releases, UpdatePolicy(forceOn: .patch, skip: v("1.2.1"))).withheld == nil)
    }
}

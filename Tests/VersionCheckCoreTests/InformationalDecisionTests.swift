import Testing
@testable import VersionCheckCore

private func v(_ text: String) -> Version {
    do { return try Version(text) } catch { fatalError("\(error)") }
}

@Suite("Update decision: informational releases")
struct InformationalDecisionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var current: String
        var latest: String
        var informational: Bool
        var critical = false
        var forceOn: BumpThreshold = .major
        var minimum: String?
        var status: UpdateStatus
        var testDescription: String { "\(current) -> \(latest) informational \(informational) force-on \(forceOn)" }
    }

    @Test("an informational latest is never forced by its level", arguments: [
        Case(current: "1.0", latest: "2.0", informational: false, status: .forced),
        Case(current: "1.0", latest: "2.0", informational: true, status: .optional),
        Case(current: "1.0", latest: "1.1", informational: true, forceOn: .minor, status: .optional),
        Case(current: "1.0", latest: "1.1", informational: true, forceOn: .any, status: .optional),
        // Other reasons still force.
        Case(current: "1.0", latest: "2.0", informational: true, critical: true, status: .forced),
        Case(current: "1.0", latest: "2.0", informational: true, minimum: "1.5", status: .forced),
        Case(current: "2.0", latest: "2.0", informational: true, status: .upToDate),
    ])
    func neverForcedByLevel(_ c: Case) throws {
        let release = Release(version: v(c.latest), critical: c.critical, informational: c.informational)
        let decision = try decideUpdate(
            current: v(c.current), releases: [release], sourceMinimum: nil,
            policy: UpdatePolicy(forceOn: c.forceOn, minimum: c.minimum.map(v)), now: 0)
        #expect(decision.status == c.status)
        #expect(decision.latest?.informational == c.informational)
    }

    @Test func informationalBelowTheLatestDoesNotMatter() throws {
        let releases = [Release(version: v("2.0"), informational: true), Release(version: v("3.0"))]
        let decision = try decideUpdate(current: v("1.0"), releases: releases, sourceMinimum: nil, policy: UpdatePolicy(), now: 0)
        #expect(decision.status == .forced)
        #expect(decision.reason == "3.0 is a major update")
    }

    @Test func newFieldsRoundTripAndStayOutOfBareReleases() {
        var release = Release(version: v("5209"))
        #expect(release == Release(version: v("5209"), displayVersion: nil, notesUrl: nil, informational: false))
        release.displayVersion = "5.2.9"
        release.notesUrl = "https://example.com/n.html"
        release.informational = true
        release.notesFormat = .html
        #expect(release == Release(
            version: v("5209"), displayVersion: "5.2.9", notesUrl: "https://example.com/n.html", informational: true,
            notesFormat: .html))
        #expect(MemoryLayout<Release>.size == 64)
    }
}

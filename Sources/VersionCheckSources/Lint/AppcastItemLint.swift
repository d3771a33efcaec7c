import VersionCheckCore

/// The checks of one appcast item on its own (`A01`, `A05`–`A14`, `V01`); the checks
/// comparing items are `AppcastOrder`'s.
///
/// An item a check ignores — for another `sparkle:os`, or whose own enclosure is a delta
/// (`AppcastSelection.release(for:…)` is nil for it, whatever the options) — has only the
/// findings that still concern it: an enclosure that is not http or https, for which a check
/// refuses the whole feed (`A05`), and a delta's own defects (`A14`).
struct AppcastItemLint {
    let item: AppcastItem
    let facts: AppcastItemFacts

    /// Whether a check reads this item as a release (see the type's comment).
    var isRelease: Bool { item.isForMacOS && !item.isDelta }

    /// The item's `sparkle:version` as given; nil when missing or empty.
    var versionText: String? { item.version.flatMap { $0.isEmpty ? nil : $0 } }

    /// Appends the item's findings to `findings`.
    func check(into findings: inout [LintFinding]) {
        checkEnclosureURL(into: &findings)
        if item.isDelta {
            checkDelta(facts.enclosure, element: "enclosure", into: &findings)
        }
        guard isRelease else { return }
        checkVersion(into: &findings)
        checkEnclosure(into: &findings)
        checkChannel(into: &findings)
        checkDates(into: &findings)
        checkSystemVersions(into: &findings)
        checkMarkerVersions(into: &findings)
        checkLinks(into: &findings)
        for delta in facts.deltas {
            checkDelta(delta, element: "sparkle:deltas enclosure", into: &findings)
        }
    }

    /// A finding on this item.
    func finding(_ code: LintCode, _ message: String, severity: LintSeverity? = nil) -> LintFinding {
        LintFinding(code, line: facts.line, item: versionText, LintText.oneLine(message), severity: severity)
    }

    /// What `AppcastOrder` compares: nil when the item is not a release or its version is
    /// not one (`A01`, `V01`).
    func orderEntry() -> AppcastOrder.Entry? {
        guard isRelease, let version = try? AppcastSelection.comparedVersion(of: item, field: .build) else { return nil }
        return AppcastOrder.Entry(
            line: facts.line, version: version, display: item.shortVersion.flatMap { try? Version(sparkleDisplay: $0) },
            published: item.published, minimumSystem: Self.systemVersion(item.minimumSystemVersion),
            maximumSystem: Self.systemVersion(item.maximumSystemVersion), channel: item.channel)
    }

    /// A system version as the check reads it: blank is absent, and one that is not a
    /// version (`A11`) bounds nothing.
    static func systemVersion(_ text: String?) -> Version? {
        guard let text, !Version.trimmingWhitespace(text).isEmpty else { return nil }
        return try? Version(text)
    }
}

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

    /// Appends the item's findings to `findings`, and the item to `order` when it is a
    /// release whose version a check reads (others are `A01` or `V01`).
    func check(into findings: inout LimitedFindings, order: inout AppcastOrder) {
        checkEnclosureURL(into: &findings)
        if item.isDelta {
            checkDelta(facts.enclosure, inDeltas: false, into: &findings)
        }
        guard isRelease else { return }
        let version = checkVersion(into: &findings)
        checkEnclosure(into: &findings)
        checkChannel(into: &findings)
        checkDates(into: &findings)
        let system = checkSystemVersions(into: &findings)
        checkMarkerVersions(into: &findings)
        checkLinks(into: &findings)
        for delta in facts.deltas {
            checkDelta(delta, inDeltas: true, into: &findings)
        }
        guard let version else { return }
        order.add(
            version: version, display: item.shortVersion.flatMap { try? Version(sparkleDisplay: $0) }, published: item.published,
            system: AppcastOrder.SystemRange(minimum: system.minimum, maximum: system.maximum), channel: item.channel,
            line: facts.line)
    }

    /// A finding on this item.
    func finding(_ code: LintCode, _ message: String, severity: LintSeverity? = nil) -> LintFinding {
        LintFinding(code, line: facts.line, item: versionText, LintText.oneLine(message), severity: severity)
    }
}

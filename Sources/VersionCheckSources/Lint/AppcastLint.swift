import VersionCheckCore

/// `lint` of a Sparkle appcast (SPEC.md "Checking a feed before publishing": `A01`–`A14`
/// and `V01`).
///
/// The feed is read by `AppcastReader` as a check reads it (the enclosure's attribute
/// over the element, Sparkle's namespace by URI, the first element without `xml:lang`),
/// recording what `lint` needs besides (`AppcastItemFacts`); what a check decides — a
/// channel name's validity, the version compared, the items it ignores — is asked of the
/// check's own code (`AppcastItem`, `AppcastSelection`), never decided again here.
///
/// Every finding's `line` is the line of its item's `<item>` tag (a finding about two
/// items is on the one at fault, and names the other's line); its `item` is the item's
/// `sparkle:version` as given, nil when it has none.
///
/// Cost: one pass of the reader, then one sort of the releases' versions (`AppcastOrder`):
/// O(n log n) time, memory proportional to the number of items.
enum AppcastLint {
    /// The findings in `body`, per item in the order found, then those comparing items.
    /// - Throws: what no check can read (not XML, a DOCTYPE, no `<channel>`), as `manifest`
    ///   throws it.
    static func findings(_ body: [UInt8], context: LintContext) throws(BodyError) -> [LintFinding] {
        var findings: [LintFinding] = []
        var order = AppcastOrder()
        do throws(AppcastError) {
            try AppcastReader.read(body, base: context.base, recordingFacts: true) { item, facts throws(AppcastError) in
                guard let facts else { return }
                let lint = AppcastItemLint(item: item, facts: facts)
                lint.check(into: &findings)
                if let entry = lint.orderEntry() { order.add(entry) }
            }
        } catch {
            throw BodyError(error.description)
        }
        order.check(into: &findings)
        return findings
    }
}

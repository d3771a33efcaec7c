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
    /// The findings in `body`: each item's in file order, then those comparing items
    /// (`FeedLint` sorts them by line, stably: of one line, the item's own come first).
    /// - Throws: what no check can read (not XML, a DOCTYPE, no `<channel>`), as `manifest`
    ///   throws it.
    static func findings(_ body: [UInt8], context: LintContext) throws(BodyError) -> [LintFinding] {
        // At most `FeedLint.limitPerCode` of a code are kept as they are found.
        var findings = LimitedFindings()
        var order = AppcastOrder(capacity: body.count / 48 + 1)
        do throws(AppcastError) {
            try AppcastReader.read(body, base: context.base, recordingFacts: true) { item, facts throws(AppcastError) in
                guard let facts else { return }
                AppcastItemLint(item: item, facts: facts).check(into: &findings, order: &order)
            }
        } catch {
            throw BodyError(error.description)
        }
        var compared = LimitedFindings()
        order.check(into: &compared)
        // The items' findings, then those comparing items: `FeedLint` puts them in file order.
        return findings.finished() + compared.finished()
    }
}

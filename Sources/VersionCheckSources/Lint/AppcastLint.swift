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
    /// The findings in `body`, in file order (of one item: its own, then those comparing
    /// it with others).
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
        let items = findings.finished()
        return compared.isEmpty ? items : merged(items, compared.finished())
    }

    /// The findings per item (in file order) and those comparing items, merged in file
    /// order: a finding of an item before one comparing it with others.
    static func merged(_ items: [LintFinding], _ compared: [LintFinding]) -> [LintFinding] {
        let compared = compared.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        var result: [LintFinding] = []
        result.reserveCapacity(items.count + compared.count)
        var next = compared.startIndex
        for finding in items {
            while next < compared.endIndex, compared[next].line < finding.line {
                result.append(compared[next])
                next += 1
            }
            result.append(finding)
        }
        result += compared[next...]
        return result
    }
}

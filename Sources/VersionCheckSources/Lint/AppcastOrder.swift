import VersionCheckCore

/// The `lint` checks that compare an appcast's releases (SPEC.md "Checking a feed before
/// publishing"): `A02` (equal versions one system could be offered both of), `A03` (the
/// newest `pubDate` not on the highest version) and `A04` (display versions out of the
/// builds' order).
///
/// Only releases whose `sparkle:version` a check reads take part (others are `A01` or
/// `V01`). "A channel" is the items of one `sparkle:channel` as a check reads it: an
/// invalid name is no channel (`A08`), as in Sparkle. An item's OS range is
/// `minimumSystemVersion`…`maximumSystemVersion`, both inclusive, open where absent.
///
/// Cost: a few sorts of the entries, O(n log n); no item is compared with more than its
/// neighbours in a sort and a running maximum.
struct AppcastOrder {
    /// What is compared of one release.
    struct Entry {
        var line: Int
        /// `sparkle:version`, read as Sparkle reads it (`description`: as given).
        var version: Version
        /// `sparkle:shortVersionString`, when there is one Sparkle reads.
        var display: Version?
        var published: Int64?
        var minimumSystem: Version?
        var maximumSystem: Version?
        var channel: String?
    }

    private var entries: [Entry] = []

    mutating func add(_ entry: Entry) {
        entries.append(entry)
    }

    /// Appends the findings comparing the releases added.
    func check(into findings: inout [LintFinding]) {
        findings += Self.duplicates(entries)
        findings += Self.inversions(entries)
        findings += Self.displayOrder(entries)
    }

    /// A finding about `entry`.
    static func finding(_ code: LintCode, _ entry: Entry, _ message: String) -> LintFinding {
        LintFinding(code, line: entry.line, item: entry.version.description, LintText.oneLine(message))
    }

    /// The items of each channel, in the order `within` sorts them; the default channel first.
    static func byChannel(_ entries: [Entry], within: (Entry, Entry) -> Bool) -> [ArraySlice<Entry>] {
        let sorted = entries.sorted { left, right in
            left.channel == right.channel ? within(left, right) : channelPrecedes(left.channel, right.channel)
        }
        return runs(sorted) { $0.channel == $1.channel }
    }

    /// Runs of neighbours `same` holds for.
    static func runs(_ sorted: [Entry], same: (Entry, Entry) -> Bool) -> [ArraySlice<Entry>] {
        var runs: [ArraySlice<Entry>] = []
        var start = 0
        for index in sorted.indices.dropFirst() where !same(sorted[index - 1], sorted[index]) {
            runs.append(sorted[start..<index])
            start = index
        }
        if start < sorted.count { runs.append(sorted[start...]) }
        return runs
    }

    /// The default channel (nil) first, then names in byte order.
    static func channelPrecedes(_ left: String?, _ right: String?) -> Bool {
        guard let right else { return false }
        guard let left else { return true }
        return left < right
    }

    /// Ascending minimum system versions: absent (any system) first, then file order.
    static func minimumPrecedes(_ left: Entry, _ right: Entry) -> Bool {
        switch (left.minimumSystem, right.minimumSystem) {
        case (nil, nil): left.line < right.line
        case (nil, _): true
        case (_, nil): false
        case let (l?, r?): l != r ? l < r : left.line < right.line
        }
    }

    /// Whether a range starting at `minimum` reaches a range ending at `maximum` (absent:
    /// open).
    static func reaches(_ minimum: Version?, _ maximum: Version?) -> Bool {
        guard let minimum, let maximum else { return true }
        return minimum <= maximum
    }

    /// The higher of two maximum system versions (absent: above all).
    static func higherMaximum(_ left: Version?, _ right: Version?) -> Version? {
        guard let left, let right else { return nil }
        return max(left, right)
    }

    static func isHigherMaximum(_ left: Version?, than right: Version?) -> Bool {
        guard let right else { return false }
        guard let left else { return true }
        return left > right
    }
}

import VersionCheckCore

extension AppcastOrder {
    /// `A02`: items of one channel with equal versions whose OS ranges overlap (Sparkle
    /// offers only the first). Each run of equal versions is swept by minimum system
    /// version, against the item reaching highest so far; the finding is on the later
    /// of the two in the file.
    mutating func duplicates(into findings: inout LimitedFindings) {
        var entries = self.entries
        self.entries = []  // sorted in place, not copied
        entries.sort { channelPrecedes($0, $1) || (!channelPrecedes($1, $0) && Self.versionPrecedes($0, $1)) }
        defer { self.entries = entries }
        Self.runs(entries, in: entries.indices, same: { $0.channel == $1.channel && $0.version == $1.version }) { run in
            guard run.count > 1 else { return }
            var reported = Set<Int32>()
            let swept = entries[run].sorted(by: minimumPrecedes)
            var reach = swept[swept.startIndex]
            for entry in swept.dropFirst() {
                if Self.reaches(minimum(entry), maximum(reach)) {
                    let (later, first) = entry.line > reach.line ? (entry, reach) : (reach, entry)
                    if reported.insert(later.line).inserted {
                        findings.append(finding(.a02, later, "sparkle:version \(LintText.quoted(later.version.description)) "
                            + "equals that of the item on line \(first.line) for overlapping systems: Sparkle offers only the first"))
                    }
                }
                if Self.isHigherMaximum(maximum(entry), than: maximum(reach)) { reach = entry }
            }
        }
    }

    /// `A03`: in a channel, among items whose OS ranges overlap (the groups of items
    /// whose ranges chain together), the item with the latest `pubDate` is not on the
    /// highest `sparkle:version`. Undated items take no part (`A09` names them).
    mutating func inversions(into findings: inout LimitedFindings) {
        var entries = self.entries
        self.entries = []
        entries.sort { channelPrecedes($0, $1) || (!channelPrecedes($1, $0) && minimumPrecedes($0, $1)) }
        defer { self.entries = entries }
        Self.runs(entries, in: entries.indices, same: { $0.channel == $1.channel }) { channel in
            var group: (newest: Entry, highest: Entry)?
            var reach: Version?
            for entry in entries[channel] where entry.published != nil {
                if let current = group, !Self.reaches(minimum(entry), reach) {
                    if let found = inversion(current) { findings.append(found) }
                    group = nil
                }
                reach = group == nil ? maximum(entry) : Self.higherMaximum(reach, maximum(entry))
                group = group.map { Self.adding(entry, to: $0) } ?? (entry, entry)
            }
            if let current = group, let found = inversion(current) { findings.append(found) }
        }
    }

    /// A group of dated items with `entry` added: its newest item (the highest version
    /// among equally new ones) and its highest version (the first in the file of equal ones).
    static func adding(_ entry: Entry, to group: (newest: Entry, highest: Entry)) -> (newest: Entry, highest: Entry) {
        var (newest, highest) = group
        if entry.published! > newest.published! || (entry.published == newest.published && entry.version > newest.version) {
            newest = entry
        }
        if entry.version > highest.version || (entry.version == highest.version && entry.line < highest.line) {
            highest = entry
        }
        return (newest, highest)
    }

    /// The `A03` finding of a group: on its newest item, when a version above it is in the group.
    func inversion(_ group: (newest: Entry, highest: Entry)) -> LintFinding? {
        let (newest, highest) = group
        guard newest.version < highest.version else { return nil }
        return finding(.a03, newest, "the newest pubDate of its channel and systems is on sparkle:version "
            + "\(LintText.quoted(newest.version.description)), below \(LintText.quoted(highest.version.description)) on line \(highest.line)")
    }

    /// `A04`: a `sparkle:shortVersionString` below the display version of a lower
    /// `sparkle:version` (across the feed: builds are one sequence). Swept in version
    /// order against the highest display version of the lower builds.
    mutating func displayOrder(into findings: inout LimitedFindings) {
        var entries = self.entries
        self.entries = []
        entries.sort(by: Self.versionPrecedes)
        defer { self.entries = entries }
        var highestBelow: Entry?
        Self.runs(entries, in: entries.indices, same: { $0.version == $1.version }) { run in
            var highestHere: Entry?
            for entry in entries[run] where entry.display >= 0 {
                if let lower = highestBelow, display(entry) < display(lower) {
                    findings.append(finding(.a04, entry, "sparkle:shortVersionString \(LintText.quoted(display(entry).description)) "
                        + "is below \(LintText.quoted(display(lower).description)) of the lower sparkle:version "
                        + "\(LintText.quoted(lower.version.description)) on line \(lower.line)"))
                }
                if highestHere.map({ display(entry) > display($0) }) ?? true { highestHere = entry }
            }
            if let here = highestHere, highestBelow.map({ display(here) > display($0) }) ?? true { highestBelow = here }
        }
    }

    func display(_ entry: Entry) -> Version { displays[Int(entry.display)] }
}

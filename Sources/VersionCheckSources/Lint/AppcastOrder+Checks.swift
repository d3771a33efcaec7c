import VersionCheckCore

extension AppcastOrder {
    /// `A02`: items of one channel with equal versions whose OS ranges overlap (Sparkle
    /// offers only the first). Each run of equal versions is swept by minimum system
    /// version, against the item reaching highest so far; the finding is on the later
    /// of the two in the file.
    static func duplicates(_ entries: [Entry]) -> [LintFinding] {
        var findings: [LintFinding] = []
        for channel in byChannel(entries, within: { $0.version != $1.version ? $0.version < $1.version : $0.line < $1.line }) {
            for run in runs(Array(channel), same: { $0.version == $1.version }) where run.count > 1 {
                var reported = Set<Int>()
                let swept = run.sorted(by: minimumPrecedes)
                var reach = swept[swept.startIndex]
                for entry in swept.dropFirst() {
                    if reaches(entry.minimumSystem, reach.maximumSystem) {
                        let (later, first) = entry.line > reach.line ? (entry, reach) : (reach, entry)
                        if reported.insert(later.line).inserted {
                            findings.append(finding(.a02, later, "sparkle:version \(LintText.quoted(later.version.description)) "
                                + "equals that of the item on line \(first.line) for overlapping systems: Sparkle offers only the first"))
                        }
                    }
                    if isHigherMaximum(entry.maximumSystem, than: reach.maximumSystem) { reach = entry }
                }
            }
        }
        return findings
    }

    /// `A03`: in a channel, among items whose OS ranges overlap (the groups of items
    /// whose ranges chain together), the item with the latest `pubDate` is not on the
    /// highest `sparkle:version`. Undated items take no part (`A09` names them).
    static func inversions(_ entries: [Entry]) -> [LintFinding] {
        var findings: [LintFinding] = []
        for channel in byChannel(entries.filter { $0.published != nil }, within: minimumPrecedes) {
            var group: [Entry] = []
            var reach: Version?
            for entry in channel {
                if !group.isEmpty, !reaches(entry.minimumSystem, reach) {
                    findings += inversion(in: group)
                    group = []
                }
                reach = group.isEmpty ? entry.maximumSystem : higherMaximum(reach, entry.maximumSystem)
                group.append(entry)
            }
            findings += inversion(in: group)
        }
        return findings
    }

    /// The `A03` finding of one group of dated items, if any: on its newest item (the
    /// highest version among equally new ones) when a version above it is in the group.
    static func inversion(in group: [Entry]) -> [LintFinding] {
        guard var newest = group.first, var highest = group.first else { return [] }
        for entry in group.dropFirst() {
            if entry.published! > newest.published! || (entry.published == newest.published && entry.version > newest.version) {
                newest = entry
            }
            if entry.version > highest.version || (entry.version == highest.version && entry.line < highest.line) {
                highest = entry
            }
        }
        guard newest.version < highest.version else { return [] }
        return [finding(.a03, newest, "the newest pubDate of its channel and systems is on sparkle:version "
            + "\(LintText.quoted(newest.version.description)), below \(LintText.quoted(highest.version.description)) on line \(highest.line)")]
    }

    /// `A04`: a `sparkle:shortVersionString` below the display version of a lower
    /// `sparkle:version` (across the feed: builds are one sequence). Swept in version
    /// order against the highest display version of the lower builds.
    static func displayOrder(_ entries: [Entry]) -> [LintFinding] {
        let sorted = entries.filter { $0.display != nil }
            .sorted { $0.version != $1.version ? $0.version < $1.version : $0.line < $1.line }
        var findings: [LintFinding] = []
        var highestBelow: Entry?
        for run in runs(sorted, same: { $0.version == $1.version }) {
            var highestHere = run[run.startIndex]
            for entry in run {
                if let lower = highestBelow, entry.display! < lower.display! {
                    findings.append(finding(.a04, entry, "sparkle:shortVersionString \(LintText.quoted(entry.display!.description)) "
                        + "is below \(LintText.quoted(lower.display!.description)) of the lower sparkle:version "
                        + "\(LintText.quoted(lower.version.description)) on line \(lower.line)"))
                }
                if entry.display! > highestHere.display! { highestHere = entry }
            }
            if highestBelow.map({ highestHere.display! > $0.display! }) ?? true { highestBelow = highestHere }
        }
        return findings
    }
}

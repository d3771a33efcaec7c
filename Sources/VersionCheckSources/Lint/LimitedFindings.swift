/// Findings as a linter finds them, at most `FeedLint.limitPerCode` of each code kept:
/// past that they are only counted, so a hostile feed of 300,000 bad items holds a
/// thousand findings of a code, not 300,000. `finished()` adds, for each code that
/// overflowed, the finding that counts the rest (`FeedLint.leftOut`), at the line of
/// the first one left out. (`LocatedFindings`, which places findings by byte offset,
/// keeps the same rule.)
struct LimitedFindings {
    private(set) var kept: [LintFinding] = []
    /// By code: how many were appended, and the line of the first one not kept.
    private var counts: [LintCode: (added: Int, firstLeftOut: Int)] = [:]

    mutating func append(_ finding: LintFinding) {
        guard !finding.isLeftOutCount else { return kept.append(finding) }
        var count = counts[finding.code] ?? (0, 0)
        count.added += 1
        if count.added == FeedLint.limitPerCode + 1 { count.firstLeftOut = finding.line }
        counts[finding.code] = count
        if count.added <= FeedLint.limitPerCode { kept.append(finding) }
    }

    var isEmpty: Bool { kept.isEmpty }

    /// The findings kept, in the order appended, then one counting each code's rest.
    consuming func finished() -> [LintFinding] {
        for code in counts.keys.sorted() {
            guard let count = counts[code], count.added > FeedLint.limitPerCode else { continue }
            kept.append(FeedLint.leftOut(code, count: count.added - FeedLint.limitPerCode, line: count.firstLeftOut))
        }
        return kept
    }
}

/// The limit of findings of one code (`FeedLint.limitPerCode`), counted as a linter
/// finds them: past the limit a finding is only counted, and where the first one left
/// out stands is kept (`Place`: a line, or a byte offset still to turn into one), for the
/// finding that counts the rest (`FeedLint.leftOut`). The one place the limit is applied.
struct FindingCounter<Place> {
    private var counts: [LintCode: (added: Int, firstLeftOut: Place?)] = [:]

    /// Counts a finding of `code` at `place`; whether it is within the limit (to keep).
    mutating func admit(_ code: LintCode, at place: @autoclosure () -> Place) -> Bool {
        var count = counts[code] ?? (0, nil)
        count.added += 1
        if count.added == FeedLint.limitPerCode + 1 { count.firstLeftOut = place() }
        counts[code] = count
        return count.added <= FeedLint.limitPerCode
    }

    /// For each code past the limit, in code order: how many were left out, from where.
    var leftOut: [(code: LintCode, count: Int, from: Place)] {
        counts.keys.sorted().compactMap { code in
            guard let count = counts[code], let place = count.firstLeftOut else { return nil }
            return (code, count.added - FeedLint.limitPerCode, place)
        }
    }
}

/// Findings placed by line as a linter finds them (an appcast's), at most
/// `FeedLint.limitPerCode` of each code kept (`FindingCounter`): a hostile feed of
/// 300,000 bad items holds a thousand findings of a code, not 300,000.
struct LimitedFindings {
    private(set) var kept: [LintFinding] = []
    private var counter = FindingCounter<Int>()

    mutating func append(_ finding: LintFinding) {
        if counter.admit(finding.code, at: finding.line) { kept.append(finding) }
    }

    /// The findings kept, in the order appended, then one counting each code's rest.
    consuming func finished() -> [LintFinding] {
        for (code, count, line) in counter.leftOut { kept.append(FeedLint.leftOut(code, count: count, line: line)) }
        return kept
    }
}

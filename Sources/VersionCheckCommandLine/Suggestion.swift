import VersionCheckCore

/// "Did you mean …?" for misspelt commands and options.
package enum Suggestion {
    /// The candidate closest to `word` by edit distance (adjacent swaps count as one edit), if it is
    /// close enough to be a plausible typo: at most 1 edit for short words, 2 for longer ones.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased().unicodeScalars)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.unicodeScalars))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance > 0 || word != best.candidate else { return nil }
        let allowed = typed.count <= 4 ? 1 : 2
        return best.distance <= allowed ? best.candidate : sharingStem(typed, among: candidates)
    }

    /// The one candidate that starts with the first 5 letters of `typed` (or all of a shorter
    /// word, at least 4): `satisfy` is `satisfies` with a different ending.
    private static func sharingStem(_ typed: [Unicode.Scalar], among candidates: [String]) -> String? {
        guard typed.count >= 4 else { return nil }
        let stem = typed.prefix(5)
        let matches = candidates.filter { Array($0.unicodeScalars).starts(with: stem) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions, adjacent transpositions.
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}

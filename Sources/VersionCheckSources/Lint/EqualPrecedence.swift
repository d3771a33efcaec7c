import VersionCheckCore

/// Versions of equal precedence in a list (`J02`): each version whose precedence an
/// earlier one in the list has, paired with the first of that precedence.
///
/// A list that rises or falls strictly (the usual case) is seen in one pass, with no
/// sort; any other is sorted by precedence, positions breaking ties: O(n log n), and
/// one `Int` a version besides the list.
enum EqualPrecedence {
    /// Calls `body(first, later)` for each position `later` whose version has the
    /// precedence of an earlier one, `first` being the earliest of them.
    static func forEachRepeat(in versions: [Version], _ body: (_ first: Int, _ later: Int) -> Void) {
        guard versions.count > 1, !isStrictlyMonotone(versions) else { return }
        var order = Array(versions.indices)
        order.sort { left, right in
            let comparison = versions[left].compare(to: versions[right])
            return comparison != 0 ? comparison < 0 : left < right
        }
        var first = order[0]
        for position in order.dropFirst() {
            if versions[position] == versions[first] {
                body(first, position)
            } else {
                first = position
            }
        }
    }

    /// Whether each version is above the one before, or each below.
    static func isStrictlyMonotone(_ versions: [Version]) -> Bool {
        let direction = versions[1].compare(to: versions[0])
        guard direction != 0 else { return false }
        for index in versions.indices.dropFirst(2) where versions[index].compare(to: versions[index - 1]) != direction {
            return false
        }
        return true
    }
}

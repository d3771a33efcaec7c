/// How an update check reached its answer (`--explain`): one line per step, noted by
/// each layer at the point where it decides — the source and its cache, the format's
/// decoder as it reads and holds back releases, the decision as it filters and decides.
///
/// It is passed `inout` as an `Optional`: without `--explain` it is `nil`, so a filter
/// pays one test of a nil optional per release and nothing is built. With it, each
/// filter's versions are kept in a `VersionSample` (the first few and a count), so the
/// explanation of an 8 MiB feed stays a few lines long.
public struct Explanation: Sendable, Equatable {
    /// The lines so far, without the `explain: ` prefix.
    public private(set) var lines: [String] = []
    /// Filters that left releases out, by the phrase that names them, in the order met.
    private var leftOut: [(phrase: String, versions: VersionSample)] = []
    /// The run of equal precedence being recorded: its leader and the others dropped.
    private var equalRun: (leader: String, dropped: [String])?
    private var equalRuns = VersionSample(separator: "; ")

    public init() {}

    /// Adds one line.
    public mutating func note(_ line: String) {
        flushLeftOut()
        lines.append(line)
    }

    /// Records that a filter left out or held back `version`: `phrase` names the filter
    /// and its verb (`--os-version 10.11 left out`, `phased rollout holds`); `why` (`needs
    /// 10.13`), if any, is shown beside the version. Lines are written at the next `note`
    /// or `finish`, one per phrase: `--os-version 10.11 left out 183 (needs 10.13)`.
    public mutating func list(_ phrase: String, _ version: String, why: String? = nil) {
        let shown = why.map { "\(version) (\($0))" } ?? version
        if let index = leftOut.firstIndex(where: { $0.phrase == phrase }) {
            leftOut[index].versions.add(shown)
        } else {
            var sample = VersionSample()
            sample.add(shown)
            leftOut.append((phrase, sample))
        }
    }

    /// Records that, of releases of equal precedence, `leader` (the first) was kept and
    /// `dropped` left out; a run's calls come one after another. Written as
    /// `equal precedence: kept the first of 176, 176`.
    public mutating func keptFirst(of leader: String, over dropped: String) {
        if equalRun?.leader == leader {
            // A run names at most `VersionSample.limit` of the releases it dropped.
            if (equalRun?.dropped.count ?? 0) < VersionSample.limit { equalRun?.dropped.append(dropped) }
        } else {
            closeEqualRun()
            equalRun = (leader, [dropped])
        }
    }

    private mutating func closeEqualRun() {
        guard let run = equalRun else { return }
        equalRun = nil
        equalRuns.add(([run.leader] + run.dropped).joined(separator: ", "))
    }

    /// Adds `other`'s lines after these (both finished).
    public mutating func append(_ other: Explanation) {
        finish()
        lines += other.finished
    }

    /// Writes the pending filter lines.
    public mutating func finish() {
        flushLeftOut()
    }

    /// The lines with every pending filter line written.
    public var finished: [String] {
        var copy = self
        copy.finish()
        return copy.lines
    }

    private mutating func flushLeftOut() {
        closeEqualRun()
        let pending = leftOut
        leftOut = []
        for (phrase, versions) in pending {
            lines.append("\(phrase) \(versions.text)")
        }
        if equalRuns.count > 0 {
            lines.append("equal precedence: kept the first of \(equalRuns.text)")
            equalRuns = VersionSample(separator: "; ")
        }
    }

    public static func == (left: Explanation, right: Explanation) -> Bool {
        left.finished == right.finished
    }
}

/// A bounded list of versions: the first `limit` kept as text, the rest only counted
/// (`1.0, 1.1, 1.2, 1.3, 1.4 and 183 more`).
public struct VersionSample: Sendable, Equatable {
    /// How many are named before `and N more`.
    public static let limit = 5
    public private(set) var shown: [String] = []
    public private(set) var count = 0
    /// What stands between two named versions.
    public var separator: String

    public init(separator: String = ", ") {
        self.separator = separator
    }

    public mutating func add(_ version: @autoclosure () -> String) {
        count += 1
        if shown.count < Self.limit { shown.append(version()) }
    }

    /// `a, b, c`, then ` and N more` when some are not named.
    public var text: String {
        let named = shown.joined(separator: separator)
        return count > shown.count ? "\(named) and \(count - shown.count) more" : named
    }
}

/// What an update check concludes (SPEC.md "Decision").
public struct UpdateDecision: Sendable, Equatable {
    public var status: UpdateStatus
    /// The highest offered release; `nil` when no release is offered.
    public var latest: Release?
    /// `current` against `latest`: -1, 0, 1; `nil` when there is no latest.
    public var comparison: Int?
    /// The bump from `current` to `latest`; `nil` when `latest <= current` or no latest.
    public var level: BumpLevel?
    /// One human sentence: "1.3.0 is a minor update", "1.0 is below the minimum 1.2".
    public var reason: String
    /// Offered releases in (`current`, `latest`], oldest first. A slice, so that when
    /// the source's releases are all offered it shares their storage (no copy of a list
    /// that can hold hundreds of thousands).
    public var releases: ArraySlice<Release>
    /// `--gate`: `current` strictly newer than `latest`, or no release offered.
    public var gatePassed: Bool
    /// Why a newer `latest` is not offered as an update (status `none`): nil otherwise.
    public var withheld: Withheld?
    /// The highest release above `latest` and `current` that only `--os-version` kept
    /// from being offered (SPEC.md "Decision" 5); it never changes the status.
    public var unavailable: Release?
    /// The highest release above `latest` (above `current` when none is offered) that
    /// phased rollout, `--min-age`, a channel not asked for, the preference for an
    /// update that is not a major upgrade, a pre-release or a staged rollout kept back;
    /// its `heldBack` says why. It never changes the status.
    public var heldBack: Release?
    /// What `level` was computed on.
    public var levelBasis: LevelBasis = .versions
    /// The minimum in force (the higher of `--minimum` and the source's), if any.
    public var minimum: Version?

    /// What a level is computed on.
    public enum LevelBasis: Sendable, Equatable {
        /// The compared versions.
        case versions
        /// The display versions (an appcast compared by build, the installed display version known).
        case displayVersions
        /// Build numbers: the level is the compared versions', but it means nothing to
        /// people, so text names none.
        case buildNumbers
    }

    /// The highest release in (`current`, `latest`] that is not informational: what
    /// can be installed; `nil` when there is none.
    public var installable: Release? {
        releases.last { !$0.informational }
    }

    public init(
        status: UpdateStatus, latest: Release?, comparison: Int?, level: BumpLevel?, reason: String,
        releases: ArraySlice<Release>, gatePassed: Bool, withheld: Withheld? = nil, unavailable: Release? = nil
    ) {
        self.status = status
        self.latest = latest
        self.comparison = comparison
        self.level = level
        self.reason = reason
        self.releases = releases
        self.gatePassed = gatePassed
        self.withheld = withheld
        self.unavailable = unavailable
    }

    /// Why a `latest` above `current` is not an update.
    public enum Withheld: Sendable, Equatable {
        /// It is the `--skip` version (this wins when both apply).
        case skipped
        /// Its bump level is below `--optional-on` (the threshold given).
        case belowOptionalLevel(BumpThreshold)
    }
}

/// A release field that the decision needed and could not read. Maps to bad-response (76).
public enum DecisionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A release's date is not ISO 8601 (only raised when `--min-age` needs it).
    case invalidDate(version: String, text: String)
    /// A release's `minimumOsVersion` is not a version (only raised when `--os-version` needs it).
    case invalidMinimumOsVersion(version: String, text: String)

    public var description: String {
        switch self {
        case .invalidDate(let version, let text):
            "release \(version) has an invalid date '\(text)' (expected ISO 8601 such as 2026-01-02T03:04:05Z)"
        case .invalidMinimumOsVersion(let version, let text):
            "release \(version) has an invalid minimumOsVersion '\(text)' (expected a version such as 15.0)"
        }
    }
}

/// Decides whether `current` should update, purely from its inputs (SPEC.md "Decision").
///
/// 1. Offered releases: those whose `minimumOsVersion` is above `policy.osVersion`, and
///    those younger than `policy.minimumAgeDays` (a release without a date stays
///    offered), are dropped, and so are those the source marked held back
///    (`Release.heldBack`, any source) and, for an appcast, those skipped; then, of
///    releases with equal precedence, the first in `releases` wins. `latest` is the
///    highest offered that is not `listedWithLatest` (such releases above it are dropped).
/// 2. **forced** if `current` < the minimum (the higher of `policy.minimum` and
///    `sourceMinimum`), or an offered release in (`current`, `latest`] is critical, or the
///    bump level reaches `policy.forceOn` (never for an informational `latest`, which
///    is at most optional by its level);
/// 3. else **optional** if `latest` > `current`, the bump level reaches
///    `policy.optionalOn`, and `latest` is not `policy.skip` (by precedence);
/// 4. else **none**;
/// 5. `unavailable`: the highest release above `latest` and `current` that only
///    `policy.osVersion` kept back (never changes the status).
///
/// - Parameters:
///   - sourceMinimum: a manifest's `minimumVersion`.
///   - now: seconds since the Unix epoch (used only with `minimumAgeDays > 0`).
/// - Throws: `DecisionError` when a date or minimum OS version that a filter needs is unreadable.
///
/// `releases` is consumed: a caller that gives up its array (`consume`) lets the
/// decision order and thin it in place, with no second array of releases (400,000
/// releases are 25 MiB); a caller that keeps it pays for that copy.
public func decideUpdate(
    current: Version, releases: consuming [Release], sourceMinimum: Version?, policy: UpdatePolicy, now: Int64
) throws(DecisionError) -> UpdateDecision {
    var explanation: Explanation?
    return try decideUpdate(
        current: current, releases: consume releases, sourceMinimum: sourceMinimum, policy: policy, now: now,
        explaining: &explanation)
}

/// `decideUpdate`, noting in `explanation` (`--explain`; nil: nothing is noted) each
/// step as it is taken: what each filter left out, the comparison, `latest` and why,
/// the level and what it was computed on, and the rule that decided the status. A
/// failure leaves the steps noted before it.
public func decideUpdate(
    current: Version, releases: consuming [Release], sourceMinimum: Version?, policy: UpdatePolicy, now: Int64,
    explaining explanation: inout Explanation?
) throws(DecisionError) -> UpdateDecision {
    explanation?.note(
        "decision: \(releases.count) \(releases.count == 1 ? "release" : "releases") against current \(current), "
            + (policy.sparkle ? "compared by Sparkle's rules (SUStandardVersionComparator)" : "compared by the lenient grammar"))
    // `--os-version` also looks at the releases it kept back, as given: then they are kept.
    let given = policy.osVersion == nil ? [] : releases
    // Whether a release may carry a source's `heldBack` mark: an appcast's may; any
    // other source's only when one does (one pass, no copy).
    let marked = policy.sparkle || releases.contains { $0.heldBack != nil }
    let kept = try keptBack(releases, current: current, policy: policy, marked: marked, now: now)
    var offered = try offeredReleases(consume releases, policy: policy, marked: marked, now: now, explaining: &explanation)
    // A release listed only beside a higher one is never the latest.
    while offered.last?.listedWithLatest == true {
        explanation?.list("listed only beside a higher release, never the latest:", offered[offered.count - 1].version.description)
        offered.removeLast()
    }
    explanation?.note("offered: \(offered.count) \(offered.count == 1 ? "release" : "releases")")
    var newer = offered[firstIndex(above: current, in: offered)...]
    var latest = offered.last
    var heldBack = kept.held
    // Sparkle prefers an update that installs without disturbance over a major upgrade.
    if policy.sparkle, let major = newer.last(where: \.majorUpgrade), newer.contains(where: { !$0.majorUpgrade }) {
        for upgrade in newer where upgrade.majorUpgrade {
            explanation?.list(
                "major upgrade held back (an update that installs automatically is preferred):", upgrade.version.description,
                why: upgrade.majorUpgradeFrom.map { "needs \($0) or later" })
        }
        newer = ArraySlice(newer.filter { !$0.majorUpgrade })
        latest = newer.last
        var held = major
        held.heldBack = HeldBack(.majorUpgrade, detail: major.majorUpgradeFrom)
        if heldBack.map({ major.version > $0.version }) ?? true { heldBack = held }
    }
    var skippedLatest = false
    if policy.sparkle, newer.isEmpty, let skipped = kept.skipped {
        // `--skip` removed every release above `current`: the highest of them is the latest, skipped.
        latest = skipped
        newer = [skipped]
        skippedLatest = true
        explanation?.note("latest \(skipped.version): the highest release --skip removed, since it removed every newer one")
    } else if let latest {
        explanation?.note("latest \(latest.version): the highest offered release")
    } else {
        explanation?.note("latest: none (no release is offered)")
    }
    let comparison = latest.map { current.compare(to: $0.version) }
    let (level, basis) = bumpLevel(of: latest, from: current, policy: policy)
    if let level, let latest { explanation?.note(DecisionExplanation.level(level, basis: basis, latest: latest, current: current, policy: policy)) }
    let minimum = [policy.minimum, sourceMinimum].compactMap { $0 }.max()
    let named = basis != .buildNumbers

    let status: UpdateStatus
    let reason: String
    var withheld: UpdateDecision.Withheld?
    if let minimum, current < minimum {
        (status, reason) = (.forced, "\(current) is below the minimum \(minimum)")
        let whose = minimum == policy.minimum ? "--minimum" : "the source's minimumVersion"
        explanation?.note("rule: forced by the minimum (\(whose) \(minimum)): \(current) is below it")
    } else if !skippedLatest, let critical = newer.first(where: \.critical) {
        (status, reason) = (.forced, "\(critical.version) is marked critical")
        explanation?.note("rule: forced by a critical release: \(critical.version), above \(current), is marked critical")
    } else if !skippedLatest, let latest, let level, !latest.informational, policy.forceOn.isReached(by: level) {
        let phrase = named ? "a \(level.phrase) update" : "a newer build, --force-on \(policy.forceOn.rawValue)"
        (status, reason) = (.forced, "\(latest.version) is \(phrase)")
        explanation?.note("rule: forced by --force-on \(policy.forceOn.rawValue), which the level \(level.rawValue) reaches")
    } else if let latest, let level {
        let isSkipped = skippedLatest || policy.skip.map { $0 == latest.version } ?? false
        if isSkipped {
            withheld = .skipped
        } else if !policy.optionalOn.isReached(by: level) {
            withheld = .belowOptionalLevel(policy.optionalOn)
        }
        let phrase = named ? "a \(level.phrase) update" : "a newer build"
        if !policy.optionalOn.isReached(by: level) {
            let because = policy.optionalOn == .never
                ? "optional updates are off" : "below the optional level \(policy.optionalOn.rawValue)"
            (status, reason) = (.upToDate, "\(latest.version) is \(phrase), \(because)")
            explanation?.note("rule: none by --optional-on \(policy.optionalOn.rawValue), which the level \(level.rawValue) does not reach")
        } else if isSkipped {
            (status, reason) = (.upToDate, "\(latest.version) was skipped")
            explanation?.note("rule: none by --skip \(policy.skip.map(\.description) ?? "") (the latest \(latest.version) was skipped)")
        } else {
            (status, reason) = (.optional, "\(latest.version) is \(phrase)")
            explanation?.note(
                "rule: optional by --optional-on \(policy.optionalOn.rawValue), which the level \(level.rawValue) reaches "
                    + (latest.informational ? "(informational: never forced by its level)" : "(below --force-on \(policy.forceOn.rawValue))"))
        }
    } else if let latest {
        let sentence = comparison == 0
            ? "\(current) is the latest release" : "\(current) is newer than the latest release \(latest.version)"
        (status, reason) = (.upToDate, sentence)
        explanation?.note("rule: none newer: \(sentence)")
    } else {
        (status, reason) = (.upToDate, "no release is offered")
        explanation?.note("rule: none newer: no release is offered")
    }
    if let held = heldBack, let latest, held.version <= latest.version { heldBack = nil }
    var decision = UpdateDecision(
        status: status, latest: latest, comparison: comparison, level: level, reason: reason,
        releases: newer,
        gatePassed: latest == nil || comparison == 1, withheld: status == .upToDate ? withheld : nil,
        unavailable: unavailableRelease(given, above: latest?.version, current: current, policy: policy, now: now))
    decision.heldBack = heldBack
    decision.levelBasis = basis
    decision.minimum = minimum
    if let held = heldBack, let why = held.heldBack {
        explanation?.note("newest held back: \(held.version) (\(why.reason.rawValue)\(why.until.map { " until \($0)" } ?? ""))")
    }
    if let unavailable = decision.unavailable {
        explanation?.note("unavailable: \(unavailable.version) needs OS \(unavailable.minimumOsVersion ?? "?") (above --os-version)")
    }
    explanation?.finish()
    return decision
}

/// The level from `current` to `latest`, and what it was computed on: the display
/// versions when the policy knows the installed one and `latest` has one (equal display
/// versions: `prerelease`; a leading `v` before a digit left out), else the compared
/// versions (build numbers or not).
private func bumpLevel(
    of latest: Release?, from current: Version, policy: UpdatePolicy
) -> (BumpLevel?, UpdateDecision.LevelBasis) {
    guard let latest, let level = latest.version.bumpLevel(from: current) else {
        return (nil, policy.comparesBuildNumbers ? .buildNumbers : .versions)
    }
    if let installed = policy.currentDisplayVersion, let text = latest.displayVersion,
       let display = try? Version(sparkleDisplay: text) {
        return (display.bumpLevel(from: installed) ?? .prerelease, .displayVersions)
    }
    return (level, policy.comparesBuildNumbers ? .buildNumbers : .versions)
}

/// What step 1 keeps back, beyond the OS: the highest release above `current` held back
/// (by the source, or by `--min-age`, marked with its reason) that the OS filters allow,
/// and, for an appcast's `--skip`, the highest release above `current` it removes that
/// would otherwise be offered. One pass, only for an appcast, a source that marked a
/// release held back, or with `--min-age`.
private func keptBack(
    _ releases: [Release], current: Version, policy: UpdatePolicy, marked: Bool, now: Int64
) throws(DecisionError) -> (held: Release?, skipped: Release?) {
    guard marked || policy.minimumAgeDays > 0 else { return (nil, nil) }
    var held: Release?
    var skipped: Release?
    for release in releases where release.version > current {
        if (try? needsNewerOS(release, policy: policy)) != false { continue }
        var reason = release.heldBack
        if reason == nil, policy.minimumAgeDays > 0, (try? isTooYoung(release, policy: policy, now: now)) == true {
            reason = HeldBack(.minAge, until: availableDate(release, policy: policy))
        }
        if let reason {
            if let best = held, release.version <= best.version { continue }
            var marked = release
            marked.heldBack = reason
            held = marked
        } else if isSkipped(release, policy: policy) {
            if let best = skipped, release.version <= best.version { continue }
            skipped = release
        }
    }
    return (held, skipped)
}

/// When a release too young for `--min-age` will be old enough (ISO 8601 UTC).
func availableDate(_ release: Release, policy: UpdatePolicy) -> String? {
    guard let text = release.date, let released = ISO8601.secondsSinceEpoch(Version.trimmingWhitespace(text)) else {
        return nil
    }
    let available = (released + policy.minimumAgeDays * 86_400).rounded(.up)
    guard available.isFinite, available.magnitude < 9e18 else { return nil }
    return ISO8601.text(secondsSinceEpoch: Int64(available))
}

/// An appcast's `--skip X` removes every release at or below X that is not critical.
private func isSkipped(_ release: Release, policy: UpdatePolicy) -> Bool {
    guard policy.sparkle, let skip = policy.skip else { return false }
    return !release.critical && release.version <= skip
}

/// SPEC.md "Decision" 5: the highest release above `latest` (and `current`) that is not
/// offered only because it needs a newer OS than `--os-version` — every other filter
/// offers it (not held back by a channel or phased rollout, not skipped, old enough for
/// `--min-age`); the first in the source among equals. One pass, and only with
/// `--os-version`.
private func unavailableRelease(
    _ releases: [Release], above latest: Version?, current: Version, policy: UpdatePolicy, now: Int64
) -> Release? {
    guard policy.osVersion != nil else { return nil }
    var best: Release?
    for release in releases where release.version > current {
        if let latest, release.version <= latest { continue }
        if let best, release.version <= best.version { continue }
        if release.heldBack != nil || isSkipped(release, policy: policy) { continue }
        // Fields the offered list never needed: an unreadable one disqualifies quietly.
        guard (try? needsNewerOS(release, policy: policy)) == true,
              (try? isTooYoung(release, policy: policy, now: now)) == false
        else { continue }
        best = release
    }
    return best
}

/// The releases a user could install now, ascending by precedence, one per precedence:
/// the filters first, then, of equal precedence, the first given that they offer (as
/// Sparkle: a feed listing one build for macOS 10.13+ and again for 10.9–10.12 offers
/// the second on 10.11).
///
/// No hashing: the filters run in source order (so the first unreadable field is the
/// one reported), then the indices are sorted by precedence (ties by position, so the
/// first given leads each run of equal versions) and the first offered of each run is
/// kept. Cost: O(n) when the releases are given in ascending order (the common
/// case; equal neighbours are dropped in one pass), O(n log n) otherwise. The result
/// is `releases` itself, thinned and ordered in place: no second array of releases
/// (when the caller gave its array up), only, when sorting, an index array (4 bytes a
/// release; 24 while plain versions are sorted by packed keys, the radix sort's two
/// key and two index arrays) and a flag per release.
private func offeredReleases(
    _ releases: consuming [Release], policy: UpdatePolicy, marked: Bool, now: Int64,
    explaining explanation: inout Explanation?
) throws(DecisionError) -> [Release] {
    let filtering = policy.osVersion != nil || policy.minimumAgeDays > 0 || marked
    switch ascendingOrder(releases) {
    case .strictly:
        guard filtering else { return releases }
        var kept = 0
        for index in releases.indices {
            if let exclusion = try exclusion(of: releases[index], policy: policy, now: now) {
                if explanation != nil { DecisionExplanation.note(exclusion, of: releases[index], policy: policy, in: &explanation) }
                continue
            }
            if kept != index { releases.swapAt(kept, index) }
            kept += 1
        }
        releases.removeLast(releases.count - kept)
        return releases
    case .withRepeats:
        var kept = 0
        for index in releases.indices {
            if filtering, let exclusion = try exclusion(of: releases[index], policy: policy, now: now) {
                if explanation != nil { DecisionExplanation.note(exclusion, of: releases[index], policy: policy, in: &explanation) }
                continue
            }
            // The first offered of equal precedence stays (it sits at `kept - 1`).
            if kept > 0, releases[kept - 1].version.compare(to: releases[index].version) == 0 {
                explanation?.keptFirst(of: releases[kept - 1].version.description, over: releases[index].version.description)
                continue
            }
            if kept != index { releases.swapAt(kept, index) }
            kept += 1
        }
        releases.removeLast(releases.count - kept)
        return releases
    case .no:
        break
    }
    precondition(releases.count < Int(UInt32.max), "more releases than 32-bit indices hold")
    // The filters first, in source order; then, of each run of equal precedence, the
    // first that they offer.
    var kept = [Bool](repeating: true, count: releases.count)
    if filtering {
        for index in releases.indices {
            guard let exclusion = try exclusion(of: releases[index], policy: policy, now: now) else { continue }
            kept[index] = false
            if explanation != nil { DecisionExplanation.note(exclusion, of: releases[index], policy: policy, in: &explanation) }
        }
    }
    // Versions are compared in place, through the buffer: no release is copied.
    var order = releases.withUnsafeBufferPointer { releases in
        let order = orderByPackedKeys(releases) ?? (0..<releases.count).map { UInt32(truncatingIfNeeded: $0) }.sorted { left, right in
            let precedence = releases[Int(left)].version.compare(to: releases[Int(right)].version)
            return precedence == 0 ? left < right : precedence < 0
        }
        var leader: Int?
        for index in order where kept[Int(index)] {
            if let leader, releases[leader].version.compare(to: releases[Int(index)].version) == 0 {
                kept[Int(index)] = false
                explanation?.keptFirst(of: releases[leader].version.description, over: releases[Int(index)].version.description)
            } else {
                leader = Int(index)
            }
        }
        return order
    }
    // The kept indices in precedence order, then the others: position p is to hold
    // release order[p]. Then each cycle of that permutation is walked once.
    var offered = 0
    for index in order where kept[Int(index)] {
        order[offered] = index
        offered += 1
    }
    var position = offered
    for index in releases.indices where !kept[index] {
        order[position] = UInt32(truncatingIfNeeded: index)
        position += 1
    }
    let placed = UInt32.max
    // Swapped through the buffer, whose `swapAt` moves releases (no copy, no retain).
    releases.withUnsafeMutableBufferPointer { releases in
        for start in order.indices where order[start] != placed {
            var position = start
            while true {
                let source = Int(order[position])
                order[position] = placed
                if source == start { break }
                releases.swapAt(position, source)
                position = source
            }
        }
    }
    releases.removeLast(releases.count - offered)
    return releases
}

/// The indices of `releases` in precedence order, equal versions in input order, when
/// every version is plain (at most four numbers that fit inline, no pre-release) and
/// their widths add up to 64 bits at most: each number position packed into as many
/// bits as its largest value needs, the keys order exactly as precedence does. Sorting
/// 300,000 such keys by radix (`PackedVersionSort.radixSortedOrder`, also `sort`'s)
/// costs a small part of sorting the versions. Else nil.
private func orderByPackedKeys(_ releases: UnsafeBufferPointer<Release>) -> [UInt32]? {
    var widest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    for index in releases.indices {
        guard releases[index].version._extra == nil else { return nil }
        widest.0 |= releases[index].version._w0
        widest.1 |= releases[index].version._w1
        widest.2 |= releases[index].version._w2
        widest.3 |= releases[index].version._w3
    }
    func bits(_ value: UInt64) -> Int { UInt64.bitWidth - value.leadingZeroBitCount }
    let (bits1, bits2, bits3) = (bits(widest.1), bits(widest.2), bits(widest.3))
    let width = bits(widest.0) + bits1 + bits2 + bits3
    guard width <= UInt64.bitWidth else { return nil }
    var keys: [UInt64] = []
    keys.reserveCapacity(releases.count)
    for index in releases.indices {
        // `<<` by 64 or more is 0: a position of width 0 holds only zeros.
        keys.append(
            releases[index].version._w0 << (bits1 + bits2 + bits3) | releases[index].version._w1 << (bits2 + bits3)
                | releases[index].version._w2 << bits3 | releases[index].version._w3)
    }
    return PackedVersionSort.radixSortedOrder(keys: &keys, significantBits: width)
}

/// Whether releases are given in ascending order of precedence.
private enum AscendingOrder {
    /// Each above the one before it (so no two share a precedence).
    case strictly
    /// Never below the one before it, some equal to it.
    case withRepeats
    /// Some release below the one before it.
    case no
}

private func ascendingOrder(_ releases: [Release]) -> AscendingOrder {
    var repeats = false
    var index = releases.startIndex
    while index + 1 < releases.endIndex {
        let order = releases[index].version.compare(to: releases[index + 1].version)
        if order > 0 { return .no }
        if order == 0 { repeats = true }
        index += 1
    }
    return repeats ? .withRepeats : .strictly
}

/// Where the releases above `current` start in `offered` (ascending, no two equal):
/// a binary search.
private func firstIndex(above current: Version, in offered: [Release]) -> Int {
    var low = offered.startIndex
    var high = offered.endIndex
    while low < high {
        let middle = low + (high - low) / 2
        if offered[middle].version.compare(to: current) > 0 { high = middle } else { low = middle + 1 }
    }
    return low
}

/// Why step 1 does not offer a release.
enum Exclusion {
    /// Its source held it back (a channel, phased rollout, a pre-release, a staged rollout).
    case heldBack(HeldBack)
    /// An appcast's `--skip` removes it.
    case skipped
    /// Its `minimumOsVersion` is above `--os-version`.
    case needsNewerOS
    /// It is younger than `--min-age`.
    case tooYoung
}

/// Why `release` is not offered — held back by its source, skipped (an appcast),
/// `--os-version`, `--min-age`, checked in that order — or nil when it is offered. A
/// blank field counts as absent.
private func exclusion(of release: Release, policy: UpdatePolicy, now: Int64) throws(DecisionError) -> Exclusion? {
    if let held = release.heldBack { return .heldBack(held) }
    if isSkipped(release, policy: policy) { return .skipped }
    if try needsNewerOS(release, policy: policy) { return .needsNewerOS }
    return try isTooYoung(release, policy: policy, now: now) ? .tooYoung : nil
}

/// Its `minimumOsVersion` is above `--os-version`.
private func needsNewerOS(_ release: Release, policy: UpdatePolicy) throws(DecisionError) -> Bool {
    guard let osVersion = policy.osVersion, let text = release.minimumOsVersion, !isBlank(text) else { return false }
    guard let required = try? Version(text) else {
        throw .invalidMinimumOsVersion(version: release.version.description, text: text)
    }
    return required > osVersion
}

/// It is younger than `--min-age` days (a release without a date never is).
private func isTooYoung(_ release: Release, policy: UpdatePolicy, now: Int64) throws(DecisionError) -> Bool {
    guard policy.minimumAgeDays > 0, let text = release.date else { return false }
    switch ISO8601.releaseDate(text) {
    case .absent: return false
    case .unreadable: throw .invalidDate(version: release.version.description, text: text)
    case .date(let released): return Double(now) - released < policy.minimumAgeDays * 86_400
    }
}

private func isBlank(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
}

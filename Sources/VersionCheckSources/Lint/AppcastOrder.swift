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
/// Cost: the entries are sorted in place, once per check, O(n log n); no item is compared
/// with more than its neighbours and a running maximum. Memory: one small entry per
/// release (a feed's channels, system ranges and display versions are kept apart, each
/// channel and range once), so that a feed of 100,000 bare items stays in budget.
struct AppcastOrder {
    /// What is compared of one release.
    struct Entry {
        /// `sparkle:version`, read as Sparkle reads it (`description`: as given).
        var version: Version
        var published: Int64?
        var line: Int32
        /// In `channels`; 0: the default channel.
        var channel: Int32
        /// In `systems`; 0: any system.
        var system: Int32
        /// In `displays`; -1: no display version Sparkle reads.
        var display: Int32
    }

    /// An OS range; nil bounds are open.
    struct SystemRange: Hashable {
        var minimum: Version?
        var maximum: Version?
    }

    /// In the order of the latest check (each sorts them).
    var entries: [Entry] = []
    private(set) var channels: [String?] = [nil]
    private var channelIndex: [String: Int32] = [:]
    private(set) var systems: [SystemRange] = [SystemRange()]
    private var systemIndex: [SystemRange: Int32] = [SystemRange(): 0]
    private(set) var displays: [Version] = []

    /// `capacity`: the most releases the feed can hold (address space reserved, touched as
    /// releases arrive: the entries never copy themselves as they grow).
    init(capacity: Int) {
        entries.reserveCapacity(capacity)
    }

    /// Adds a release.
    mutating func add(
        version: Version, display: Version?, published: Int64?, system: SystemRange, channel: String?, line: Int
    ) {
        var channelNumber: Int32 = 0
        if let channel {
            channelNumber = channelIndex[channel] ?? Int32(channels.count)
            if channelNumber == channels.count {
                channels.append(channel)
                channelIndex[channel] = channelNumber
            }
        }
        let systemNumber = systemIndex[system] ?? Int32(systems.count)
        if systemNumber == systems.count {
            systems.append(system)
            systemIndex[system] = systemNumber
        }
        var displayNumber: Int32 = -1
        if let display {
            displayNumber = Int32(displays.count)
            displays.append(display)
        }
        entries.append(Entry(
            version: version, published: published, line: Int32(clamping: line), channel: channelNumber,
            system: systemNumber, display: displayNumber))
    }

    /// Appends the findings comparing the releases added (reordering them).
    mutating func check(into findings: inout LimitedFindings) {
        duplicates(into: &findings)
        inversions(into: &findings)
        displayOrder(into: &findings)
    }

    /// A finding about `entry`.
    func finding(_ code: LintCode, _ entry: Entry, _ message: String) -> LintFinding {
        LintFinding(code, line: Int(entry.line), item: entry.version.description, LintText.oneLine(message))
    }

    func minimum(_ entry: Entry) -> Version? { systems[Int(entry.system)].minimum }
    func maximum(_ entry: Entry) -> Version? { systems[Int(entry.system)].maximum }

    /// The default channel first, then names in byte order.
    func channelPrecedes(_ left: Entry, _ right: Entry) -> Bool {
        guard left.channel != right.channel, let rightName = channels[Int(right.channel)] else { return false }
        guard let leftName = channels[Int(left.channel)] else { return true }
        return leftName < rightName
    }

    /// Ascending versions, then file order.
    static func versionPrecedes(_ left: Entry, _ right: Entry) -> Bool {
        left.version != right.version ? left.version < right.version : left.line < right.line
    }

    /// Ascending minimum system versions (absent: any system, first), then file order.
    func minimumPrecedes(_ left: Entry, _ right: Entry) -> Bool {
        switch (minimum(left), minimum(right)) {
        case (nil, nil): left.line < right.line
        case (nil, _): true
        case (_, nil): false
        case let (l?, r?): l != r ? l < r : left.line < right.line
        }
    }

    /// The ranges of neighbours in `range` that `same` holds for, in order.
    static func runs(_ entries: [Entry], in range: Range<Int>, same: (Entry, Entry) -> Bool, _ body: (Range<Int>) -> Void) {
        guard !range.isEmpty else { return }
        var start = range.lowerBound
        for index in range.dropFirst() where !same(entries[index - 1], entries[index]) {
            body(start..<index)
            start = index
        }
        body(start..<range.upperBound)
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

import Testing
import VersionCheckCore
import VersionCheckTestSupport
@testable import VersionCheckSources

/// The appcast decision against an independent model of Sparkle's selection, over
/// seeded random feeds with duplicated builds, OS ranges, channels, phased rollout,
/// critical items and `--skip`: first every filter, then the best item, the first in the
/// file of equal precedence (SPEC.md "Sparkle appcasts"). The model below is written
/// from that rule alone, on plain integers: it shares no code with the reader, the
/// selection or the decision.
@Suite("Appcast decision against a model of Sparkle's selection")
struct AppcastDecisionPropertyTests {
    /// One item of a generated feed, as the model sees it.
    struct Item: CustomStringConvertible {
        var index: Int
        /// The build, written `N` or `N.0` (equal precedence: Sparkle pads with zeros).
        var build: Int
        var spelledWithZero: Bool
        /// `sparkle:minimumSystemVersion` / `maximumSystemVersion` as (major, minor).
        var minimumOS: (Int, Int)?
        var maximumOS: (Int, Int)?
        var channel: String?
        var critical: Bool
        /// Phased rollout: `pubDate` and `sparkle:phasedRolloutInterval`, seconds.
        var published: Int64?
        var interval: Int64?

        var version: String { spelledWithZero ? "\(build).0" : "\(build)" }
        var url: String { "https://example.org/download/\(index)/App.zip" }

        var xml: String {
            var text = "<item><title>#\(index)</title><sparkle:version>\(version)</sparkle:version>"
            if let (major, minor) = minimumOS { text += "<sparkle:minimumSystemVersion>\(major).\(minor)</sparkle:minimumSystemVersion>" }
            if let (major, minor) = maximumOS { text += "<sparkle:maximumSystemVersion>\(major).\(minor)</sparkle:maximumSystemVersion>" }
            if let channel { text += "<sparkle:channel>\(channel)</sparkle:channel>" }
            if critical { text += "<sparkle:criticalUpdate/>" }
            if let published { text += "<pubDate>\(ISO8601.text(secondsSinceEpoch: published))</pubDate>" }
            if let interval { text += "<sparkle:phasedRolloutInterval>\(interval)</sparkle:phasedRolloutInterval>" }
            return text + "<enclosure url='\(url)' length='1' type='application/octet-stream'/></item>"
        }

        var description: String { xml }
    }

    /// What one install asks.
    struct Install {
        var current: Int
        var os: (Int, Int)?
        var channels: [String]
        var group: Int?
        var skip: Int?
        var now: Int64
    }

    // MARK: the model

    static func before(_ a: (Int, Int), _ b: (Int, Int)) -> Bool { a.0 != b.0 ? a.0 < b.0 : a.1 < b.1 }

    /// Every filter, as SPEC.md lists them.
    static func passesAll(_ item: Item, _ install: Install) -> Bool {
        passesAllButMinimumOS(item, install) && !needsNewerOS(item, install)
    }

    static func needsNewerOS(_ item: Item, _ install: Install) -> Bool {
        guard let os = install.os, let minimum = item.minimumOS else { return false }
        return before(os, minimum)
    }

    static func passesAllButMinimumOS(_ item: Item, _ install: Install) -> Bool {
        if let channel = item.channel, !install.channels.contains(channel) { return false }
        if let os = install.os, let maximum = item.maximumOS, before(maximum, os) { return false }
        if let group = install.group, !item.critical, let published = item.published, let interval = item.interval,
           install.now < published + Int64(group) * interval { return false }
        if let skip = install.skip, !item.critical, item.build <= skip { return false }
        return true
    }

    /// The best of `items`: the highest build, the first in the file of equals.
    static func best(_ items: [Item]) -> Item? {
        var best: Item?
        for item in items where best == nil || item.build > best!.build { best = item }
        return best
    }

    // MARK: generation

    static func generate(_ random: inout SplitMix64) -> ([Item], Install) {
        let systems = [(10, 9), (10, 11), (10, 13), (10, 15), (11, 0), (14, 0)]
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        let now: Int64 = 1_750_000_000
        var items: [Item] = []
        for index in 0..<Int(random.next() % 9) {
            items.append(Item(
                index: index, build: 100 + Int(random.next() % 6), spelledWithZero: chance(20),
                minimumOS: chance(50) ? pick(systems) : nil, maximumOS: chance(25) ? pick(systems) : nil,
                channel: chance(25) ? pick(["beta", "prerelease"]) : nil, critical: chance(15),
                published: chance(40) ? now - Int64(random.next() % 6) * 86_400 : nil,
                interval: chance(30) ? 86_400 : nil))
        }
        let install = Install(
            current: 99 + Int(random.next() % 6), os: chance(70) ? pick(systems) : nil,
            channels: pick([[], ["beta"], ["prerelease"], ["beta", "prerelease"]]), group: chance(50) ? Int(random.next() % 7) : nil,
            skip: chance(30) ? 100 + Int(random.next() % 6) : nil, now: now)
        return (items, install)
    }

    // MARK: the property

    @Test("random feeds", arguments: 0..<6)
    func decisionMatchesTheModel(block: UInt64) throws {
        var random = SplitMix64(seed: 0x5EED_0000 + block)
        for _ in 0..<60 {
            let (items, install) = Self.generate(&random)
            let body = feed(items.map(\.xml).joined())
            let current = try Version(sparkle: "\(install.current)")
            let osVersion = try install.os.map { try Version("\($0.0).\($0.1)") }
            let context = SourceContext(current: current, appcast: AppcastOptions(
                channels: install.channels, rolloutGroup: install.group, osVersion: osVersion, now: install.now))
            let document = try AppcastFormat.decode(body, context: context)
            var policy = UpdatePolicy(forceOn: .never, skip: try install.skip.map { try Version(sparkle: "\($0)") }, osVersion: osVersion)
            policy.sparkle = true
            policy.comparesBuildNumbers = true
            let decision = try decideUpdate(
                current: current, releases: document.releases, sourceMinimum: nil, policy: policy, now: install.now)

            // Offered: what every filter lets through, one item per build (the first in the file).
            var builds = Set<Int>()
            let offered = items.filter { Self.passesAll($0, install) }.filter { builds.insert($0.build).inserted }
            let newer = offered.filter { $0.build > install.current }
            // When --skip removed every newer item, the highest it removed is named as the
            // latest, skipped: up to date (SPEC.md "Skipping").
            var unskipped = install
            unskipped.skip = nil
            let skipped = newer.isEmpty && install.skip != nil
                ? Self.best(items.filter { $0.build > install.current && $0.build <= install.skip! && !$0.critical && Self.passesAll($0, unskipped) })
                : nil
            let latest = skipped ?? Self.best(offered)
            let shown = "\(items)\ncurrent \(install.current), os \(String(describing: install.os)), channels \(install.channels), "
                + "group \(String(describing: install.group)), skip \(String(describing: install.skip))"
            #expect(decision.latest?.url == latest?.url, "\(shown)")
            let status: UpdateStatus = skipped != nil || newer.isEmpty ? .upToDate : newer.contains(where: \.critical) ? .forced : .optional
            #expect(decision.status == status, "\(shown)")
            // unavailable: the best item above latest and current that only its minimum OS keeps back.
            let floor = max(install.current, latest?.build ?? Int.min)
            let unavailable = install.os == nil ? nil : Self.best(items.filter {
                $0.build > floor && Self.needsNewerOS($0, install) && Self.passesAllButMinimumOS($0, install)
            })
            #expect(decision.unavailable?.url == unavailable?.url, "unavailable: \(shown)")
        }
    }
}

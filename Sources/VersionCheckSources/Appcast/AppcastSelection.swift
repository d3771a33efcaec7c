import VersionCheckCore

/// The appcast options of a check (SPEC.md "Checking for an update", check options).
public struct AppcastOptions: Sendable, Equatable {
    /// `--appcast-version`: which field is the version compared with `--current`.
    public enum VersionField: String, Sendable, Hashable, CaseIterable {
        /// `sparkle:version`, the build (`CFBundleVersion`). The default.
        case build
        /// `sparkle:shortVersionString` (`CFBundleShortVersionString`), else `sparkle:version`.
        case display
    }

    /// `--channel`: channels offered besides the default one.
    public var channels: [String]
    /// `--rollout-group`: 0 to 6; `nil` ignores phased rollout (a check the user asked for).
    public var rolloutGroup: Int?
    public var versionField: VersionField
    /// `--os-version`: with it, items above their `sparkle:maximumSystemVersion` are not
    /// offered. (`sparkle:minimumSystemVersion` is left to the decision, as for every source.)
    public var osVersion: Version?
    /// Seconds since the Unix epoch (phased rollout).
    public var now: Int64

    public init(
        channels: [String] = [], rolloutGroup: Int? = nil, versionField: VersionField = .build,
        osVersion: Version? = nil, now: Int64
    ) {
        self.channels = channels
        self.rolloutGroup = rolloutGroup
        self.versionField = versionField
        self.osVersion = osVersion
        self.now = now
    }
}

/// What an appcast offers one install: releases for `decideUpdate`, and the candidate
/// for `unavailable`.
public struct AppcastOffer: Sendable, Equatable {
    /// The items that pass the channel, phased-rollout, operating-system and maximum
    /// system version filters, as releases, in file order (the decision keeps the first
    /// of equal precedence). Each keeps `sparkle:minimumSystemVersion` as its
    /// `minimumOsVersion`, for the decision's `--os-version` filter.
    public var releases: [Release]
    /// Of `releases`, the highest (the first of equal precedence) above `current` whose
    /// `minimumOsVersion` is above `--os-version`; `nil` without `--os-version`. The
    /// caller reports it as `unavailable` when it is above the decision's `latest` and
    /// `--min-age` offers it (SPEC.md "Decision" 5).
    public var unavailable: Release?

    public init(releases: [Release], unavailable: Release?) {
        self.releases = releases
        self.unavailable = unavailable
    }
}

/// Turns an appcast's items into the releases one install is offered (SPEC.md "Sparkle
/// appcasts"). Pure: the clock and the options are inputs.
public enum AppcastSelection {
    /// The releases `current` is offered, in file order.
    ///
    /// Per item, in this order:
    /// 1. an item whose enclosure names a `sparkle:os` other than `macos` is ignored
    ///    (not even its version is read);
    /// 2. its version (the `versionField`) is read with `Version(sparkle:)`: missing or
    ///    not accepted is an error, whether or not a later filter drops the item;
    /// 3. a channel item is offered only when `options.channels` names its channel;
    /// 4. `critical` is resolved for `current` (`sparkle:version="X"`: only when
    ///    `current` < X), `informational` too (empty: everyone; `belowVersion`: `current`
    ///    below one; `version`: `current` equal to one; no enclosure: always);
    /// 5. phased rollout: with `rolloutGroup` N, a non-critical item with
    ///    `sparkle:phasedRolloutInterval` and a readable `pubDate` is offered only from
    ///    `pubDate + N × interval` on;
    /// 6. with `osVersion`, an item whose `sparkle:maximumSystemVersion` is below it is
    ///    not offered (and not reported as unavailable).
    ///
    /// `current` should be read with `Version(sparkle:)` by the caller; marker versions
    /// (`criticalUpdate`'s and `informationalUpdate`'s) are compared with it as given.
    ///
    /// - Throws: `AppcastError` naming the item (from 1) and the element.
    public static func offer(
        _ appcast: Appcast, current: Version, options: AppcastOptions
    ) throws(AppcastError) -> AppcastOffer {
        var releases: [Release] = []
        releases.reserveCapacity(appcast.items.count)
        var unavailable: Release?
        for item in appcast.items {
            guard let release = try release(for: item, current: current, options: options), release.heldBack == nil else {
                continue
            }
            releases.append(release)
            if let osVersion = options.osVersion, release.version > current, needsNewerSystem(item, than: osVersion),
               unavailable.map({ release.version > $0.version }) ?? true {
                unavailable = release
            }
        }
        return AppcastOffer(releases: releases, unavailable: unavailable)
    }

    /// The release `item` is for `current`, or nil when it is none (steps 1 to 6 of
    /// `offer`). A release the channel or phased rollout keeps back is returned marked
    /// (`heldBack`): the decision does not offer it, and reports it when it is newest.
    public static func release(
        for item: AppcastItem, current: Version, options: AppcastOptions
    ) throws(AppcastError) -> Release? {
        var explanation: Explanation?
        return try release(for: item, current: current, options: options, explaining: &explanation)
    }

    /// `release(for:current:options:)`, noting in `explanation` (`--explain`) an item it
    /// leaves out: for another `sparkle:os`, a delta, above `sparkle:maximumSystemVersion`.
    /// (The channel and phased rollout only mark a release; the decision notes it when it
    /// leaves it out.)
    public static func release(
        for item: AppcastItem, current: Version, options: AppcastOptions, explaining explanation: inout Explanation?
    ) throws(AppcastError) -> Release? {
        guard item.isForMacOS else {
            explanation?.list("sparkle:os left out", "item \(item.index + 1)", why: item.os.map { "for \($0)" })
            return nil
        }
        // A delta on its own is not a release (Sparkle: an invalid item).
        guard !item.isDelta else {
            explanation?.list("deltas left out (an item whose enclosure is a delta is no release):", "item \(item.index + 1)")
            return nil
        }
        let version = try comparedVersion(of: item, field: options.versionField)
        var heldBack: HeldBack?
        if let channel = item.channel, !options.channels.contains(channel) {
            heldBack = HeldBack(.channel, detail: channel)
        }
        let critical = try isCritical(item, current: current)
        if heldBack == nil, !critical, let from = rolloutStart(item, group: options.rolloutGroup), options.now < from {
            heldBack = HeldBack(.phasedRollout, until: ISO8601.text(secondsSinceEpoch: from))
        }
        if let osVersion = options.osVersion, try isAboveMaximum(item, osVersion: osVersion) {
            explanation?.list(
                "--os-version \(osVersion) left out", version.description,
                why: item.maximumSystemVersion.map { "sparkle:maximumSystemVersion \($0)" })
            return nil
        }
        let informational = try isInformational(item, current: current)
        var majorUpgradeFrom: String?
        if let text = item.minimumAutoupdateVersion, !text.isEmpty,
           current < (try sparkleVersion(text, item: item, element: "sparkle:minimumAutoupdateVersion")) {
            majorUpgradeFrom = text
        }
        return Release(
            // A `pubDate` that is no date leaves the release undated (SPEC.md, the `date` row).
            version: version, notes: item.notes, date: item.published == nil ? nil : item.pubDate, critical: critical,
            minimumOsVersion: item.minimumSystemVersion,
            // Nothing to install: the item's link, else the channel's, never an enclosure.
            url: informational ? item.link ?? item.channelLink : item.url,
            displayVersion: item.shortVersion, notesUrl: item.notesUrl, informational: informational,
            notesFormat: item.notesFormat, title: item.title, infoUrl: item.link, fullNotesUrl: item.fullNotesUrl,
            majorUpgradeFrom: majorUpgradeFrom, heldBack: heldBack)
    }

    /// The version compared with `current`, read as Sparkle reads it.
    static func comparedVersion(of item: AppcastItem, field: AppcastOptions.VersionField) throws(AppcastError) -> Version {
        let element: String
        let text: String?
        switch field {
        case .build:
            (element, text) = ("sparkle:version", item.version)
        case .display:
            element = item.shortVersion == nil ? "sparkle:version" : "sparkle:shortVersionString"
            text = item.shortVersion ?? item.version
        }
        guard let text, !text.isEmpty else {
            let missing = field == .build ? "sparkle:version" : "sparkle:shortVersionString or sparkle:version"
            throw .missingVersion(item: item.index, element: missing)
        }
        // A display version spelled `v0.64.0` compares as `0.64.0` (SPEC.md "Sparkle appcasts").
        return try sparkleVersion(text, item: item, element: element, display: element == "sparkle:shortVersionString")
    }

    static func isCritical(_ item: AppcastItem, current: Version) throws(AppcastError) -> Bool {
        switch item.critical {
        case .none: return false
        case .always: return true
        case .below(let text):
            return current < (try sparkleVersion(text, item: item, element: "sparkle:criticalUpdate sparkle:version"))
        }
    }

    static func isInformational(_ item: AppcastItem, current: Version) throws(AppcastError) -> Bool {
        if !item.hasEnclosure { return true }
        switch item.informational {
        case .none: return false
        case .everyone: return true
        case .forVersions(let below, let exact):
            for text in below where current < (try sparkleVersion(text, item: item, element: "sparkle:belowVersion")) {
                return true
            }
            for text in exact where current == (try sparkleVersion(text, item: item, element: "sparkle:informationalUpdate sparkle:version")) {
                return true
            }
            return false
        }
    }

    /// Phased rollout: offered from `pubDate + group × interval` on; always (nil) without
    /// a group, an interval or a readable date (as Sparkle).
    static func rolloutStart(_ item: AppcastItem, group: Int?) -> Int64? {
        guard let group, let interval = item.phasedRolloutInterval, let published = item.published else { return nil }
        // Out of range either way: never (a huge interval) or always (a huge negative one).
        let (wait, overflow) = interval.multipliedReportingOverflow(by: Int64(group))
        if overflow { return interval < 0 ? nil : Int64.max }
        let (start, late) = published.addingReportingOverflow(wait)
        if late { return wait < 0 ? nil : Int64.max }
        return max(start, -Int64.max)
    }

    /// `sparkle:maximumSystemVersion` below `osVersion`. A blank one counts as absent.
    static func isAboveMaximum(_ item: AppcastItem, osVersion: Version) throws(AppcastError) -> Bool {
        guard let text = item.maximumSystemVersion, !text.isEmpty else { return false }
        guard let maximum = try? Version(text) else {
            throw .invalidSystemVersion(item: item.index, element: "sparkle:maximumSystemVersion", text: text)
        }
        return osVersion > maximum
    }

    /// `sparkle:minimumSystemVersion` above `osVersion` (an unreadable one is the
    /// decision's error to report).
    static func needsNewerSystem(_ item: AppcastItem, than osVersion: Version) -> Bool {
        guard let text = item.minimumSystemVersion, let minimum = try? Version(text) else { return false }
        return minimum > osVersion
    }

    private static func sparkleVersion(
        _ text: String, item: AppcastItem, element: String, display: Bool = false
    ) throws(AppcastError) -> Version {
        do {
            return display ? try Version(sparkleDisplay: text) : try Version(sparkle: text)
        } catch {
            throw .invalidVersion(item: item.index, element: element, error)
        }
    }
}

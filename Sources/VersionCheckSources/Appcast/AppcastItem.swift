import VersionCheckCore

/// A Sparkle appcast as read: its items in file order, each with the text the feed
/// gives (nothing judged yet). `AppcastSelection` turns it into releases.
public struct Appcast: Sendable, Equatable {
    public var items: [AppcastItem]

    public init(items: [AppcastItem]) {
        self.items = items
    }
}

/// One `<channel><item>`, as the feed spells it (SPEC.md "Sparkle appcasts", field table).
/// Where Sparkle 1 puts a value in an attribute of `<enclosure>` and Sparkle 2 in an
/// element of `<item>`, the enclosure's attribute wins. Of elements given more than
/// once, the first without `xml:lang` counts, else the first.
public struct AppcastItem: Sendable, Equatable {
    /// Position among the feed's items, from 0 (messages say `item N`, from 1).
    public var index: Int
    /// `sparkle:version`: the build (`CFBundleVersion`), trimmed.
    public var version: String?
    /// `sparkle:shortVersionString`: the version users see, trimmed.
    public var shortVersion: String?
    /// `<description>` as given (its CDATA or entity escaping undone, markup kept).
    public var notes: String?
    /// `<description sparkle:format>`: `html` when absent or unknown, as in Sparkle.
    public var notesFormat: NotesFormat
    /// `sparkle:releaseNotesLink`.
    public var notesUrl: String?
    /// `<pubDate>` as ISO 8601 UTC text; as given (trimmed) when it is not a date
    /// `PubDate` reads (then `published` is nil, and the release has no date).
    public var pubDate: String?
    /// `<pubDate>` in seconds since the Unix epoch, when `PubDate` reads it.
    public var published: Int64?
    /// `<enclosure url>`, else the item's `<link>`, else the channel's `<link>`.
    public var url: String?
    /// The item's `<link>` (http or https; resolved), else nil.
    public var link: String?
    /// The channel's `<link>` when the item has neither an enclosure nor a link of its own
    /// (then also its `url`), or is informational (its `url` then).
    public var channelLink: String?
    /// `<title>`, trimmed.
    public var title: String?
    /// `sparkle:fullReleaseNotesLink` (http or https; resolved).
    public var fullNotesUrl: String?
    /// `sparkle:minimumAutoupdateVersion`, trimmed.
    public var minimumAutoupdateVersion: String?
    /// The item's own enclosure is a delta (`sparkle:deltaFrom` on it): not a release.
    public var isDelta = false
    public var minimumSystemVersion: String?
    public var maximumSystemVersion: String?
    public var critical: CriticalMarker
    public var informational: InformationalMarker
    /// The item has an `<enclosure>` (one without is informational).
    public var hasEnclosure: Bool
    /// `sparkle:channel`; `nil` when absent, empty or not a valid channel name (Sparkle
    /// ignores such a channel too).
    public var channel: String?
    /// `sparkle:phasedRolloutInterval` in seconds; `nil` when absent or not a number.
    public var phasedRolloutInterval: Int64?
    /// `<enclosure sparkle:os>`: `nil` (macOS) or the system named.
    public var os: String?

    public init(
        index: Int, version: String? = nil, shortVersion: String? = nil, notes: String? = nil,
        notesFormat: NotesFormat = .html, notesUrl: String? = nil, pubDate: String? = nil, published: Int64? = nil,
        url: String? = nil, minimumSystemVersion: String? = nil, maximumSystemVersion: String? = nil,
        critical: CriticalMarker = .none, informational: InformationalMarker = .none, hasEnclosure: Bool = true,
        channel: String? = nil, phasedRolloutInterval: Int64? = nil, os: String? = nil
    ) {
        self.index = index
        self.version = version
        self.shortVersion = shortVersion
        self.notes = notes
        self.notesFormat = notesFormat
        self.notesUrl = notesUrl
        self.pubDate = pubDate
        self.published = published
        self.url = url
        self.minimumSystemVersion = minimumSystemVersion
        self.maximumSystemVersion = maximumSystemVersion
        self.critical = critical
        self.informational = informational
        self.hasEnclosure = hasEnclosure
        self.channel = channel
        self.phasedRolloutInterval = phasedRolloutInterval
        self.os = os
    }

    /// Whether the item is for macOS: no `sparkle:os`, or `macos`.
    public var isForMacOS: Bool { os == nil || os == "macos" }
}

/// `sparkle:criticalUpdate` (also Sparkle 1's `<sparkle:tags><sparkle:criticalUpdate/>`).
public enum CriticalMarker: Sendable, Equatable {
    /// Not critical.
    case none
    /// Critical for everyone.
    case always
    /// `sparkle:version="X"`: critical only when the current version is below X.
    case below(String)
}

/// `sparkle:informationalUpdate`.
public enum InformationalMarker: Sendable, Equatable {
    /// Not informational (unless the item has no enclosure).
    case none
    /// An empty element: informational for everyone.
    case everyone
    /// Children: `sparkle:belowVersion` (informational when the current version is below
    /// one) and `sparkle:version` (when it equals one).
    case forVersions(below: [String], exact: [String])
}

/// Channel names as Sparkle accepts them: letters, digits, `.`, `_` and `-`, at least one.
public enum AppcastChannelName {
    public static func isValid(_ name: some StringProtocol) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
    }
}

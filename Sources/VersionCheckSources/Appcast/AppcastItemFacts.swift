/// What `lint` needs to know of an appcast item beyond what a check reads (SPEC.md
/// "Checking a feed before publishing"): where the item is, and the text of the fields
/// a check reads leniently or drops, as the feed gives it. `AppcastReader` records it only
/// when asked (`read(_:base:recordingFacts:each:)`), so a check pays nothing for it.
struct AppcastItemFacts: Sendable {
    /// The line of the item's `<item>` start tag (the line its `>` is on), from 1.
    var line: Int
    /// `sparkle:channel` as given (trimmed), even when it is not a valid channel name
    /// (the item's `channel` is then nil, as Sparkle ignores it).
    var channel: String?
    /// `sparkle:phasedRolloutInterval` as given (trimmed).
    var phasedRolloutInterval: String?
    /// `<pubDate>` as given (trimmed), even when it is a date.
    var pubDate: String?
    /// The attributes of the item's `<enclosure>` (the one a check reads), nil without one.
    var enclosure: [XMLAttribute]?
    /// `<enclosure url>` resolved as a check resolves it, whatever its scheme (a check
    /// refuses the feed for one that is not http or https; `lint` reports it).
    var enclosureURL: String?
    /// The attributes of each `<enclosure>` inside `sparkle:deltas`, in file order.
    var deltas: [[XMLAttribute]] = []
    /// The item's release-notes and info links, resolved, whatever their scheme (a check
    /// drops those that are not http or https).
    var links: [Link] = []

    /// A link and the element it was read from.
    struct Link: Sendable, Equatable {
        /// `sparkle:releaseNotesLink`, `sparkle:fullReleaseNotesLink` or `link`.
        var element: String
        var url: String
    }

    /// The value of the attribute `local`: of Sparkle's namespace when `sparkle`, else
    /// without a namespace.
    static func attribute(_ local: String, sparkle: Bool, in attributes: [XMLAttribute]?) -> String? {
        attributes?.first { sparkle ? $0.name.isSparkle(local) : $0.name.isPlain(local) }?.value
    }
}

/// Line numbers of byte offsets met in increasing order, counted incrementally: each
/// byte is looked at once, however many offsets are asked about.
struct LineCounter {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The line (from 1) of the byte at `offset`, which is at or after the last one asked
    /// about.
    mutating func line(at offset: Int) -> Int {
        let end = min(max(offset, position), bytes.count)
        var newlines = 0
        bytes.withUnsafeBufferPointer { buffer in
            for index in position..<end where buffer[index] == 0x0A { newlines += 1 }
        }
        line += newlines
        position = end
        return line
    }
}

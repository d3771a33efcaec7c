import VersionCheckCore

/// A Sparkle appcast: the RSS feed most Mac apps outside the App Store announce their
/// updates in (SPEC.md "Sparkle appcasts"). `AppcastReader` reads the items;
/// `AppcastSelection` offers the ones this install may take, with Sparkle's rules.
public enum AppcastFormat: ManifestFormat {
    public static let name = "a Sparkle appcast"

    /// `<rss` as the first element.
    public static func sniff(_ body: [UInt8]) -> Bool { AppcastReader.sniff(body) }

    /// Versions in a feed, and `--current`, `--skip`, `--minimum` against it, read as Sparkle reads them.
    public static var versionReading: VersionReading { .sparkle }

    /// The items this install is offered (channels, phased rollout, other systems,
    /// maximum system version), critical and informational resolved for `context.current`.
    public static func decode(_ body: [UInt8], context: SourceContext) throws(BodyError) -> SourceDocument {
        var unrecorded: [UInt8]?
        return try decode(body, context: context, recording: &unrecorded)
    }

    /// `decode(_:context:)`, appending each item as `AppcastItemCoding` writes it to
    /// `recording` while it is not nil; set to nil when the items pass
    /// `AppcastItemCoding.maximumSize` or the feed is refused (nothing worth keeping).
    public static func decode(
        _ body: [UInt8], context: SourceContext, recording: inout [UInt8]?
    ) throws(BodyError) -> SourceDocument {
        var selection = try Selection(context: context, capacity: body.count / 48 + 1)
        var recorded = recording
        recording = nil
        do throws(AppcastError) {
            try AppcastReader.read(body, base: context.base) { item throws(AppcastError) in
                if recorded != nil {
                    AppcastItemCoding.append(item, to: &recorded!)
                    if recorded!.count > AppcastItemCoding.maximumSize { recorded = nil }
                }
                selection.take(item)
            }
        } catch {
            throw BodyError(error.description)
        }
        let document = try selection.document()
        recording = recorded
        return document
    }

    /// The document for `items` as `AppcastReader` read them (`AppcastItemCoding.items`
    /// of what `decode(_:context:recording:)` recorded): the same selection, without the XML.
    public static func decode(items: [AppcastItem], context: SourceContext) throws(BodyError) -> SourceDocument {
        var selection = try Selection(context: context, capacity: items.count)
        for item in items { selection.take(item) }
        return try selection.document()
    }

    /// The releases offered, item by item, for either source of items.
    private struct Selection {
        let current: Version
        let options: AppcastOptions
        var releases: [Release] = []
        // An item the selection refuses is reported once the whole feed has been read: a
        // feed that is not well-formed is refused as such wherever its items go wrong, as
        // Sparkle (which parses the document first) and `AppcastReader.read` + `offer` do.
        var refusal: AppcastError?
        /// `-v` lines: the first `noticeLimit` items whose `pubDate` is no date, then how many more.
        var notices: [String] = []
        var unreadDates = 0
        static let noticeLimit = 3
        /// `--explain`: what the selection left out; nil without it.
        var explanation: Explanation?
        var itemCount = 0

        init(context: SourceContext, capacity: Int) throws(BodyError) {
            // Without a current version (a reader that only decodes), as for an install of 0.
            current = context.current ?? Version.zero
            options = context.appcast
            if context.explaining { explanation = Explanation() }
            // Address space for the most items the body can hold (about 50 bytes each); the
            // pages are touched as releases arrive, and the array never copies itself.
            releases.reserveCapacity(capacity)
        }

        mutating func take(_ item: AppcastItem) {
            guard refusal == nil else { return }
            itemCount += 1
            do throws(AppcastError) {
                if let release = try AppcastSelection.release(
                    for: item, current: current, options: options, explaining: &explanation) {
                    if let text = item.pubDate, item.published == nil { noteUnreadDate(text, item: item.index, release: release) }
                    releases.append(release)
                }
            } catch {
                refusal = error
                releases = []
            }
        }

        mutating func noteUnreadDate(_ text: String, item: Int, release: Release) {
            unreadDates += 1
            guard unreadDates <= Self.noticeLimit else { return }
            let shown = Excerpt.quoted(TerminalText.dotted(text))
            notices.append(
                "item \(item + 1) (\(release.version)): pubDate \(shown) is not a date (RFC 822 or ISO 8601): read as undated")
        }

        func document() throws(BodyError) -> SourceDocument {
            if let refusal { throw BodyError(refusal.description) }
            var document = SourceDocument(releases: releases)
            document.notices = notices
            if let explanation {
                var explained = Explanation()
                explained.note("the appcast lists \(itemCount) \(itemCount == 1 ? "item" : "items"); \(releases.count) are releases for this install")
                explained.append(explanation)
                document.explanation = explained
            }
            if unreadDates > Self.noticeLimit {
                document.notices.append("\(unreadDates - Self.noticeLimit) more items have a pubDate that is not a date")
            }
            return document
        }
    }

    public static let documentation = FormatDocumentation(
        title: "Sparkle appcast",
        paragraphs: [
            "The RSS feed Sparkle reads: each <channel><item> is one release. Elements of Sparkle's namespace "
                + "(http://www.andymatuschak.org/xml-namespaces/sparkle) are matched by namespace, whatever the prefix; "
                + "Sparkle 1's <enclosure> attributes win over Sparkle 2's elements. Versions compare exactly as "
                + "Sparkle 2's SUStandardVersionComparator compares them (2.0a1 < 2.0b3 < 2.0b10 < 2.0rc1 < 2.0; 1.0 "
                + "(1234) < 1.0 (1235); text from the first '-' on is ignored), in the feed and for --current, --skip "
                + "and --minimum; a display version spelled v0.64.0 compares as 0.64.0. Of items of equal version that "
                + "every filter offers, the first in the feed wins. --force-on defaults to never: only critical items, a minimum or an explicit "
                + "--force-on force. Build numbers name no level; with --current-from (or --appcast-version display) "
                + "levels are computed on the display versions.",
            "Offered besides --os-version and --min-age: items of no channel, or of a --channel; with "
                + "--rollout-group N, a phased item from pubDate + N x sparkle:phasedRolloutInterval on (critical items "
                + "ignore phasing); not items for another sparkle:os, nor above sparkle:maximumSystemVersion, nor an "
                + "item whose own enclosure is a delta (sparkle:deltaFrom). The newest release kept back by a channel, "
                + "phased rollout, --min-age or a major upgrade is reported (heldBack; text 'newer: … held back (…)'). "
                + "--skip X removes every item at or below X that is not critical.",
            "Major upgrades: an item whose sparkle:minimumAutoupdateVersion is above --current cannot update "
                + "automatically; when an item that is not one is newer than --current, the highest of those is the "
                + "latest and the major upgrade is held back. An informational latest has nothing to install: its url "
                + "is its <link>, and the text says so; installable names what can be installed. Links are resolved "
                + "against xml:base, else the feed's URL (a local file's stay relative); only http and https links are "
                + "reported, and an enclosure of another scheme makes the feed a bad response (76). A document type "
                + "declaration is refused (76); no entity is expanded.",
        ],
        fields: [
            ("sparkle:version", "The version (the build); --appcast-version display compares sparkle:shortVersionString."),
            ("sparkle:shortVersionString", "displayVersion; headings show 5.2.9 (5209)."),
            ("description", "The notes; HTML shown as text (sparkle:format plain-text or markdown as given)."),
            ("sparkle:releaseNotesLink", "notesUrl."),
            ("pubDate", "The date (RFC 822, also GMT+2 or +01:00, or ISO 8601), output as ISO 8601 UTC; other text is no date (-v names it)."),
            ("enclosure url, link", "url."),
            ("sparkle:minimumSystemVersion", "minimumOsVersion (--os-version)."),
            ("sparkle:criticalUpdate", "Critical (forced); with sparkle:version=X only when --current is below X."),
            ("sparkle:informationalUpdate", "Informational (never forced by its level): for everyone, belowVersion or exact versions; an item without an enclosure too."),
            ("sparkle:channel", "Offered only with --channel NAME."),
            ("sparkle:minimumAutoupdateVersion", "Above --current: a major upgrade (majorUpgrade)."),
            ("sparkle:fullReleaseNotesLink", "fullNotesUrl."),
            ("link, title", "infoUrl and title."),
        ],
        example: [
            #"<rss xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle">"#,
            #"<channel><item>"#,
            #"  <sparkle:version>5209</sparkle:version>"#,
            #"  <sparkle:shortVersionString>5.2.9</sparkle:shortVersionString>"#,
            #"  <pubDate>Tue, 10 Jun 2025 12:00:00 +0000</pubDate>"#,
            #"  <enclosure url="https://example.com/App-5.2.9.zip" length="1" type="x"/>"#,
            #"</item></channel></rss>"#,
        ])
}

import VersionCheckCore

/// Reads a Sparkle appcast (RSS 2.0 with Sparkle's namespace) into its items, in one pass
/// of `XMLScanner` (so: no DOCTYPE, no entity beyond XML's five and character
/// references, nesting at most 128 with `<rss>` as level 1, linear time).
///
/// Items are `/rss/channel/item`. Sparkle's elements and attributes are matched by
/// namespace URI whatever the prefix, and, as Sparkle does for old feeds, by the name
/// `sparkle:…` when that prefix is not declared.
public enum AppcastReader {
    /// Sparkle's namespace.
    public static let sparkleNamespace = "http://www.andymatuschak.org/xml-namespaces/sparkle"

    /// Whether `body` is an appcast: its first element (after a byte order mark, white
    /// space, the XML declaration, comments and processing instructions) is `<rss`.
    public static func sniff(_ body: [UInt8]) -> Bool {
        var index = ByteText.startSkippingByteOrderMark(body)
        while true {
            while index < body.count, ByteText.isWhitespace(body[index]) { index += 1 }
            let rest = body[index...]
            if rest.starts(with: "<?".utf8) || rest.starts(with: "<!--".utf8) {
                let terminator: [UInt8] = rest.starts(with: "<?".utf8) ? Array("?>".utf8) : Array("-->".utf8)
                guard let end = firstRange(of: terminator, in: body, from: index + 2) else { return false }
                index = end
                continue
            }
            if ByteText.startsIgnoringASCIICase(rest, with: "<!doctype") {
                // An appcast with a document type declaration is still an appcast: the reader
                // refuses the declaration and says so (not "not a valid property list").
                guard let end = doctypeEnd(body, from: index + 9) else { return false }
                if end.isRSS { return true }
                index = end.position
                continue
            }
            guard rest.starts(with: "<rss".utf8) else { return false }
            let after = index + 4
            return after == body.count || ByteText.isWhitespace(body[after]) || body[after] == UInt8(ascii: ">")
                || body[after] == UInt8(ascii: "/")
        }
    }

    /// Of a `<!DOCTYPE` whose name starts at or after `start`: whether the name is `rss`,
    /// and the position after its closing `>` (an internal subset in brackets skipped).
    private static func doctypeEnd(_ body: [UInt8], from start: Int) -> (isRSS: Bool, position: Int)? {
        var index = start
        while index < body.count, ByteText.isWhitespace(body[index]) { index += 1 }
        if ByteText.startsIgnoringASCIICase(body[index...], with: "rss") {
            let after = index + 3
            if after == body.count || ByteText.isWhitespace(body[after]) || body[after] == UInt8(ascii: ">")
                || body[after] == UInt8(ascii: "[") {
                return (true, after)
            }
        }
        var depth = 0
        while index < body.count {
            switch body[index] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0: return (false, index + 1)
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The position after the first `pattern` at or after `start`.
    private static func firstRange(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var position = start
        while position + pattern.count <= bytes.count {
            if bytes[position] == pattern[0], bytes[position..<position + pattern.count].elementsEqual(pattern) {
                return position + pattern.count
            }
            position += 1
        }
        return nil
    }

    /// The feed's items in file order.
    ///
    /// - Throws: `AppcastError.malformed` (with the XML problem and its line),
    ///   `.notAnAppcast` when the root is not `<rss>`, `.noChannel`.
    public static func read(_ body: [UInt8], base: String? = nil) throws(AppcastError) -> Appcast {
        var items: [AppcastItem] = []
        try read(body, base: base) { item in items.append(item) }
        return Appcast(items: items)
    }

    /// Hands each item to `take` in file order as soon as it is read, so a feed of
    /// 100,000 items never lives as a list of items (an item whose URL falls back on
    /// the channel's `<link>` waits for the channel's end, and so do the items after it).
    ///
    /// Links (`url`, `notesUrl`, `fullNotesUrl`, `link`) are resolved against `xml:base`
    /// where given, else against `base` (the feed's URL; nil for a local file: relative
    /// links then stay relative). A notes or info link of another scheme than http or
    /// https is dropped; an enclosure of another scheme refuses the feed, as in Sparkle.
    public static func read(
        _ body: [UInt8], base: String? = nil, each take: (AppcastItem) throws(AppcastError) -> Void
    ) throws(AppcastError) {
        try read(body, base: base, recordingFacts: false) { item, _ throws(AppcastError) in try take(item) }
    }

    /// `read(_:base:each:)`, handing each item with its `AppcastItemFacts` when
    /// `recordingFacts` (for `lint`; else nil, and nothing more is recorded). While
    /// recording, an enclosure that is not http or https is no refusal: the facts carry it.
    static func read(
        _ body: [UInt8], base: String?, recordingFacts: Bool,
        each take: (AppcastItem, AppcastItemFacts?) throws(AppcastError) -> Void
    ) throws(AppcastError) {
        var scanner = XMLScanner(body)
        var walk = Walk(base: base, recordingFacts: recordingFacts, body: body)
        var lines = recordingFacts ? LineCounter(body) : nil
        while true {
            let event: XMLEvent?
            do {
                event = try scanner.next()
            } catch {
                throw .malformed(error)
            }
            guard let event else { break }
            if lines != nil, case .start = event, scanner.depth == 3 {
                walk.line = lines!.line(at: scanner.offset)
            }
            try walk.take(event, depth: scanner.depth, each: take)
        }
        guard walk.sawChannel else { throw .noChannel }
    }

    /// `UnsafeRawBufferPointer` input (copied once).
    public static func read(_ buffer: UnsafeRawBufferPointer) throws(AppcastError) -> Appcast {
        try read(Array(buffer))
    }
}

// MARK: - the walk over events

/// Depths: 1 `<rss>`, 2 `<channel>`, 3 `<item>` and the channel's `<link>`, 4 an item's
/// fields, 5 the children of `sparkle:tags` and `sparkle:informationalUpdate`.
private struct Walk {
    /// Items read so far (numbers them).
    private var count = 0
    /// From the first item of the current channel that needs the channel's link for its
    /// URL before the link was seen, every item of that channel takes the channel's final
    /// link (its value at `</channel>`), as if held until then: the links are looked up
    /// ahead (`finalChannelLinks`), once, so that no item is held (600,000 held items
    /// were 240 MiB).
    private var takesFinalLink = false
    /// Each channel's link at its end, in document order, once looked up.
    private var finalLinks: [String?]?
    /// Which channel is read (from 0).
    private var channelIndex = -1
    /// The whole document, for the look-ahead.
    private let body: [UInt8]
    /// Only the channels' links are read (the look-ahead): items are skipped.
    private var linksOnly = false
    var sawChannel = false
    private var inChannel = false
    private var channelLink: Chosen<String> = Chosen()
    private var item: ItemFields?
    /// The element whose text is being gathered, at depth 3 (channel link) or 4 (a field).
    private var field: (name: XMLName, attributes: [XMLAttribute], text: String)?
    /// A child of `sparkle:informationalUpdate` being read, and its text.
    private var child: (name: XMLName, text: String)?
    /// The base URI at depths 0 (the feed's URL) to 4, `xml:base` applied at each.
    private var bases: [LinkBase?]
    /// Whether items carry their `AppcastItemFacts` (for `lint`).
    private let recordingFacts: Bool
    /// While recording facts: the line of the latest start tag at depth 3.
    var line = 0

    init(base: String?, recordingFacts: Bool, body: [UInt8]) {
        let parsed = base.map(LinkBase.init)
        bases = [parsed, parsed, parsed, parsed, parsed]
        self.recordingFacts = recordingFacts
        self.body = body
    }

    /// Each channel's link as a walk has it at `</channel>`, in document order: one walk
    /// that reads nothing of the items. Where the document stops being well-formed, the
    /// channels read so far (the main walk then fails there too).
    private static func finalChannelLinks(in body: [UInt8], base: String?) -> [String?] {
        var scanner = XMLScanner(body)
        var walk = Walk(base: base, recordingFacts: false, body: [])
        walk.linksOnly = true
        walk.finalLinks = []
        while let event = try? scanner.next() {
            try? walk.take(event, depth: scanner.depth) { _, _ throws(AppcastError) in }
        }
        return walk.finalLinks ?? []
    }

    /// The base URL the walk was given (the feed's URL).
    private var feedBase: String? { bases[0]?.text }

    /// The base URI of an element at `depth` (1 to 4) with `attributes`, from its parent's.
    private mutating func enter(depth: Int, attributes: [XMLAttribute]) {
        guard depth >= 1, depth <= 4 else { return }
        let parent = bases[depth - 1]
        if let given = attributes.first(where: { $0.name.uri == XMLName.xmlNamespace && $0.name.local == "base" })?.value {
            bases[depth] = LinkBase(AppcastLinks.resolve(given.trimmedXMLSpace, against: parent).text)
        } else {
            bases[depth] = parent
        }
    }

    typealias Take = (AppcastItem, AppcastItemFacts?) throws(AppcastError) -> Void

    mutating func take(_ event: XMLEvent, depth: Int, each take: Take) throws(AppcastError) {
        switch event {
        case .start(let name, let attributes):
            try start(name, attributes, depth: depth)
        case .end(let name):
            try end(name, depth: depth + 1, each: take)
        case .text(let text):
            if child != nil { child?.text += text }
            if field != nil { field?.text += text }
        }
    }

    private mutating func start(_ name: XMLName, _ attributes: [XMLAttribute], depth: Int) throws(AppcastError) {
        enter(depth: depth, attributes: attributes)
        switch depth {
        case 1:
            guard name.isPlain("rss") else { throw .notAnAppcast(root: name.qualified) }
        case 2:
            if name.isPlain("channel") {
                sawChannel = true
                inChannel = true
                channelLink = Chosen()
                channelIndex += 1
                takesFinalLink = false
            }
        case 3:
            guard inChannel else { return }
            if name.isPlain("item") {
                if !linksOnly { item = ItemFields(index: count, base: bases[3], line: recordingFacts ? line : nil) }
            } else if name.isPlain("link") {
                field = (name, attributes, "")
            }
        case 4:
            guard item != nil else { return }
            field = (name, attributes, "")
        case 5:
            guard let field, item != nil else { return }
            if recordingFacts, field.name.isSparkle("deltas"), name.isPlain("enclosure") {
                item?.facts?.deltas.append(attributes)
            } else if field.name.isSparkle("tags"), name.isSparkle("criticalUpdate") {
                item?.taggedCritical = true
            } else if field.name.isSparkle("informationalUpdate"), name.isSparkle("version") || name.isSparkle("belowVersion") {
                child = (name, "")
            }
        default:
            break
        }
    }

    /// `depth` is the depth the element had while open.
    private mutating func end(_ name: XMLName, depth: Int, each take: Take) throws(AppcastError) {
        switch depth {
        case 2:
            if name.isPlain("channel") {
                inChannel = false
                if linksOnly { finalLinks?.append(channelLink.value) }
            }
        case 3:
            if let done = item, name.isPlain("item") {
                var (read, facts) = try done.item()
                count += 1
                item = nil
                // The channel's link is known once the channel's `<link>` came before the item.
                if read.link == nil, let link = channelLink.value {
                    read.channelLink = link
                    if read.url == nil { read.url = link }
                }
                // Held for the channel's link only when it may need it: no URL at all, or
                // informational (whose URL is a link, never an enclosure) without a link.
                let informational: Bool
                if case .none = read.informational { informational = !read.hasEnclosure } else { informational = true }
                let needsChannelLink = read.url == nil || (informational && read.link == nil && read.channelLink == nil)
                if takesFinalLink || needsChannelLink {
                    takesFinalLink = true
                    if finalLinks == nil { finalLinks = Self.finalChannelLinks(in: body, base: feedBase) }
                    let link = finalLinks.flatMap { $0.indices.contains(channelIndex) ? $0[channelIndex] : nil }
                    read.channelLink = link
                    if read.url == nil { read.url = link }
                }
                try take(read, facts)
            } else if let done = field, item == nil {
                if let link = AppcastLinks.web(done.text.trimmedXMLSpace, against: bases[3]) {
                    channelLink.offer(link, attributes: done.attributes)
                }
                field = nil
            }
        case 4:
            if let done = field, let item {
                item.take(done.name, done.attributes, text: done.text, base: bases[4])
                field = nil
            }
        case 5:
            if let done = child {
                let text = done.text.trimmedXMLSpace
                item?.informationalVersions(add: text, below: done.name.isSparkle("belowVersion"))
                child = nil
            }
        default:
            break
        }
    }
}

/// The fields of one item while it is read: a class, so that the walk updates one
/// object in place rather than a large value held in an optional.
private final class ItemFields {
    let index: Int
    var version = Chosen<String>()
    var shortVersion = Chosen<String>()
    var description = Chosen<(text: String, format: NotesFormat)>()
    var notesUrl = Chosen<String>()
    var pubDate = Chosen<String>()
    var link = Chosen<String>()
    var enclosure = Chosen<[XMLAttribute]>()
    var minimumSystemVersion = Chosen<String>()
    var maximumSystemVersion = Chosen<String>()
    var criticalElement = Chosen<[XMLAttribute]>()
    var taggedCritical = false
    var informational: InformationalMarker = .none
    var channel = Chosen<String>()
    var phasedRolloutInterval = Chosen<String>()
    var title = Chosen<String>()
    var fullNotesUrl = Chosen<String>()
    var minimumAutoupdateVersion = Chosen<String>()
    /// The enclosure's base URI (its `url` is resolved against it).
    var enclosureBase: LinkBase?
    /// The item's base URI.
    let base: LinkBase?
    /// Whether `facts` are recorded (a constant: a check's reading tests it for free,
    /// where testing the variable `facts` would cost an exclusive access each time).
    let recording: Bool
    /// What `lint` needs besides, when recording (`AppcastReader.read(_:base:recordingFacts:each:)`).
    var facts: AppcastItemFacts?
    /// While recording: the links as given, whatever their scheme.
    private var notesLinkGiven = Chosen<String>(), fullNotesLinkGiven = Chosen<String>(), linkGiven = Chosen<String>()

    /// `line`: the line of the `<item>` tag when recording facts, else nil.
    init(index: Int, base: LinkBase?, line: Int?) {
        self.index = index
        self.base = base
        recording = line != nil
        facts = line.map { AppcastItemFacts(line: $0) }
    }

    func take(_ name: XMLName, _ attributes: [XMLAttribute], text: String, base: LinkBase?) {
        let trimmed = text.trimmedXMLSpace
        if recording { recordLink(name, attributes, trimmed, base: base) }
        if name.isPlain("title") {
            title.offer(trimmed, attributes: attributes)
        } else if name.isSparkle("fullReleaseNotesLink") {
            if let link = AppcastLinks.web(trimmed, against: base) { fullNotesUrl.offer(link, attributes: attributes) }
        } else if name.isSparkle("minimumAutoupdateVersion") {
            minimumAutoupdateVersion.offer(trimmed, attributes: attributes)
        } else if name.isPlain("description") {
            description.offer((text, Self.format(attributes)), attributes: attributes)
        } else if name.isPlain("pubDate") {
            pubDate.offer(trimmed, attributes: attributes)
        } else if name.isPlain("link") {
            if let resolved = AppcastLinks.web(trimmed, against: base) { link.offer(resolved, attributes: attributes) }
        } else if name.isPlain("enclosure") {
            if enclosure.value == nil { enclosureBase = base }
            enclosure.offer(attributes, attributes: attributes)
        } else if name.isSparkle("version") {
            version.offer(trimmed, attributes: attributes)
        } else if name.isSparkle("shortVersionString") {
            shortVersion.offer(trimmed, attributes: attributes)
        } else if name.isSparkle("releaseNotesLink") {
            if let resolved = AppcastLinks.web(trimmed, against: base) { notesUrl.offer(resolved, attributes: attributes) }
        } else if name.isSparkle("minimumSystemVersion") {
            minimumSystemVersion.offer(trimmed, attributes: attributes)
        } else if name.isSparkle("maximumSystemVersion") {
            maximumSystemVersion.offer(trimmed, attributes: attributes)
        } else if name.isSparkle("criticalUpdate") {
            criticalElement.offer(attributes, attributes: attributes)
        } else if name.isSparkle("informationalUpdate") {
            if case .none = informational { informational = .forVersions(below: [], exact: []) }
        } else if name.isSparkle("channel") {
            channel.offer(trimmed, attributes: attributes)
        } else if name.isSparkle("phasedRolloutInterval") {
            phasedRolloutInterval.offer(trimmed, attributes: attributes)
        }
    }

    /// While recording: a notes or info link, resolved whatever its scheme.
    private func recordLink(_ name: XMLName, _ attributes: [XMLAttribute], _ trimmed: String, base: LinkBase?) {
        guard !trimmed.isEmpty else { return }
        if name.isPlain("link") {
            linkGiven.offer(AppcastLinks.resolve(trimmed, against: base).text, attributes: attributes)
        } else if name.isSparkle("releaseNotesLink") {
            notesLinkGiven.offer(AppcastLinks.resolve(trimmed, against: base).text, attributes: attributes)
        } else if name.isSparkle("fullReleaseNotesLink") {
            fullNotesLinkGiven.offer(AppcastLinks.resolve(trimmed, against: base).text, attributes: attributes)
        }
    }

    /// The facts recorded, completed with the fields read anyway; nil when not recording.
    private func completedFacts(enclosureURL: String?) -> AppcastItemFacts? {
        guard recording, var facts else { return nil }
        facts.channel = channel.value
        facts.phasedRolloutInterval = phasedRolloutInterval.value
        facts.pubDate = pubDate.value
        facts.enclosure = enclosure.value
        facts.enclosureURL = enclosureURL
        let given = [("sparkle:releaseNotesLink", notesLinkGiven), ("sparkle:fullReleaseNotesLink", fullNotesLinkGiven),
                     ("link", linkGiven)]
        facts.links = given.compactMap { element, chosen in chosen.value.map { .init(element: element, url: $0) } }
        return facts
    }

    func informationalVersions(add version: String, below: Bool) {
        guard case .forVersions(var belowVersions, var exact) = informational else {
            informational = below ? .forVersions(below: [version], exact: []) : .forVersions(below: [], exact: [version])
            return
        }
        if below { belowVersions.append(version) } else { exact.append(version) }
        informational = .forVersions(below: belowVersions, exact: exact)
    }

    /// `sparkle:format`, lowercased; `html` when absent or unknown (as Sparkle).
    static func format(_ attributes: [XMLAttribute]) -> NotesFormat {
        guard let value = attributes.first(where: { $0.name.isSparkle("format") })?.value else { return .html }
        return NotesFormat(rawValue: value.lowercased()) ?? .html
    }

    /// The item as read, and its facts when recording them.
    /// - Throws: `.unsafeEnclosure` for an enclosure that is not http(s) (not while
    ///   recording facts: the facts carry its URL, and the item has none from it).
    func item() throws(AppcastError) -> (AppcastItem, AppcastItemFacts?) {
        let enclosureAttributes = enclosure.value
        func fromEnclosure(_ local: String, sparkle: Bool) -> String? {
            enclosureAttributes?.first { sparkle ? $0.name.isSparkle(local) : $0.name.isPlain(local) }?.value
        }
        let critical: CriticalMarker
        if let attributes = criticalElement.value {
            if let below = attributes.first(where: { $0.name.isSparkle("version") })?.value {
                critical = .below(below.trimmedXMLSpace)
            } else {
                critical = .always
            }
        } else {
            critical = taggedCritical ? .always : .none
        }
        var informational = self.informational
        if case .forVersions(let below, let exact) = informational, below.isEmpty, exact.isEmpty {
            informational = .everyone
        }
        let channelName = channel.value.flatMap { AppcastChannelName.isValid($0) ? $0 : nil }
        let published = pubDate.value.flatMap { PubDate.secondsSinceEpoch($0) }
        var enclosureURL: String?
        var resolvedEnclosureURL: String?
        if let given = fromEnclosure("url", sparkle: false)?.trimmedXMLSpace {
            let resolved = AppcastLinks.resolve(given, against: enclosureBase)
            resolvedEnclosureURL = resolved.text
            if resolved.isWeb {
                enclosureURL = resolved.text
            } else if !recording {
                throw .unsafeEnclosure(item: index, url: resolved.text)
            }
        }
        var read = AppcastItem(
            index: index,
            version: fromEnclosure("version", sparkle: true)?.trimmedXMLSpace ?? version.value,
            shortVersion: fromEnclosure("shortVersionString", sparkle: true)?.trimmedXMLSpace ?? shortVersion.value,
            notes: description.value?.text,
            notesFormat: description.value?.format ?? .html,
            notesUrl: notesUrl.value,
            pubDate: published.map { ISO8601.text(secondsSinceEpoch: $0) } ?? pubDate.value,
            published: published,
            url: enclosureURL ?? link.value,
            minimumSystemVersion: minimumSystemVersion.value,
            maximumSystemVersion: maximumSystemVersion.value,
            critical: critical,
            informational: informational,
            hasEnclosure: enclosureAttributes != nil,
            channel: channelName,
            phasedRolloutInterval: phasedRolloutInterval.value.flatMap { Int64($0) },
            os: fromEnclosure("os", sparkle: true))
        read.link = link.value
        read.title = title.value
        read.fullNotesUrl = fullNotesUrl.value
        read.minimumAutoupdateVersion = minimumAutoupdateVersion.value
        read.isDelta = fromEnclosure("deltaFrom", sparkle: true) != nil
        return (read, completedFacts(enclosureURL: resolvedEnclosureURL))
    }
}

/// Of an element given more than once: the first without `xml:lang`, else the first.
private struct Chosen<Value> {
    private(set) var value: Value?
    private var hasLanguage = false

    mutating func offer(_ candidate: Value, attributes: [XMLAttribute]) {
        let language = attributes.contains { $0.name.uri == XMLName.xmlNamespace && $0.name.local == "lang" }
        if value == nil || (hasLanguage && !language) {
            value = candidate
            hasLanguage = language
        }
    }
}

extension XMLName {
    /// An RSS element or attribute: no namespace, no prefix.
    func isPlain(_ local: String) -> Bool {
        uri == nil && prefix == nil && self.local == local
    }

    /// Sparkle's namespace, or the `sparkle:` prefix left undeclared (old feeds; Sparkle
    /// reads them by name).
    func isSparkle(_ local: String) -> Bool {
        self.local == local && (uri == AppcastReader.sparkleNamespace || (uri == nil && prefix == "sparkle"))
    }
}

extension String {
    /// Without XML white space (space, tab, line feed, carriage return) at either end.
    var trimmedXMLSpace: String {
        let utf8 = self.utf8
        guard let first = utf8.first, let last = utf8.last, ByteText.isWhitespace(first) || ByteText.isWhitespace(last)
        else { return self }
        guard let start = utf8.firstIndex(where: { !ByteText.isWhitespace($0) }) else { return "" }
        let end = utf8.lastIndex(where: { !ByteText.isWhitespace($0) })!
        return String(self[start...end])
    }
}

// A second reading of an appcast for the appcast fuzz target, written from SPEC.md
// "Sparkle appcasts" rather than from AppcastReader: the whole document is first built
// into a small tree from XMLScanner's events (the scanner itself is checked against
// FoundationXML's XMLParser in Tests/VersionCheckSourcesTests/AppcastOracleTests.swift),
// then the items' version texts are looked up in the tree by path. It shares no code
// with AppcastReader's one-pass walk (depth counters, `Chosen`, `ItemFields`).
import VersionCheckCore
import VersionCheckSources

/// One element of the tree: its name, attributes, child elements and string value.
final class ReferenceElement {
    let name: XMLName
    let attributes: [XMLAttribute]
    var children: [ReferenceElement] = []
    /// Every piece of character data inside, descendants' included, in order (the XPath
    /// string value).
    var text = ""

    init(name: XMLName, attributes: [XMLAttribute]) {
        self.name = name
        self.attributes = attributes
    }

    /// No namespace and no prefix (RSS's own names).
    func isPlain(_ local: String) -> Bool { name.uri == nil && name.prefix == nil && name.local == local }

    /// Among `children` matching `test`: the first without `xml:lang`, else the first.
    func chosenChild(_ test: (ReferenceElement) -> Bool) -> ReferenceElement? {
        let matching = children.filter(test)
        return matching.first { !$0.hasLanguage } ?? matching.first
    }

    var hasLanguage: Bool {
        attributes.contains { $0.name.uri == XMLName.xmlNamespace && $0.name.local == "lang" }
    }

    func attribute(sparkle local: String) -> String? {
        attributes.first { isSparkle($0.name, local) }?.value
    }

    /// This element's base URI: its `xml:base` read against its parent's, else the parent's.
    func base(from parent: String?) -> String? {
        guard let given = attributes.first(where: { $0.name.uri == XMLName.xmlNamespace && $0.name.local == "base" })?.value
        else { return parent }
        return resolvedLink(trimmedXMLSpace(given), base: parent)
    }
}

/// `reference` read against `base` (RFC 3986, `ReferenceResolution`); as given without one.
func resolvedLink(_ reference: String, base: String?) -> String {
    base.map { ReferenceResolution.resolve(reference, against: $0) } ?? reference
}

/// http, https, or no scheme at all (relative, with no base to resolve it against). As
/// RFC 3986 §4.2 has it, a colon before any `/`, `?` or `#` ends a scheme (a relative
/// path's first segment may not hold one), whatever its characters.
func isWebLink(_ url: String) -> Bool {
    guard let colon = url.firstIndex(of: ":"), colon != url.startIndex,
          !url[..<colon].contains(where: { $0 == "/" || $0 == "?" || $0 == "#" })
    else { return true }
    let scheme = url[..<colon].lowercased()
    return scheme == "http" || scheme == "https"
}

/// A notes or info link: resolved, dropped when empty or not http(s).
func webLink(_ reference: String, base: String?) -> String? {
    guard !reference.isEmpty else { return nil }
    let resolved = resolvedLink(reference, base: base)
    return isWebLink(resolved) ? resolved : nil
}

/// Sparkle's namespace, or the `sparkle:` prefix left undeclared.
func isSparkle(_ name: XMLName, _ local: String) -> Bool {
    name.local == local && (name.uri == AppcastReader.sparkleNamespace || (name.uri == nil && name.prefix == "sparkle"))
}

/// What the reference makes of a feed.
enum ReferenceAppcast: Equatable {
    /// Must be refused: not XML the scanner reads, a root other than `<rss>`, no
    /// `<channel>`, or a macOS item whose compared version is missing or not a version.
    case refused(String)
    /// The compared version texts of the macOS items `channels` lets through, in file
    /// order, with the URL each item's enclosure (else link, else the channel's link)
    /// resolves to, and the text each is compared as (a display version's leading `v`
    /// before a digit left out: SPEC.md "Sparkle appcasts").
    case offered([String], urls: [String?], compared: [String])

    /// Reads `body` with the options that matter here: `display` picks
    /// `sparkle:shortVersionString` (falling back to `sparkle:version`), `channels` the
    /// channels offered. Phased rollout and `--os-version` are not modelled (the caller
    /// then only expects a subsequence).
    static func read(_ body: [UInt8], display: Bool, channels: [String], base: String? = nil) -> ReferenceAppcast {
        guard let root = tree(body) else { return .refused("not well-formed") }
        guard root.isPlain("rss") else { return .refused("root is not <rss>") }
        let channelElements = root.children.filter { $0.isPlain("channel") }
        guard !channelElements.isEmpty else { return .refused("no <channel>") }
        var offered: [String] = []
        var compared: [String] = []
        var urls: [String?] = []
        let rssBase = root.base(from: base)
        let items = channelElements.flatMap { channel in
            channel.children.filter { $0.isPlain("item") }.map { (channel, $0) }
        }
        for (index, (channel, item)) in items.enumerated() {
            let channelBase = channel.base(from: rssBase)
            let itemBase = item.base(from: channelBase)
            let enclosure = item.chosenChild { $0.isPlain("enclosure") }
            // Every item's enclosure is vetted, whatever the later filters say (Sparkle refuses the feed).
            var url: String?
            if let given = enclosure?.attributes.first(where: { $0.name.uri == nil && $0.name.prefix == nil && $0.name.local == "url" })?.value {
                let resolved = resolvedLink(trimmedXMLSpace(given), base: enclosure!.base(from: itemBase))
                guard isWebLink(resolved) else { return .refused("item \(index + 1) has an enclosure that is not http(s)") }
                url = resolved
            }
            if let os = enclosure?.attribute(sparkle: "os"), os != "macos" { continue }
            if enclosure?.attribute(sparkle: "deltaFrom") != nil { continue }
            let link = item.chosenChild { $0.isPlain("link") }.flatMap { element in
                webLink(trimmedXMLSpace(element.text), base: element.base(from: itemBase))
            }
            let channelLink = channel.chosenChild { $0.isPlain("link") }.flatMap { element in
                webLink(trimmedXMLSpace(element.text), base: element.base(from: channelBase))
            }
            func field(_ local: String) -> String? {
                if let value = enclosure?.attribute(sparkle: local) { return trimmedXMLSpace(value) }
                return item.chosenChild { isSparkle($0.name, local) }.map { trimmedXMLSpace($0.text) }
            }
            let short = display ? field("shortVersionString") : nil
            let text = short ?? field("version")
            guard let text, !text.isEmpty, (try? Version(sparkle: text)) != nil else {
                return .refused("item \(index + 1) has no valid compared version")
            }
            let channel = item.chosenChild { isSparkle($0.name, "channel") }.map { trimmedXMLSpace($0.text) }
            if let channel, isChannelName(channel), !channels.contains(channel) { continue }
            offered.append(text)
            compared.append(short.map(withoutDisplayPrefix) ?? text)
            urls.append(url ?? link ?? channelLink)
        }
        return .offered(offered, urls: urls, compared: compared)
    }

    /// A display version without its leading `v` or `V` when a digit follows (after
    /// Unicode white space, which every reading of a version trims).
    static func withoutDisplayPrefix(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        guard scalars.count >= 2, scalars[0] == "v" || scalars[0] == "V", ("0"..."9").contains(scalars[1]) else { return text }
        return String(String.UnicodeScalarView(scalars.dropFirst()))
    }

    /// The document as a tree, or nil when the scanner refuses it.
    static func tree(_ body: [UInt8]) -> ReferenceElement? {
        var scanner = XMLScanner(body)
        var stack: [ReferenceElement] = []
        var root: ReferenceElement?
        while true {
            let next: XMLEvent?
            do {
                next = try scanner.next()
            } catch {
                return nil
            }
            guard let event = next else { return root }
            switch event {
            case .start(let name, let attributes):
                let element = ReferenceElement(name: name, attributes: attributes)
                stack.last?.children.append(element)
                if stack.isEmpty { root = element }
                stack.append(element)
            case .end:
                stack.removeLast()
            case .text(let text):
                for element in stack { element.text += text }
            }
        }
    }

    /// Letters, digits, `.`, `_` and `-` (ASCII), at least one.
    static func isChannelName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }
}

/// Without space, tab, line feed and carriage return at either end.
func trimmedXMLSpace(_ text: String) -> String {
    let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    var scalars = Substring(text).unicodeScalars[...]
    while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
    while let last = scalars.last, isSpace(last) { scalars.removeLast() }
    return String(scalars)
}

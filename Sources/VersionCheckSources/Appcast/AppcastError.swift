import VersionCheckCore

/// Why an appcast could not be read or judged: one line naming the item (from 1) and the
/// element at fault. Maps to bad-response (76).
public enum AppcastError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not well-formed XML, or XML the reader refuses (a DOCTYPE, an entity, deep nesting).
    case malformed(XMLError)
    /// The root element is not `<rss>`.
    case notAnAppcast(root: String)
    /// `<rss>` without a `<channel>`.
    case noChannel
    /// An item without the version compared (`sparkle:version`, or with
    /// `--appcast-version display` `sparkle:shortVersionString` too).
    case missingVersion(item: Int, element: String)
    /// A version in the feed that Sparkle's reading does not accept.
    case invalidVersion(item: Int, element: String, VersionError)
    /// A `sparkle:maximumSystemVersion` that is not a version (raised only with `--os-version`).
    case invalidSystemVersion(item: Int, element: String, text: String)
    /// An `<enclosure url>` whose scheme is not http or https (Sparkle refuses the feed).
    case unsafeEnclosure(item: Int, url: String)

    public var description: String {
        switch self {
        case .malformed(let error): "not a readable appcast (\(error.description))"
        case .notAnAppcast(let root): "not an appcast: the root element is <\(root)>, expected <rss>"
        case .noChannel: "the appcast has no <channel>"
        case .missingVersion(let item, let element): "item \(item + 1) has no \(element)"
        case .invalidVersion(let item, let element, let error): "item \(item + 1) \(element): \(error.description)"
        case .invalidSystemVersion(let item, let element, let text):
            "item \(item + 1) \(element): \(Excerpt.quoted(TerminalText.dotted(text))) is not a version (expected one such as 15.0)"
        case .unsafeEnclosure(let item, let url):
            "item \(item + 1) enclosure url \(Excerpt.quoted(TerminalText.dotted(url))) is not an http or https URL (Sparkle refuses such a feed)"
        }
    }
}

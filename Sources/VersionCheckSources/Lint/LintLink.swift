import VersionCheckCore

/// How `lint` judges a URL (SPEC.md "Checking a feed before publishing": `A05`, `A13`,
/// `J04`, `E03`): as resolved against the feed's URL, as an updater resolves it; in a
/// local file (no base) a relative URL stays relative, and is no finding.
enum LintLink {
    /// A URL's kind, by its scheme.
    enum Scheme: Equatable {
        case https
        case http
        /// No scheme: a relative URL left relative (a local file's), which is no finding.
        case relative
        /// Any other scheme (`file`, `javascript` …).
        case other
    }

    /// The kind of `url` (schemes compared without regard to case).
    static func scheme(of url: String) -> Scheme {
        // The usual spellings, without parsing.
        if ByteText.startsIgnoringASCIICase(url.utf8, with: "https://") { return .https }
        if ByteText.startsIgnoringASCIICase(url.utf8, with: "http://") { return .http }
        guard let scheme = ReferenceResolution.Components(parsing: url).scheme else { return .relative }
        switch scheme.lowercased() {
        case "https": return .https
        case "http": return .http
        default: return .other
        }
    }

    /// `link` resolved against `base` (as is without one) and its kind; nil when it is
    /// still relative (a local file's), which is not judged.
    static func resolved(_ link: String, base: String?) -> (text: String, scheme: Scheme)? {
        let text = base.map { ReferenceResolution.resolve(link, against: $0) } ?? link
        let scheme = scheme(of: text)
        return scheme == .relative ? nil : (text, scheme)
    }
}

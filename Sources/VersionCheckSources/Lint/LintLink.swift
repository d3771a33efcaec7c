import VersionCheckCore

/// How `lint` judges a URL as resolved (SPEC.md "Checking a feed before publishing":
/// `A05`, `A13`, `E03`).
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
}

import VersionCheckCore

/// A link in a feed as `lint` judges it: resolved against the feed's URL, as an updater
/// resolves it (SPEC.md: "A URL is judged as resolved"); in a local file (no base) a
/// relative link stays relative and is not judged.
enum LintLink {
    /// `link` resolved (as is when there is no base), and its scheme in lower case; nil
    /// when it has no scheme after that (a relative link in a local file).
    static func resolved(_ link: String, base: String?) -> (text: String, scheme: String)? {
        let text = base.map { ReferenceResolution.resolve(link, against: $0) } ?? link
        guard let scheme = ReferenceResolution.Components(parsing: text).scheme else { return nil }
        return (text, scheme.lowercased())
    }
}

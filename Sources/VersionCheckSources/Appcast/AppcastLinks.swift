import VersionCheckCore

/// A base URI an appcast's links are resolved against (the feed's URL, or an
/// `xml:base`), parsed once: an appcast of 100,000 items resolves every item's links
/// against the same few bases. A class: each item and enclosure holds its base, and a
/// reference costs one retain to hold where six strings cost six.
final class LinkBase: Sendable {
    /// The base as written (after its own resolution, for an `xml:base`).
    let text: String
    /// `text` split into its components.
    let components: ReferenceResolution.Components

    init(_ text: String) {
        self.text = text
        components = ReferenceResolution.Components(parsing: text)
    }
}

/// An appcast's links, as Sparkle takes them (SPEC.md "Sparkle appcasts", Links):
/// resolved against `xml:base` or the feed's URL (RFC 3986), and only `http` and
/// `https` reported.
enum AppcastLinks {
    /// `reference` resolved against `base`, and whether the result is an http(s) URL
    /// or a relative one (a local feed, no base to resolve it against).
    static func resolve(_ reference: String, against base: LinkBase?) -> (text: String, isWeb: Bool) {
        if isPlainAbsolute(reference) { return (reference, true) }
        let components = ReferenceResolution.Components(parsing: reference)
        guard let base else { return (reference, isWeb(scheme: components.scheme)) }
        let resolved = ReferenceResolution.resolve(components, against: base.components)
        return (resolved.text, isWeb(scheme: resolved.scheme))
    }

    /// `http://` or `https://` without a dot segment: resolving changes nothing (the
    /// common case, so most links cost no parsing).
    private static func isPlainAbsolute(_ reference: String) -> Bool {
        let utf8 = reference.utf8
        let absolute = ByteText.startsIgnoringASCIICase(utf8, with: "https://") || ByteText.startsIgnoringASCIICase(utf8, with: "http://")
        return absolute && !ReferenceResolution.hasDotSegment(reference)
    }

    /// No scheme (relative), http or https.
    private static func isWeb(scheme: String?) -> Bool {
        guard let scheme else { return true }
        let utf8 = scheme.utf8
        return (utf8.count == 4 || utf8.count == 5) && ByteText.startsIgnoringASCIICase(utf8, with: utf8.count == 4 ? "http" : "https")
    }

    /// A notes or info link resolved against `base`; nil when empty or of another
    /// scheme (`file:`, `javascript:` …), which Sparkle drops.
    static func web(_ reference: String, against base: LinkBase?) -> String? {
        guard !reference.isEmpty else { return nil }
        let resolved = resolve(reference, against: base)
        return resolved.isWeb ? resolved.text : nil
    }
}

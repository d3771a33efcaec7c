import VersionCheckCore

/// An appcast's links, as Sparkle takes them (SPEC.md "Sparkle appcasts", Links):
/// resolved against `xml:base` or the feed's URL (RFC 3986), and only `http` and
/// `https` reported.
enum AppcastLinks {
    /// `reference` resolved against `base`; as given without a base (a local feed).
    static func resolve(_ reference: String, against base: String?) -> String {
        guard let base, !isPlainAbsolute(reference) else { return reference }
        return ReferenceResolution.resolve(reference, against: base)
    }

    /// `http://` or `https://` without a dot segment: resolving changes nothing (the
    /// common case, so most links cost no parsing).
    private static func isPlainAbsolute(_ reference: String) -> Bool {
        let utf8 = reference.utf8
        let lowered = utf8.prefix(8).map { $0 | 0x20 }
        let absolute = lowered.starts(with: "https://".utf8) || lowered.starts(with: "http://".utf8)
        return absolute && !reference.contains("/.")
    }

    /// An http or https URL, or a relative one (a local feed, no base to resolve it against).
    static func isWeb(_ url: String) -> Bool {
        guard let scheme = ReferenceResolution.Components(parsing: url).scheme else { return true }
        let lowered = scheme.lowercased()
        return lowered == "http" || lowered == "https"
    }

    /// A notes or info link resolved against `base`; nil when empty or of another
    /// scheme (`file:`, `javascript:` …), which Sparkle drops.
    static func web(_ reference: String, against base: String?) -> String? {
        guard !reference.isEmpty else { return nil }
        let resolved = resolve(reference, against: base)
        return isWeb(resolved) ? resolved : nil
    }
}

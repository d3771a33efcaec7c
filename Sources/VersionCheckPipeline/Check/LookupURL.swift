import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// The iTunes Lookup request URL of a query.
public enum LookupURL {
    /// Apple's endpoint, used unless `--lookup-url` / `VERSIONCHECK_LOOKUP_URL` replace it.
    public static let defaultEndpoint = "https://itunes.apple.com/lookup"

    /// `endpoint?id=N` or `?bundleId=ID`, then `&country=cc`, then `&entity=macSoftware`
    /// for the Mac. Every value is percent-encoded down to RFC 3986's unreserved set, so
    /// no value can add a parameter (`&`, `=`, `+`, `#` are all encoded). A query the
    /// endpoint already has is kept, before ours. Throws usage (64) if the endpoint is
    /// not a URL, or is one versioncheck may not fetch (`URLRules`).
    public static func url(for query: AppStoreQuery, allowInsecure: Bool) throws(Failure) -> WebAddress {
        let endpoint = query.endpoint ?? defaultEndpoint
        let setting = query.endpointSetting
        guard let parsed = WebAddress(endpoint), parsed.hasAuthority else {
            throw Failure(.usage, "\(setting) '\(endpoint)': not a URL (expected e.g. \(defaultEndpoint))")
        }
        var items: [String] = []
        switch query.identifier {
        case .id(let id): items.append("id=" + percentEncoded(id))
        case .bundleId(let bundleId): items.append("bundleId=" + percentEncoded(bundleId))
        }
        items.append("country=" + percentEncoded(query.country.lowercased()))
        if query.platform == .mac { items.append("entity=macSoftware") }
        let built = appending(query: items.joined(separator: "&"), to: parsed.text)
        guard let url = WebAddress(built) else {
            throw Failure(.usage, "\(setting) '\(endpoint)': not a URL (expected e.g. \(defaultEndpoint))")
        }
        try URLRules.checkRequest(url, allowInsecure: allowInsecure, setting: setting)
        return url
    }

    /// `text` with `query` added to its query (after `&` when it has one), before any fragment.
    package static func appending(query: String, to text: String) -> String {
        var base = Substring(text)
        var fragment: Substring = ""
        if let hash = base.firstIndex(of: "#") {
            fragment = base[hash...]
            base = base[..<hash]
        }
        if let mark = base.firstIndex(of: "?") {
            let existing = base[base.index(after: mark)...]
            return String(base[..<mark]) + "?" + (existing.isEmpty ? "" : existing + "&") + query + fragment
        }
        return String(base) + "?" + query + fragment
    }

    /// `text` as UTF-8 with every byte outside RFC 3986's unreserved set
    /// (`A-Z a-z 0-9 - . _ ~`) written `%XX`.
    package static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
            }
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    private static func hexDigit(_ value: UInt8) -> String {
        String(Unicode.Scalar(value < 10 ? 0x30 + value : 0x41 + value - 10))
    }
}

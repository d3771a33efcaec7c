import VersionCheckCore

/// Which URLs versioncheck may fetch: `https://` anywhere, plain `http://` only to a
/// loopback host (127.0.0.0/8, `localhost`, `::1`) unless `--allow-insecure`.
/// Checked here, before any helper starts; the helper checks every redirect the same way.
public enum URLRules {
    /// Throws a usage failure (64) that quotes `url` when it may not be fetched.
    public static func checkRequest(_ url: WebAddress, allowInsecure: Bool, setting: String = "--url") throws(Failure) {
        let shown = url.display
        switch url.scheme {
        case "https":
            if url.host.isEmpty { throw Failure(.usage, "\(setting) '\(shown)': no host") }
        case "http":
            if url.host.isEmpty { throw Failure(.usage, "\(setting) '\(shown)': no host") }
            if allowInsecure || url.isLoopback { return }
            throw Failure(
                .usage,
                "\(setting) '\(shown)': plain http:// to a non-loopback host is refused; use https:// or --allow-insecure")
        default:
            throw Failure(.usage, "\(setting) '\(shown)': expected an https:// URL (or http:// to a loopback host)")
        }
    }
}

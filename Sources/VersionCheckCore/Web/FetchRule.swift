/// Which URLs versioncheck fetches, the one rule both processes apply: the main
/// binary to the URL it is given (`URLRules`, before any helper starts), the helper to
/// every redirect (`URLPolicy`). `https://` anywhere; plain `http://` only to a loopback
/// host (127.0.0.0/8, `localhost`, `::1`) and never from `https://`, unless
/// `--allow-insecure`; no other scheme, and never a URL without a host.
public enum FetchRule {
    /// Why a URL is refused; each process words it its own way (a usage error before
    /// the request, an insecure redirect after one).
    public enum Refusal: Sendable, Equatable {
        case noHost
        /// Plain `http://` to a host that is not loopback.
        case plainHTTPToNonLoopback
        /// A redirect from `https://` to `http://`.
        case httpsToHTTP
        /// Neither `http` nor `https`.
        case otherScheme
    }

    /// Nil when a URL of `scheme` (any case) and `host` may be fetched, else why not.
    /// `fromScheme` is the scheme of the URL that redirected to it (nil for the first
    /// request).
    public static func refusal(scheme: String?, host: String, fromScheme: String? = nil, allowInsecure: Bool) -> Refusal? {
        switch scheme?.lowercased() {
        case "https":
            return host.isEmpty ? .noHost : nil
        case "http":
            if host.isEmpty { return .noHost }
            if allowInsecure { return nil }
            if fromScheme?.lowercased() == "https" { return .httpsToHTTP }
            return WebAddress.isLoopback(host: host) ? nil : .plainHTTPToNonLoopback
        default:
            return .otherScheme
        }
    }
}

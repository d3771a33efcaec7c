import Foundation
import VersionCheckCore

/// Which redirects the helper may follow: `https://` anywhere, plain `http://` only
/// to a loopback host (127.0.0.0/8, `localhost`, `::1`) unless `--allow-insecure`,
/// never https → http. (The first URL was checked by the main binary, `URLRules`.)
public enum URLPolicy {
    /// Whether `host` is a loopback address (the rule is `WebAddress.isLoopback(host:)`).
    public static func isLoopback(host: String) -> Bool { WebAddress.isLoopback(host: host) }

    /// Whether a redirect from `source` to `target` may be followed: nil when it
    /// may, else the reason to refuse it. Never https → http, never plain http to a
    /// non-loopback host, never another scheme; `allowInsecure` lifts the first two.
    public static func checkRedirect(from source: URL, to target: URL, allowInsecure: Bool) -> TransportError? {
        let shown = Redaction.display(target)
        switch target.scheme?.lowercased() {
        case "https":
            return nil
        case "http":
            if allowInsecure { return nil }
            if source.scheme?.lowercased() == "https" { return .insecureRedirect(to: shown, reason: "https to http") }
            if let host = target.host, isLoopback(host: host) { return nil }
            return .insecureRedirect(to: shown, reason: "plain http to a non-loopback host")
        default:
            return .insecureRedirect(to: shown, reason: "not an http(s) URL")
        }
    }
}

/// URLs as versioncheck shows them: the password masked (`alice:***@host`), as the main
/// process shows them (`WebAddress.display`, the one rule).
public enum Redaction {
    /// `url` as text with its password (or a user info without one) masked.
    public static func display(_ url: URL) -> String {
        let text = url.absoluteString
        guard url.user != nil || url.password != nil else { return text }
        return WebAddress(text)?.display ?? "(a URL with credentials)"
    }
}

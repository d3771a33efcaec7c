import Foundation
import VersionCheckCore

/// The redirects the helper follows, held to `FetchRule` (the main binary held the first
/// URL to it, `URLRules`); a refusal is an insecure redirect.
public enum URLPolicy {
    /// Whether `host` is a loopback address (the rule is `WebAddress.isLoopback(host:)`).
    public static func isLoopback(host: String) -> Bool { WebAddress.isLoopback(host: host) }

    /// Whether a redirect from `source` to `target` may be followed: nil when it
    /// may, else the reason to refuse it. Never https → http, never plain http to a
    /// non-loopback host, never another scheme; `allowInsecure` lifts the first two.
    public static func checkRedirect(from source: URL, to target: URL, allowInsecure: Bool) -> TransportError? {
        let shown = Redaction.display(target)
        let refusal = FetchRule.refusal(
            scheme: target.scheme, host: target.host ?? "", fromScheme: source.scheme, allowInsecure: allowInsecure)
        switch refusal {
        case nil: return nil
        case .noHost: return .insecureRedirect(to: shown, reason: "no host")
        case .httpsToHTTP: return .insecureRedirect(to: shown, reason: "https to http")
        case .plainHTTPToNonLoopback: return .insecureRedirect(to: shown, reason: "plain http to a non-loopback host")
        case .otherScheme: return .insecureRedirect(to: shown, reason: "not an http(s) URL")
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

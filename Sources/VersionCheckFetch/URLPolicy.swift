import Foundation
import VersionCheckCLI

/// Which URLs versioncheck may fetch: `https://` anywhere, plain `http://` only
/// to a loopback host (127.0.0.0/8, `localhost`, `::1`) unless `--allow-insecure`.
///
/// Checked before any connection is made, and again for every redirect target.
public enum URLPolicy {
    /// Whether `host` is a loopback address: `localhost`, an IPv4 address in
    /// 127.0.0.0/8 written as four decimal octets, or `::1` (bracketed or not).
    /// Anything else, names that merely start with "127." included, is not.
    public static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" { return true }
        if name == "::1" || name == "[::1]" || name == "0:0:0:0:0:0:0:1" || name == "[0:0:0:0:0:0:0:1]" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return false }
        for octet in octets {
            guard (1...3).contains(octet.count), octet.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Int(octet), value <= 255
            else { return false }
        }
        return octets[0] == "127"
    }

    /// Whether `url` may be fetched at all: nil when it may, else a usage failure
    /// (exit 64) that quotes it. Runs before any connection is made.
    public static func checkRequest(_ url: URL, allowInsecure: Bool, flag: String = "--url") -> Failure? {
        let shown = Redaction.display(url)
        switch url.scheme?.lowercased() {
        case "https":
            return url.host.map { $0.isEmpty } ?? true
                ? Failure(.usage, "\(flag) '\(shown)': no host") : nil
        case "http":
            guard let host = url.host, !host.isEmpty else { return Failure(.usage, "\(flag) '\(shown)': no host") }
            if allowInsecure || isLoopback(host: host) { return nil }
            return Failure(
                .usage,
                "\(flag) '\(shown)': plain http:// to a non-loopback host is refused; use https:// or --allow-insecure")
        default:
            return Failure(.usage, "\(flag) '\(shown)': expected an https:// URL (or http:// to a loopback host)")
        }
    }

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

/// URLs as versioncheck shows them: without any user-info (`user:password@`).
public enum Redaction {
    /// `url` as text with its user and password removed.
    public static func display(_ url: URL) -> String {
        guard url.user != nil || url.password != nil,
              var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return url.absoluteString }
        parts.user = nil
        parts.password = nil
        return parts.string ?? url.absoluteString
    }
}

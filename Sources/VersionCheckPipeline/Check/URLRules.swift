import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// The URL a check is given, held to `FetchRule` before any helper starts (the helper
/// holds every redirect to the same rule, `URLPolicy`); a refusal is a usage error (64).
public enum URLRules {
    /// Throws a usage failure (64) that quotes `url` when it may not be fetched.
    public static func checkRequest(_ url: WebAddress, allowInsecure: Bool, setting: String = "--url") throws(Failure) {
        let shown = url.display
        switch FetchRule.refusal(scheme: url.scheme, host: url.host, allowInsecure: allowInsecure) {
        case nil:
            return
        case .noHost:
            throw Failure(.usage, "\(setting) '\(shown)': no host")
        case .plainHTTPToNonLoopback, .httpsToHTTP:
            throw Failure(
                .usage,
                "\(setting) '\(shown)': plain http:// to a non-loopback host is refused; use https:// or --allow-insecure")
        case .otherScheme:
            throw Failure(.usage, "\(setting) '\(shown)': expected an https:// URL (or http:// to a loopback host)")
        }
    }
}

import VersionCheckCore

/// `VERSIONCHECK_OFFLINE`, the end user's switch to turn every check off (SPEC.md, "Check
/// period and cache"): set and not empty, no network request is ever made and no refresh
/// process started; the cache answers whatever its age, local manifests are still read,
/// and anything else is 75, kind `offline`.
public enum OfflineSwitch {
    /// The environment variable.
    public static let environmentVariable = "VERSIONCHECK_OFFLINE"

    /// Whether the switch is on in `environment`.
    public static func isOn(_ environment: [String: String]) -> Bool {
        environment[environmentVariable].map { !$0.isEmpty } ?? false
    }

    /// The failure of a check the switch stopped: `shown` not asked; `cached` says whether
    /// the cache was consulted (`--check-period`) and held no answer.
    package static func failure(_ shown: String, cached: Bool) -> Failure {
        let why = cached ? "and the cache holds no answer for it" : "(and without --check-period no cached answer is used)"
        return Failure(.offline, "\(shown): not asked: \(environmentVariable) is set \(why)")
    }
}

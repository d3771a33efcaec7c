/// How the decision words its steps for `--explain` (`decideUpdate(…explaining:)`): the
/// phrases of its filters and of the level. The decision calls these where it decides.
enum DecisionExplanation {
    /// Notes in `explanation` what `exclusion` left out: `--os-version 10.11 left out 183
    /// (needs 10.13)`, `channel left out 183.1 (beta)`, `phased rollout holds 5.3.0 (until …)`.
    static func note(_ exclusion: Exclusion, of release: Release, policy: UpdatePolicy, in explanation: inout Explanation?) {
        let version = release.version.description
        switch exclusion {
        case .heldBack(let held):
            switch held.reason {
            case .channel: explanation?.list("channel left out", version, why: held.detail)
            case .phasedRollout: explanation?.list("phased rollout holds", version, why: held.until.map { "until \($0)" })
            case .prerelease: break  // noted by the GitHub decoder, which holds back every one (and passes on the highest)
            case .stagedRollout: explanation?.list("staged rollout holds", version)
            case .minAge, .majorUpgrade: explanation?.list("held back (\(held.reason.rawValue)):", version)
            }
        case .skipped:
            explanation?.list("--skip \(policy.skip.map(\.description) ?? "") left out", version)
        case .needsNewerOS:
            explanation?.list(
                "--os-version \(policy.osVersion.map(\.description) ?? "") left out", version,
                why: release.minimumOsVersion.map { "needs \($0)" })
        case .tooYoung:
            explanation?.list(
                "--min-age \(Seconds.text(policy.minimumAgeDays)) left out", version,
                why: availableDate(release, policy: policy).map { "until \($0)" })
        }
    }

    /// The `--explain` line of the level: what it was computed on.
    static func level(
        _ level: BumpLevel, basis: UpdateDecision.LevelBasis, latest: Release, current: Version, policy: UpdatePolicy
    ) -> String {
        switch basis {
        case .versions:
            return "level \(level.rawValue), computed on the versions \(current) -> \(latest.version)"
        case .displayVersions:
            let installed = policy.currentDisplayVersion.map(\.description) ?? "?"
            return "level \(level.rawValue), computed on the display versions \(installed) -> \(latest.displayVersion ?? "?")"
        case .buildNumbers:
            return "level \(level.rawValue), computed on the build numbers \(current) -> \(latest.version) (text names no level)"
        }
    }
}

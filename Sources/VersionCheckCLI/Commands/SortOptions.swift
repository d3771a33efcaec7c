import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// What `sort` was asked for, as typed values (SPEC.md "Version tools").
struct SortOptions: Sendable {
    /// `--reverse`, `-r`: descending; equal versions keep their input order.
    var descending = false
    /// `--satisfies CONSTRAINT`: only versions that satisfy it.
    var constraint: VersionConstraint? = nil
    /// `--stable`: only versions without a pre-release.
    var stableOnly = false
    /// `--ignore-invalid`: skip entries that are not versions instead of failing.
    var ignoreInvalid = false
    /// `--latest`: only the highest remaining version (the first in input order among equals).
    var latestOnly = false
    /// `--unique`: of versions with equal precedence only the first in input order.
    var unique = false
    /// `--prefix PREFIX`: only entries (trimmed) that start with it, compared without it
    /// and printed as given; the others are skipped, never an error.
    var prefix: String? = nil

    /// Whether `version` stays after `--stable` and `--satisfies`.
    func admits(_ version: Version) -> Bool {
        if stableOnly && version.isPrerelease { return false }
        return constraint?.isSatisfied(by: version) ?? true
    }

    /// The exit status once `sort` has printed (or not): 1 when the input held entries but
    /// the filters left none to print, else 0.
    static func status(hadEntries: Bool, printedAny: Bool) -> ExitStatus {
        hadEntries && !printedAny ? .no : .success
    }
}

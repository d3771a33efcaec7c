import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckCore
import VersionCheckSources

/// Everything one update check found, ready to print.
public struct CheckReport: Sendable, Equatable {
    public var current: Version
    public var decision: UpdateDecision
    /// The latest release's own URL, else the manifest's `updateURL`.
    public var url: String?
    /// The lookup URL asked, or the manifest location as the user gave it (credentials removed).
    public var source: String
    /// The app, for `lookup`; nil for `manifest`.
    public var app: AppInfo?
    /// `--gate` was given.
    public var gate: Bool
    /// Why the gate fails whatever the versions: `lookup --gate` with a `--current` that
    /// App Store Connect would refuse. Nil otherwise.
    public var gateRefusal: String?
    /// The answer came from the cache, without asking the source in this run.
    public var cached: Bool
    /// When the body was last fetched or revalidated (ISO 8601 UTC), when the cache was consulted.
    public var fetchedAt: String?
    /// The source is a Sparkle appcast (its releases carry more fields).
    public var appcast = false
    /// The entry answered although this run wanted a fresh answer: it was older than the
    /// period (`--background-refresh`, `VERSIONCHECK_OFFLINE`), `--refresh` was given, or
    /// the source failed (`--stale-if-error`).
    public var stale: Bool
    /// `--gate --allow-new` and the source does not know the app (69): why the gate passes
    /// for a first release (`app id 123 is not on the App Store yet`). Nil otherwise.
    public var firstRelease: String?
    /// What the source said that was left out (`SourceDocument.notices`): `-v` lines.
    public var notices: [String] = []
    /// `--explain`: how the answer was reached, one line each (without the `explain: `
    /// prefix); nil without `--explain`.
    public var explanation: [String]?

    public init(
        current: Version, decision: UpdateDecision, url: String?, source: String, app: AppInfo?, gate: Bool,
        gateRefusal: String? = nil, cached: Bool = false, fetchedAt: String? = nil, firstRelease: String? = nil,
        stale: Bool = false
    ) {
        self.stale = stale
        self.current = current
        self.decision = decision
        self.url = url
        self.source = source
        self.app = app
        self.gate = gate
        self.gateRefusal = gateRefusal
        self.cached = cached
        self.fetchedAt = fetchedAt
        self.firstRelease = firstRelease
    }

    /// The gate's verdict: `current` newer than the latest offered (or none offered),
    /// and no refusal; or a first release that `--allow-new` lets pass.
    public var gatePassed: Bool { gateRefusal == nil && (firstRelease != nil || decision.gatePassed) }

    /// What can be installed: the highest offered release in (`current`, `latest`] that
    /// is not informational; nil when there is none.
    public var installable: Release? { decision.installable }
}

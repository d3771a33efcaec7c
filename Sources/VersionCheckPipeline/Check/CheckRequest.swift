import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckCore
import VersionCheckSources

/// Everything `lookup` or `manifest` asked for, parsed and checked: what the
/// network layer needs to run one update check. Built by the CLI before any
/// network code runs, so a bad command line never starts the helper.
public struct CheckRequest: Sendable, Equatable {
    /// Where the releases come from, its URL parsed and checked (`CheckRequest+Source`).
    public var source: Source
    /// `--current`.
    public var current: Version
    /// `--force-on`, `--optional-on`, `--minimum`, `--skip`, `--min-age`, `--os-version`.
    public var policy: UpdatePolicy
    /// `--gate`: exit 0 only if `current` is strictly newer than the latest, else 1.
    public var gate: Bool
    /// `--allow-new` (with `--gate`): a source that does not know the app (69 from the App
    /// Store or a manifest URL, never a missing local file) passes the gate.
    public var allowNew: Bool
    /// `--timeout`: seconds per attempt (positive; default 10).
    public var timeout: Double
    /// `--retries`: 0…10 (default 2).
    public var retries: Int
    /// `--deadline`: seconds the whole check may take (positive); nil without it.
    public var deadline: Double?
    /// `--allow-insecure`: plain `http://` allowed to any host, redirects included.
    public var allowInsecure: Bool
    /// `--json`, `-q`, `-v` (also applied to the `Output` the runner receives).
    public var global: GlobalOptions
    /// `--check-period`, `--cache-dir`, `--refresh`: nil without `--check-period`.
    public var cache: CachePolicy?
    /// `--channel`, `--rollout-group`, `--appcast-version`: they matter only for appcasts.
    public var appcast: AppcastRequest
    /// `manifest --current-from` without `--current-key`, whose bundle has no marketing
    /// version but a build one: `current` is the build version, which only an appcast
    /// reads (SPEC.md: an appcast's `--current-from` reads `CFBundleVersion`). Any other
    /// format fails with this (65), once the body says what it is.
    public var currentNeedsAppcast: Failure? = nil
    /// `manifest --github OWNER/REPO`: the source is that repository's releases on the
    /// GitHub API, whose 404 is a mistyped or private repository (69, never a first release).
    public var gitHubRepository: String?
    /// `--tag-prefix`, `--include-prereleases`, `--rollout-percentile`: they matter only to
    /// GitHub Releases and electron-builder feeds.
    public var feed = FeedRequest()
    /// The command line this request was built from (`CheckRequestBuilder`), which a list
    /// run's background refresh writes back (`RefreshList`); nil for one built otherwise.
    public var commandLine: ParsedCommandLine? {
        get { origin.line }
        set { origin.line = newValue }
    }
    private var origin = Origin()
    /// `manifest`'s `--current`, `--skip` or `--minimum` that only Sparkle's reading
    /// accepts (`1.0 (1234)`): the failure (65) of any format but an appcast, decided
    /// when the request is built (`GivenVersion.notAnAppcastFailure`).
    package var sparkleOnly: Failure? = nil
    /// `--explain`: the check notes how it reached its answer (`CheckReport.explanation`,
    /// `Failure.explanation`).
    public var explain = false

    public init(
        source: Source, current: Version, policy: UpdatePolicy = UpdatePolicy(), gate: Bool = false,
        allowNew: Bool = false, timeout: Double = 10, retries: Int = 2, allowInsecure: Bool = false, global: GlobalOptions = GlobalOptions(),
        cache: CachePolicy? = nil, appcast: AppcastRequest = AppcastRequest(), deadline: Double? = nil
    ) {
        self.deadline = deadline
        self.cache = cache
        self.appcast = appcast
        self.source = source
        self.current = current
        self.policy = policy
        self.gate = gate
        self.allowNew = allowNew
        self.timeout = timeout
        self.retries = retries
        self.allowInsecure = allowInsecure
        self.global = global
    }
}

/// `--check-period DAYS` with `--cache-dir`, `--refresh`, `--stale-if-error` and `--background-refresh`.
public struct CachePolicy: Sendable, Equatable {
    /// Answer from the cache while its entry is younger than this many days (0: always ask).
    public var periodDays: Double
    /// `--cache-dir`: where the cache lives; nil for the default (`VERSIONCHECK_CACHE_DIR`, XDG, home).
    public var directory: String?
    /// `--refresh`: ask the source now, whatever the entry's age.
    public var refresh: Bool
    /// `--stale-if-error`: on a 75, an entry younger than this many days answers instead.
    public var staleIfErrorDays: Double?
    /// `--background-refresh`: an expired entry answers at once; a detached process renews it.
    public var backgroundRefresh: Bool

    public init(
        periodDays: Double, directory: String? = nil, refresh: Bool = false, staleIfErrorDays: Double? = nil,
        backgroundRefresh: Bool = false
    ) {
        self.staleIfErrorDays = staleIfErrorDays
        self.backgroundRefresh = backgroundRefresh
        self.periodDays = periodDays
        self.directory = directory
        self.refresh = refresh
    }
}

/// The options that matter only when the source is a Sparkle appcast.
public struct AppcastRequest: Sendable, Equatable {
    /// `--channel`: channels whose items are offered besides the default one.
    public var channels: [String]
    /// `--rollout-group`: this install's phased-rollout group, 0…6; nil ignores phasing.
    public var rolloutGroup: Int?
    /// `--appcast-version`.
    public var compared: AppcastOptions.VersionField
    /// `--force-on` was given: an appcast's default (`never`) does not apply.
    public var forceOnGiven: Bool
    /// The versions an appcast reads as Sparkle reads versions, each read every way once
    /// (`GivenVersion`): `--current` (or what `--current-from` holds under the key of the
    /// compared field, unless `--current-key` is given), `--skip`, `--minimum`.
    public var current: CurrentText
    public var skip: GivenVersion?
    public var minimum: GivenVersion?

    /// Where an appcast's current version comes from.
    public enum CurrentText: Sendable, Equatable {
        /// `--current` as given, or `--current-from` under an explicit `--current-key`.
        case given(GivenVersion)
        /// `--current-from` without `--current-key`: the key of the compared field is read then.
        case bundle(CurrentVersionSource)
    }

    public init(
        channels: [String] = [], rolloutGroup: Int? = nil, compared: AppcastOptions.VersionField = .build, forceOnGiven: Bool = false,
        current: CurrentText = .given(GivenVersion("")), skip: GivenVersion? = nil, minimum: GivenVersion? = nil
    ) {
        self.channels = channels
        self.rolloutGroup = rolloutGroup
        self.compared = compared
        self.forceOnGiven = forceOnGiven
        self.current = current
        self.skip = skip
        self.minimum = minimum
    }
}

/// The options that matter only to GitHub Releases and electron-builder feeds (any other
/// body ignores them, as it ignores the appcast options).
public struct FeedRequest: Sendable, Equatable {
    /// `--tag-prefix`: only tags that start with it, compared without it.
    public var tagPrefix: String?
    /// `--include-prereleases`: releases marked pre-release are offered too.
    public var includePrereleases: Bool
    /// `--rollout-percentile`: this install's percentile, 0…99; nil ignores staged rollout.
    public var rolloutPercentile: Int?

    public init(tagPrefix: String? = nil, includePrereleases: Bool = false, rolloutPercentile: Int? = nil) {
        self.tagPrefix = tagPrefix
        self.includePrereleases = includePrereleases
        self.rolloutPercentile = rolloutPercentile
    }
}

/// What `lookup` asks the iTunes Lookup API.
public struct AppStoreQuery: Sendable, Equatable {
    /// How the app is named.
    public enum Identifier: Sendable, Equatable {
        /// `--id`: the numeric App Store id, ASCII digits as given (query `?id=`).
        case id(String)
        /// `--bundle-id` (query `?bundleId=`).
        case bundleId(String)
    }

    /// Which store: `entity=macSoftware` is sent only for `.mac`.
    public typealias Platform = AppStorePlatform

    public var identifier: Identifier
    /// `--country`: two ASCII letters, lower-cased (default `us`).
    public var country: String
    /// `--platform` (default `.ios`).
    public var platform: Platform
    /// `--lookup-url`, else `VERSIONCHECK_LOOKUP_URL` (when not empty), else nil (the default endpoint).
    public var endpoint: String?
    /// Where `endpoint` came from, as messages name it: `--lookup-url` or `VERSIONCHECK_LOOKUP_URL`.
    public var endpointSetting: String

    public init(
        identifier: Identifier, country: String = "us", platform: Platform = .ios, endpoint: String? = nil,
        endpointSetting: String = "--lookup-url"
    ) {
        self.identifier = identifier
        self.country = country
        self.platform = platform
        self.endpoint = endpoint
        self.endpointSetting = endpointSetting
    }
}

extension CheckRequest {
    /// Where a request came from. Two requests that ask the same are equal however they
    /// were spelled (`--current 2.4` or an Info.plist holding 2.4), so it never counts.
    /// The line is held once, by reference: a request is copied from thread to thread.
    struct Origin: Sendable, Equatable {
        private final class Line: Sendable {
            let line: ParsedCommandLine
            init(_ line: ParsedCommandLine) { self.line = line }
        }

        private var box: Line?

        var line: ParsedCommandLine? {
            get { box?.line }
            set { box = newValue.map(Line.init) }
        }

        static func == (_: Origin, _: Origin) -> Bool { true }
    }
}

import VersionCheckCore
import VersionCheckSources

/// Every option of every command, written once with the type of its value and its
/// default: `CommandTable` lists them for the parser, help, the man page and completions,
/// and the commands read their values through these constants (`line[Option.timeout]` is
/// a `Double`), so a misspelt option name or a value read as the wrong type does not
/// compile. (The global flags are `CommandTable.globalOptions`.)
public enum Option {

    // lookup and manifest
    public static let current = ValueOption("current", .version, help: "The installed (or about to be published) version.")
    public static let currentFrom = ValueOption("current-from", .path, help: "Read the current version from an Info.plist or a .app bundle.")
    public static let currentKey = DefaultedOption("current-key", .currentKey, help: "With --current-from: read CFBundleShortVersionString (marketing) or CFBundleVersion (build).", default: .marketing)
    public static let forceOn = DefaultedOption("force-on", .level, help: "A bump at LEVEL or above is forced.", default: .major)
    public static let optionalOn = DefaultedOption("optional-on", .level, help: "A bump at LEVEL or above is at least optional.", default: .any)
    public static let minimum = ValueOption("minimum", .version, help: "Below this version the update is forced.")
    public static let skip = ValueOption("skip", .version, help: "The user declined this version: do not offer it as optional.")
    public static let minAge = DefaultedOption("min-age", .days, help: "Do not offer a release younger than DAYS.", default: 0)
    public static let osVersion = ValueOption("os-version", .version, help: "Do not offer releases that need a newer OS than this.")
    public static let gate = FlagOption("gate", help: "Publishing gate: exit 0 only if --current is newer than the latest, else 1.")
    public static let allowNew = FlagOption("allow-new", help: "With --gate: an app the source does not know yet (App Store resultCount 0, manifest 404/410) passes: its first release.")
    public static let timeout = DefaultedOption("timeout", .seconds, help: "Give up on one attempt after SECONDS.", default: 10)
    public static let deadline = ValueOption("deadline", .seconds, help: "End the whole check (every attempt, redirect and retry wait) within SECONDS.")
    public static let retries = DefaultedOption("retries", .count(0...10), help: "Retry N times on connection failure, timeout, 429 or 5xx.", default: 2)
    public static let allowInsecure = FlagOption("allow-insecure", help: "Allow plain http:// to any host.")
    public static let checkPeriod = ValueOption("check-period", .days, help: "Answer from the cache while its entry is younger than DAYS.")
    public static let cacheDir = ValueOption("cache-dir", .folder, help: "Keep the cache in DIR (default: VERSIONCHECK_CACHE_DIR, then the user's cache folder).")
    public static let refresh = FlagOption("refresh", help: "With --check-period: ask the source now, whatever the entry's age.")
    public static let staleIfError = ValueOption("stale-if-error", .days, help: "With --check-period: when the source cannot be reached (75), answer from an entry younger than DAYS.")
    public static let backgroundRefresh = FlagOption("background-refresh", help: "With --check-period: an expired entry answers at once; a detached process refreshes it for the next run.")
    public static let channel = RepeatedOption("channel", .channel, help: "Appcasts: also offer items of channel NAME (repeatable).")
    public static let rolloutGroup = ValueOption("rollout-group", .count(0...6), help: "Appcasts: this install's phased-rollout group, 0 to 6.")
    public static let appcastVersion = DefaultedOption("appcast-version", .appcastVersion, help: "Appcasts: compare --current with FIELD build (sparkle:version) or display (shortVersionString).", default: .build)
    public static let explain = FlagOption("explain", help: "Say how the answer was reached, after it: explain: lines on stderr (--json: the array explain).")

    /// The options above, in help order: what `lookup` and `manifest` share (an option added
    /// here reaches help, the man page, the completions, the parser and a background
    /// refresh; `CheckRequestBuilder` reads it into the request).
    public static let check: [OptionSpec] = [
        current.spec,
        currentFrom.spec,
        currentKey.spec,
        forceOn.spec,
        optionalOn.spec,
        minimum.spec,
        skip.spec,
        minAge.spec,
        osVersion.spec,
        gate.spec,
        allowNew.spec,
        timeout.spec,
        deadline.spec,
        retries.spec,
        allowInsecure.spec,
        checkPeriod.spec,
        cacheDir.spec,
        refresh.spec,
        staleIfError.spec,
        backgroundRefresh.spec,
        channel.spec,
        rolloutGroup.spec,
        appcastVersion.spec,
        explain.spec,
    ]

    // manifest and outdated: what GitHub Releases and electron-builder feeds read
    public static let tagPrefix = ValueOption("tag-prefix", .prefix, help: "GitHub Releases: only tags starting with PREFIX, compared without it.")
    public static let includePrereleases = FlagOption("include-prereleases", help: "GitHub Releases: also offer releases marked pre-release or with a pre-release version.")
    public static let rolloutPercentile = ValueOption("rollout-percentile", .count(0...99), help: "electron-builder feeds: this install's percentile, 0 to 99.")

    /// The options above, in help order: what `manifest` and `outdated` take for the
    /// feeds that read them (`lookup` has none of them). An option added here reaches the
    /// same places as one in `check`.
    public static let feed: [OptionSpec] = [tagPrefix.spec, includePrereleases.spec, rolloutPercentile.spec]

    // lookup
    public static let id = ValueOption("id", .appID, help: "The app's numeric App Store id.")
    public static let bundleID = ValueOption("bundle-id", .bundleID, help: "The app's bundle identifier.")
    public static let country = DefaultedOption("country", .country, help: "The two-letter App Store country.", default: "us")
    public static let platform = DefaultedOption("platform", .platform, help: "The store to ask: ios or mac.", default: .ios)
    public static let lookupURL = ValueOption("lookup-url", .url, help: "Use URL instead of https://itunes.apple.com/lookup.")

    // outdated and batch
    public static let jobs = DefaultedOption("jobs", .count(1...64), help: "Run at most N checks at a time.", default: 8)
    public static let all = FlagOption("all", help: "Also list the apps that are up to date and those skipped.")
    public static let ignore = RepeatedOption("ignore", .ignore, help: "Skip the app with bundle id ID, or with ID@VERSION only while its latest is VERSION (repeatable).")

    // manifest
    public static let url = ValueOption("url", .location, help: "Where the manifest is: a URL or a file path.")
    public static let github = ValueOption("github", .repository, help: "Read the GitHub Releases of OWNER/REPO (instead of --url).")

    // lint
    public static let lintStrict = FlagOption("strict", help: "Exit 1 on any finding, warnings too.")
    public static let lintGitHub = RepeatedOption("github", .repository, help: "Also lint the GitHub Releases of OWNER/REPO (repeatable).")

    // sort
    public static let reverse = FlagOption("reverse", short: "r", help: "Sort in descending order (equal versions keep their input order).")
    public static let satisfies = ValueOption("satisfies", .constraint, help: "Only versions that satisfy CONSTRAINT, e.g. '>=1.2, <2'.")
    public static let stable = FlagOption("stable", help: "Only versions without a pre-release.")
    public static let ignoreInvalid = FlagOption("ignore-invalid", help: "Skip entries that are not versions (named on stderr with -v).")
    public static let latest = FlagOption("latest", help: "Print only the highest remaining version.")
    public static let unique = FlagOption("unique", help: "Of versions with equal precedence print only the first in input order.")
    public static let prefix = ValueOption("prefix", .prefix, help: "Only entries starting with PREFIX, compared without it and printed as given (others are skipped).")

    // bump
    public static let pre = ValueOption("pre", .prereleaseName, help: "Make the result the pre-release ID.1 (or continue ID).")

    // validate
    public static let strict = FlagOption("strict", help: "Accept SemVer 2.0.0 exactly (three components, no leading zeros, no v).")
    public static let appStore = FlagOption("app-store", help: "Accept what App Store Connect accepts for a version.")

    // help
    public static let man = FlagOption("man", help: "Print the whole manual page, in roff (read it with 'man -l -').")
}

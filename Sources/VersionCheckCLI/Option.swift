/// Every option of every command, written once: `CommandTable` lists them for the parser,
/// help, the man page and completions, and the commands read their values through these
/// constants, so a misspelt option name does not compile. (The global flags are
/// `CommandTable.globalOptions`.)
public enum Option {

    // lookup and manifest
    public static let current = OptionSpec("current", value: .version, help: "The installed (or about to be published) version.")
    public static let currentFrom = OptionSpec("current-from", value: .path, help: "Read the current version from an Info.plist or a .app bundle.")
    public static let currentKey = OptionSpec("current-key", value: .currentKey, help: "With --current-from: read CFBundleShortVersionString (marketing) or CFBundleVersion (build).", default: "marketing")
    public static let forceOn = OptionSpec("force-on", value: .level, help: "A bump at LEVEL or above is forced.", default: "major")
    public static let optionalOn = OptionSpec("optional-on", value: .level, help: "A bump at LEVEL or above is at least optional.", default: "any")
    public static let minimum = OptionSpec("minimum", value: .version, help: "Below this version the update is forced.")
    public static let skip = OptionSpec("skip", value: .version, help: "The user declined this version: do not offer it as optional.")
    public static let minAge = OptionSpec("min-age", value: .days, help: "Do not offer a release younger than DAYS.", default: "0")
    public static let osVersion = OptionSpec("os-version", value: .version, help: "Do not offer releases that need a newer OS than this.")
    public static let gate = OptionSpec("gate", help: "Publishing gate: exit 0 only if --current is newer than the latest, else 1.")
    public static let allowNew = OptionSpec("allow-new", help: "With --gate: an app the source does not know yet (App Store resultCount 0, manifest 404/410) passes: its first release.")
    public static let timeout = OptionSpec("timeout", value: .seconds, help: "Give up on one attempt after SECONDS.", default: "10")
    public static let deadline = OptionSpec("deadline", value: .seconds, help: "End the whole check (every attempt, redirect and retry wait) within SECONDS.")
    public static let retries = OptionSpec("retries", value: .count(0...10), help: "Retry N times on connection failure, timeout, 429 or 5xx.", default: "2")
    public static let allowInsecure = OptionSpec("allow-insecure", help: "Allow plain http:// to any host.")
    public static let checkPeriod = OptionSpec("check-period", value: .days, help: "Answer from the cache while its entry is younger than DAYS.")
    public static let cacheDir = OptionSpec("cache-dir", value: .folder, help: "Keep the cache in DIR (default: VERSIONCHECK_CACHE_DIR, then the user's cache folder).")
    public static let refresh = OptionSpec("refresh", help: "With --check-period: ask the source now, whatever the entry's age.")
    public static let staleIfError = OptionSpec("stale-if-error", value: .days, help: "With --check-period: when the source cannot be reached (75), answer from an entry younger than DAYS.")
    public static let backgroundRefresh = OptionSpec("background-refresh", help: "With --check-period: an expired entry answers at once; a detached process refreshes it for the next run.")
    public static let channel = OptionSpec("channel", value: .channel, help: "Appcasts: also offer items of channel NAME (repeatable).", repeatable: true)
    public static let rolloutGroup = OptionSpec("rollout-group", value: .count(0...6), help: "Appcasts: this install's phased-rollout group, 0 to 6.")
    public static let appcastVersion = OptionSpec("appcast-version", value: .appcastVersion, help: "Appcasts: compare --current with FIELD build (sparkle:version) or display (shortVersionString).", default: "build")

    // lookup
    public static let id = OptionSpec("id", value: .appID, help: "The app's numeric App Store id.")
    public static let bundleID = OptionSpec("bundle-id", value: .bundleID, help: "The app's bundle identifier.")
    public static let country = OptionSpec("country", value: .country, help: "The two-letter App Store country.", default: "us")
    public static let platform = OptionSpec("platform", value: .platform, help: "The store to ask: ios or mac.", default: "ios")
    public static let lookupURL = OptionSpec("lookup-url", value: .url, help: "Use URL instead of https://itunes.apple.com/lookup.")

    // outdated and batch
    public static let jobs = OptionSpec("jobs", value: .count(1...64), help: "Run at most N checks at a time.", default: "8")
    public static let all = OptionSpec("all", help: "Also list the apps that are up to date and those skipped.")

    // manifest
    public static let url = OptionSpec("url", value: .location, help: "Where the manifest is: a URL or a file path.")

    // sort
    public static let reverse = OptionSpec("reverse", short: "r", help: "Sort in descending order (equal versions keep their input order).")
    public static let satisfies = OptionSpec("satisfies", value: .constraint, help: "Only versions that satisfy CONSTRAINT, e.g. '>=1.2, <2'.")
    public static let stable = OptionSpec("stable", help: "Only versions without a pre-release.")
    public static let ignoreInvalid = OptionSpec("ignore-invalid", help: "Skip entries that are not versions (named on stderr with -v).")
    public static let latest = OptionSpec("latest", help: "Print only the highest remaining version.")
    public static let unique = OptionSpec("unique", help: "Of versions with equal precedence print only the first in input order.")
    public static let prefix = OptionSpec("prefix", value: .prefix, help: "Only entries starting with PREFIX, compared without it and printed as given (others are skipped).")

    // bump
    public static let pre = OptionSpec("pre", value: .prereleaseName, help: "Make the result the pre-release ID.1 (or continue ID).")

    // validate
    public static let strict = OptionSpec("strict", help: "Accept SemVer 2.0.0 exactly (three components, no leading zeros, no v).")
    public static let appStore = OptionSpec("app-store", help: "Accept what App Store Connect accepts for a version.")

    // help
    public static let man = OptionSpec("man", help: "Print the whole manual page, in roff (read it with 'man -l -').")
}

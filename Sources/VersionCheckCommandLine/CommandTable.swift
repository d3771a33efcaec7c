import VersionCheckCore

/// The whole grammar of `versioncheck`, as data: every command, argument and
/// option with its help. The parser, `--help`, the man page and the shell completions
/// are all generated from this one table.
public enum CommandTable {
    /// The program's name, as users type it.
    public static let programName = "versioncheck"

    /// What versioncheck does, in one line (help overview, the man page's NAME).
    public static let abstract = "Check for app updates; compare, test, sort, bump, validate versions."

    /// What versioncheck does and the rules every command follows (help overview, man page DESCRIPTION).
    public static let discussion: [String] = [
        "\(programName) asks the App Store (iTunes Lookup API) or a manifest the publisher hosts for the newest version, compares it with yours, and says none, optional or forced in its exit code (0, 100, 101), so a shell script or a CI step can act on it. lint checks a feed before it is published, as an updater will read it. Offline commands compare, test, sort, bump and validate version numbers.",
        "Options take their value as --name value or --name=value; -- ends options. Global options may stand before or after the command name. Data goes to stdout; diagnostics and errors go to stderr.",
    ]

    /// Sections of the overview help and the man page: failures in JSON, error kinds.
    public static let overviewSections: [DocSection] = Documentation.overview

    /// The examples of the overview help.
    public static let overviewExamples: [Example] = [
        Example("\(programName) lookup --id 284882215 --current 1.2.0", "Is there a newer version on the App Store?"),
        Example("\(programName) compare 1.2 1.10", "Prints -1."),
        Example("\(programName) help lookup", "The options of lookup."),
    ]

    /// The global flags, valid before or after any command name.
    public static let globalOptions: [OptionSpec] = [
        OptionSpec("json", help: "Print JSON on stdout instead of text."),
        OptionSpec("quiet", short: "q", help: "Print nothing on stdout; the exit code is the answer."),
        OptionSpec("verbose", short: "v", help: "Print diagnostics on stderr (requests, retries)."),
        OptionSpec("help", short: "h", help: "Show help and exit."),
    ]

    /// `--version`: only meaningful on its own, listed in the overview help.
    public static let versionOption = OptionSpec("version", help: "Show the version of versioncheck and exit.")

    /// The options that shape an update check, shared by `lookup` and `manifest`
    /// (listed where they are declared, `Option.check`).
    public static let checkOptions: [OptionSpec] = Option.check

    /// The options that only mean something with `--check-period` (64 without it, naming it).
    package static let cacheRules: [OptionRule] = [Option.cacheDir.spec, Option.refresh.spec, Option.staleIfError.spec, Option.backgroundRefresh.spec]
        .map { .requires($0.name, Option.checkPeriod.name) }

    package static let levelParagraph =
        "LEVEL is major, minor, patch, revision (4th component or beyond), any (any newer version, pre-release changes included) or never."

    package static let currentFromParagraph =
        "Give the current version with --current, or read it with --current-from from an app's Info.plist (XML or binary) or from a .app bundle (Contents/Info.plist for macOS, tried first; Info.plist for iOS): CFBundleShortVersionString, or CFBundleVersion with --current-key build. Pass the built product: a value that still holds a build setting such as $(MARKETING_VERSION) is refused."

    package static let checkExitCodes: [(ExitStatus, String)] = [
        (.success, "Up to date (no update); with --gate: the gate passed."),
        (.optionalUpdate, ExitStatus.optionalUpdate.meaning),
        (.forcedUpdate, ExitStatus.forcedUpdate.meaning),
        (.no, "With --gate: the gate did not pass."),
        (.usage, "Usage error, or plain http:// to a host that is not loopback."),
        (.invalidInput, "Invalid --current, --minimum, --skip or --os-version; an Info.plist without a valid version."),
        (.noInput, "--current-from names no file, or a folder with no Info.plist, or cannot be read."),
        (.notFound, "No such app, HTTP 404/410, or no such manifest file."),
        (.unreachable, "The source is unreachable (DNS, connect, TLS, timeout, 429, 5xx) after retries."),
        (.badResponse, "Bad response: not JSON/plist, invalid version, too large, bad status or redirect."),
        (.outputError, ExitStatus.outputError.meaning),
        (.internalError, "Internal error (a bug), or the versioncheck-fetch helper is missing."),
    ]

    public static let lookup = CommandSpec(
        name: "lookup",
        abstract: "Check the App Store for a newer version of an app.",
        discussion: [
            "Asks the iTunes Lookup API for the app, compares its version with --current and says none, optional or forced, in the output and in the exit code (0, 100, 101).",
            currentFromParagraph,
            "With --current-from and neither --id nor --bundle-id, the app is looked up by the plist's CFBundleIdentifier; a macOS bundle (Contents/Info.plist) also implies --platform mac unless --platform is given.",
            levelParagraph,
        ],
        optionGroups: [
            OptionGroup("OPTIONS", [
                Option.id.spec,
                Option.bundleID.spec,
                Option.country.spec,
                Option.platform.spec,
                Option.lookupURL.spec,
            ]),
            OptionGroup("CHECK OPTIONS", checkOptions),
        ],
        rules: [
            .exactlyOneUnless([Option.id.name, Option.bundleID.name], given: Option.currentFrom.name), .exactlyOne([Option.current.name, Option.currentFrom.name]),
            .requires(Option.allowNew.name, Option.gate.name),
        ] + cacheRules,
        examples: [
            Example("versioncheck lookup --id 284882215 --current 1.2.0", "Is there a newer version on the US App Store?"),
            Example("versioncheck lookup --bundle-id com.example.app --country de --current 1.2.0 --json", "Ask the German store; print JSON."),
            Example("versioncheck lookup --id 284882215 --current 2.0.0 --gate", "CI: pass only if 2.0.0 is newer than what is live."),
            Example(
                "versioncheck lookup --current-from \"$BUILT_PRODUCTS_DIR/Example.app\" --gate",
                "CI: pass only if the app just built is newer than what is live (bundle id and version from its Info.plist)."),
        ],
        exitCodes: checkExitCodes,
        sections: [Documentation.lookupSource, Documentation.checkOutput]
    )

    public static let manifest = CommandSpec(
        name: "manifest",
        abstract: "Check a publisher's manifest for a newer version.",
        discussion: [
            "Reads the manifest (JSON, a property list, a Sparkle appcast, an electron-builder update file or a GitHub release list) from an https:// URL, a loopback http:// URL, a file:// URL or a path, or the GitHub Releases of --github OWNER/REPO (https://api.github.com/repos/OWNER/REPO/releases?per_page=100), compares its newest version with --current and says none, optional or forced, in the output and in the exit code (0, 100, 101).",
            "GitHub Releases: drafts are never offered, pre-releases only with --include-prereleases, tags that are no version are ignored, and --tag-prefix keeps one component's tags of a monorepo. GH_TOKEN or GITHUB_TOKEN, when set, is sent to api.github.com only. A 404 for --github is a mistyped or private repository (69), never a first release; an empty list passes --gate --allow-new. electron-builder: --rollout-percentile N holds back a release staged to fewer than N percent.",
            currentFromParagraph,
            levelParagraph,
        ],
        optionGroups: [
            OptionGroup("OPTIONS", [
                Option.url.spec,
                Option.github.spec,
            ]),
            OptionGroup("CHECK OPTIONS", checkOptions),
            OptionGroup("FEED OPTIONS", Option.feed),
        ],
        rules: [
            .exactlyOne([Option.url.name, Option.github.name]), .exactlyOne([Option.current.name, Option.currentFrom.name]),
            .requires(Option.allowNew.name, Option.gate.name),
        ] + cacheRules,
        examples: [
            Example("versioncheck manifest --url https://example.com/app.json --current 1.2.0", "Check a hosted manifest."),
            Example("versioncheck manifest --url ./releases.plist --current 1.2.0 --force-on minor", "A minor bump or more is forced."),
        ],
        exitCodes: checkExitCodes,
        sections: Documentation.manifestFormats + [Documentation.checkOutput]
    )

    public static let lint = CommandSpec(
        name: "lint",
        abstract: "Check a feed before publishing it, as an updater will read it.",
        discussion: [
            "Reads each SOURCE (a path, a file:// URL, an https:// URL, or http:// to loopback; any http:// with --allow-insecure) and each --github OWNER/REPO (its GitHub Releases, named by their API URL), in the order given, as manifest reads them: a Sparkle appcast, a JSON or property-list manifest, an electron-builder update file or a GitHub release list. It prints what would make an updater misread the feed or a user miss an update, one finding a line: SOURCE:LINE: error|warning CODE: MESSAGE (LINE: the line of the item or key, 0 when the format has no lines), in file order.",
            "lint reads leniently: a field manifest would refuse (a bad date, a bad sha512, a version Sparkle cannot read) is a finding, and a feed with no error finding is one manifest reads. A body no format reads (not XML, not JSON, a DOCTYPE) is the usual bad response (76); a missing file is 69, an unreadable one 66, an unreachable server 75. A source that cannot be read is reported in its place and the others are still linted. A URL is judged as resolved against the feed's URL; a relative URL in a local file is no finding. The cache is never used.",
            "--json prints JSON Lines, one object a finding: {\"source\", \"line\", \"severity\", \"code\", \"item\", \"message\"} (item: the version the finding is about, or null); a source that cannot be read adds its error object, with source, in its place.",
        ],
        arguments: [ArgumentSpec("SOURCE", .zeroOrMore, help: "A feed to lint: a URL or a file path.")],
        optionGroups: [
            OptionGroup("OPTIONS", [
                Option.lintStrict.spec, Option.lintGitHub.spec, Option.tagPrefix.spec, Option.allowInsecure.spec,
                Option.timeout.spec, Option.deadline.spec, Option.retries.spec,
            ]),
        ],
        examples: [
            Example("versioncheck lint appcast.xml", "Check an appcast before uploading it."),
            Example("versioncheck lint --strict latest-mac.yml https://example.com/appcast.xml", "Two feeds; warnings fail too."),
            Example("versioncheck lint --github example/app --json", "A repository's releases, as JSON Lines."),
        ],
        exitCodes: [
            (.success, "No error found (with --strict: no finding at all)."),
            (.no, "A finding is an error (with --strict: any finding)."),
            (.usage, "Usage error: no SOURCE, a bad URL, or plain http:// to a host that is not loopback."),
            (.noInput, "A source exists but cannot be read."),
            (.notFound, "A source does not exist, or its server answers 404/410."),
            (.unreachable, "A source is unreachable (DNS, connect, TLS, timeout, 429, 5xx) after retries."),
            (.badResponse, "A body no format reads, too large, bad status or redirect."),
            (.outputError, ExitStatus.outputError.meaning),
        ],
        sections: [Documentation.lintCodes]
    )

    /// The options of a check that name one app's version or source: `outdated` picks
    /// them per app (64 when given), and a `batch` line may not hold the gate ones.
    package static let perAppOptions: [String] = [
        Option.current.name, Option.currentFrom.name, Option.currentKey.name, Option.appcastVersion.name,
        Option.id.name, Option.bundleID.name, Option.url.name, Option.skip.name, Option.minimum.name,
        Option.gate.name, Option.allowNew.name, Option.github.name,
    ]

    /// What `lookup` and `manifest` lines may hold but a `batch` line may not (64): a
    /// gate answers for one app, not for a list.
    package static let notInBatch: [FlagOption] = [Option.gate, Option.allowNew]

    public static let outdated = CommandSpec(
        name: "outdated",
        abstract: "Check every app in folders for updates, Sparkle and App Store alike.",
        discussion: [
            "Finds the .app bundles under each PATH (a bundle, or a folder searched 3 levels deep: PATH/a/b/X.app is found, PATH/a/b/c/X.app is not), never inside a bundle and never through a symbolic link; without PATH, /Applications and ~/Applications on macOS (elsewhere PATH is required). Folders whose name starts with a dot are not searched. A bundle found twice is checked once. A folder that cannot be listed is a failure of its own (66), reported in its place.",
            "Each bundle's Info.plist is read as --current-from reads it. Its name is CFBundleDisplayName, else CFBundleName, else the folder's name. Its source: SUFeedURL, the Sparkle appcast, compared by CFBundleVersion with Sparkle's rules and defaults (an https:// URL, or http:// to loopback; a plain http:// feed elsewhere is skipped unless --allow-insecure; anything else, such as a file: URL or a path, is that app's failure, 65, and is never read); else a Mac App Store receipt (Contents/_MASReceipt/receipt), the App Store by its bundle id with --platform mac; else Contents/Resources/app-update.yml, the electron-builder feed its updater reads (provider generic, github or s3; the channel file CHANNEL-mac.yml, latest by default), compared by CFBundleShortVersionString and held to the rules of SUFeedURL (an unknown provider is skipped, a file that is not such YAML is that app's failure, 65); else an iOS bundle (CFBundleSupportedPlatforms names iPhoneOS), the App Store by its bundle id; else the app is skipped.",
            manyParagraph,
            "--ignore ID skips the app whose CFBundleIdentifier is ID (any ASCII case; reason ignored); --ignore ID@VERSION skips it only while the latest offered is VERSION, compared as that app's check compares (a build number for a Sparkle app), so a newer release shows it again; the app is still checked and its failure reported. VERSIONCHECK_IGNORE holds more of the same, separated by commas. Ignored apps are not counted as skipped; without --all, a run that skipped apps ends with one stderr line: N apps skipped; --all lists them and why.",
            "The check options apply to every app; those that name one app's version or source (--current, --current-from, --current-key, --appcast-version, --id, --bundle-id, --url, --skip, --minimum, --gate, --allow-new) are a usage error.",
        ],
        arguments: [ArgumentSpec("PATH", .zeroOrMore, help: "An app bundle, or a folder to search (default on macOS: /Applications and ~/Applications).")],
        optionGroups: [
            OptionGroup("OPTIONS", [Option.jobs.spec, Option.all.spec, Option.ignore.spec, Option.country.spec, Option.lookupURL.spec]),
            OptionGroup("CHECK OPTIONS", checkOptions.filter { !perAppOptions.contains($0.name) }),
            OptionGroup("FEED OPTIONS", Option.feed),
        ],
        rules: cacheRules,
        examples: [
            Example("versioncheck outdated", "Which apps in /Applications and ~/Applications have an update? (macOS)"),
            Example(
                "versioncheck outdated --check-period 1 -q || notify-send 'App updates'",
                "A daily cron job: answers from the cache within the day, exit 100 or 101 when an update is waiting."),
            Example("versioncheck outdated ~/Apps --all --json", "Every app as JSON Lines, up to date and skipped ones too."),
        ],
        exitCodes: manyExitCodes,
        sections: [Documentation.manyOutput(key: "name and path")]
    )

    public static let batch = CommandSpec(
        name: "batch",
        abstract: "Run a list of lookup and manifest checks, one per line, concurrently.",
        discussion: [
            "Each line of FILE (stdin when FILE is absent or -) is the arguments of a lookup or manifest command, split as a POSIX shell splits words (single and double quotes, backslash) with no expansion. Blank lines and lines whose first non-blank character is # are skipped; a # elsewhere is literal. A UTF-8 byte order mark at the start is ignored.",
            "Every line is parsed, and its --current-from read, before any request: a bad line is a usage error (64; 65 for an invalid version, 66 for an unreadable --current-from) naming it as line N, and nothing is checked. Global options, --gate and --allow-new on a line are a usage error, and so is a list of more than 5,000 checks or a line of more than 64 words. batch itself takes only --jobs, --all and the global options; check options, --explain included, belong on the lines.",
            manyParagraph,
        ],
        arguments: [ArgumentSpec("FILE", .optional, help: "The list of checks (default: stdin).")],
        optionGroups: [OptionGroup("OPTIONS", [Option.jobs.spec, Option.all.spec])],
        examples: [
            Example(
                "versioncheck batch studio-apps.txt --jobs 4",
                "CI: check a studio's apps and SDKs; exit 101 if any update is forced, 100 if any is optional."),
            Example(
                "echo 'lookup --id 1450000001 --current 2.4' | versioncheck batch --json",
                "One line from stdin, as JSON Lines."),
        ],
        exitCodes: manyExitCodes,
        sections: [Documentation.manyOutput(key: "line")]
    )

    package static let manyParagraph =
        "Checks run concurrently, at most --jobs at a time, and each is printed as soon as every earlier one is, in input order (outdated: sorted by path; batch: line order): one line per app with an update, columns aligned to widths fixed before the checks run (a longer version pushes the rest of its own line), NAME  CURRENT -> LATEST  optional|forced  SOURCE (CURRENT and LATEST are the compared versions: build numbers for a Sparkle app); with --all also up to date and skipped (WHY) lines. Each failure is one 'versioncheck: error: NAME: ...' line on stderr. When stderr is a terminal (and neither -q nor --json), a progress line 'checked N of M' is shown there and erased at the end. The exit code is the first failed check's, in output order; else 101 if any update is forced, 100 if any is optional, else 0."

    package static let manyExitCodes: [(ExitStatus, String)] = [
        (.success, "Every check answered; none has an update (skipped apps do not count)."),
        (.optionalUpdate, "At least one optional update and no forced one."),
        (.forcedUpdate, "At least one forced update."),
        (.usage, "Usage error (outdated: no PATH off macOS, an option that names one app; batch: a bad line)."),
        (.invalidInput, "batch: a line with an invalid version; or the first failed check's code."),
        (.noInput, "A PATH or FILE that does not exist; batch: an unreadable --current-from."),
        (.notFound, "The first failed check: no such app, HTTP 404/410, no such manifest file."),
        (.unreachable, "The first failed check: its source is unreachable after retries."),
        (.badResponse, "The first failed check: a bad response."),
        (.internalError, "Internal error (a bug), or the versioncheck-fetch helper is missing."),
    ]

    public static let compare = CommandSpec(
        name: "compare",
        abstract: "Compare two versions by precedence.",
        discussion: [
            "Prints -1 if A is lower than B, 0 if they have equal precedence, 1 if A is higher. Missing components count as 0 (1.2 equals 1.2.0); build metadata and a leading v never matter.",
        ],
        arguments: [
            ArgumentSpec("A", help: "The first version."),
            ArgumentSpec("B", help: "The second version."),
        ],
        examples: [
            Example("versioncheck compare 1.2 1.10", "Prints -1."),
            Example("versioncheck compare v2.0.0+build.7 2", "Prints 0."),
        ],
        exitCodes: [(.success, "The comparison was printed."), (.usage, "Usage error."), (.invalidInput, "An invalid version.")],
        sections: [Documentation.toolboxOutput("comparison is A against B: -1, 0 or 1.", #"{"a": "1.2", "b": "1.10", "comparison": -1}"#)]
    )

    public static let satisfies = CommandSpec(
        name: "satisfies",
        abstract: "Tell whether a version satisfies a constraint.",
        discussion: [
            "Prints nothing; the exit code is the answer. A constraint is comparators joined by ',' or spaces (and) and '||' (or); operators are = == != > >= < <= ~> ^ ~, and x-ranges such as 1.2.x.",
        ],
        arguments: [
            ArgumentSpec("VERSION", help: "The version to test."),
            ArgumentSpec("CONSTRAINT", help: "The constraint, e.g. '>=1.2, <2' or '~> 1.2'."),
        ],
        examples: [
            Example("versioncheck satisfies 1.4.2 '~> 1.2'", "Exits 0: 1.4.2 is >= 1.2 and < 2."),
            Example("versioncheck satisfies 2.0.0-beta '^1.2.3'", "Exits 1."),
        ],
        exitCodes: [
            (.success, "Satisfied."), (.no, "Not satisfied."), (.usage, "Usage error."),
            (.invalidInput, "An invalid version or constraint."),
        ],
        sections: [Documentation.toolboxOutput("The answer, also in the exit code.", #"{"version": "1.4.2", "constraint": "~> 1.2", "satisfied": true}"#)]
    )

    public static let sort = CommandSpec(
        name: "sort",
        abstract: "Sort versions by precedence, one per line.",
        discussion: [
            "Reads the versions from the arguments, or one per line from stdin when there are none (blank lines skipped, surrounding whitespace trimmed). Prints each version as given, ascending; equal versions keep their input order. If any entry is invalid, prints nothing and names it (unless --ignore-invalid).",
            "--prefix PREFIX considers only entries that start with PREFIX (such as pkg@ in pkg@1.2.3): they are compared without it and printed as given; the others are skipped (named on stderr with -v) and never make sort fail. --unique prints, of versions with equal precedence (1.2, 1.2.0, v1.2), only the first in input order.",
            "--satisfies, --stable, --ignore-invalid and --prefix leave out entries; --latest prints only the highest that remains (the first in input order among equals; --reverse does not change which; with --json an array of one string). The exit status is 1 when the input held entries but none was left to print.",
        ],
        arguments: [ArgumentSpec("VERSION", .zeroOrMore, help: "The versions to sort (default: read stdin).")],
        optionGroups: [
            OptionGroup("OPTIONS", [
                Option.reverse.spec,
                Option.satisfies.spec,
                Option.stable.spec,
                Option.ignoreInvalid.spec,
                Option.latest.spec,
                Option.unique.spec,
                Option.prefix.spec,
            ]),
        ],
        examples: [
            Example("versioncheck sort 1.10 1.2 1.2.0-rc.1", "Prints 1.2.0-rc.1, 1.2, 1.10."),
            Example("git tag | versioncheck sort -r", "Newest tag first."),
            Example("git tag | versioncheck sort --stable --ignore-invalid --latest", "The newest stable tag, as spelled."),
            Example("versioncheck sort --satisfies '~> 1.2' 1.1 1.2.5 1.9 2.0", "Prints 1.2.5, 1.9."),
            Example("git tag | versioncheck sort --prefix pkg@ --latest", "The newest tag of a monorepo's package pkg, such as pkg@1.4.0."),
            Example("versioncheck sort --unique 1.2 1.2.0 v1.2 1.10", "Prints 1.2, 1.10."),
        ],
        exitCodes: [
            (.success, "Printed, or the input held no entry."), (.no, "The filters left nothing to print."),
            (.usage, "Usage error."), (.invalidInput, "An invalid version (nothing printed), or an invalid --satisfies constraint."),
        ],
        sections: [Documentation.toolboxOutput("One array of the versions as given, in order (--latest: one).", #"["1.2", "v1.9.0-rc.1", "1.10"]"#)]
    )

    public static let bump = CommandSpec(
        name: "bump",
        abstract: "Print the next version at a level.",
        discussion: [
            "major, minor, patch and revision (4th component) increment that component and zero the ones after it, keeping the number of components unless more are needed (bump patch 1.2 prints 1.2.1). A pre-release whose components after LEVEL are all zero is released instead (bump minor 1.3.0-rc.2 prints 1.3.0), unless --pre is given.",
            "prerelease increments the last numeric pre-release identifier (1.2.4-rc.1 to 1.2.4-rc.2) or appends .1; on a release it bumps patch and starts -ID.1 (ID from --pre, default rc). With major, minor, patch or revision, --pre ID makes the result ID.1 of the incremented version; with prerelease it restarts at ID.1 unless the current pre-release begins with ID.",
            "The result is always higher than VERSION, else the exit status is 65. A v prefix is kept, build metadata dropped, numbers printed without leading zeros. --json prints {\"version\": …, \"level\": …, \"bumped\": …}.",
        ],
        arguments: [
            ArgumentSpec("LEVEL", help: "major, minor, patch, revision or prerelease.", value: .bumpLevel),
            ArgumentSpec("VERSION", help: "The version to bump."),
        ],
        optionGroups: [
            OptionGroup("OPTIONS", [
                Option.pre.spec,
            ]),
        ],
        examples: [
            Example("versioncheck bump minor 1.2.3", "Prints 1.3.0."),
            Example("versioncheck bump minor 1.2.3 --pre beta", "Prints 1.3.0-beta.1."),
            Example("versioncheck bump prerelease v1.2.4-rc.1", "Prints v1.2.4-rc.2."),
            Example("versioncheck bump minor \"$(git describe --tags --abbrev=0)\"", "The next minor version after the latest tag."),
        ],
        exitCodes: [
            (.success, "The next version was printed."), (.usage, "Usage error: unknown LEVEL, invalid --pre."),
            (.invalidInput, "An invalid version, or a bump that would not be higher."),
        ],
        sections: [Documentation.toolboxOutput("The input, the level and the result.", #"{"version": "1.2.3", "level": "minor", "bumped": "1.3.0"}"#)]
    )

    public static let validate = CommandSpec(
        name: "validate",
        abstract: "Check that versions are well formed.",
        discussion: [
            "Prints nothing when every version is valid, else one line per invalid one on stderr. --strict demands SemVer 2.0.0 exactly; --app-store what App Store Connect accepts (one to three integers joined by dots, at most 18 characters: 2.0.0.1 is refused).",
        ],
        arguments: [ArgumentSpec("VERSION", .oneOrMore, help: "The versions to check.")],
        optionGroups: [
            OptionGroup("OPTIONS", [
                Option.strict.spec,
                Option.appStore.spec,
            ]),
        ],
        rules: [.atMostOne([Option.strict.name, Option.appStore.name])],
        examples: [
            Example("versioncheck validate --strict 1.2.3 v1.2", "Exits 65: v1.2 is not SemVer."),
            Example("versioncheck validate --app-store 2020121701", "Exits 0."),
        ],
        exitCodes: [(.success, "All valid."), (.usage, "Usage error."), (.invalidInput, "At least one is invalid.")],
        sections: [Documentation.toolboxOutput("One object per input, and nothing else on stdout.", #"{"version": "v1.2", "valid": false, "error": "…"}"#)]
    )

    public static let completions = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script for bash, zsh or fish.",
        discussion: [
            "The script completes command names, options, and the values of options that take one of a fixed set (LEVEL, --platform). make install puts it where each shell looks; to try it in the current shell: source <(versioncheck completions bash).",
        ],
        arguments: [
            ArgumentSpec("SHELL", help: "bash, zsh or fish.", completion: .choices(CompletionShell.allCases.map(\.rawValue))),
        ],
        examples: [
            Example("versioncheck completions zsh > ~/.zfunc/_versioncheck", "Install the zsh completion for one user."),
        ],
        exitCodes: [(.success, "The script was printed."), (.usage, "Unknown shell.")]
    )

    public static let help = CommandSpec(
        name: "help",
        abstract: "Show help for versioncheck, one of its commands, or a topic.",
        arguments: [ArgumentSpec("COMMAND|TOPIC", .optional, help: "The command or topic to explain (topics: \(HelpTopic.all.map(\.name).joined(separator: ", "))).", completion: .commandName)],
        optionGroups: [
            OptionGroup("OPTIONS", [
                Option.man.spec,
            ]),
        ],
        examples: [
            Example("versioncheck help lookup", "The options of lookup."),
            Example("versioncheck help gate", "How to gate a release in CI."),
            Example("versioncheck help --man | man -l -", "Read the manual page."),
        ],
        exitCodes: [(.success, "Help was printed."), (.usage, "Unknown command or topic, or --man with a COMMAND.")]
    )

    /// Every command, in help order: the one list that the parser, help, the man page and
    /// the completions read (`help` is answered by the parser; each other one runs as the
    /// `Command` of the same spec, `Commands.runnable`).
    public static let commands: [CommandSpec] = [
        lookup, manifest, lint, outdated, batch, compare, satisfies, sort, bump, validate, completions, help,
    ]

    /// The commands that run one update check: what a line of `batch` may hold.
    public static let checking: [CommandSpec] = [lookup, manifest]

    /// The command called `name`, if there is one.
    public static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// Every exit code and what it means, for the overview help and the man page.
    public static let exitCodes: [(ExitStatus, String)] = ExitStatus.allCases.map { ($0, $0.meaning) }

    /// The environment variables versioncheck reads, for help and the man page.
    public static let environment: [(String, String)] = [
        ("VERSIONCHECK_LOOKUP_URL", "Replaces the App Store lookup endpoint (--lookup-url wins)."),
        ("VERSIONCHECK_FETCH_HELPER", "The path of the versioncheck-fetch helper that does the network requests of lookup and manifest."),
        ("VERSIONCHECK_CACHE_DIR", "The cache folder of --check-period (--cache-dir wins); else $XDG_CACHE_HOME/versioncheck (when absolute), else ~/.cache/versioncheck (Linux) or ~/Library/Caches/versioncheck (macOS) when HOME is an absolute path to an existing folder; else no cache."),
        ("CURL_CA_BUNDLE, SSL_CERT_FILE, SSL_CERT_DIR", "Linux: the certificates trusted over https instead of the system's, as curl and OpenSSL read them (CURL_CA_BUNDLE first); one that names nothing readable is 66. Ignored on macOS."),
        (OfflineSwitch.environmentVariable, "When set and not empty, lookup and manifest make no network request and start no refresh: the end user's switch to turn every check off. With --check-period the cache answers whatever its age (JSON stale true); otherwise the check fails with 75, kind offline. Local manifests are still read."),
        ("XDG_CACHE_HOME, HOME", "Where the cache goes by default: $XDG_CACHE_HOME/versioncheck when it is an absolute path, else ~/.cache/versioncheck (Linux) or ~/Library/Caches/versioncheck (macOS) when HOME is an absolute path to an existing folder; else no cache (see 'versioncheck help cache')."),
        ("https_proxy, http_proxy, no_proxy", "Linux: the proxy for requests, as libcurl reads them. macOS takes it from the system's settings."),
        ("TMPDIR", "Where outdated and batch hold output waiting behind a slow earlier check beyond 32 MiB (a file of mode 0600, unlinked as soon as it is made)."),
        ("GH_TOKEN, GITHUB_TOKEN", "The first that is set and not empty is sent as a bearer token to api.github.com (manifest --github), and to no other host, nor after a redirect elsewhere; it raises GitHub's limit of 60 requests an hour. It is never printed, cached or put on a command line."),
        ("VERSIONCHECK_IGNORE", "outdated: apps to ignore, as --ignore takes them (ID or ID@VERSION), separated by commas; added to those --ignore names."),
        ("NO_COLOR", "When set (to anything), never use colour."),
    ]
}

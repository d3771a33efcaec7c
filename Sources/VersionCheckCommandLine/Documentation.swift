import VersionCheckCore
import VersionCheckSources

/// The documentation beyond commands and options that help and the man page share:
/// the source formats (from each format's own description), the JSON every command
/// prints, the error object and its kinds, the cache and the files.
public enum Documentation {
    /// `lookup`'s JSON object, key by key in the order it is printed (`CheckPresenter`).
    public static let checkKeys: [(name: String, meaning: String)] = [
        ("status", "none, optional, forced (error for a failure)."),
        ("current", "--current as given."),
        ("latest", "The highest release offered, as the source spells it; null when none is offered."),
        ("comparison", "current against latest: -1 current is older, 0 the same, 1 newer; null without latest."),
        ("level", "The bump from current to latest that the decision used: major, minor, patch, revision or prerelease; null when latest is not newer. For an appcast compared by build it is computed on the display versions when both are known (--current-from, or --appcast-version display)."),
        ("reason", "One sentence: why this status."),
        ("url", "The latest release's own URL, else the manifest's updateURL; null when neither."),
        ("releaseNotes", "The latest release's notes."),
        ("releaseDate", "The latest release's date, as the source gives it."),
        ("minimumOsVersion", "The OS the latest release needs."),
        ("releases", "Every offered release in (current, latest], oldest first, each {version, displayVersion, notes, notesFormat, notesUrl, date, critical, informational, url, minimumOsVersion}, and for an appcast also {fullNotesUrl, infoUrl, title, majorUpgrade}; null where the source does not say. notesFormat is html, plain-text or markdown for an appcast, markdown for GitHub Releases, html for electron-builder, plain-text for other sources, null without notes."),
        ("unavailable", "{version, minimumOsVersion} of the highest newer release --os-version kept back, else null; it never changes the status."),
        ("heldBack", "{version, reason, until} of the highest newer release held back: reason phased-rollout, min-age, channel, major-upgrade, prerelease (GitHub Releases without --include-prereleases) or staged-rollout (electron-builder with --rollout-percentile); until the date it will be offered (ISO 8601 UTC), null for the last four; else null. It never changes the status."),
        ("installable", "{version, url} of the highest release in (current, latest] that is not informational (what can be installed), else null."),
        ("cached", "true when the answer came from the cache without asking the source."),
        ("fetchedAt", "When the request that got the cached body (or its 304) was sent (ISO 8601 UTC); null unless --check-period consulted the cache."),
        ("stale", "true when the cache entry answered although this run wanted a fresh answer: older than --check-period (--background-refresh, VERSIONCHECK_OFFLINE), --refresh given, or the source unreachable (--stale-if-error). A stale answer fails --gate."),
        ("source", "The lookup URL that was built, or --url as given (credentials removed)."),
        ("app", "lookup: {id, bundleId, name} of the app; null for manifest."),
        ("gate", "Only with --gate: whether the gate passed."),
        ("gateReason", "Only with --gate: the verdict line without its 'gate passed: ' or 'gate failed: ' prefix."),
        ("explain", "Only with --explain: how the answer was reached, one string per step (see 'versioncheck help explain'); in the error object too."),
    ]

    /// `lint`'s findings, code by code, from `LintCode`'s table.
    package static let lintCodes = DocSection(
        "FINDINGS",
        paragraphs: [
            "Codes are stable: a newer version may add codes, never reuse one. A channel is the items of one sparkle:channel value (items without one form the default channel).",
        ],
        rows: LintCode.allCases.map { code in ("\(code.rawValue) \(code.severity.rawValue)", code.summary) })

    /// `JSON OUTPUT` of `lookup` and `manifest`.
    package static let checkOutput = DocSection(
        "JSON OUTPUT",
        paragraphs: ["With --json, one object on one line, these keys in this order (absent values are null):"],
        rows: checkKeys)

    /// `JSON OUTPUT` of `outdated` and `batch`: JSON Lines of the check object plus the
    /// keys that name the app (`key`: "name and path" or "line").
    package static func manyOutput(key: String) -> DocSection {
        DocSection(
            "JSON OUTPUT",
            paragraphs: [
                "With --json, JSON Lines in output order: one object per app with an update and per failed check (every app with --all): the object of lookup and manifest (see 'versioncheck help lookup') with \(key) first; a failed check is its error object with the same keys; a skipped app is {\"status\": \"skipped\", \"reason\": ...} with them.",
            ],
            literal: key == "line"
                ? [#"{"line": 3, "status": "optional", "current": "2.4.1", ...}"#, #"{"line": 5, "status": "error", "error": {"code": 69, ...}}"#]
                : [
                    #"{"name": "Clipboard", "path": "/Applications/Clipboard.app", "status": ...}"#,
                    #"{"name": "Notes", "path": "...", "status": "skipped", "reason": "..."}"#,
                ])
    }

    /// `SOURCE` of `lookup`: what it reads of the App Store's answer.
    package static let lookupSource = section(ITunesLookupFormat.documentation)

    /// `MANIFEST FORMATS` of `manifest`: every registered format, told apart by content.
    package static let manifestFormats: [DocSection] = [
        DocSection(
            "MANIFEST FORMATS",
            paragraphs: [
                "The format is told by the content, never by the name: " + SourceFormats.manifest.map { $0.documentation.title }.joined(separator: ", ")
                    + ". Anything else is a bad response (76). The body is at most 8 MiB, from a file as from the network.",
            ]),
    ] + SourceFormats.manifest.map { section($0.documentation) }

    /// A format's description as a section titled in capitals.
    package static func section(_ format: FormatDocumentation) -> DocSection {
        DocSection(format.title.uppercased(), paragraphs: format.paragraphs, rows: format.fields, literal: format.example)
    }

    /// `JSON OUTPUT` of a toolbox command: one sentence and the object.
    package static func toolboxOutput(_ sentence: String, _ object: String) -> DocSection {
        DocSection("JSON OUTPUT", paragraphs: [sentence], literal: [object])
    }

    /// The overview's and the man page's own sections: failures in JSON and their kinds.
    public static let overview: [DocSection] = [
        DocSection(
            "ERRORS",
            paragraphs: [
                "Every failure prints one line on stderr, 'versioncheck: error: …', naming the input at fault, and exits with its code; a failure never exits 0, 100 or 101. With --json, stdout also carries one object:",
            ],
            literal: [#"{"status": "error","#, #" "error": {"code": 75, "kind": "timeout", "message": "…"}}"#]),
        DocSection(
            "ERROR KINDS",
            rows: ErrorKind.allCases.map { kind in (kind.rawValue, "Exit \(kind.exitStatus.rawValue).") }),
    ]
}

import VersionCheckCore

extension HelpTopic {
    /// `versioncheck help launcher`: a check at every start of a tool that costs a cache hit.
    package static let launcher = HelpTopic(
        "launcher",
        abstract: "Check at every launch of a tool for the cost of a cache hit.",
        sections: [
            DocSection(
                "CHECK AT EVERY LAUNCH",
                paragraphs: [
                    "Start your tool through a small launcher that asks the source at most once a day, answers every launch from the cache, and never waits long for the network:",
                ],
                literal: [
                    "notes=$(versioncheck manifest --url https://example.com/tool.json \\",
                    "    --current \"$(cat /opt/tool/VERSION)\" --check-period 1 \\",
                    "    --background-refresh --stale-if-error 30 --deadline 3)",
                    "case $? in",
                    "  101) printf '%s\\n' \"$notes\" >&2; exit 1 ;;",
                    "  100) printf '%s\\n' \"$notes\" | head -n 1 >&2 ;;",
                    "esac",
                    "exec /opt/tool/bin/tool \"$@\"",
                ]),
            DocSection(
                "WHAT EACH OPTION BUYS",
                rows: [
                    ("--check-period 1", "An answer younger than a day comes from the cache with no request; the network helper is not even started. See 'versioncheck help cache'."),
                    ("--background-refresh", "Once the entry is older than that, the launch still answers from it at once (JSON stale true, no warning) and a detached versioncheck (its own session, standard streams on /dev/null, never waited for) asks the source and renews the entry for the next launch, with this run's --timeout, --retries and --deadline. One refresh per entry at a time: a lock beside the entry, stale after 5 minutes. With no entry at all the source is asked now."),
                    ("--stale-if-error 30", "When the source is asked now and cannot be reached (75: refused, DNS, timeout, rate limit, 5xx), an entry younger than 30 days answers instead, decided afresh, JSON stale true, with one warning line. A 69 or 76 is the source's answer and is never covered."),
                    ("--deadline 3", "The whole check (every attempt, redirect and retry wait) ends within 3 s, else 75 timeout; a retry that could not finish in time is not started. Without it the defaults (--timeout 10 --retries 2) can wait 30 s on a stalled server."),
                ]),
            DocSection(
                "THE END USER'S SWITCH",
                paragraphs: [
                    "VERSIONCHECK_OFFLINE set and not empty turns every check off: no request, no refresh. With --check-period the cache answers whatever its age (JSON stale true once expired); otherwise the check fails with 75, kind offline, saying that VERSIONCHECK_OFFLINE is set. Local manifests are still read.",
                ]),
        ])
}

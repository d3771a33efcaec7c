import VersionCheckCore

extension HelpTopic {
    /// `versioncheck help cache`: `--check-period` and everything around it.
    package static let cache = HelpTopic(
        "cache",
        abstract: "--check-period: answers from a local cache, and when the source is asked.",
        sections: [
            DocSection(
                "CHECK PERIOD AND CACHE",
                paragraphs: [
                    "With --check-period DAYS an answer younger than DAYS comes from a local cache without touching the network, decided afresh with this run's options (--current, --skip, … may differ from the run that fetched it). Older, or with --refresh, the request is conditional (If-None-Match, If-Modified-Since): a 304 renews the entry, a 200 replaces it. Without --check-period nothing is read or written there, and local manifests are never cached.",
                    "Only a body that decoded into an answer is stored; a failure leaves the old entry as it was and is reported as always, unless --stale-if-error covers it (a 75 only). A newer answer is never replaced by an older one: an entry remembers when its request was sent, and a run (a background refresh included) whose request was sent earlier leaves it as it is. An entry dated in the future counts as absent.",
                ]),
            DocSection(
                "WHERE IT LIVES",
                paragraphs: [
                    "--cache-dir DIR, else VERSIONCHECK_CACHE_DIR when not empty, else $XDG_CACHE_HOME/versioncheck when XDG_CACHE_HOME is an absolute path, else ~/.cache/versioncheck (Linux) or ~/Library/Caches/versioncheck (macOS) when HOME is an absolute path to an existing folder. The first that is given decides: when it is unusable, or none is, the check runs without a cache (one warning) and nothing is created anywhere. Missing folders are created, the last with mode 0700.",
                    "One entry per request URL, mode 0600, written whole or not at all (a temporary file renamed into place); beside an appcast's entry, its items as read (NAME.items), so a cache hit reads no XML. A folder that is a symbolic link, not the user's own or writable by others is not used; an unreadable, damaged or foreign entry counts as absent. Either way one 'versioncheck: warning:' line, and the answer is the same: a cache problem never changes an answer.",
                ]),
            DocSection(
                "STALE ANSWERS",
                rows: [
                    ("--stale-if-error DAYS", "When the source cannot be reached (75), an entry younger than DAYS answers, JSON stale true, with one warning line naming the entry's time."),
                    ("--background-refresh", "An expired entry answers at once (stale true, no warning) and a detached process renews it for the next run. outdated and batch start one such process for all their expired entries, at most --jobs at a time. See 'versioncheck help launcher'."),
                    ("VERSIONCHECK_OFFLINE", "The cache answers whatever its age; with no entry the check fails with 75, kind offline."),
                ]),
            DocSection(
                "IN THE OUTPUT",
                paragraphs: [
                    "JSON adds cached (the answer came from the entry without a 200 or 304 in this run), fetchedAt (when the body was last fetched or revalidated, ISO 8601 UTC; null without --check-period) and stale (the entry answered although this run wanted a fresh answer). A stale answer fails --gate. -v says whether the cache answered and how old the entry is, or why it was not used.",
                ]),
        ])
}

import VersionCheckCore

extension HelpTopic {
    /// `versioncheck help explain`: what `--explain` prints.
    package static let explain = HelpTopic(
        "explain",
        abstract: "Say how a check reached its answer (--explain).",
        sections: [
            DocSection(
                "HOW THE ANSWER WAS REACHED",
                paragraphs: [
                    "--explain (lookup, manifest, outdated, and a line of batch; on batch itself it is a usage error, 64) prints, after the answer, one stderr line per step, each starting 'explain: ' ('explain: NAME: ' for a row of outdated or batch, in the row's place): the source and its format; the cache's part with --check-period (the entry's date, its age against the period, and whether it answered with no request, was revalidated, answered stale or started a background refresh); how many releases or items the source listed; each filter that left out or held back releases, naming the first few and how many more (another sparkle:os, deltas, sparkle:maximumSystemVersion, a channel, phased rollout, drafts, --tag-prefix, pre-releases, staged rollout, --skip, --os-version, --min-age, releases of equal precedence, a major upgrade); the comparison (the lenient grammar or Sparkle's rules); latest and why; the level and the versions it was computed on (versions, display versions or build numbers); the rule that decided the status (the minimum, a critical release, --force-on, --optional-on, --skip, or none newer); a gate's rule; for a skipped app, why each source did not apply.",
                    "The lines are written by the check as it decides, so they never change the answer or the exit code. A failure prints the steps taken before it. With --json the same lines, without their prefix, are the array \"explain\" of the object (the error object too), and stderr carries none of them.",
                ],
                literal: [
                    "$ versioncheck manifest --url appcast.xml --current 5000 \\",
                    "    --os-version 12.5 --explain",
                    "optional update: 5000 -> 5300",
                    "...",
                    "explain: source: the file appcast.xml",
                    "explain: format: a Sparkle appcast",
                    "explain: --os-version 12.5 left out 5209 (needs 13.0)",
                    "explain: latest 5300: the highest offered release",
                    "...",
                ]),
        ])
}

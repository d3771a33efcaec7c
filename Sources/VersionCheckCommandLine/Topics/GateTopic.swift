import VersionCheckCore

extension HelpTopic {
    /// `versioncheck help gate`: refusing to publish a build that is not newer than the live one.
    package static let gate = HelpTopic(
        "gate",
        abstract: "Fail a release job unless the build is newer than what is live.",
        sections: [
            DocSection(
                "PUBLISHING GATE",
                paragraphs: [
                    "--gate turns lookup or manifest into a publishing gate: exit 0 when --current is strictly newer than the latest release the source offers (or when none is offered), else 1. Every failure keeps its own code (64 to 76), so a gate never passes on an error. For lookup, --current must also be a version App Store Connect accepts (see 'validate --app-store'); otherwise the gate fails and says why.",
                    "The verdict is one line, 'gate passed: …' or 'gate failed: …', naming both versions, then the url: line; never release notes. With --json the object is the usual one (its status is the update status of --current against latest) plus \"gate\": true or false and \"gateReason\" (the verdict without its prefix). --minimum and the other options still shape status; the exit code is the gate's alone.",
                    "--current-from reads the version (and for lookup the bundle id, and for a macOS bundle the Mac store) from the built product, so the gate checks exactly what ships.",
                ],
                literal: [
                    "versioncheck lookup --current-from \"$BUILT_DIR/Example.app\" --gate",
                    "case $? in",
                    "  0) echo 'ok: newer than the App Store' ;;",
                    "  1) echo 'refusing to publish: not newer' >&2; exit 1 ;;",
                    "  *) echo 'could not check (see above)' >&2; exit 1 ;;",
                    "esac",
                ]),
            DocSection(
                "A FIRST RELEASE",
                paragraphs: [
                    "--allow-new (only with --gate) passes the gate when the source does not know the app yet: for lookup, a resultCount of 0 alone ('gate passed: … is not on the App Store yet'); for manifest, the URL given answering 404 or 410 itself ('… the manifest does not exist yet'). A 404 or 410 from the lookup endpoint is a broken endpoint, a 404 reached after a redirect is not the URL given, and a missing local file is a mistake: each stays 69 and fails. A lookup gate that fails with 69 without --allow-new says that --allow-new passes an app's first release.",
                ]),
            DocSection(
                "NEVER ON AN OLD ANSWER",
                paragraphs: [
                    "A stale answer from the cache (--stale-if-error, --background-refresh, VERSIONCHECK_OFFLINE) fails the gate: exit 1, and the reason names the time of the cache entry. A gate wants the source's answer now.",
                ]),
            DocSection(
                "A PUBLISHING JOB",
                paragraphs: [
                    "Lint the feed, gate the version, then upload: 'versioncheck lint' fails on a feed an updater would misread (see 'versioncheck help lint' for its findings), the gate on a version that is not newer than the live one, and only then does the job publish. A Sparkle app's job, in a shell step:",
                ],
                literal: [
                    "set -e",
                    "versioncheck lint build/appcast.xml",
                    "versioncheck manifest --url https://example.com/appcast.xml \\",
                    "    --current-from build/Example.app --gate",
                    "upload build/Example.zip build/appcast.xml",
                ]),
            DocSection(
                "COMPOSITE ACTIONS",
                paragraphs: [
                    "The repository ships two composite actions for GitHub Actions. .github/actions/gate fails its step unless the gate passes; inputs app (a built .app or Info.plist), id, bundle-id, current, country, platform, allow-new, lookup-url, lint (a feed, path or URL, linted first: an error finding fails the step and the gate does not run; each finding is also an annotation) and install (auto or always); outputs passed, latest, status, reason, exit-code and lint-findings. .github/actions/check runs one check and succeeds on 0, 100 and 101; inputs command, args (split as a shell splits words, never expanded), fail-on-update and install; outputs status, exit-code, latest and url. Both build versioncheck from the repository at the tag named unless one is on PATH.",
                ]),
        ])
}

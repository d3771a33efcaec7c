import VersionCheckCore

extension HelpTopic {
    /// `versioncheck help many`: `outdated` and `batch`, many checks in one run.
    package static let many = HelpTopic(
        "many",
        abstract: "outdated and batch: every app of a Mac, or a list of checks, in one run.",
        sections: [
            DocSection(
                "MANY APPS AT ONCE",
                paragraphs: [
                    "outdated checks every .app bundle under its PATHs (up to 3 levels deep, never inside a bundle, never through a symbolic link; on macOS /Applications and ~/Applications when no PATH is given) against its own source, App Store and Sparkle apps alike. batch runs one lookup or manifest command line per line of a file (stdin without FILE). Both run at most --jobs checks at a time (default 8) through one network helper, and print results in input order (outdated: by path; batch: by line) as soon as every earlier one is done.",
                    "A bundle is read as --current-from reads it. Its name is CFBundleDisplayName, else CFBundleName, else the folder's name. Its source is the first that applies: SUFeedURL (a Sparkle appcast, compared by CFBundleVersion; it must be https://, or http:// to loopback; a plain http:// feed elsewhere is skipped unless --allow-insecure; a file: URL, a relative path or another scheme is that app's failure, 65, and is never read); a Mac App Store receipt (lookup --platform mac by bundle id); Contents/Resources/app-update.yml, the electron-builder feed (provider generic: URL/CHANNEL-mac.yml; github: https://github.com/OWNER/REPO/releases/latest/download/CHANNEL-mac.yml; s3: https://BUCKET.s3[.REGION].amazonaws.com/PATH/CHANNEL-mac.yml; CHANNEL is the file's channel, latest by default), compared by CFBundleShortVersionString, under the same URL rules; an iOS bundle (lookup by bundle id); else the app is skipped.",
                    "--ignore ID leaves out the app whose CFBundleIdentifier is ID (any ASCII case); --ignore ID@VERSION leaves it out only while the latest offered is VERSION, compared as its check compares (a build number for a Sparkle app), so the next release shows it again. VERSIONCHECK_IGNORE adds more, separated by commas: VERSIONCHECK_IGNORE=com.example.notes,com.example.clipper@2.1. An ignored app shows as 'skipped (ignored)' with --all and is not counted among the skipped: without --all, a run that skipped apps ends with 'versioncheck: N apps skipped; --all lists them and why' on stderr.",
                    "A folder that cannot be listed is a failure of its own ('FOLDER: cannot list: WHY', 66) in path order: an app is never left out in silence. A bundle whose Info.plist cannot be read or has no usable version is that app's failure.",
                ]),
            DocSection(
                "BATCH FILES",
                paragraphs: [
                    "Each line holds the arguments of one lookup or manifest command (without 'versioncheck'), split as a POSIX shell splits words (single and double quotes, backslash) with no expansion. Blank lines and lines whose first non-blank character is # are skipped. Every line is parsed, and its --current-from read, before any request: a bad line is 64 (65, 66) naming 'line N', and nothing is checked. Global flags, --gate and --allow-new on a line are 64. A file is at most 8 MiB and 5,000 checks; a UTF-8 byte order mark at its start is ignored.",
                ],
                literal: [
                    "# release-check.txt",
                    "lookup   --current-from build/Notes.app",
                    "lookup   --current-from build/Clipboard.app --country de",
                    "manifest --url https://example.com/notes/appcast.xml --current 5100",
                    "manifest --url https://sdk.example.com/releases.json --current 4.2.0",
                ]),
            DocSection(
                "OUTPUT AND EXIT",
                paragraphs: [
                    "Text: one line per app with an update, columns aligned: NAME  CURRENT -> LATEST  optional|forced  SOURCE (batch: NAME is 'line N'; the versions are the compared ones, build numbers for a Sparkle app). --all adds 'up to date' and 'skipped (WHY)' lines. Each failure is one 'versioncheck: error: NAME: …' line on stderr. --json prints JSON Lines: the lookup/manifest object with name and path (outdated) or line (batch); a failure is its error object with those keys; a skipped app has status skipped and a reason. On a terminal, a 'checked 12 of 140' line on stderr shows progress and is erased at the end.",
                    "The exit code is the first failure's in output order (a failure never reads as up to date), else 101 if any update is forced, 100 if any is optional, else 0. Skipped apps do not count.",
                    "Memory does not grow with the list: a finished check keeps only its output until it is printed, and output waiting behind a slow earlier check beyond 32 MiB is held in a temporary file in TMPDIR (mode 0600, unlinked as soon as it is made, so none is ever left behind). Text columns are as wide as what is known before the checks run (names, current versions); a longer cell pushes the rest of its own line.",
                ]),
        ])
}

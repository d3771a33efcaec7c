import VersionCheckCore

extension HelpTopic {
    /// `versioncheck help versions`: the version grammar, precedence and constraints.
    package static let versions = HelpTopic(
        "versions",
        abstract: "How versions are read and ordered, and what a constraint means.",
        sections: [
            DocSection(
                "VERSIONS",
                paragraphs: [
                    "Every command reads versions leniently: an optional v, numbers separated by dots (any count, any length, leading zeros ignored: 1.05 is 1.5), an optional pre-release after - and build metadata after +, both dot-separated identifiers of letters, digits and -. Surrounding whitespace is trimmed. '', '1.', '.1', '1..2', '1.2.a', 'abc', '1.2.3-' and '1.2.3+' are invalid (65).",
                    "Precedence: numbers left to right, missing ones counting as 0 (1 == 1.0.0, 1.2 < 1.10, 2.0.0.1 > 2.0); on a tie a pre-release is lower (1.0.0-rc.1 < 1.0.0); two pre-releases compare as SemVer 2.0.0 does (numeric identifiers as numbers, others in ASCII order, numeric below alphanumeric, the longer list higher). Build metadata and the v never count.",
                    "validate --strict is SemVer 2.0.0 exactly; validate --app-store is what App Store Connect accepts: one to three integers joined by dots, at most 18 characters.",
                    "A Sparkle appcast's versions, and --current, --skip and --minimum against one, compare as Sparkle's own comparator does: runs of digits, of letters and of separators; text from the first - on ignored; 2.0a1 < 2.0b3 < 2.0b10 < 2.0rc1 < 2.0, 1.0 (1234) < 1.0 (1235). A display version spelled v0.64.0 is compared as 0.64.0 and shown as spelled.",
                ]),
            DocSection(
                "CONSTRAINTS",
                paragraphs: [
                    "Comparators joined by a comma or spaces must all hold; alternatives joined by || are OR. Operators: = == != > >= < <= ≥ ≤, and a bare version means =. ~> 1.2.3 is >= 1.2.3, < 1.3 (drop the last component, increment the new last); ^1.2.3 is >= 1.2.3, < 2 (the leftmost non-zero component fixed); ~1.2.3 is >= 1.2.3, < 1.3; 1.2.x is >= 1.2.0, < 1.3.0; * admits every version.",
                    "The upper bounds that ~>, ^, ~ and x-ranges generate exclude pre-releases of the bound (2.0.0-beta does not satisfy ~> 1.2); an explicit < 2.0.0 compares by plain precedence. A pre-release operand of ~>, ^ or ~ is an inclusive lower bound. => and =< are refused with a hint.",
                ],
                literal: [
                    "versioncheck satisfies 1.4.2 '~> 1.2'          # exit 0",
                    "git tag | versioncheck sort --prefix pkg@ --latest",
                    "versioncheck bump minor 1.3.0-rc.2             # 1.3.0",
                ]),
        ])
}

import Testing
@testable import VersionCheckCore

private func s(_ text: String) -> Version {
    do { return try Version(sparkle: text) } catch { fatalError("\(error)") }
}

/// Every active assertion of Sparkle's `Tests/SUVersionComparisonTest.m` (45: testNumbers 7,
/// testCommitSHAs 5, testPrereleases 15, testVersionsWithBuildNumbers 14,
/// testVersionsWithReverseDateBasedNumbers 3; the commented-out ones are not assertions),
/// as (a, b, Sparkle's answer for a against b: -1 when b is newer). The same table is
/// asked through the CLI in `SparkleComparisonEndToEndTests`.
let sparkleComparisonCases: [(String, String, Int)] = [
    // testNumbers
    ("1.0", "1.1", -1), ("1.0", "1.0", 0), ("2.0", "1.1", 1), ("0.1", "0.0.1", 1), ("0.1", "0.1.2", -1),
    ("1.0", "1.0.0", 0), ("1.0.0", "1.0", 0),
    // testCommitSHAs
    ("1.5.5-335d3e2", "1.5.6-b252311", -1), ("1.5.5-335d3e2", "1.5.5-a655360", 0),
    ("1.5.6-b252311", "1.5.5-335d3e2", 1), ("1.5-335d3e2", "1.5.0-335d3e2", 0), ("1.5.0-335d3e2", "1.5-335d3e2", 0),
    // testPrereleases
    ("1.5.5", "1.5.6a1", -1), ("1.1.0b1", "1.1.0b2", -1), ("1.1.1b2", "1.1.2b1", -1), ("1.1.1b2", "1.1.2a1", -1),
    ("1.0a1", "1.0b1", -1), ("1.0b1", "1.0", -1), ("0.9", "1.0a1", -1), ("1.0b", "1.0b2", -1),
    ("1.0b10", "1.0b11", -1), ("1.0b9", "1.0b10", -1), ("1.0rc", "1.0", -1), ("1.0b", "1.0", -1),
    ("1.0pre1", "1.0", -1), ("1.0pre1", "1.0.0pre1", 0), ("1.0.0pre1", "1.0pre1", 0),
    // testVersionsWithBuildNumbers
    ("1.0 (1234)", "1.0 (1235)", -1), ("1.0b1 (1234)", "1.0 (1234)", -1), ("1.0b5 (1234)", "1.0b5 (1235)", -1),
    ("1.0b5 (1234)", "1.0.1b5 (1234)", -1), ("1.0.1b5 (1234)", "1.0.1b6 (1234)", -1),
    ("2.0.0.2429", "2.0.0.2430", -1), ("1.1.1.1818", "2.0.0.2430", -1), ("3.3 (5847)", "3.3.1b1 (5902)", -1),
    ("3.3 (5847)", "3.3.0 (5847)", 0), ("3.3.0 (5847)", "3.3 (5847)", 0), ("1.1.1.1818", "1.1.1.1818.0", 0),
    ("1.1.1.1818.0", "1.1.1.1818", 0), ("3.3b1 (5902)", "3.3.0b1 (5902)", 0), ("3.3.0b1 (5902)", "3.3b1 (5902)", 0),
    // testVersionsWithReverseDateBasedNumbers
    ("201210251627", "201211051041", -1), ("201210251627.0", "201210251627", 0), ("201210251627", "201210251627.0", 0),
]

@Suite("Sparkle version spellings")
struct SparkleVersionTests {
    @Test("SUVersionComparisonTest: 44 assertions")
    func tableSize() {
        #expect(sparkleComparisonCases.count == 44)
    }

    @Test("agrees with SUStandardVersionComparator", arguments: sparkleComparisonCases)
    func agreesWithSparkle(_ a: String, _ b: String, _ order: Int) {
        #expect(s(a).compare(to: s(b)) == order)
        #expect(s(b).compare(to: s(a)) == -order)
        #expect((s(a) == s(b)) == (order == 0))
        if order == 0 { #expect(s(a).hashValue == s(b).hashValue) }
    }

    /// SPEC.md's own examples, and the rules it spells out.
    @Test("SPEC's rules", arguments: [
        ("2.0a1", "2.0b3", -1), ("2.0b3", "2.0b10", -1), ("2.0b10", "2.0rc1", -1), ("2.0rc1", "2.0", -1),
        ("1.0 (1234)", "1.0 (1235)", -1),
        // numbers are unbounded
        ("99999999999999999999999a", "100000000000000000000000a", -1), ("1.0 (99999999999999999999)", "1.0 (100000000000000000000)", -1),
        // all separators alike; a number is newer than a separator
        ("1.0 (5)", "1.0,(5)", 0), ("1.0 (5)", "1.0.(5)", -1), ("1,0", "1.0", 1), ("1.0.1", "1.0 (1)", 1),
        // a letter run against anything else: the other is newer
        ("1.0a", "1.0.", -1), ("v1.0", "1.0", -1), ("beta", "alpha", 1), ("B", "a", -1),
        // trailing: letters older, numbers newer
        ("1.0b", "1.0", -1), ("1.0.5", "1.0", 1), ("1.0.", "1.0", 0), ("1.0..", "1", 0),
        // the text from the first '-' on is ignored
        ("1.5.5-zzz", "1.5.5", 0), ("2.0b3-x", "2.0b3", 0),
    ])
    func specRules(_ a: String, _ b: String, _ order: Int) {
        #expect(s(a).compare(to: s(b)) == order, "\(a) vs \(b)")
        #expect(s(b).compare(to: s(a)) == -order, "\(b) vs \(a)")
    }

    @Test("plain digits and dots take the lenient fast path", arguments: ["5209", "1.2.3", "1.5.5-335d3e2", "1.0."])
    func plain(_ text: String) {
        #expect(!s(text).isSparkleSpelling)
    }

    @Test("other spellings compare as Sparkle", arguments: ["1.0 (1234)", "2.0b3", "v1.0", "beta", "1..2", ".5"])
    func sparkleSpelled(_ text: String) {
        #expect(s(text).isSparkleSpelling)
    }

    @Test("keeps the spelling", arguments: ["2.0b3", "1.5.5-335d3e2", "3.1a", "5209", "1.0 (1234)"])
    func spelling(_ text: String) {
        #expect(s(text).description == text)
        #expect(s(" \(text) ").description == text)
    }

    @Test("refuses only an empty text or a control character")
    func refused() {
        #expect(throws: VersionError.empty) { try Version(sparkle: "  ") }
        #expect(throws: VersionError.unexpectedCharacter(text: "1.0\u{7}", offset: 3, expected: .printable)) {
            try Version(sparkle: "1.0\u{7}")
        }
        for text in ["abc", "-1", "1..2", "1.0 (1234)", "2.0b3.1", "β"] {
            #expect((try? Version(sparkle: text)) != nil, "\(text)")
        }
    }

    /// The ignored text stays in the spelling (and so in every message and heading): a
    /// character no terminal should be sent there (C0, DEL, C1, line or paragraph
    /// separator) is refused at its offset.
    @Test("refuses a control character in the ignored text", arguments: [
        ("1.0-\u{1B}[31m", 4), ("2.0b3-x\u{8}", 7), ("1.5.5-a\u{85}b", 7), ("1-\u{2029}x", 2), ("1.0-a\tb", 5),
    ])
    func controlCharacterInIgnoredText(_ text: String, _ offset: Int) {
        #expect(throws: VersionError.unexpectedCharacter(text: text, offset: offset, expected: .printable)) {
            try Version(sparkle: text)
        }
        #expect(s("1.0-\u{3B2}eta").description == "1.0-\u{3B2}eta")
    }

    /// Levels count the leading numeric components; equal ones are `prerelease`.
    @Test func bumpLevelOfSparkleSpellings() {
        #expect(s("2.0").bumpLevel(from: s("2.0b3")) == .prerelease)
        #expect(s("5209").bumpLevel(from: s("5100")) == .major)
        #expect(s("1.5.6a1").bumpLevel(from: s("1.5.5")) == .patch)
        #expect(s("1.0 (1235)").bumpLevel(from: s("1.0 (1234)")) == .prerelease)
        #expect(s("1.0.1b5 (1234)").bumpLevel(from: s("1.0b5 (1234)")) == .patch)
        #expect(s("1.0 (1234)").bumpLevel(from: s("1.0 (1235)")) == nil)
    }
}

/// Display versions spelled with a leading `v` (VimR's `v0.64.0`): compared and leveled
/// without the letter, reported as spelled (SPEC.md "Sparkle appcasts").
@Suite("Sparkle display versions")
struct SparkleDisplayVersionTests {
    @Test(arguments: [("v0.64.0", "0.64.0"), ("V1.2", "1.2"), ("v2.0b3", "2.0b3"), (" v10 ", "10")])
    func aLeadingVBeforeADigitIsLeftOut(_ text: String, _ same: String) throws {
        let display = try Version(sparkleDisplay: text)
        #expect(display == (try Version(sparkle: same)))
        #expect(display.description == Version.trimmingWhitespace(text))
        #expect(try Version(sparkleDisplay: "v0.64.0").bumpLevel(from: try Version(sparkleDisplay: "v0.63.0")) == .minor)
    }

    /// Found by fuzz-appcast: a plain display version against a Sparkle spelling compared
    /// its `v` as a letter run (`v0.63*0` came out newer than `v0.64.0`).
    @Test(arguments: [("v0.63*0", "v0.64.0"), ("v0.64.0", "v0.65b1"), ("v0.65b1", "v0.65"), ("v1.2.3.4.5", "v1.2.3.4.6b1"), ("2.0b3", "v2.0")])
    func plainAndSparkleSpellingsCompareWithoutTheV(_ older: String, _ newer: String) throws {
        let (a, b) = (try Version(sparkleDisplay: older), try Version(sparkleDisplay: newer))
        #expect(a < b)
        #expect(b > a)
    }

    @Test(arguments: ["v", "vim 1.2", "version 2", "va1"])
    func otherwiseItIsSparklesReading(_ text: String) throws {
        #expect(try Version(sparkleDisplay: text) == (try Version(sparkle: text)))
    }
}

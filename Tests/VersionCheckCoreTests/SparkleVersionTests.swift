import Testing
@testable import VersionCheckCore

private func s(_ text: String) -> Version {
    do { return try Version(sparkle: text) } catch { fatalError("\(error)") }
}

@Suite("Sparkle version spellings")
struct SparkleVersionTests {
    /// Pairs from Sparkle's own SUVersionComparisonTest.m that the SPEC reading accepts,
    /// with Sparkle's answer (-1: the first is older).
    @Test("agrees with SUStandardVersionComparator", arguments: [
        ("1.0", "1.1", -1), ("1.0", "1.0", 0), ("2.0", "1.1", 1), ("0.1", "0.0.1", 1), ("0.1", "0.1.2", -1),
        ("1.0", "1.0.0", 0), ("1.0.0", "1.0", 0),
        ("1.5.5-335d3e2", "1.5.6-b252311", -1), ("1.5.5-335d3e2", "1.5.5-a655360", 0),
        ("1.5.6-b252311", "1.5.5-335d3e2", 1), ("1.5-335d3e2", "1.5.0-335d3e2", 0), ("1.5.0-335d3e2", "1.5-335d3e2", 0),
        ("1.5.5", "1.5.6a1", -1), ("1.1.0b1", "1.1.0b2", -1), ("1.1.1b2", "1.1.2b1", -1), ("1.1.1b2", "1.1.2a1", -1),
        ("1.0a1", "1.0b1", -1), ("1.0b1", "1.0", -1), ("0.9", "1.0a1", -1), ("1.0b", "1.0b2", -1),
        ("1.0b10", "1.0b11", -1), ("1.0b9", "1.0b10", -1), ("1.0rc", "1.0", -1), ("1.0b", "1.0", -1),
        ("1.0pre1", "1.0", -1), ("1.0pre1", "1.0.0pre1", 0), ("1.0.0pre1", "1.0pre1", 0),
        ("2.0.0.2429", "2.0.0.2430", -1), ("1.1.1.1818", "2.0.0.2430", -1), ("1.1.1.1818", "1.1.1.1818.0", 0),
        ("1.1.1.1818.0", "1.1.1.1818", 0), ("201210251627", "201211051041", -1), ("201210251627.0", "201210251627", 0),
        ("201210251627", "201210251627.0", 0),
        // SPEC's chain.
        ("2.0a1", "2.0b3", -1), ("2.0b3", "2.0b10", -1), ("2.0b10", "2.0rc1", -1), ("2.0rc1", "2.0", -1),
    ])
    func agreesWithSparkle(_ a: String, _ b: String, _ order: Int) {
        #expect(s(a).compare(to: s(b)) == order)
        #expect(s(b).compare(to: s(a)) == -order)
        #expect((s(a) == s(b)) == (order == 0))
        if order == 0 { #expect(s(a).hashValue == s(b).hashValue) }
    }

    @Test("reads as the lenient form", arguments: [
        ("2.0b3", "2.0-b.3"), ("1.5rc1", "1.5-rc.1"), ("3.1a", "3.1-a"), ("1.5.5-335d3e2", "1.5.5"),
        ("v2.0b3", "2.0-b.3"), ("1.0B2", "1.0-B.2"), ("5209", "5209"), (" 1.2.3 ", "1.2.3"), ("2.0b3+x7", "2.0-b.3"),
        ("1.2.3.4.5b1", "1.2.3.4.5-b.1"), ("99999999999999999999999.1", "99999999999999999999999.1"),
    ])
    func equivalents(_ spelled: String, _ lenient: String) throws {
        let version = s(spelled)
        let expected = try Version(lenient)
        #expect(version == expected)
        #expect(version.hashValue == expected.hashValue)
        #expect(version.isPrerelease == expected.isPrerelease)
        #expect(version.description == spelled.trimmingCharacters(in: " "))
    }

    @Test("keeps the spelling", arguments: ["2.0b3", "1.5.5-335d3e2", "3.1a", "5209"])
    func spelling(_ text: String) {
        #expect(s(text).description == text)
    }

    @Test("refuses what neither reading accepts", arguments: [
        ("", "invalid version '': expected a version such as 1.2.3"),
        ("-1", "invalid version '': expected a version such as 1.2.3"),
        ("1.0 (1234)", "invalid version '1.0 (1234)': unexpected ' ' at offset 3, expected a digit, '.', '-' or '+'"),
        ("1..2", "invalid version '1..2': empty component at offset 2"),
        ("beta", "invalid version 'beta': unexpected 'b' at offset 0, expected a digit"),
        ("2.0b3.1", "invalid version '2.0b3.1': unexpected 'b' at offset 3, expected a digit, '.', '-' or '+'"),
    ])
    func refused(_ text: String, _ message: String) {
        #expect(throws: (any Error).self) { try Version(sparkle: text) }
        do {
            _ = try Version(sparkle: text)
        } catch {
            #expect(error.description == message)
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

    @Test func bumpLevelOfSparkleSpellings() {
        #expect(s("2.0").bumpLevel(from: s("2.0b3")) == .prerelease)
        #expect(s("5209").bumpLevel(from: s("5100")) == .major)
        #expect(s("1.5.6a1").bumpLevel(from: s("1.5.5")) == .patch)
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }
}

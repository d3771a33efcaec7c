import Testing
@testable import VersionCheckCore

@Suite("Strict SemVer and App Store syntax")
struct VersionSyntaxTests {
    @Test("strict SemVer accepts", arguments: [
        "0.0.0", "1.2.3", "10.20.30", "1.0.0-alpha", "1.0.0-0.3.7", "1.0.0-x.7.z.92", "1.0.0-alpha+001",
        "1.0.0+20130313144700", "1.0.0-beta+exp.sha.5114f85", "1.0.0-rc.1+build.01", "1.0.0-0a", "1.0.0-0",
        "99999999999999999999999.999999999999999999.99999999999999999",
    ])
    func strictAccepts(_ text: String) throws {
        #expect(try Version(text, syntax: .semver).description == text)
    }

    @Test("strict SemVer rejects", arguments: [
        ("01.5.6", VersionError.leadingZero(text: "01.5.6", offset: 0)),
        ("2.005.6", .leadingZero(text: "2.005.6", offset: 2)),
        ("1.2.00", .leadingZero(text: "1.2.00", offset: 4)),
        ("a1.2.3", .unexpectedCharacter(text: "a1.2.3", offset: 0, expected: .digit)),
        ("v1.2.3", .prefixNotAllowed(text: "v1.2.3")),
        ("V1.2.3", .prefixNotAllowed(text: "V1.2.3")),
        ("1.2", .componentCount(text: "1.2", found: 2)),
        ("1", .componentCount(text: "1", found: 1)),
        ("1.2.3.4", .componentCount(text: "1.2.3.4", found: 4)),
        ("1.0.0-01", .leadingZero(text: "1.0.0-01", offset: 6)),
        ("1.0.0-rc.00", .leadingZero(text: "1.0.0-rc.00", offset: 9)),
        ("1.2.3-", .emptyIdentifier(text: "1.2.3-", offset: 6)),
        ("1..2", .emptyComponent(text: "1..2", offset: 2)),
    ])
    func strictRejects(_ text: String, _ expected: VersionError) {
        #expect(throws: expected) { try Version(text, syntax: .semver) }
    }

    @Test("App Store accepts", arguments: [
        "2020121701", "2.0", "10.14.1", "1", "1.2.3", " 1.2.3 ", "123456789012345678", "1.02",
    ])
    func appStoreAccepts(_ text: String) throws {
        _ = try Version(text, syntax: .appStore)
    }

    @Test("App Store rejects", arguments: [
        ("v1.0", VersionError.prefixNotAllowed(text: "v1.0")),
        ("1.0-beta", .unexpectedCharacter(text: "1.0-beta", offset: 3, expected: .digitOrDot)),
        ("1.0+5", .unexpectedCharacter(text: "1.0+5", offset: 3, expected: .digitOrDot)),
        ("1..0", .emptyComponent(text: "1..0", offset: 2)),
        ("1.0.", .emptyComponent(text: "1.0.", offset: 4)),
        (".1", .emptyComponent(text: ".1", offset: 0)),
        ("1234567890123456789", .tooLong(text: "1234567890123456789", length: 19)),
        ("1.2.3.4.5.6.7.8.9.10", .tooLong(text: "1.2.3.4.5.6.7.8.9.10", length: 20)),
        ("1.a", .unexpectedCharacter(text: "1.a", offset: 2, expected: .digit)),
        // App Store Connect refuses more than three integers (ITMS-90060).
        ("2.0.0.1", .tooManyComponents(text: "2.0.0.1", found: 4)),
        ("1.2.3.4.5", .tooManyComponents(text: "1.2.3.4.5", found: 5)),
        ("", .empty),
    ])
    func appStoreRejects(_ text: String, _ expected: VersionError) {
        #expect(throws: expected) { try Version(text, syntax: .appStore) }
    }

    @Test("a version valid in a strict mode is valid leniently, with equal precedence",
          arguments: ["1.2.3", "1.0.0-rc.1+b", "2.0.0.1", "2020121701"])
    func strictImpliesLenient(_ text: String) throws {
        let lenient = try Version(text)
        for syntax in [VersionSyntax.semver, .appStore] {
            if let strict = try? Version(text, syntax: syntax) { #expect(strict == lenient) }
        }
    }
}

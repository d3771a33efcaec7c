import Testing
@testable import VersionCheckCore

@Suite("Version parsing")
struct VersionParseTests {
    @Test("lenient accepts", arguments: [
        "1", "1.2", "1.2.3", "1.2.3.4", "1.2.3.4.5.6", "v1.2.3", "V1", "01.5.6", "2.005.6",
        "1.2.3-rc.1", "1.2.3-alpha-1.b--", "1.2.3+build.5", "1.2.3-rc.1+001", "1.0.0-01",
        "18446744073709551616", "1234567890123456789012345678901234567890.1",
        "0", "0.0.0", "1.0.0-0A.is.legal", "1.0.0+-", "1.2.3+b-1",
    ])
    func lenientAccepts(_ text: String) throws {
        let version = try Version(text)
        #expect(version.description == text)
    }

    @Test("surrounding whitespace is trimmed", arguments: [
        (" 1.2.3", "1.2.3"), ("1.2.3\n", "1.2.3"), ("\t v1.0+b \r\n", "v1.0+b"), ("\u{00A0}2.0\u{2003}", "2.0"),
    ])
    func trims(_ text: String, _ expected: String) throws {
        #expect(try Version(text).description == expected)
        #expect(try Version(text[...]).description == expected)
    }

    @Test("lenient rejects with a reason", arguments: [
        ("", VersionError.empty),
        ("   ", .empty),
        ("1.", .emptyComponent(text: "1.", offset: 2)),
        (".1", .emptyComponent(text: ".1", offset: 0)),
        ("1..2", .emptyComponent(text: "1..2", offset: 2)),
        ("1.2.a", .unexpectedCharacter(text: "1.2.a", offset: 4, expected: .digit)),
        ("abc", .unexpectedCharacter(text: "abc", offset: 0, expected: .digit)),
        ("a1.2.3", .unexpectedCharacter(text: "a1.2.3", offset: 0, expected: .digit)),
        ("1.2.3-", .emptyIdentifier(text: "1.2.3-", offset: 6)),
        ("1.2.3+", .emptyIdentifier(text: "1.2.3+", offset: 6)),
        ("1.2.3-a..b", .emptyIdentifier(text: "1.2.3-a..b", offset: 8)),
        ("1.2.3-a_b", .unexpectedCharacter(text: "1.2.3-a_b", offset: 7, expected: .prereleaseCharacter)),
        ("1.2.3+a_b", .unexpectedCharacter(text: "1.2.3+a_b", offset: 7, expected: .buildCharacter)),
        ("1.2a", .unexpectedCharacter(text: "1.2a", offset: 3, expected: .numberEnd)),
        ("1 2", .unexpectedCharacter(text: "1 2", offset: 1, expected: .numberEnd)),
        ("v", .emptyComponent(text: "v", offset: 1)),
        ("vv1", .unexpectedCharacter(text: "vv1", offset: 1, expected: .digit)),
        ("1.é", .unexpectedCharacter(text: "1.é", offset: 2, expected: .digit)),
        ("é.1.2-", .unexpectedCharacter(text: "é.1.2-", offset: 0, expected: .digit)),
        ("1.2.3-é", .emptyIdentifier(text: "1.2.3-é", offset: 6)),
        ("1.2.3-aé", .unexpectedCharacter(text: "1.2.3-aé", offset: 7, expected: .prereleaseCharacter)),
    ] as [(String, VersionError)])
    func lenientRejects(_ text: String, _ expected: VersionError) {
        #expect(throws: expected) { try Version(text) }
    }

    @Test("error messages are one line, quote the input and say where", arguments: [
        ("1..2", "invalid version '1..2': empty component at offset 2"),
        ("", "invalid version '': expected a version such as 1.2.3"),
        ("1.2.a", "invalid version '1.2.a': unexpected 'a' at offset 4, expected a digit"),
        ("1.2.3-", "invalid version '1.2.3-': empty identifier at offset 6"),
        ("  1.x ", "invalid version '1.x': unexpected 'x' at offset 2, expected a digit"),
        ("1.é", "invalid version '1.é': unexpected 'é' at offset 2, expected a digit"),
    ])
    func messages(_ text: String, _ message: String) {
        do {
            _ = try Version(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.description == message)
        }
    }
}

/// `Version.isPlainNumeric`, the byte check `sort` makes of each line as it reads: true
/// only for what the lenient grammar accepts without a pre-release or build part.
@Suite struct PlainNumericTests {
    @Test(arguments: ["1", "1.2.3", "v1.2", "V10.0.0.1", "01.002", "18446744073709551616.1", "1.2.3.4.5.6.7.8.9.10"])
    func plain(text: String) throws {
        #expect(Array(text.utf8).withUnsafeBufferPointer(Version.isPlainNumeric))
        _ = try Version(text)  // and the grammar agrees
    }

    @Test(arguments: ["", "v", "1.", ".1", "1..2", "1.2.a", "1.2.3-rc.1", "1.2.3+b", " 1.2", "1.2 ", "vv1", "x1.2", "1,2"])
    func notPlain(text: String) {
        #expect(!Array(text.utf8).withUnsafeBufferPointer(Version.isPlainNumeric))
    }
}

import Testing
import VersionCheckCore

/// Long input is quoted as an excerpt: its start, the part around the fault, its length.
@Suite("Excerpt: long input in one-line messages")
struct ExcerptTests {
    static let long = String(repeating: "1.", count: 50) + "x" + String(repeating: ".2", count: 50)  // 201 characters, x at 100

    @Test("up to 160 characters: quoted whole", arguments: ["", "1..2", String(repeating: "9", count: 160)])
    func shortTextsWhole(text: String) {
        #expect(Excerpt.quoted(text, around: 2) == "'\(text)'")
    }

    @Test("a fault deep inside: the start, the 40 characters around it, the length")
    func faultInside() {
        let quoted = Excerpt.quoted(Self.long, around: 100)
        #expect(quoted == "'" + String(repeating: "1.", count: 16) + "…" + String(repeating: "1.", count: 10) + "x" + String(repeating: ".2", count: 9) + ".…' (201 characters)")
    }

    @Test("a fault at the very end: the excerpt ends with the text, no trailing ellipsis")
    func faultAtTheEnd() {
        let text = String(repeating: "1.", count: 500_000) + "x"
        let quoted = Excerpt.quoted(text, around: 1_000_000)
        #expect(quoted == "'" + String(repeating: "1.", count: 16) + "…" + String(repeating: ".1", count: 19) + ".x' (1000001 characters)")
    }

    @Test("no offset, or a fault near the start: the first 72 characters", arguments: [nil, 0, 52] as [Int?])
    func faultNearTheStart(offset: Int?) {
        #expect(Excerpt.quoted(Self.long, around: offset) == "'" + String(Self.long.prefix(72)) + "…' (201 characters)")
    }

    @Test("characters, not bytes: a long text of multi-byte characters is cut between characters")
    func cutsBetweenCharacters() {
        let quoted = Excerpt.quoted(String(repeating: "é🚀", count: 100))
        #expect(quoted == "'" + String(repeating: "é🚀", count: 36) + "…' (200 characters)")
    }

    @Test("version and constraint errors quote long input as an excerpt, with the true offset")
    func errorsUseIt() {
        let version = String(repeating: "1.", count: 500_000) + "x"
        #expect(throws: VersionError.self) { try Version(version) }
        do {
            _ = try Version(version)
        } catch {
            #expect(error.description.count < 200)
            #expect(error.description.hasSuffix("(1000001 characters): unexpected 'x' at offset 1000000, expected a digit"))
        }
        let constraint = ">=" + String(repeating: "1.", count: 100) + "y"
        do {
            _ = try VersionConstraint(constraint)
            Issue.record("parsed")
        } catch {
            #expect(error.description.count < 300, "\(error.description)")
            #expect(error.description.contains("(203 characters)"), "\(error.description)")
            #expect(error.description.contains("1.1.y'"), "\(error.description)")
        }
    }
}

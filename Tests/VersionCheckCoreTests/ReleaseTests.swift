import Testing
import VersionCheckCore

/// `Release` keeps its optional fields out of line, so a list of bare releases (a
/// manifest at the size cap) costs the version and one pointer each.
@Suite("Release: compact, and a plain value")
struct ReleaseTests {
    @Test("a release is the version and one pointer")
    func layout() {
        #expect(MemoryLayout<Release>.stride == MemoryLayout<Version>.stride + MemoryLayout<Int>.stride)
        #expect(MemoryLayout<Release>.stride <= 64)
    }

    @Test("fields read back as given; absent ones are nil and not critical")
    func fields() throws {
        let bare = Release(version: try Version("1.0"))
        #expect(bare.notes == nil && bare.date == nil && !bare.critical && bare.minimumOsVersion == nil && bare.url == nil)
        let full = Release(
            version: try Version("2.0"), notes: "n", date: "d", critical: true, minimumOsVersion: "15", url: "u")
        #expect([full.notes, full.date, full.minimumOsVersion, full.url] == ["n", "d", "15", "u"])
        #expect(full.critical)
    }

    @Test("setting a field changes that copy only (value semantics)")
    func valueSemantics() throws {
        let original = Release(version: try Version("1.0"), notes: "old", url: "u")
        var copy = original
        copy.notes = "new"
        copy.critical = true
        copy.date = "2026-01-02"
        #expect(original.notes == "old" && !original.critical && original.date == nil)
        #expect(copy.notes == "new" && copy.critical && copy.date == "2026-01-02" && copy.url == "u")
        copy.notes = nil
        copy.critical = false
        copy.date = nil
        copy.url = nil
        #expect(copy == Release(version: try Version("1.0.0")))
    }

    @Test("equality is the version's precedence and every field")
    func equality() throws {
        let a = Release(version: try Version("1.0"), notes: "n")
        #expect(a == Release(version: try Version("v1.0.0"), notes: "n"))
        #expect(a != Release(version: try Version("1.0"), notes: "m"))
        #expect(a != Release(version: try Version("1.0"), notes: "n", critical: true))
        #expect(a != Release(version: try Version("1.1"), notes: "n"))
    }
}

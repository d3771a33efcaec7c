import Testing
@testable import VersionCheckCore

private func v(_ text: String) -> Version {
    do { return try Version(text) } catch { fatalError("\(error)") }
}

@Suite("Precedence")
struct PrecedenceTests {
    /// Each pair is strictly ascending.
    @Test("ascending pairs", arguments: [
        ("2.100.120", "3.12.1"), ("3.12.1", "3.13.1"), ("1.0.0", "1.22.0"), ("1.2", "1.10"), ("2.0", "2.0.0.1"),
        ("1.0.0-rc.1", "1.0.0"), ("1.0.0-alpha", "1.0.0-alpha.1"), ("1.0.0-alpha.1", "1.0.0-alpha.beta"),
        ("1.0.0-alpha.beta", "1.0.0-beta"), ("1.0.0-beta", "1.0.0-beta.2"), ("1.0.0-beta.2", "1.0.0-beta.11"),
        ("1.0.0-beta.11", "1.0.0-rc.1"), ("1.0.0-rc.1", "1.0.0"),
        ("18446744073709551615", "18446744073709551616"),
        ("1.18446744073709551615", "1.18446744073709551616"),
        ("1234567890123456789012345678901234567890", "1234567890123456789012345678901234567891"),
        ("999999999999999999999999999999999999999", "1234567890123456789012345678901234567890"),
        ("1.2.3.4", "1.2.3.5"), ("1.2.3.4.5", "1.2.3.4.6"), ("1.2.3.4.5", "1.2.3.5"), ("1.2.3.4", "1.2.3.4.0.1"),
        ("1.0.0-1", "1.0.0-2"), ("1.0.0-2", "1.0.0-10"), ("1.0.0-99", "1.0.0-a"), ("1.0.0-A", "1.0.0-a"),
        ("1.0.0-a", "1.0.0-a-"), ("1.0.0--", "1.0.0-0a"), ("1.0.0-99999999999999999999", "1.0.0-100000000000000000000"),
        ("1.0.0-18446744073709551616", "1.0.0-a"), ("1.0.0-1", "1.0.0-18446744073709551616"),
        ("1.0.0-rc", "1.0.0.0.1-rc"), ("0.9", "1.0.0-alpha"), ("1.0.0-alpha", "1.0.0-alpha.0"),
        ("1.0.0-beta.9", "1.0.0-beta.9.a"), ("99.99.99.99", "100"), ("0.0.0.0.0.0.1", "0.0.0.0.0.0.2"),
        ("18446744073709551616.1-rc", "18446744073709551616.1"),
    ])
    func ascending(_ lower: String, _ higher: String) {
        let a = v(lower), b = v(higher)
        #expect(a < b)
        #expect(b > a)
        #expect(a != b)
        #expect(a.compare(to: b) == -1)
        #expect(b.compare(to: a) == 1)
    }

    /// Each pair has equal precedence (and so equal hashes).
    @Test("equal pairs", arguments: [
        ("1", "1.0.0"), ("1", "1.0"), ("1.0", "1.0.0.0.0.0"), ("1.05", "1.5"), ("v1.2.3", "1.2.3"), ("V1.2.3", "1.2.3"),
        ("1.2.3+build.5", "1.2.3"), ("1.2.3+a", "1.2.3+b"), ("1.0.0-01", "1.0.0-1"), ("1.0.0-rc.001", "1.0.0-rc.1"),
        ("0001.0002", "1.2"), ("18446744073709551616", "018446744073709551616.0"),
        ("1.2.3.4.5", "1.2.3.4.5.0"), ("1.2.3.4.5-rc.1", "v01.2.3.4.5.0-rc.01+x"), ("0", "0.0.0"),
        ("1.0.0-00000000000000000000000001", "1.0.0-1"), ("1.0.0-0", "1.0.0-00"),
    ])
    func equal(_ left: String, _ right: String) {
        let a = v(left), b = v(right)
        #expect(a == b)
        #expect(!(a < b) && !(b < a))
        #expect(a.compare(to: b) == 0)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
    }

    @Test("the SemVer §11 chain sorts into itself")
    func semverChain() {
        let chain = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
                     "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0"]
        let versions = chain.map(v)
        for (i, a) in versions.enumerated() {
            for (j, b) in versions.enumerated() {
                #expect(a.compare(to: b) == (i < j ? -1 : i == j ? 0 : 1), "\(a) vs \(b)")
            }
        }
        #expect(versions.reversed().sorted().map(\.description) == chain)
    }

    @Test("isPrerelease", arguments: [
        ("1.0.0-rc.1", true), ("1.0.0", false), ("1.0.0+rc", false), ("18446744073709551616-a", true),
        ("1.2.3.4.5", false), ("1-0", true),
    ])
    func isPrerelease(_ text: String, _ expected: Bool) {
        #expect(v(text).isPrerelease == expected)
    }

    @Test("the description keeps the text, precedence ignores it")
    func descriptionKept() {
        let a = v("v1.2.0+build"), b = v("1.2")
        #expect(a == b)
        #expect(a.description == "v1.2.0+build")
        #expect(b.description == "1.2")
        #expect("\(a)" == "v1.2.0+build")
    }

    @Test("small versions stay inline, others spill")
    func layout() {
        #expect(v("1.2.3.4")._extra == nil)
        #expect(v("1.2.3.4.0.0")._extra == nil)
        #expect(v("18446744073709551615.1")._extra == nil)
        #expect(v("1.2.3.4.5")._extra?.numbers != nil)
        #expect(v("18446744073709551616")._extra?.numbers != nil)
        #expect(v("1.2.3-rc")._extra?.numbers == nil)
        // Pre-releases with inline numbers share one marker: no allocation per version.
        #expect(v("1.2.3-rc")._extra === v("2.0-beta.1+b")._extra)
        #expect(v("1.2.3-rc")._extra?.hasPrerelease == true)
        #expect(v("1.2.3.4.5-rc")._extra?.hasPrerelease == true)
        #expect(v("1.2.3.4.5+rc")._extra?.hasPrerelease == false)
    }

    /// A leading space sends a text down the exact path; both paths must build the same value.
    @Test("the fast path and the exact path agree", arguments: [
        "1", "v1.2.3", "1.2.3.4", "1.2.3.4.0", "1.2.3.4.0.5", "0.0.0.0.0", "9999999999999999999.1",
        "18446744073709551615", "18446744073709551616", "12345678901234567890", "01.002.0003",
    ])
    func fastAndExactPathsAgree(_ text: String) {
        let fast = v(text), exact = v(" " + text)
        #expect(fast == exact)
        #expect(fast.hashValue == exact.hashValue)
        #expect((fast._w0, fast._w1, fast._w2, fast._w3) == (exact._w0, exact._w1, exact._w2, exact._w3))
        #expect((fast._extra == nil) == (exact._extra == nil))
        #expect(fast._extra?.numbers == exact._extra?.numbers)
    }
}

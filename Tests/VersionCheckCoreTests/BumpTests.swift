import Testing
import VersionCheckTestSupport
@testable import VersionCheckCore

/// `bump LEVEL VERSION [--pre ID]`: every rule of SPEC.md "Version tools", one row each.
@Suite("Version.bumped")
struct BumpTests {
    static let rows: [(level: BumpLevel, version: String, pre: String?, expected: String)] = [
        // Increment the level, zero the later ones, keep the number of components unless more are needed.
        (.patch, "1.2", nil, "1.2.1"),
        (.minor, "1.2", nil, "1.3"),
        (.major, "1.2", nil, "2.0"),
        (.major, "1", nil, "2"),
        (.revision, "1.2.3", nil, "1.2.3.1"),
        (.revision, "1", nil, "1.0.0.1"),
        (.revision, "1.2.3.4.5", nil, "1.2.3.5.0"),
        (.major, "1.9.9.9", nil, "2.0.0.0"),
        (.patch, "1.2.3", nil, "1.2.4"),
        (.minor, "1.2.3", nil, "1.3.0"),
        (.patch, "1.2.9", nil, "1.2.10"),
        // A pre-release whose later components are all zero is released.
        (.minor, "1.3.0-rc.2", nil, "1.3.0"),
        (.patch, "1.2.3-rc.1", nil, "1.2.3"),
        (.revision, "1.2.3-rc.1", nil, "1.2.3"),
        (.patch, "1.2-rc.1", nil, "1.2"),
        (.major, "2.0.0-beta", nil, "2.0.0"),
        (.major, "2-beta", nil, "2"),
        (.minor, "1.3.0.0-rc", nil, "1.3.0.0"),
        // ... and one whose later components are not is bumped.
        (.major, "1.2.0-rc.1", nil, "2.0.0"),
        (.minor, "1.3.1-rc.1", nil, "1.4.0"),
        (.patch, "1.2.3.4-rc.1", nil, "1.2.4.0"),
        // prerelease: the last numeric identifier plus one, or `.1` appended.
        (.prerelease, "1.2.4-rc.1", nil, "1.2.4-rc.2"),
        (.prerelease, "1.2.4-alpha.1.beta", nil, "1.2.4-alpha.2.beta"),
        (.prerelease, "1.2.4-rc", nil, "1.2.4-rc.1"),
        (.prerelease, "1.2.4-rc.9", nil, "1.2.4-rc.10"),
        (.prerelease, "1.2.4-rc.09", nil, "1.2.4-rc.10"),
        (.prerelease, "1.2.4-1", nil, "1.2.4-2"),
        (.prerelease, "1.2.4-x-y", nil, "1.2.4-x-y.1"),
        // prerelease on a release: patch, then `-ID.1`.
        (.prerelease, "1.2.3", nil, "1.2.4-rc.1"),
        (.prerelease, "1.2", nil, "1.2.1-rc.1"),
        (.prerelease, "1.2.3", "beta", "1.2.4-beta.1"),
        (.prerelease, "1.2.3", "beta.x", "1.2.4-beta.x.1"),
        // --pre with a component level: always increment, then its pre-release.
        (.minor, "1.2.3", "beta", "1.3.0-beta.1"),
        (.minor, "1.3.0-rc.2", "beta", "1.4.0-beta.1"),
        (.major, "1.2", "alpha", "2.0-alpha.1"),
        (.patch, "1.2.3-rc.1", "rc", "1.2.4-rc.1"),
        (.revision, "1.2.3", "rc", "1.2.3.1-rc.1"),
        // --pre with prerelease: restart when it differs, continue when the current begins with it.
        (.prerelease, "1.2.4-beta.3", "rc", "1.2.4-rc.1"),
        (.prerelease, "1.2.4-rc.1", "rc", "1.2.4-rc.2"),
        (.prerelease, "1.2.4-rc", "rc", "1.2.4-rc.1"),
        (.prerelease, "1.2.4-beta.x.2", "beta.x", "1.2.4-beta.x.3"),
        (.prerelease, "1.2.4-beta.2", "beta.x", "1.2.4-beta.x.1"),
        (.prerelease, "1.2.4-rc.1", "rc.1.x", "1.2.4-rc.1.x.1"),
        // `v` kept (either case), build metadata dropped, numbers without leading zeros.
        (.minor, "v1.2.3", nil, "v1.3.0"),
        (.patch, "V1.2", nil, "V1.2.1"),
        (.patch, "1.2.3+build.7", nil, "1.2.4"),
        (.prerelease, "v1.2.4-rc.1+sha.abc", nil, "v1.2.4-rc.2"),
        (.patch, "01.002.03", nil, "1.2.4"),
        (.minor, "01.03.0-rc", nil, "1.3.0"),
        // 20-digit components and carries.
        (.patch, "1.2.99999999999999999999", nil, "1.2.100000000000000000000"),
        (.major, "18446744073709551615.1", nil, "18446744073709551616.0"),
        (.minor, "1.00000000000000000000000009", nil, "1.10"),
        (.prerelease, "1.0.0-rc.99999999999999999999", nil, "1.0.0-rc.100000000000000000000"),
        (.revision, "1.2.3.18446744073709551615", nil, "1.2.3.18446744073709551616"),
    ]

    @Test(arguments: rows)
    func bump(level: BumpLevel, version: String, pre: String?, expected: String) throws {
        let name = try pre.map { try PrereleaseName($0) }
        let bumped = try Version(version).bumped(level, pre: name)
        #expect(bumped.description == expected)
        #expect(bumped > (try Version(version)))
    }

    @Test(arguments: [("1.2.4-rc.1", "beta"), ("1.2.4-rc.1", "rc.0"), ("1.2.4-b", "a"), ("1.2.4-rc.2", "rc.1")])
    func aBackwardsPrereleaseIsRefused(version: String, pre: String) throws {
        let name = try PrereleaseName(pre)
        let original = try Version(version)
        #expect(throws: BumpError.self) { try original.bumped(.prerelease, pre: name) }
    }

    @Test func theBackwardsErrorNamesBoth() throws {
        let error = BumpError.notHigher(version: "1.2.4-rc.1", bumped: "1.2.4-beta.1")
        #expect(throws: error) { try Version("1.2.4-rc.1").bumped(.prerelease, pre: try PrereleaseName("beta")) }
        #expect(error.description == "cannot bump '1.2.4-rc.1': the result '1.2.4-beta.1' would not be higher (a pre-release name that sorts before the current one)")
    }

    @Test(arguments: ["", ".", "rc.", ".rc", "a..b", "rc_1", "rc+1", "é", "rc 1"])
    func anInvalidPrereleaseNameIsRefused(text: String) {
        #expect(throws: BumpError.invalidPrereleaseName(text)) { try PrereleaseName(text) }
    }

    @Test(arguments: ["rc", "beta.x", "0a", "-", "nightly-build.2", "01"])
    func aValidPrereleaseName(text: String) throws {
        #expect(try PrereleaseName(text).description == text)
    }

    // MARK: properties

    static let names: [PrereleaseName?] = [nil] + ["rc", "alpha", "beta.2", "rc.1", "0"].map { try! PrereleaseName($0) }

    /// The one documented backwards case: `prerelease` with a `--pre` that does not continue
    /// the current pre-release and sorts before (or as) it.
    static func mayBeRefused(_ version: Version, _ level: BumpLevel, _ pre: PrereleaseName?) -> Bool {
        guard level == .prerelease, let pre, version.isPrerelease else { return false }
        let current = VersionParts(version.description).prerelease ?? []
        return !current.starts(with: pre.identifiers, by: VersionParts.sameIdentifier)
    }

    @Test("the bump is strictly higher, or refused only in the backwards case", arguments: [UInt64(1), 7, 2026, 0xBEEF])
    func strictlyHigher(seed: UInt64) throws {
        var generator = VersionTextGenerator(rng: SplitMix64(seed: seed))
        var failures: [String] = []
        for _ in 0..<600 {
            let text = generator.text()
            let version = try Version(text)
            for level in BumpLevel.allCases {
                for pre in Self.names {
                    let label = "bump \(level.rawValue) \(text) --pre \(pre?.description ?? "-")"
                    do {
                        let bumped = try version.bumped(level, pre: pre)
                        let result = bumped.description
                        if !(bumped > version) { failures.append("\(label) gave \(result), not higher") }
                        if result.contains("+") { failures.append("\(label) kept build metadata: \(result)") }
                        if (text.first == "v") != (result.first == "v") { failures.append("\(label): v prefix \(result)") }
                        let numbers = VersionParts(result).numbers
                        if numbers.contains(where: { $0.count > 1 && $0.first == "0" }) { failures.append("\(label): leading zero \(result)") }
                        if numbers.count < VersionParts(text).numbers.count { failures.append("\(label): lost components \(result)") }
                    } catch {
                        if !Self.mayBeRefused(version, level, pre) { failures.append("\(label) refused: \(error)") }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }
}

import Foundation
import Testing
@testable import VersionCheckSources
import VersionCheckCore

/// `releases` is decoded while it is read (not kept as a tree): the reported reason must
/// be the one a whole-tree decode gives, in the same order of precedence (syntax first,
/// then the top-level members, then the first entry at fault, then versions).
@Suite("Manifest JSON: streamed releases report like a whole tree")
struct ManifestStreamingTests {
    @Test("which failure is reported", arguments: [
        (#"{"releases": [{"version": 1}, {"version": "1.0"}], "x": ]}"#, "not valid JSON (unexpected ']' at byte 56 where a value was expected)"),
        (#"{"releases": [{"version": 1}], "updateURL": 3}"#, "manifest.updateURL is a number, expected a string"),
        (#"{"releases": [{"version": "x"}, {"version": 1}, {"critical": 1}]}"#, "releases[1].version is a number, expected a string"),
        (#"{"releases": [{"version": "1.0"}, "1.1"]}"#, "releases[1] is a string, expected an object"),
        (#"{"releases": [{"version": "1.0"}, {"notes": "n"}]}"#, "releases[1] has no 'version'"),
        (#"{"releases": [{"version": "1..0"}, {"version": "2"}], "latestVersion": "y"}"#, "releases[0].version: invalid version '1..0': empty component at offset 2"),
        (#"{"releases": [], "releases": [{"version": "1"}]}"#, "not valid JSON (duplicate key 'releases' at byte 17)"),
        (#"{"releases": "1.0"}"#, "manifest.releases is a string, expected an array"),
        (#"{"a": {"releases": [{"version": 1}]}, "latestVersion": "1.0"}"#, ""),
    ])
    func reason(_ text: String, _ expected: String) throws {
        do {
            let manifest = try SourceFormats.decodeManifest(Array(Data(text.utf8)))
            #expect(expected.isEmpty, "decoded \(manifest)")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("entries keep file order and fields; latestVersion merges into its entry")
    func entries() throws {
        let text = #"{"latestVersion": "1.1", "critical": true, "releases": [{"version": "1.1.0", "notes": ["a", "b"]}, {"version": "1.0", "url": "u", "minimumOsVersion": "14"}]}"#
        let manifest = try SourceFormats.decodeManifest(Array(Data(text.utf8)))
        #expect(manifest.releases == [
            Release(version: try Version("1.1.0"), notes: "a\nb", critical: true),
            Release(version: try Version("1.0"), minimumOsVersion: "14", url: "u"),
        ])
    }
}

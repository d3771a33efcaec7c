// Fuzz target: the manifest decoder (JSON, XML and binary property lists, told apart by
// content), then the whole check and its output. Input: byte 0 picks the policy and the
// current version; the rest is the manifest.
//
// Invariants, beyond "no crash": a decoded manifest holds only valid versions (read back
// as its format reads them: an appcast's as Sparkle does), and decoding is deterministic; the check either fails as bad-response (76) with a message
// or yields a report whose decision never offers an update when latest <= current (a
// manifest minimum aside); the presenter's exit status matches the decision, `--json`
// is one valid JSON line, and the text carries no control characters.
import Foundation
import VersionCheckCLI
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckCore
import VersionCheckSources

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let body = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if let manifest = try? SourceFormats.decodeManifest(body) {
        // Read back as the format reads versions (an appcast's as Sparkle does: any text).
        let reading = (try? SourceFormats.recognise(body))?.versionReading ?? .lenient
        for release in manifest.releases {
            require((try? reading.version(release.version.description)) == release.version,
                    "release version \(shown(release.version.description)) does not round-trip")
        }
        require((try? SourceFormats.decodeManifest(body)) == manifest, "decoding is not deterministic")
    }
    checkPipeline(source: try! .manifest(location: "https://manifest.invalid/app.json"), body: body, selector: data[0])
    return 0
}

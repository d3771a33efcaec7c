// Fuzz target: the iTunes Lookup decoder, then the whole check and its output.
// Input: byte 0 picks the policy and the current version; the rest is the body.
//
// Invariants, beyond "no crash": a 200 body either fails as bad-response (76) or
// not-found (69) with a message, or yields a report whose decision never offers an
// update when latest <= current; the presenter's exit status matches the decision,
// `--json` is one valid JSON line, and the text carries no control characters.
import Foundation
import VersionCheckCLI
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckCore
import VersionCheckSources

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzITunes(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let body = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if case .found(let result)? = try? ITunesLookupFormat.answer(body, asked: AskedApp(id: 1, kind: AskedApp.iOSKind)), let text = result.version,
       let release = try? ITunesLookupFormat.release(from: result)
    {
        require(release.version.description == ReferenceVersion.trimmed(text), "version text changed: \(shown(text))")
    }
    _ = ITunesLookupFormat.errorMessage(in: body)
    let query = AppStoreQuery(identifier: .id("1"), endpoint: "https://lookup.invalid/lookup")
    checkPipeline(source: try! .appStore(query), body: body, selector: data[0])
    return 0
}

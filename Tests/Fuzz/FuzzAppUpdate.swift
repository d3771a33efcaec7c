// Fuzz target: an app bundle's `Contents/Resources/app-update.yml`, as `outdated` reads it
// (`AppUpdateFile.outcome(of:)`). Input: the file's bytes.
//
// Invariants, beyond "no crash": the outcome is deterministic; a feed is an absolute
// URL ending in `-mac.yml` (https:// for github and s3), built from the provider's fields (so a bundle can never name a path on the disk: the URL rules that
// follow see a URL); an unknown provider is a skip naming the provider, never a failure;
// a failure is 65, names app-update.yml, and is one line.
import VersionCheckCore
import VersionCheckPipeline
import VersionCheckSources

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppUpdate(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let outcome = AppUpdateFile.outcome(of: bytes)
    require(outcome == AppUpdateFile.outcome(of: bytes), "reading app-update.yml is not deterministic")
    switch outcome {
    case .feed(let url):
        guard case .success(.mapping(let fields)) = Result(catching: { () throws(YAMLReader.Failure) in try YAMLReader.parse(bytes) }),
              let provider = fields["provider"]?.text
        else {
            require(false, "a feed from a file that does not read as a mapping with a provider: \(shown(url))")
            return 0
        }
        require(["generic", "github", "s3"].contains(provider), "a feed from provider \(shown(provider))")
        require(url.hasSuffix("-mac.yml"), "a feed that is not a channel file: \(shown(url))")
        // Bytes, not Characters: a bucket may open with a combining mark, which joins the `/`.
        if provider != "generic" { require(url.utf8.starts(with: "https://".utf8), "a \(provider) feed that is not https: \(shown(url))") }
    case .skipped(let reason):
        require(reason.hasPrefix("app-update.yml provider "), "a skip that names no provider: \(shown(reason))")
    case .invalid(let failure):
        require(failure.kind == .invalidInput, "a broken file that is not 65: \(failure)")
        require(failure.message.hasPrefix("app-update.yml"), "a failure that does not name app-update.yml: \(shown(failure.message))")
    }
    return 0
}

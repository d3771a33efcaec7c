// Fuzz target: `lint`'s reading of a feed (FeedLint), over the appcast corpus (and
// every other format it recognises). Input: byte 0 picks the feed's URL (bits 0-1: none,
// a local file's; https; plain http; https with a path of its own) and a --tag-prefix
// (bit 2); byte 1 picks the current version of the check compared with (as fuzz-appcast's
// first byte does); the rest is the feed.
//
// Invariants, beyond "no crash": linting is deterministic; findings are in file order,
// each on a line of the body (0 only where the format has none), one line of text, with
// its code's severity (A07 may be a warning); and the findings never disagree with the
// check: a feed `lint` refuses (76) is one `manifest` refuses, and a feed `lint` passes
// without an error is one `manifest` reads (with the check's current version and
// options) without a bad response.
import VersionCheckCore
import VersionCheckSources

private let bases: [String?] = [
    nil, "https://example.invalid/appcast.xml", "http://127.0.0.1:8080/feed/appcast.xml", "https://example.invalid/a/b/latest-mac.yml",
]
private let currents = ["0", "1.0", "2.0b3", "5209", "1.5", "100"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLint(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 1 else { return 0 }
    let selector = data[0], choice = data[1]
    let body = Array(UnsafeBufferPointer(start: data + 2, count: size - 2))
    let base = bases[Int(selector & 3)]
    let tagPrefix: String? = selector & 4 != 0 ? "v" : nil
    let context = LintContext(base: base, tagPrefix: tagPrefix)

    let linted = lint(body, context: context)
    require(lint(body, context: context) == linted, "linting is not deterministic")
    let lines = 1 + body.lazy.filter { $0 == 0x0A }.count
    if case .success(let findings) = linted {
        var previous = 0
        for finding in findings {
            require(finding.line >= 0 && finding.line <= lines, "\(finding.code.rawValue) on line \(finding.line) of \(lines)")
            require(finding.line >= previous, "findings out of file order: line \(finding.line) after \(previous)")
            previous = finding.line
            require(
                finding.severity == finding.code.severity || (finding.code == .a07 && finding.severity == .warning),
                "\(finding.code.rawValue) is \(finding.severity.rawValue)")
            require(!finding.message.contains(where: \.isNewline), "a message of more than one line: \(shown(finding.message))")
            require(!finding.message.isEmpty, "an empty message for \(finding.code.rawValue)")
        }
    }

    // The check: one run as `manifest` would decode the same body.
    let format = SourceFormats.manifestFormat(of: body)
    let current = (format?.versionReading ?? .lenient).versionOrZero(currents[Int(choice) % currents.count])
    var decoding = SourceContext(current: current, base: base, tagPrefix: tagPrefix)
    decoding.appcast = AppcastOptions(channels: choice & 0x80 != 0 ? ["beta"] : [], now: 1_800_000_000)
    let decoded = Result { () throws(BodyError) in try SourceFormats.decodeManifest(body, context: decoding) }
    switch (linted, decoded) {
    case (.failure(let error), .success):
        require(false, "lint refuses a feed manifest reads: \(shown(error.description))")
    case (.success(let findings), .failure(let error)) where !findings.contains(where: { $0.severity == .error }):
        require(false, "lint finds no error in a feed manifest refuses: \(shown(error.description))")
    default:
        break
    }
    return 0
}

private func lint(_ body: [UInt8], context: LintContext) -> Result<[LintFinding], BodyError> {
    Result { () throws(BodyError) in try FeedLint.findings(in: body, context: context) }
}

extension VersionReading {
    /// `text` read this way, else 0.
    fileprivate func versionOrZero(_ text: String) -> Version {
        (try? version(text)) ?? Version.zero
    }
}

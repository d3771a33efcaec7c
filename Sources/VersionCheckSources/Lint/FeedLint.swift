/// `lint`'s reading of one feed (SPEC.md "Checking a feed before publishing"): the
/// format recognised as `manifest` recognises it, then that format's linter.
///
/// A linter reads leniently: a field `manifest` would refuse is a finding. What no reader
/// can read (not XML, not JSON, a DOCTYPE, no format at all) is thrown, as `manifest`
/// throws it (bad response, 76). And so that a feed `lint` passes without an error is
/// one `manifest` reads: when no finding is an error, the format's own decoder reads the
/// body too, and its refusal, if any, is thrown.
public enum FeedLint {
    /// The findings in `body`, in file order (by line; findings of one line in the
    /// order found).
    public static func findings(in body: [UInt8], context: LintContext) throws(BodyError) -> [LintFinding] {
        let format = try SourceFormats.recognise(body)
        var findings = try linter(for: format)(body, context)
        sortInFileOrder(&findings)
        if !findings.contains(where: { $0.severity == .error }) {
            var decoding = SourceContext(base: context.base, tagPrefix: context.tagPrefix)
            decoding.includePrereleases = true
            _ = try SourceFormats.decode(body, as: format, context: decoding)
        }
        return findings
    }

    /// The linter of each manifest format.
    static func linter(for format: any ManifestFormat.Type) -> @Sendable ([UInt8], LintContext) throws(BodyError) -> [LintFinding] {
        switch format {
        case is AppcastFormat.Type: AppcastLint.findings
        case is GitHubReleasesFormat.Type: GitHubReleasesLint.findings
        case is PropertyListManifestFormat.Type: PropertyListManifestLint.findings
        case is ElectronBuilderFormat.Type: ElectronBuilderLint.findings
        default: JSONManifestLint.findings
        }
    }

    /// At most this many findings of one code are listed (each linter counts them as it
    /// finds them, `FindingCounter`); past that, one more finding of that code, at the
    /// first one left out, says how many were: a hostile feed of 500,000
    /// bad items costs a thousand lines, and a person reading the list learns as much.
    static let limitPerCode = 1_000

    /// The finding that stands for `count` findings of `code` left out from `line` on.
    static func leftOut(_ code: LintCode, count: Int, line: Int) -> LintFinding {
        LintFinding(code, line: line, item: nil, "\(count) more \(code.rawValue) finding\(count == 1 ? "" : "s") from here on, not listed")
    }

    /// Stable by line: findings of one line keep the order they were found in.
    static func sortInFileOrder(_ findings: inout [LintFinding]) {
        // Found in file order already (most linters find them so): nothing copied.
        guard zip(findings, findings.dropFirst()).contains(where: { $0.line > $1.line }) else { return }
        findings = findings.enumerated()
            .sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
            .map(\.element)
    }
}

import VersionCheckCore

extension AppcastItemLint {
    /// `A05`: an enclosure URL, as resolved, that is not `https://` (a relative one in a
    /// local file is none); one that is not even http is refused by a check for the whole
    /// feed, so this is reported for every item, even one a check otherwise ignores.
    func checkEnclosureURL(into findings: inout [LintFinding]) {
        guard let url = facts.enclosureURL else { return }
        switch LintLink.scheme(of: url) {
        case .https, .relative:
            break
        case .http:
            guard isRelease else { return }
            findings.append(finding(.a05, "enclosure url \(LintText.quoted(url)) is not https://"))
        case .other:
            findings.append(finding(.a05, "enclosure url \(LintText.quoted(url)) is not an http or https URL (Sparkle refuses the feed)"))
        }
    }

    /// `A06`: an enclosure without a positive `length`; `A07`: without an EdDSA signature
    /// of 64 bytes in base64 (a warning when a DSA signature stands in for it).
    func checkEnclosure(into findings: inout [LintFinding]) {
        guard let enclosure = facts.enclosure else { return }
        let length = AppcastItemFacts.attribute("length", sparkle: false, in: enclosure)
        if let length {
            if !LintText.isPositiveInteger(length) {
                findings.append(finding(.a06, "enclosure length \(LintText.quoted(length)) is not a positive number of bytes"))
            }
        } else {
            findings.append(finding(.a06, "enclosure has no length"))
        }
        if let problem = signatureProblem(enclosure) {
            let dsaOnly = AppcastItemFacts.attribute("edSignature", sparkle: true, in: enclosure) == nil
                && AppcastItemFacts.attribute("dsaSignature", sparkle: true, in: enclosure) != nil
            findings.append(finding(.a07, "enclosure \(problem)", severity: dsaOnly ? .warning : nil))
        }
    }

    /// `A14`: a delta (an enclosure inside `sparkle:deltas`, or an item's own enclosure
    /// with `sparkle:deltaFrom`) without a `deltaFrom` Sparkle can compare, or without a
    /// signature (an EdDSA one must be 64 bytes in base64; a DSA one alone is a signature).
    func checkDelta(_ attributes: [XMLAttribute]?, element: String, into findings: inout [LintFinding]) {
        guard let attributes else { return }
        if let from = AppcastItemFacts.attribute("deltaFrom", sparkle: true, in: attributes) {
            do throws(VersionError) {
                _ = try Version(sparkle: from)
            } catch {
                findings.append(finding(.a14, "\(element) sparkle:deltaFrom: \(error.description) (Sparkle cannot compare it)"))
            }
        } else {
            findings.append(finding(.a14, "\(element) has no sparkle:deltaFrom (Sparkle ignores the delta)"))
        }
        let ed = AppcastItemFacts.attribute("edSignature", sparkle: true, in: attributes)
        if ed != nil || AppcastItemFacts.attribute("dsaSignature", sparkle: true, in: attributes) == nil,
           let problem = signatureProblem(attributes) {
            findings.append(finding(.a14, "\(element) \(problem)"))
        }
    }

    /// What is wrong with the signature of an enclosure (nil: an EdDSA signature of 64
    /// bytes in base64).
    func signatureProblem(_ attributes: [XMLAttribute]) -> String? {
        if let ed = AppcastItemFacts.attribute("edSignature", sparkle: true, in: attributes) {
            return LintText.isBase64OfSixtyFourBytes(ed)
                ? nil : "sparkle:edSignature \(LintText.quoted(ed)) is not base64 of 64 bytes"
        }
        if AppcastItemFacts.attribute("dsaSignature", sparkle: true, in: attributes) != nil {
            return "has only a sparkle:dsaSignature (Sparkle 2 verifies updates with sparkle:edSignature)"
        }
        return "has no sparkle:edSignature"
    }
}

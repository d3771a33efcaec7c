import VersionCheckCore

extension AppcastItemLint {
    /// `A05`: an enclosure URL, as resolved, that is not `https://` (a relative one in a
    /// local file is none); one that is not even http is refused by a check for the whole
    /// feed, so this is reported for every item, even one a check otherwise ignores.
    func checkEnclosureURL(into findings: inout LimitedFindings) {
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
    func checkEnclosure(into findings: inout LimitedFindings) {
        guard let enclosure = facts.enclosure else { return }
        let length = AppcastItemFacts.attribute("length", sparkle: false, in: enclosure)
        if let length {
            if !ByteText.isPositiveInteger(length) {
                findings.append(finding(.a06, "enclosure length \(LintText.quoted(length)) is not a positive number of bytes"))
            }
        } else {
            findings.append(finding(.a06, "enclosure has no length"))
        }
        if let problem = signatureProblem(enclosure) {
            findings.append(finding(.a07, problem.message(inDeltas: false), severity: problem == .dsaOnly ? .warning : nil))
        }
    }

    /// `A14`: a delta (an enclosure inside `sparkle:deltas`, or an item's own enclosure
    /// with `sparkle:deltaFrom`) without a `deltaFrom` Sparkle can compare, or without a
    /// signature (an EdDSA one must be 64 bytes in base64; a DSA one alone is a signature).
    /// `inDeltas`: an enclosure inside `sparkle:deltas` (else the item's own).
    func checkDelta(_ attributes: [XMLAttribute]?, inDeltas: Bool, into findings: inout LimitedFindings) {
        guard let attributes else { return }
        let element = inDeltas ? "sparkle:deltas enclosure" : "enclosure"
        if let from = AppcastItemFacts.attribute("deltaFrom", sparkle: true, in: attributes) {
            do throws(VersionError) {
                _ = try Version(sparkle: from)
            } catch {
                findings.append(finding(.a14, "\(element) sparkle:deltaFrom: \(error.description) (Sparkle cannot compare it)"))
            }
        } else {
            findings.append(finding(.a14, "\(element) has no sparkle:deltaFrom (Sparkle ignores the delta)"))
        }
        if let problem = signatureProblem(attributes), problem != .dsaOnly {
            findings.append(finding(.a14, problem.message(inDeltas: inDeltas)))
        }
    }

    /// What is wrong with an enclosure's signature: nil for an EdDSA signature of 64 bytes
    /// in base64.
    func signatureProblem(_ attributes: [XMLAttribute]) -> SignatureProblem? {
        if let ed = AppcastItemFacts.attribute("edSignature", sparkle: true, in: attributes) {
            return ByteText.isBase64OfSixtyFourBytes(ed) ? nil : .notSixtyFourBytes(ed)
        }
        return AppcastItemFacts.attribute("dsaSignature", sparkle: true, in: attributes) != nil ? .dsaOnly : .missing
    }

    /// What is wrong with an enclosure's signature.
    enum SignatureProblem: Equatable {
        case missing
        /// Only `sparkle:dsaSignature` (Sparkle 1's).
        case dsaOnly
        /// `sparkle:edSignature` given, not base64 of 64 bytes.
        case notSixtyFourBytes(String)

        /// The message, of the item's enclosure or of one inside `sparkle:deltas`; the
        /// usual ones constant text, so that a feed of 100,000 unsigned items holds no
        /// 100,000 copies of it.
        func message(inDeltas: Bool) -> String {
            switch (self, inDeltas) {
            case (.missing, false): "enclosure has no sparkle:edSignature"
            case (.missing, true): "sparkle:deltas enclosure has no sparkle:edSignature"
            case (.dsaOnly, false): "enclosure has only a sparkle:dsaSignature (Sparkle 2 verifies updates with sparkle:edSignature)"
            case (.dsaOnly, true): "sparkle:deltas enclosure has only a sparkle:dsaSignature"
            case (.notSixtyFourBytes(let ed), _):
                "\(inDeltas ? "sparkle:deltas enclosure" : "enclosure") sparkle:edSignature \(LintText.quoted(ed)) is not base64 of 64 bytes"
            }
        }
    }
}

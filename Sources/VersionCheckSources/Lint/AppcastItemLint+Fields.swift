import VersionCheckCore

extension AppcastItemLint {
    /// `A08`: a `sparkle:channel` the reader found invalid (`AppcastItem.channel` is nil
    /// for it, as Sparkle ignores it): the item is offered to everyone.
    func checkChannel(into findings: inout LimitedFindings) {
        guard let given = facts.channel, item.channel == nil else { return }
        findings.append(finding(.a08, "sparkle:channel \(LintText.quoted(given)) is not a channel name (letters, digits, '.', '_' "
            + "and '-'): Sparkle ignores it and offers the item to everyone"))
    }

    /// `A09`: no `pubDate`, or one not written as generate_appcast writes it; `A10`: a
    /// `phasedRolloutInterval` that is not a positive integer, or on an item whose
    /// `pubDate` a check cannot read (`AppcastItem.published` nil: it is never phased).
    func checkDates(into findings: inout LimitedFindings) {
        if let date = facts.pubDate {
            if !GenerateAppcastDate.matches(date) || item.published == nil {
                findings.append(finding(.a09, "pubDate \(LintText.quoted(date)) is not written as generate_appcast writes it "
                    + "(\(GenerateAppcastDate.example))"))
            }
        } else {
            findings.append(finding(.a09, "item has no pubDate"))
        }
        guard let interval = facts.phasedRolloutInterval else { return }
        if !ByteText.isPositiveInteger(interval) || Int64(interval) == nil {
            findings.append(finding(.a10, "sparkle:phasedRolloutInterval \(LintText.quoted(interval)) is not a positive number of seconds"))
        } else if item.published == nil {
            findings.append(finding(.a10, "sparkle:phasedRolloutInterval on an item without a readable pubDate (Sparkle never phases it)"))
        }
    }

    /// `A13`: a release-notes or info link, as resolved, that is not `https://` (a
    /// relative one in a local file is none).
    func checkLinks(into findings: inout LimitedFindings) {
        for link in facts.links {
            switch LintLink.scheme(of: link.url) {
            case .https, .relative: break
            case .http: findings.append(finding(.a13, "\(link.element) \(LintText.quoted(link.url)) is not https://"))
            case .other:
                findings.append(finding(.a13, "\(link.element) \(LintText.quoted(link.url)) is not https:// (Sparkle drops the link)"))
            }
        }
    }
}

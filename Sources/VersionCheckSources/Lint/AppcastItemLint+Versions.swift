import VersionCheckCore

extension AppcastItemLint {
    /// `A01`: no `sparkle:version`; `V01`: one Sparkle's reading refuses. The version is
    /// the one a check compares (`AppcastSelection.comparedVersion`), so the two never
    /// disagree.
    func checkVersion(into findings: inout [LintFinding]) {
        do throws(AppcastError) {
            _ = try AppcastSelection.comparedVersion(of: item, field: .build)
        } catch {
            switch error {
            case .invalidVersion(_, _, let reason):
                findings.append(finding(.v01, "sparkle:version: \(reason.description) (Sparkle cannot compare it)"))
            default:
                findings.append(finding(.a01, "item has no sparkle:version (element or enclosure attribute)"))
            }
        }
    }

    /// `A12`: a `criticalUpdate`, `informationalUpdate` or `minimumAutoupdateVersion`
    /// version that Sparkle's reading refuses — every one, whichever `current` a check
    /// would compare it with.
    func checkMarkerVersions(into findings: inout [LintFinding]) {
        var markers: [(element: String, text: String)] = []
        if case .below(let text) = item.critical { markers.append(("sparkle:criticalUpdate sparkle:version", text)) }
        if case .forVersions(let below, let exact) = item.informational {
            markers += below.map { ("sparkle:informationalUpdate sparkle:belowVersion", $0) }
            markers += exact.map { ("sparkle:informationalUpdate sparkle:version", $0) }
        }
        // An empty one is no major upgrade to a check (`AppcastSelection.release`).
        if let text = item.minimumAutoupdateVersion, !text.isEmpty {
            markers.append(("sparkle:minimumAutoupdateVersion", text))
        }
        for marker in markers {
            do throws(VersionError) {
                _ = try Version(sparkle: marker.text)
            } catch {
                findings.append(finding(.a12, "\(marker.element): \(error.description) (Sparkle cannot compare it)"))
            }
        }
    }

    /// `A11`: a `minimumSystemVersion` or `maximumSystemVersion` that is not a version in
    /// the lenient grammar (a blank one counts as absent, as in a check), or the minimum
    /// above the maximum.
    func checkSystemVersions(into findings: inout [LintFinding]) {
        let bounds = [("sparkle:minimumSystemVersion", item.minimumSystemVersion),
                      ("sparkle:maximumSystemVersion", item.maximumSystemVersion)]
        for case let (element, text?) in bounds where Self.systemVersion(text) == nil
            && !Version.trimmingWhitespace(text).isEmpty {
            findings.append(finding(.a11, "\(element) \(LintText.quoted(text)) is not a version (expected one such as 13.0)"))
        }
        if let minimum = Self.systemVersion(item.minimumSystemVersion),
           let maximum = Self.systemVersion(item.maximumSystemVersion), minimum > maximum {
            findings.append(finding(.a11, "sparkle:minimumSystemVersion \(LintText.quoted(minimum.description)) is above "
                + "sparkle:maximumSystemVersion \(LintText.quoted(maximum.description)) (no system can install it)"))
        }
    }
}

import VersionCheckCore

extension AppcastItemLint {
    /// `A01`: no `sparkle:version`; `V01`: one Sparkle's reading refuses. The version is
    /// the one a check compares (`AppcastSelection.comparedVersion`), so the two never
    /// disagree; returned when there is one.
    func checkVersion(into findings: inout LimitedFindings) -> Version? {
        do throws(AppcastError) {
            return try AppcastSelection.comparedVersion(of: item, field: .build)
        } catch {
            switch error {
            case .invalidVersion(_, _, let reason):
                findings.append(finding(.v01, "sparkle:version: \(reason.description) (Sparkle cannot compare it)"))
            default:
                findings.append(finding(.a01, "item has no sparkle:version (element or enclosure attribute)"))
            }
            return nil
        }
    }

    /// `A12`: a `criticalUpdate`, `informationalUpdate` or `minimumAutoupdateVersion`
    /// version that Sparkle's reading refuses — every one, whichever `current` a check
    /// would compare it with.
    func checkMarkerVersions(into findings: inout LimitedFindings) {
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
    /// above the maximum. Returns both as read (nil: absent or not a version).
    func checkSystemVersions(into findings: inout LimitedFindings) -> (minimum: Version?, maximum: Version?) {
        func read(_ element: String, _ text: String?) -> Version? {
            guard let text, !Version.trimmingWhitespace(text).isEmpty else { return nil }
            guard let version = try? Version(text) else {
                findings.append(finding(.a11, "\(element) \(LintText.quoted(text)) is not a version (expected one such as 13.0)"))
                return nil
            }
            return version
        }
        let minimum = read("sparkle:minimumSystemVersion", item.minimumSystemVersion)
        let maximum = read("sparkle:maximumSystemVersion", item.maximumSystemVersion)
        if let minimum, let maximum, minimum > maximum {
            findings.append(finding(.a11, "sparkle:minimumSystemVersion \(LintText.quoted(minimum.description)) is above "
                + "sparkle:maximumSystemVersion \(LintText.quoted(maximum.description)) (no system can install it)"))
        }
        return (minimum, maximum)
    }
}

/// How much a finding matters: an error fails `lint` (exit 1); a warning only with `--strict`.
public enum LintSeverity: String, Sendable, Hashable, CaseIterable {
    case error
    case warning
}

/// The stable code of a `lint` finding (SPEC.md "Checking a feed before publishing").
/// A newer version may add codes, never reuse one. This table is the one place a code's
/// severity and summary are written: `lint`'s findings, its help and the man page read it.
public enum LintCode: String, Sendable, Hashable, CaseIterable, Comparable {
    case a01 = "A01", a02 = "A02", a03 = "A03", a04 = "A04", a05 = "A05", a06 = "A06", a07 = "A07"
    case a08 = "A08", a09 = "A09", a10 = "A10", a11 = "A11", a12 = "A12", a13 = "A13", a14 = "A14"
    case j01 = "J01", j02 = "J02", j03 = "J03", j04 = "J04", j05 = "J05"
    case e01 = "E01", e02 = "E02", e03 = "E03"
    case g01 = "G01"
    case v01 = "V01"

    /// The severity a finding of this code has, unless the table says otherwise for a
    /// case (`A07` is a warning when only a DSA signature is present).
    public var severity: LintSeverity {
        switch self {
        case .a04, .a06, .a09, .a13, .j04, .e03, .g01: .warning
        default: .error
        }
    }

    /// What the code finds, in one line (help and the man page).
    public var summary: String {
        switch self {
        case .a01: "an appcast item has no sparkle:version (element or enclosure attribute)"
        case .a02: "two items of one channel with equal sparkle:version whose OS ranges overlap (Sparkle offers only the first)"
        case .a03: "in a channel, among items whose OS ranges overlap, the newest pubDate is not on the highest sparkle:version"
        case .a04: "sparkle:shortVersionString order disagrees with sparkle:version order"
        case .a05: "an enclosure URL that is not https://"
        case .a06: "an enclosure without a positive length"
        case .a07: "a release's enclosure without a sparkle:edSignature of 64 bytes in base64 (a warning with only sparkle:dsaSignature)"
        case .a08: "an invalid sparkle:channel name (Sparkle ignores it and offers the item to everyone)"
        case .a09: "a pubDate missing, or not written as generate_appcast writes it (Tue, 10 Jun 2025 12:00:00 +0000)"
        case .a10: "sparkle:phasedRolloutInterval not a positive integer, or on an item without a readable pubDate"
        case .a11: "minimumSystemVersion/maximumSystemVersion not a version, or the minimum above the maximum"
        case .a12: "a criticalUpdate, informationalUpdate or minimumAutoupdateVersion version Sparkle cannot compare"
        case .a13: "a release-notes or info link that is not https://"
        case .a14: "a delta without a valid deltaFrom version or without a signature"
        case .j01: "a JSON manifest's latestVersion is not the highest of its releases"
        case .j02: "two JSON releases (or plist keys) of equal precedence"
        case .j03: "a JSON date that is not ISO 8601"
        case .j04: "a JSON url/updateURL that is not https://"
        case .j05: "minimumVersion above latestVersion"
        case .e01: "an electron-builder file list that is empty or not a list (and no path), a sha512 that is not 64 bytes in base64, or a size that is not a positive integer"
        case .e02: "stagingPercentage outside 0-100"
        case .e03: "an electron-builder file URL that resolves to plain http://"
        case .g01: "a GitHub release whose tag carries --tag-prefix (any tag when none is given) but is not a version after it"
        case .v01: "a version the source's own reading refuses, or nothing to compare with (what manifest refuses with 76)"
        }
    }

    public static func < (lhs: LintCode, rhs: LintCode) -> Bool { lhs.rawValue < rhs.rawValue }
}

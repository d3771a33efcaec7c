/// How far a newer version is from an older one: the first numeric component that
/// differs (zero-padded), or `prerelease` when only the pre-release differs.
/// Ordered `prerelease < revision < patch < minor < major`.
public enum BumpLevel: String, Sendable, Hashable, CaseIterable, Comparable {
    case prerelease, revision, patch, minor, major

    private var rank: Int {
        switch self {
        case .prerelease: 0
        case .revision: 1
        case .patch: 2
        case .minor: 3
        case .major: 4
        }
    }

    public static func < (lhs: BumpLevel, rhs: BumpLevel) -> Bool { lhs.rank < rhs.rank }

    /// The words for a reason sentence: "pre-release", "minor", …
    public var phrase: String { self == .prerelease ? "pre-release" : rawValue }
}

/// A LEVEL value of `--force-on` / `--optional-on`: a bump at this level or above counts.
/// `revision` is the 4th component or beyond; `any` is any newer version (a pre-release
/// change included); `never` is nothing.
public enum BumpThreshold: String, Sendable, Hashable, CaseIterable {
    case major, minor, patch, revision, any, never

    /// Whether a bump at `level` reaches this threshold.
    public func isReached(by level: BumpLevel) -> Bool {
        switch self {
        case .major: level >= .major
        case .minor: level >= .minor
        case .patch: level >= .patch
        case .revision: level >= .revision
        case .any: true
        case .never: false
        }
    }
}

extension Version {
    /// The bump level from `older` to `self`, or `nil` when `self` is not newer.
    ///
    /// The first numeric component that differs, zero-padded: index 0 is `major`, 1
    /// `minor`, 2 `patch`, 3 and beyond `revision`; `prerelease` when the numbers are
    /// equal and only the pre-release differs (`1.0.0-rc.1` → `1.0.0`).
    public func bumpLevel(from older: Version) -> BumpLevel? {
        guard older < self else { return nil }
        let a = older.numerals, b = numerals
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : .small(0)
            let y = index < b.count ? b[index] : .small(0)
            if x != y {
                switch index {
                case 0: return .major
                case 1: return .minor
                case 2: return .patch
                default: return .revision
                }
            }
        }
        return .prerelease
    }
}

/// How strictly `Version.init(_:syntax:)` reads a version.
public enum VersionSyntax: String, Sendable, Hashable, CaseIterable {
    /// What every command accepts: `[v]1.2.3.4-rc.1+build`, any number of numeric
    /// components, numbers of any length, leading zeros ignored.
    case lenient
    /// Semantic Versioning 2.0.0 exactly: three components, no leading zeros in numbers
    /// or numeric pre-release identifiers, no `v` prefix.
    case semver
    /// What App Store Connect accepts for CFBundleShortVersionString / CFBundleVersion:
    /// one to three integers joined by dots (digits and dots only, no empty component),
    /// at most 18 characters, no `v` prefix: `2.0.0.1` is refused (ITMS-90060).
    case appStore
}

/// A version number, ordered by precedence (SPEC.md "Versions").
///
/// Precedence: numeric components left to right as unbounded integers, missing ones
/// counting as 0 (`1 == 1.0.0`, `2.0.0.1 > 2.0`); on a tie a pre-release is lower;
/// two pre-releases compare as SemVer 2.0.0 §11; build metadata and the `v` prefix
/// never count. `==`, `<` and `hash(into:)` all follow precedence; `description`
/// keeps the text as given (trimmed), so `Version("v1.0") == Version("1.0.0")` while
/// their descriptions differ.
///
/// Layout: up to four numeric components that fit in `UInt64` live inline (trailing
/// zero components dropped, so `1.2.0.0.0` is inline too), and a version without a
/// pre-release has no out-of-line storage: comparing two such versions is four
/// integer comparisons and allocates nothing. Longer or bigger numbers go to a
/// rarely used reference (`Extra`); a pre-release is marked by a shared one and read
/// from the text when it matters. The text is a `String`, which Swift keeps inline
/// up to 15 UTF-8 bytes.
@frozen
public struct Version: Sendable {
    /// Numeric components 1-4, zero-padded; all zero when `_extra?.numbers` is set.
    @usableFromInline internal var _w0: UInt64
    @usableFromInline internal var _w1: UInt64
    @usableFromInline internal var _w2: UInt64
    @usableFromInline internal var _w3: UInt64
    /// Out-of-line storage: big or more than four numbers, pre-release identifiers.
    /// `nil` for the common case (a plain release with small numbers).
    @usableFromInline internal var _extra: Extra?
    /// The version as given, with surrounding whitespace trimmed ("v1.2.0+build" stays as is).
    public let description: String

    @inlinable
    internal init(words w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, extra: Extra?, text: String) {
        _w0 = w0
        _w1 = w1
        _w2 = w2
        _w3 = w3
        _extra = extra
        description = text
    }

    /// True when the version has a pre-release part (`1.0.0-rc.1`).
    @inlinable
    public var isPrerelease: Bool {
        _extra?.hasPrerelease ?? false
    }

    /// `0`: what a reading without an install compares with (a format that only decodes,
    /// a request that only fetches).
    public static let zero: Version = {
        guard let zero = try? Version("0") else { preconditionFailure("0 is a version") }
        return zero
    }()
}

extension Version: CustomStringConvertible {}

extension Version {
    /// The out-of-line part of a version: present only when a component does not fit in
    /// `UInt64`, when more than four components are significant, or with a pre-release.
    ///
    /// The pre-release identifiers are not kept: they are read from `description` when
    /// two pre-releases with equal numbers are compared (rare, and allocation-free).
    /// So every pre-release version whose numbers fit inline shares one `Extra`, and a
    /// list of 400,000 pre-release versions costs no more than plain ones.
    @usableFromInline
    internal final class Extra: Sendable {
        /// Every significant numeric component (trailing zeros dropped) when they do not
        /// fit inline; `nil` when the inline words hold them.
        let numbers: NumberList?
        /// The text has a pre-release part.
        @usableFromInline let hasPrerelease: Bool
        /// The pre-release identifiers in SemVer form (`b.3`) when the text spells them
        /// otherwise (Sparkle's `2.0b3`, see `Version(sparkle:)`); `nil` when they are read
        /// from the text.
        let prerelease: String?
        /// The version is compared with Sparkle's comparator (`SparkleComparator`, on the
        /// text): a Sparkle spelling that is not plain digits and dots (`1.0 (1234)`,
        /// `2.0b3`). `numbers` then holds its leading numeric components (for bump levels).
        let sparkle: Bool
        /// A Sparkle display version whose first character, a `v` before a digit, is not
        /// compared (`v2.0b3` as `2.0b3`; see `Version(sparkleDisplay:)`).
        let unprefixed: Bool

        init(numbers: NumberList?, hasPrerelease: Bool, prerelease: String? = nil, sparkle: Bool = false, unprefixed: Bool = false) {
            self.numbers = numbers
            self.hasPrerelease = hasPrerelease
            self.prerelease = prerelease
            self.sparkle = sparkle
            self.unprefixed = unprefixed
        }

        /// Shared by every pre-release version whose numbers fit inline.
        static let prereleaseWithInlineNumbers = Extra(numbers: nil, hasPrerelease: true)
    }

    /// A non-negative integer of any size: `small` when it fits in `UInt64`, else `big`
    /// holding its decimal digits without leading zeros (so `big` is always larger).
    @usableFromInline
    internal enum Numeral: Hashable, Sendable {
        case small(UInt64)
        case big(Substring)
    }
}

extension Version {
    /// Numeric components, compactly: 8 bytes each (a version of 4 million components
    /// read from an 8 MiB manifest costs 32 MiB, not the 160 MiB an array of `Numeral`
    /// took), the rare ones past `UInt64` kept aside as their digits (a slice of the text).
    @usableFromInline
    internal struct NumberList: Hashable, Sendable {
        /// Each component; 0 where `bigs` holds it.
        var smalls: [UInt64]
        /// The components that do not fit in `UInt64`, by index: digits without leading zeros.
        var bigs: [Int: Substring] = [:]

        var count: Int { smalls.count }

        init(smalls: [UInt64], bigs: [Int: Substring] = [:]) {
            self.smalls = smalls
            self.bigs = bigs
        }

        /// The list of `numerals`, in order.
        init(_ numerals: [Numeral]) {
            smalls = []
            smalls.reserveCapacity(numerals.count)
            for (index, numeral) in numerals.enumerated() {
                switch numeral {
                case .small(let value): smalls.append(value)
                case .big(let digits):
                    smalls.append(0)
                    bigs[index] = digits
                }
            }
        }

        subscript(index: Int) -> Numeral {
            if !bigs.isEmpty, let digits = bigs[index] { return .big(digits) }
            return .small(smalls[index])
        }
    }

    /// The significant numeric components (trailing zeros dropped). Slow path only.
    internal var numerals: NumberList {
        if let numbers = _extra?.numbers { return numbers }
        var result: [UInt64] = [_w0, _w1, _w2, _w3]
        while let last = result.last, last == 0 { result.removeLast() }
        return NumberList(smalls: result)
    }
}

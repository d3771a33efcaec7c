import VersionCheckCore
import VersionCheckSources

/// An option declared once, in `Option`, with the Swift type of its value: its `spec`
/// is what the table, the parser, help, the man page and the completions read, and
/// `ParsedCommandLine`'s subscripts give its value back as that type.
public protocol DeclaredOption: Sendable {
    var spec: OptionSpec { get }
}

extension DeclaredOption {
    /// The long name without dashes (`timeout`).
    public var name: String { spec.name }
    /// `--timeout`
    public var longFlag: String { spec.longFlag }
}

/// A flag (`--gate`): given or not.
public struct FlagOption: DeclaredOption {
    public let spec: OptionSpec

    public init(_ name: String, short: Character? = nil, help: String) {
        spec = OptionSpec(name, short: short, help: help)
    }
}

/// An option with a value of type `Value`, nil when not given (`--deadline`).
public struct ValueOption<Value: OptionArgument>: DeclaredOption {
    public let spec: OptionSpec

    public init(_ name: String, _ kind: ArgumentKind<Value>, help: String) {
        spec = OptionSpec(name, value: kind.kind, help: help)
    }
}

/// An option with a value of type `Value` and a default: always a `Value` (`--timeout`).
/// Help shows the default as `Value.helpText` writes it, and reading that text back gives
/// the default again (`OptionDefaultTests`).
public struct DefaultedOption<Value: OptionArgument>: DeclaredOption {
    public let spec: OptionSpec
    public let defaultValue: Value

    public init(_ name: String, _ kind: ArgumentKind<Value>, help: String, default defaultValue: Value) {
        self.defaultValue = defaultValue
        spec = OptionSpec(name, value: kind.kind, help: help, default: defaultValue.helpText)
    }
}

/// An option that may be given more than once (`--channel beta --channel nightly`): every
/// value, in order.
public struct RepeatedOption<Value: OptionArgument>: DeclaredOption {
    public let spec: OptionSpec

    public init(_ name: String, _ kind: ArgumentKind<Value>, help: String) {
        spec = OptionSpec(name, value: kind.kind, help: help, repeatable: true)
    }
}

/// A type an option's value arrives as (swift-argument-parser's `ExpressibleByArgument`,
/// for this grammar): the parser checks the text against the option's `ValueKind` into an
/// `OptionValue` (`ValueChecker`), and the type takes its case back out.
public protocol OptionArgument: Sendable, Equatable {
    /// The value the parser checked, when it holds this type.
    init?(checked: OptionValue)
    /// How help writes the value as a default (`10`, `major`).
    var helpText: String { get }
}

/// A `ValueKind` with the Swift type its values arrive as: `ArgumentKind<Double>.seconds`.
/// The kinds below are the only ones, and each names the type `ValueChecker` checks its
/// kind into (`OptionDefaultTests` checks every kind).
public struct ArgumentKind<Value: OptionArgument>: Sendable {
    public let kind: ValueKind
}

extension ArgumentKind where Value == String {
    public static var version: Self { Self(kind: .version) }
    public static var constraint: Self { Self(kind: .constraint) }
    public static var country: Self { Self(kind: .country) }
    public static var appID: Self { Self(kind: .appID) }
    public static var bundleID: Self { Self(kind: .bundleID) }
    public static var url: Self { Self(kind: .url) }
    public static var location: Self { Self(kind: .location) }
    public static var folder: Self { Self(kind: .folder) }
    public static var channel: Self { Self(kind: .channel) }
    public static var path: Self { Self(kind: .path) }
    public static var prefix: Self { Self(kind: .prefix) }
    public static var ignore: Self { Self(kind: .ignore) }
    public static var repository: Self { Self(kind: .repository) }
}

extension ArgumentKind where Value == Double {
    public static var seconds: Self { Self(kind: .seconds) }
    public static var days: Self { Self(kind: .days) }
}

extension ArgumentKind where Value == Int {
    public static func count(_ range: ClosedRange<Int>) -> Self { Self(kind: .count(range)) }
}

extension ArgumentKind where Value == BumpThreshold {
    public static var level: Self { Self(kind: .level) }
}

extension ArgumentKind where Value == BumpLevel {
    public static var bumpLevel: Self { Self(kind: .bumpLevel) }
}

extension ArgumentKind where Value == AppStorePlatform {
    public static var platform: Self { Self(kind: .platform) }
}

extension ArgumentKind where Value == AppcastOptions.VersionField {
    public static var appcastVersion: Self { Self(kind: .appcastVersion) }
}

extension ArgumentKind where Value == CurrentKey {
    public static var currentKey: Self { Self(kind: .currentKey) }
}

extension ArgumentKind where Value == PrereleaseName {
    public static var prereleaseName: Self { Self(kind: .prereleaseName) }
}

// MARK: the types values arrive as

extension OptionArgument where Self: RawRepresentable, RawValue == String {
    /// A choice is written as the command line spells it (`major`, `ios`).
    public var helpText: String { rawValue }
}

extension String: OptionArgument {
    @inlinable
    public init?(checked: OptionValue) {
        guard case .text(let text) = checked else { return nil }
        self = text
    }

    public var helpText: String { self }
}

extension Double: OptionArgument {
    @inlinable
    public init?(checked: OptionValue) {
        guard case .number(let number) = checked else { return nil }
        self = number
    }

    /// `10` for a whole number (as SPEC.md writes defaults), else `1.5`.
    public var helpText: String {
        Seconds.text(self)
    }
}

extension Int: OptionArgument {
    @inlinable
    public init?(checked: OptionValue) {
        guard case .integer(let number) = checked else { return nil }
        self = number
    }

    public var helpText: String { String(self) }
}

extension BumpThreshold: OptionArgument {
    @inlinable
    public init?(checked: OptionValue) {
        guard case .threshold(let level) = checked else { return nil }
        self = level
    }
}

extension BumpLevel: OptionArgument {
    @inlinable
    public init?(checked: OptionValue) {
        guard case .bumpLevel(let level) = checked else { return nil }
        self = level
    }
}

extension AppStorePlatform: OptionArgument {
    @inlinable
    public init?(checked: OptionValue) {
        guard case .platform(let platform) = checked else { return nil }
        self = platform
    }
}

extension AppcastOptions.VersionField: OptionArgument {
    @inlinable
    public init?(checked: OptionValue) {
        guard case .appcastVersion(let field) = checked else { return nil }
        self = field
    }
}

extension CurrentKey: OptionArgument {
    @inlinable
    public init?(checked: OptionValue) {
        guard case .currentKey(let key) = checked else { return nil }
        self = key
    }
}

extension PrereleaseName: OptionArgument {
    @inlinable
    public init?(checked: OptionValue) {
        guard case .prereleaseName(let name) = checked else { return nil }
        self = name
    }

    public var helpText: String { description }
}

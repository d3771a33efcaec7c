import VersionCheckCore

/// The defaults that follow Sparkle when the source is an appcast (SPEC.md "Sparkle
/// appcasts"), as data for the command line to apply when the user gives no option.
public enum SparkleDefaults {
    /// `--force-on` for an appcast: Sparkle forces only critical updates, and build
    /// numbers such as `5100 → 5209` would otherwise always read as a major bump.
    public static let forceOn: BumpThreshold = .never

    /// The `Info.plist` key `--current-from` reads when `--current-key` is not given:
    /// the key whose value the compared field holds.
    public static func currentKey(for field: AppcastOptions.VersionField) -> String {
        switch field {
        case .build: "CFBundleVersion"
        case .display: "CFBundleShortVersionString"
        }
    }

    /// A release's heading in text output: `5.2.9 (5209)` when the display version
    /// differs from the compared one (as text), else the version alone.
    public static func heading(_ release: Release) -> String {
        guard let display = release.displayVersion, display != release.version.description else {
            return release.version.description
        }
        return "\(display) (\(release.version.description))"
    }
}

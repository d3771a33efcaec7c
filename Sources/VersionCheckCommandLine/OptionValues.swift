import VersionCheckCore
import VersionCheckSources

// The typed values of options whose meaning is a short list of names: declared here, with
// the grammar that reads them (`DeclaredOption.swift`), and used by the check pipeline.

/// `--platform`: which App Store (`entity=macSoftware` is sent only for `.mac`).
public enum AppStorePlatform: String, Sendable, Equatable, CaseIterable {
    case ios, mac
}

/// Which `Info.plist` key `--current-from` reads: `--current-key marketing|build`.
public enum CurrentKey: String, Sendable, CaseIterable {
    /// `CFBundleShortVersionString`.
    case marketing
    /// `CFBundleVersion`.
    case build

    /// The `Info.plist` key this reads.
    public var plistKey: String {
        switch self {
        case .marketing: InfoPlist.marketingVersionKey
        case .build: InfoPlist.buildVersionKey
        }
    }
}

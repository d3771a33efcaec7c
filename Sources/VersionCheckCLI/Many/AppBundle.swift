import VersionCheckCore

/// One app bundle `outdated` found: its name and where its updates come from, read
/// from its `Info.plist` as `--current-from` reads it (SPEC.md "Many apps at once").
struct AppBundle {
    /// The Info.plist keys `outdated` reads besides the versions.
    enum Key {
        static let displayName = "CFBundleDisplayName"
        static let name = "CFBundleName"
        static let feedURL = "SUFeedURL"
        static let supportedPlatforms = "CFBundleSupportedPlatforms"
    }

    /// A Mac App Store app's receipt, inside its bundle.
    static let receiptPath = "Contents/_MASReceipt/receipt"

    /// Where an app's updates come from, first match wins.
    enum Source: Equatable {
        /// `SUFeedURL`: its Sparkle appcast, compared by `CFBundleVersion`.
        case appcast(feed: String)
        /// A Mac App Store receipt: `lookup --platform mac` by bundle id.
        case macAppStore
        /// `CFBundleSupportedPlatforms` names `iPhoneOS`: `lookup` by bundle id.
        case iOSAppStore
        /// None of these: the app is skipped.
        case none
    }

    /// Why an app with no source is skipped (`skipped (WHY)`, JSON `reason`).
    static let noSourceReason = "no SUFeedURL, Mac App Store receipt or iOS platform"

    var path: String
    var name: String
    var info: CurrentVersionSource
    var source: Source

    /// Reads the bundle at `path`; a bundle whose Info.plist cannot be read is that
    /// app's failure (66 or 65, as for `--current-from`).
    static func read(_ path: String) throws(Failure) -> AppBundle {
        let info = try CurrentVersionSource.read(path, role: "")
        let source: Source
        if let feed = nonEmpty(info.strings[Key.feedURL]) {
            source = .appcast(feed: feed)
        } else if case .success((.regular, _)) = System.identity(path + "/" + receiptPath, follow: false) {
            source = .macAppStore
        } else if info.strings[Key.supportedPlatforms]?.split(separator: "\n").contains("iPhoneOS") == true {
            source = .iOSAppStore
        } else {
            source = .none
        }
        return AppBundle(path: path, name: name(of: path, info: info), info: info, source: source)
    }

    /// `CFBundleDisplayName`, else `CFBundleName`, else the folder's name without `.app`.
    static func name(of path: String, info: CurrentVersionSource?) -> String {
        if let name = nonEmpty(info?.strings[Key.displayName]) ?? nonEmpty(info?.strings[Key.name]) { return name }
        return folderName(path)
    }

    /// `Example` for `/Applications/Example.app`.
    static func folderName(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.hasSuffix(".app") ? String(last.dropLast(4)) : last
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }
}

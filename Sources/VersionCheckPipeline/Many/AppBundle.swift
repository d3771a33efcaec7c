import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// One app bundle `outdated` found: its name and where its updates come from, read
/// from its `Info.plist` as `--current-from` reads it (SPEC.md "Many apps at once").
package struct AppBundle {
    /// The Info.plist keys `outdated` reads besides the versions.
    package enum Key {
        package static let displayName = "CFBundleDisplayName"
        package static let name = "CFBundleName"
        package static let feedURL = "SUFeedURL"
        package static let supportedPlatforms = "CFBundleSupportedPlatforms"
    }

    /// A Mac App Store app's receipt, inside its bundle.
    package static let receiptPath = "Contents/_MASReceipt/receipt"

    /// Where an app's updates come from, first match wins.
    package enum Source: Equatable {
        /// `SUFeedURL`: its Sparkle appcast, compared by `CFBundleVersion`.
        case appcast(feed: String)
        /// A Mac App Store receipt: `lookup --platform mac` by bundle id.
        case macAppStore
        /// `Contents/Resources/app-update.yml`: its electron-builder feed, compared by
        /// `CFBundleShortVersionString`.
        case electronBuilder(AppUpdateFile.Outcome)
        /// `CFBundleSupportedPlatforms` names `iPhoneOS`: `lookup` by bundle id.
        case iOSAppStore
        /// None of these: the app is skipped.
        case none
    }

    /// What `outdated` does with a bundle's `SUFeedURL` (SPEC.md "Many apps at once",
    /// source 1): the value is never read as a path, never read from the disk.
    package enum FeedDecision: Equatable {
        /// An absolute `https://` URL, or `http://` to loopback (or any host with `--allow-insecure`).
        case check(String)
        /// Plain `http://` to another host without `--allow-insecure`: skipped, with this reason.
        case skip(reason: String)
        /// A `file:` URL, a relative path, another scheme, an unparsable value: 65.
        case fail(Failure)
    }

    /// How `feed` (an `SUFeedURL`) is checked.
    /// `named` says where the URL was found, in a failure's message (`SUFeedURL 'x' in its
    /// Info.plist`, or the feed of its `app-update.yml`).
    package static func feedDecision(
        _ feed: String, allowInsecure: Bool, named: (String) -> String = { "\(Key.feedURL) \($0) in its Info.plist" }
    ) -> FeedDecision {
        let trimmed = Version.trimmingWhitespace(feed)
        let shown = named(Quote.single(WebAddress.displaying(trimmed)))
        let expected = "expected an absolute https:// URL (or http:// to a loopback host)"
        guard let url = WebAddress(trimmed), url.hasAuthority else {
            return .fail(Failure(.invalidInput, "\(shown): not an absolute URL; \(expected)"))
        }
        switch FetchRule.refusal(scheme: url.scheme, host: url.host, allowInsecure: allowInsecure) {
        case nil:
            return .check(trimmed)
        case .plainHTTPToNonLoopback, .httpsToHTTP:
            return .skip(reason: "insecure feed \(url.display); --allow-insecure checks it")
        case .noHost:
            return .fail(Failure(.invalidInput, "\(shown): no host; \(expected)"))
        case .otherScheme:
            return .fail(Failure(.invalidInput, "\(shown): a \(url.scheme): URL is not fetched; \(expected)"))
        }
    }

    /// Why an app with no source is skipped (`skipped (WHY)`, JSON `reason`).
    package static let noSourceReason = "no SUFeedURL, Mac App Store receipt, app-update.yml or iOS platform"

    /// `--explain` for an app skipped with `noSourceReason`: why each source, in the order
    /// they are tried, did not apply.
    package static let noSourceExplanation = [
        "Sparkle: the Info.plist has no SUFeedURL",
        "Mac App Store: no receipt (Contents/_MASReceipt/receipt)",
        "electron-builder: no Contents/Resources/app-update.yml",
        "App Store (iOS): CFBundleSupportedPlatforms does not name iPhoneOS",
        "skipped: no source applies",
    ]

    /// `--explain` for an app skipped for `reason`: why each source did not apply, an
    /// `--ignore` rule, or the source that was found and why it is not checked (an
    /// insecure feed, an electron-builder provider not read).
    package static func skipExplanation(_ reason: String) -> [String] {
        switch reason {
        case noSourceReason: noSourceExplanation
        case IgnoreList.reason: ["skipped: --ignore or VERSIONCHECK_IGNORE names its bundle id"]
        default: ["skipped: \(reason)"]
        }
    }

    package var path: String
    package var name: String
    package var info: CurrentVersionSource
    package var source: Source

    /// Reads the bundle at `path`; a bundle whose Info.plist cannot be read is that
    /// app's failure (66 or 65, as for `--current-from`).
    package static func read(_ path: String) throws(Failure) -> AppBundle {
        let info = try CurrentVersionSource.read(path, role: "")
        let source: Source
        if let feed = nonEmpty(info.strings[Key.feedURL]) {
            source = .appcast(feed: feed)
        } else if case .success((.regular, _)) = System.identity(path + "/" + receiptPath, follow: false) {
            source = .macAppStore
        } else if let update = AppUpdateFile.read(bundle: path) {
            source = .electronBuilder(update)
        } else if info.strings[Key.supportedPlatforms]?.split(separator: "\n").contains("iPhoneOS") == true {
            source = .iOSAppStore
        } else {
            source = .none
        }
        return AppBundle(path: path, name: name(of: path, info: info), info: info, source: source)
    }

    /// `CFBundleDisplayName`, else `CFBundleName`, else the folder's name without `.app`.
    package static func name(of path: String, info: CurrentVersionSource?) -> String {
        if let name = nonEmpty(info?.strings[Key.displayName]) ?? nonEmpty(info?.strings[Key.name]) { return name }
        return folderName(path)
    }

    /// `Example` for `/Applications/Example.app`.
    package static func folderName(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.hasSuffix(".app") ? String(last.dropLast(4)) : last
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }
}

import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckCore
import VersionCheckSources

extension CurrentKey {
    /// The key read when `--current-key` is not given. For the App Store and for
    /// manifests it is `marketing`; SPEC.md makes an appcast's default follow
    /// `--appcast-version` (`build` by default), which is the one place to say so.
    public static func `default`(for source: CheckRequest.Source) -> CurrentKey {
        .default(manifest: source.isManifest)
    }

    /// The same, before the source's URL is read: `manifest` tells a manifest from the
    /// App Store (both read `marketing` today).
    public static func `default`(manifest: Bool) -> CurrentKey {
        .marketing
    }
}

/// An app's `Info.plist`, found from the path given to `--current-from` and read
/// before any request: a property list file, a macOS bundle (`Contents/Info.plist`,
/// tried first) or an iOS bundle (`Info.plist`).
///
/// A path that does not exist or cannot be read, or a folder with neither file, is
/// no-input (66); everything about the content (not a property list, a repeated key,
/// a missing key, an invalid version, an unexpanded build setting) is invalid-input (65).
public struct CurrentVersionSource: Sendable, Equatable {
    /// The file that was read: `given`, or a file inside the bundle `given` names.
    package var plistPath: String
    /// Whether `plistPath` is a macOS bundle's `Contents/Info.plist`, found in the bundle
    /// or named as `….app/Contents/Info.plist` (implies `--platform mac` for lookup).
    package var isMacBundle: Bool
    /// The top-level string values of the `Info.plist`.
    package var strings: [String: String]
    /// How messages name what was read: `--current-from` (the option), or empty when the
    /// bundle was found rather than given (`outdated`).
    package var role = "--current-from"

    /// Bundle layouts, in the order they are tried: the path inside the folder and
    /// whether it is a macOS bundle.
    package static let bundleLayouts: [(path: String, isMac: Bool)] = [("Contents/Info.plist", true), ("Info.plist", false)]

    /// Finds and reads the `Info.plist` at or inside `path`.
    /// `role` names the input in messages (`--current-from`; empty for a bundle `outdated` found).
    package static func read(
        _ path: String, limit: Int = FetchLimits.maximumBodySize, role: String = "--current-from"
    ) throws(Failure) -> CurrentVersionSource {
        if let bytes = try load(path, insideBundle: false, limit: limit, role: role) {
            return try parse(bytes, plistPath: path, isMacBundle: path.hasSuffix(".app/Contents/Info.plist"), role: role)
        }
        let folder = trimmingTrailingSlashes(path)
        for layout in bundleLayouts {
            let candidate = folder + "/" + layout.path
            if let bytes = try load(candidate, insideBundle: true, limit: limit, role: role) {
                return try parse(bytes, plistPath: candidate, isMacBundle: layout.isMac, role: role)
            }
        }
        throw Failure(
            .noInput,
            "\(culprit(role, path)): a folder with no Contents/Info.plist (macOS app) or Info.plist (iOS app)")
    }

    /// `--current-from 'PATH'`, or `'PATH'` without a role.
    package static func culprit(_ role: String, _ path: String) -> String {
        role.isEmpty ? Quote.single(path) : "\(role) \(Quote.single(path))"
    }

    private static func parse(
        _ bytes: [UInt8], plistPath: String, isMacBundle: Bool, role: String
    ) throws(Failure) -> CurrentVersionSource {
        do {
            let strings = try InfoPlist.read(bytes)
            return CurrentVersionSource(plistPath: plistPath, isMacBundle: isMacBundle, strings: strings, role: role)
        } catch {
            throw Failure(.invalidInput, "\(culprit(role, plistPath)): \(error.description)")
        }
    }

    /// The bytes of the file at `path`, or nil when it is a folder or, inside a bundle,
    /// absent (the next layout is tried).
    private static func load(_ path: String, insideBundle: Bool, limit: Int, role: String) throws(Failure) -> [UInt8]? {
        switch System.readFile(path, limit: limit) {
        case .success(let bytes):
            return bytes
        case .failure(.isDirectory):
            return nil
        case .failure(.noSuchFile):
            if insideBundle { return nil }
            throw Failure(.noInput, "\(culprit(role, path)): no such file or folder")
        case .failure(.cannotOpen(let error)), .failure(.readFailed(let error)):
            throw Failure(.noInput, "\(culprit(role, path)): cannot be read: \(error.description)")
        case .failure(.tooLarge):
            throw Failure(
                .invalidInput, "\(culprit(role, path)): larger than \(limit / 1024 / 1024) MiB, not an Info.plist")
        }
    }

    /// `App.app` for `App.app/` (a lone `/` stays).
    package static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// The version under `key`, parsed as `--current` would be.
    package func version(_ key: CurrentKey) throws(Failure) -> Version {
        try version(key, reading: .lenient)
    }

    /// The version under `key`, read as `reading` reads versions (an appcast reads as Sparkle does).
    package func version(_ key: CurrentKey, reading: VersionReading) throws(Failure) -> Version {
        let text = try string(key.plistKey, forOption: "--current-key \(key.rawValue)")
        do {
            return try reading.version(text)
        } catch {
            throw Failure(.invalidInput, "\(Self.culprit(role, plistPath)): \(key.plistKey): \(error.description)")
        }
    }

    /// `CFBundleIdentifier`, for `lookup` without `--id` or `--bundle-id`.
    package func bundleIdentifier() throws(Failure) -> String {
        let identifier = try string(InfoPlist.bundleIdentifierKey, forOption: "lookup without --id or --bundle-id")
        guard !identifier.isEmpty else {
            throw Failure(.invalidInput, "\(Self.culprit(role, plistPath)): CFBundleIdentifier is empty; give --id or --bundle-id")
        }
        return identifier
    }

    /// Whether `text` still holds a build setting, `$(…)` or `${…}` (scanned as bytes: a
    /// check of every app in a folder reads hundreds of these).
    package static func holdsBuildSetting(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "$") && (byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{")) { return true }
            previous = byte
        }
        return false
    }

    /// The string value of `key`: absent, or holding a build setting, is 65; `reason`
    /// says why the key was read.
    private func string(_ key: String, forOption reason: String) throws(Failure) -> String {
        // The culprit is quoted only for a message: `outdated` reads 500 of these.
        guard let text = strings[key] else {
            throw Failure(.invalidInput, "\(Self.culprit(role, plistPath)): no \(key) (a string) to read for \(reason)")
        }
        if Self.holdsBuildSetting(text) {
            throw Failure(
                .invalidInput,
                "\(Self.culprit(role, plistPath)): \(key) is \(Quote.single(text)), a build setting not yet expanded; pass the built product's Info.plist (or its .app) instead")
        }
        return text
    }
}

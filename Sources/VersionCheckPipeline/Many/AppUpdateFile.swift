import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// electron-builder's `Contents/Resources/app-update.yml`: where an Electron app's updater
/// finds its feed (SPEC.md "Many apps at once", source 3). Providers `generic`, `github`
/// and `s3`; the channel file `CHANNEL-mac.yml`, CHANNEL the file's `channel` (default
/// `latest`). The URL found is then held to the rules of a bundle's `SUFeedURL`.
package enum AppUpdateFile {
    /// Where the file is, inside a bundle.
    package static let path = "Contents/Resources/app-update.yml"
    /// Its name in messages.
    package static let name = "app-update.yml"
    /// The most of it read: a real one is a few lines.
    package static let sizeLimit = 64 * 1024

    /// What a bundle's file says.
    package enum Outcome: Equatable, Sendable {
        /// The feed's URL, not yet held to the URL rules.
        case feed(String)
        /// A provider versioncheck does not read: the app is skipped, with this reason.
        case skipped(reason: String)
        /// Not such a file (not YAML, a field missing): that app's failure (65).
        case invalid(Failure)
    }

    /// The file of the bundle at `bundle`, if it has one (nil: this source does not apply).
    package static func read(bundle: String) -> Outcome? {
        let file = bundle + "/" + path
        guard case .success((.regular, _)) = System.identity(file, follow: true) else { return nil }
        switch System.readFile(file, limit: sizeLimit) {
        case .success(let bytes): return outcome(of: bytes)
        case .failure: return .invalid(Failure(.invalidInput, "\(name): cannot be read"))
        }
    }

    /// The feed `bytes` (a file's content) name.
    package static func outcome(of bytes: [UInt8]) -> Outcome {
        let root: YAMLNode
        do {
            root = try YAMLReader.parse(bytes)
        } catch {
            return .invalid(Failure(.invalidInput, "\(name): \(error.description)"))
        }
        guard case .mapping(let fields) = root else {
            return .invalid(Failure(.invalidInput, "\(name): not a mapping of fields"))
        }
        func text(_ key: String) -> String? {
            guard let value = fields[key]?.text, !value.isEmpty else { return nil }
            return value
        }
        guard let provider = text("provider") else { return .invalid(Failure(.invalidInput, "\(name): no provider")) }
        let file = (text("channel") ?? "latest") + "-mac.yml"
        func missing(_ key: String) -> Outcome {
            .invalid(Failure(.invalidInput, "\(name): provider \(provider) without \(key)"))
        }
        switch provider {
        case "generic":
            guard let url = text("url") else { return missing("url") }
            return .feed(joined([url, file]))
        case "github":
            guard let owner = text("owner") else { return missing("owner") }
            guard let repo = text("repo") else { return missing("repo") }
            return .feed("https://github.com/\(owner)/\(repo)/releases/latest/download/\(file)")
        case "s3":
            guard let bucket = text("bucket") else { return missing("bucket") }
            let host = text("region").map { "\(bucket).s3.\($0).amazonaws.com" } ?? "\(bucket).s3.amazonaws.com"
            return .feed(joined(["https://" + host, text("path") ?? "", file]))
        default:
            return .skipped(reason: "\(name) provider \(Quote.single(provider)) is not read")
        }
    }

    /// `parts` joined with exactly one `/` between them (an empty part left out).
    static func joined(_ parts: [String]) -> String {
        var result = ""
        for part in parts {
            var piece = Substring(part)
            if !result.isEmpty { piece = piece.drop { $0 == "/" } }
            while piece.hasSuffix("/") { piece = piece.dropLast() }
            guard !piece.isEmpty else { continue }
            result += (result.isEmpty ? "" : "/") + piece
        }
        return result
    }
}

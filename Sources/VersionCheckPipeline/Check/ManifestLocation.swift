import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// Where `manifest --url` points, parsed and checked once, when the request is built
/// (`CheckRequestBuilder`): a URL versioncheck may fetch, or a local file.
public enum ManifestLocation: Sendable, Equatable {
    /// `https://…`, or `http://…` that `URLRules` allowed.
    case remote(WebAddress)
    /// A path, given plainly or as a `file://` URL (percent-decoded); `given` is the text
    /// as given to `--url`, which messages and JSON `source` quote.
    case file(path: String, given: String)

    /// The text given to `--url` (for a remote manifest, the URL as written).
    public var given: String {
        switch self {
        case .remote(let url): url.text
        case .file(_, let given): given
        }
    }

    /// Reads `text` as given to `--url`. `http(s)://` is remote, and must be one
    /// versioncheck may fetch (`URLRules`, with `allowInsecure`); `file://` (with no host,
    /// or `localhost`) is a file; another `scheme://` is a usage error (64); anything
    /// else is a path. `setting` names the text in messages (`lint`'s are sources).
    public static func parse(_ text: String, allowInsecure: Bool, setting: String = "--url") throws(Failure) -> ManifestLocation {
        guard let separator = text.firstRange(of: "://") else {
            guard !text.isEmpty else { throw Failure(.usage, "\(setting): empty (expected a URL or a path)") }
            return .file(path: text, given: text)
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        switch scheme {
        case "http", "https":
            guard let url = WebAddress(text), !url.host.isEmpty else {
                throw Failure(.usage, "\(setting) '\(WebAddress.displaying(text))': not a valid URL")
            }
            try URLRules.checkRequest(url, allowInsecure: allowInsecure, setting: setting)
            return .remote(url)
        case "file":
            guard let url = WebAddress(text), ["", "localhost"].contains(url.host.lowercased()),
                  let path = PercentEncoding.decoded(pathOf: url.rest), !path.isEmpty
            else { throw Failure(.usage, "\(setting) '\(WebAddress.displaying(text))': expected file:///absolute/path") }
            return .file(path: path, given: text)
        default:
            if scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) {
                throw Failure(.usage, "\(setting) '\(WebAddress.displaying(text))': unsupported scheme '\(scheme)' (expected https://, http:// to loopback, file:// or a path)")
            }
            return .file(path: text, given: text)
        }
    }
}

/// Percent-decoding of a URL's path (RFC 3986 §2.1).
package enum PercentEncoding {
    /// The path part of `rest` (before `?` or `#`), `%XX` decoded as UTF-8; nil when an
    /// escape is malformed or the bytes are not UTF-8.
    package static func decoded(pathOf rest: String) -> String? {
        let path = rest.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        var bytes: [UInt8] = []
        var index = path.startIndex
        while index != path.endIndex {
            let byte = path[index]
            if byte == UInt8(ascii: "%") {
                let high = path.index(after: index)
                guard high != path.endIndex, path.index(after: high) != path.endIndex,
                      let value = UInt8(String(decoding: path[high...path.index(after: high)], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
                index = path.index(high, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = path.index(after: index)
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}

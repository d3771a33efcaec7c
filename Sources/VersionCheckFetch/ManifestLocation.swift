import Foundation
import VersionCheckCLI

/// Where `manifest --url` points: a URL to fetch, or a local file.
public enum ManifestLocation: Sendable, Equatable {
    /// `https://…`, or `http://…` (allowed by `URLPolicy`).
    case remote(URL)
    /// A path, given plainly or as a `file://` URL (percent-decoded).
    case file(path: String)

    /// Reads `text` as given to `--url`. `http(s)://` is remote, `file://` (with no host,
    /// or `localhost`) is a file, another `scheme://` is a usage error (64), anything else
    /// is a path.
    public static func parse(_ text: String) throws(Failure) -> ManifestLocation {
        guard let separator = text.range(of: "://") else {
            guard !text.isEmpty else { throw Failure(.usage, "--url: empty (expected a URL or a path)") }
            return .file(path: text)
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        switch scheme {
        case "http", "https":
            guard let url = URL(string: text), url.host.map({ !$0.isEmpty }) ?? false else {
                throw Failure(.usage, "--url '\(text)': not a valid URL")
            }
            return .remote(url)
        case "file":
            guard let url = URL(string: text), ["", "localhost"].contains(url.host ?? ""), !url.path.isEmpty else {
                throw Failure(.usage, "--url '\(text)': expected file:///absolute/path")
            }
            return .file(path: url.path)
        default:
            if scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) {
                throw Failure(.usage, "--url '\(text)': unsupported scheme '\(scheme)' (expected https://, http:// to loopback, file:// or a path)")
            }
            return .file(path: text)
        }
    }
}

/// Reads local manifest files under the same size cap as HTTP bodies.
public enum ManifestFile {
    /// The bytes of the file at `path`: never more than `limit` + 1 bytes are read.
    /// No such file (or not a regular file, or unreadable) is not-found (69); a file
    /// over `limit` is too-large (76); exactly `limit` bytes is accepted.
    public static func read(_ path: String, limit: Int = HTTPLimits.maximumBodySize) throws(Failure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure(.notFound, "manifest '\(path)': no such file")
        }
        guard !isDirectory.boolValue else { throw Failure(.notFound, "manifest '\(path)': is a directory, not a file") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Failure(.notFound, "manifest '\(path)': cannot be opened for reading (permission denied?)")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw Failure(.notFound, "manifest '\(path)': cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= limit else {
            throw Failure(.tooLarge, "manifest '\(path)': larger than \(limit / 1024 / 1024) MiB")
        }
        return data
    }
}

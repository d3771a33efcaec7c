import VersionCheckCore

/// Reads local manifest files under the same size cap as HTTP bodies.
public enum ManifestFile {
    /// The bytes of the file at `path`: never more than `limit` + 1 bytes are read.
    /// No such file (or not a regular file, or unreadable) is not-found (69); a file
    /// over `limit` is too-large (76); exactly `limit` bytes is accepted.
    public static func read(_ path: String, limit: Int = FetchLimits.maximumBodySize) throws(Failure) -> [UInt8] {
        switch System.readFile(path, limit: limit) {
        case .success(let bytes):
            return bytes
        case .failure(.noSuchFile):
            let hint = looksLikeHostName(path) ? " (for a URL, write https://\(path))" : ""
            throw Failure(.notFound, "manifest '\(path)': no such file\(hint)")
        case .failure(.isDirectory):
            throw Failure(.notFound, "manifest '\(path)': is a directory, not a file")
        case .failure(.cannotOpen):
            throw Failure(.notFound, "manifest '\(path)': cannot be opened for reading (permission denied?)")
        case .failure(.readFailed(let code)):
            throw Failure(.notFound, "manifest '\(path)': cannot be read: \(System.describe(errno: code))")
        case .failure(.tooLarge):
            throw Failure(.tooLarge, "manifest '\(path)': larger than \(limit / 1024 / 1024) MiB")
        }
    }

    /// Whether `path` reads as a URL without its scheme: `example.com/app.json` — a first
    /// component with a dot between letters and digits, not `./x`, `../x`, `/x` or `~/x`.
    static func looksLikeHostName(_ path: String) -> Bool {
        guard let host = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first,
              path.contains("/"), !host.isEmpty, host.contains("."), !host.hasPrefix("."), !host.hasSuffix("."),
              host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":") }),
              host.contains(where: \.isLetter)
        else { return false }
        return true
    }
}

import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// Reads local manifest files under the same size cap as HTTP bodies.
public enum ManifestFile {
    /// The bytes of the file at `path`: never more than `limit` + 1 bytes are read.
    /// No such file is not-found (69); a path that exists but cannot be read (a folder,
    /// no permission, a read error) is no-input (66); a file over `limit` is too-large
    /// (76); exactly `limit` bytes is accepted.
    public static func read(_ path: String, limit: Int = FetchLimits.maximumBodySize) throws(Failure) -> [UInt8] {
        switch System.readFile(path, limit: limit) {
        case .success(let bytes):
            return bytes
        case .failure(.noSuchFile):
            throw Failure(.notFound, "manifest '\(path)': no such file" + (schemeHint(path).map { "; " + $0 } ?? ""))
        case .failure(.isDirectory):
            throw Failure(.noInput, "manifest '\(path)': is a directory, not a file")
        case .failure(.cannotOpen(let error)), .failure(.readFailed(let error)):
            throw Failure(.noInput, "manifest '\(path)': cannot be read: \(error.description)")
        case .failure(.tooLarge):
            throw Failure(.tooLarge, "manifest '\(path)': larger than \(limit / 1024 / 1024) MiB")
        }
    }

    /// The hint for a missing file whose path reads as a URL without its scheme (SPEC.md
    /// "Hints on likely slips"): `did you mean http://…?` for a loopback host (`127.0.0.1`,
    /// `localhost`, `[::1]`, with or without a port), `did you mean https://…?` for a host
    /// name (`example.com/app.json`); nil for anything else (`./x`, `../x`, `/x`, `~/x`, `x`).
    package static func schemeHint(_ path: String) -> String? {
        guard let slash = path.firstIndex(of: "/") else { return nil }
        let authority = path[..<slash]
        // The host without its port: `[::1]:8765` → `[::1]`, `localhost:8765` → `localhost`.
        var host = Substring(authority)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let port = host[host.index(after: close)...]
            guard port.isEmpty || isPort(port) else { return nil }
            host = host[...close]
        } else if let colon = host.firstIndex(of: ":") {
            guard isPort(host[colon...]) else { return nil }
            host = host[..<colon]
        }
        let name = host.lowercased()
        if WebAddress.isLoopback(host: name) { return "did you mean http://\(path)?" }
        guard host.contains("."), !host.hasPrefix("."), !host.hasSuffix("."), !host.contains(".."),
              host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }),
              host.contains(where: \.isLetter) || host.split(separator: ".").count == 4
        else { return nil }
        return "did you mean https://\(path)?"
    }

    /// `:` followed by 1 to 5 digits.
    private static func isPort(_ text: Substring) -> Bool {
        text.first == ":" && (2...6).contains(text.count) && text.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }
}

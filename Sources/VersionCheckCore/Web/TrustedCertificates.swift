/// The certificates the helper trusts on Linux instead of the system's store (SPEC.md,
/// "Details"), read from the environment as curl and OpenSSL read it: `CURL_CA_BUNDLE`
/// (a file), else `SSL_CERT_FILE` (a file) and `SSL_CERT_DIR` (a folder, or several
/// joined by `:`), each counted when set and not empty. When any is given, only what it
/// names is trusted: the system's bundle and folder are not added to it. On macOS the
/// system's trust settings apply and these variables are ignored.
///
/// The rule only: the main binary checks that each path names something readable (66
/// before any request), the helper hands them to libcurl (`CURLOPT_CAINFO`, `CURLOPT_CAPATH`).
public struct TrustedCertificates: Sendable, Equatable {
    /// One variable that names certificates: its name and its value.
    public struct Setting: Sendable, Equatable {
        public var variable: String
        public var path: String
    }

    /// A file of PEM certificates (`CURL_CA_BUNDLE` or `SSL_CERT_FILE`), or nil.
    public var file: Setting?
    /// A folder of hashed certificates (`SSL_CERT_DIR`; OpenSSL reads `:`-separated folders), or nil.
    public var folder: Setting?

    /// The variables, in the order they are read.
    public static let variables = ["CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR"]

    /// What `environment` asks to trust, or nil for the system's store.
    public init?(environment: [String: String]) {
        func setting(_ name: String) -> Setting? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return Setting(variable: name, path: value)
        }
        if let bundle = setting("CURL_CA_BUNDLE") {
            file = bundle
            folder = nil
            return
        }
        file = setting("SSL_CERT_FILE")
        folder = setting("SSL_CERT_DIR")
        if file == nil && folder == nil { return nil }
    }

    /// The folders `folder` names (OpenSSL's `:`-separated list, empty parts left out).
    public var folders: [String] {
        folder.map { $0.path.split(separator: ":").map(String.init) } ?? []
    }
}

/// Every exit code of versioncheck, as SPEC.md defines them, in the order help lists
/// them. Nothing else in the project spells an exit code as a number, and only
/// `main.swift` calls `exit`; what each means is written once, in `meaning`.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    case optionalUpdate = 100
    case forcedUpdate = 101
    case no = 1
    /// EX_USAGE.
    case usage = 64
    /// EX_DATAERR.
    case invalidInput = 65
    /// EX_NOINPUT.
    case noInput = 66
    /// EX_UNAVAILABLE.
    case notFound = 69
    /// EX_TEMPFAIL.
    case unreachable = 75
    /// EX_PROTOCOL.
    case badResponse = 76
    /// EX_IOERR: stdout could not be written.
    case outputError = 74
    /// EX_SOFTWARE.
    case internalError = 70

    /// What the code means, for the overview help and the man page.
    public var meaning: String {
        switch self {
        case .success: "Success; for lookup and manifest: no update (up to date)."
        case .optionalUpdate: "An optional update is available."
        case .forcedUpdate: "A forced update is required."
        case .no: "The answer is no: satisfies not satisfied, --gate not passed, sort filters left nothing."
        case .usage: "Usage error: unknown command or option, missing or extra argument, bad option value."
        case .invalidInput: "Invalid version or constraint given by the user."
        case .noInput: "An input cannot be read: a --current-from file or bundle that does not exist, a manifest file that exists but cannot be read, standard input (closed, a folder), a folder outdated cannot list, a certificate file or folder CURL_CA_BUNDLE, SSL_CERT_FILE or SSL_CERT_DIR names."
        case .notFound: "Not found: no such app, HTTP 404/410, no such manifest file (one that exists but cannot be read is 66)."
        case .unreachable: "Source unreachable (DNS, connect, TLS, timeout, 429, 5xx) after retries; VERSIONCHECK_OFFLINE with no cached answer."
        case .badResponse: "Bad response: not JSON/plist, invalid version, too large, bad status or redirect."
        case .outputError: "Output error: stdout could not be written (closed, full disk, reader gone); replaces 0, 1, 100, 101."
        case .internalError: "Internal error (a bug)."
        }
    }
}

/// The `error.kind` of SPEC.md: what went wrong, finer than the exit code it maps to.
/// One type for both processes: the network helper reports a transport failure by this
/// kind's SPEC.md name (`FetchReport`), which the main binary reads back as the same case.
public enum ErrorKind: String, Sendable, CaseIterable {
    case usage
    case invalidInput = "invalid-input"
    case noInput = "no-input"
    case notFound = "not-found"
    case unreachable
    case timeout
    case rateLimited = "rate-limited"
    case serverError = "server-error"
    /// `VERSIONCHECK_OFFLINE` is set and no cached answer exists (75).
    case offline
    case badResponse = "bad-response"
    case httpStatus = "http-status"
    case tooLarge = "too-large"
    case insecureRedirect = "insecure-redirect"
    case output
    case `internal`

    /// The one place where a kind of failure becomes an exit code.
    public var exitStatus: ExitStatus {
        switch self {
        case .usage: .usage
        case .invalidInput: .invalidInput
        case .noInput: .noInput
        case .notFound: .notFound
        case .unreachable, .timeout, .rateLimited, .serverError, .offline: .unreachable
        case .badResponse, .httpStatus, .tooLarge, .insecureRedirect: .badResponse
        case .output: .outputError
        case .internal: .internalError
        }
    }
}

/// A failure the command reports (and the network helper reports to it, `FetchReport`): one line on stderr (`versioncheck: error: …`),
/// or the error object on stdout with `--json`, and the exit code of its kind.
public struct Failure: Error, Equatable, Sendable {
    public var kind: ErrorKind
    /// One line that names the input at fault (the flag, the URL, the line number).
    public var message: String
    /// The source says it does not know the app — the App Store's `resultCount` 0, a
    /// manifest URL answering 404/410 itself (not after a redirect, never `--github`'s), or
    /// a release list with no release yet (`[]`, drafts only): the one failure
    /// `--gate --allow-new` passes as an app's first release.
    public var isUnknownApp = false
    /// `--explain`: the steps of the check noted before it failed (without the
    /// `explain: ` prefix); nil without `--explain`.
    public var explanation: [String]?

    public init(_ kind: ErrorKind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var exitStatus: ExitStatus { kind.exitStatus }
}

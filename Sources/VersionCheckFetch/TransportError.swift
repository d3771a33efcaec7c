import Foundation
import VersionCheckCore

/// Why one HTTP attempt produced no usable response. Each case names its
/// `error.kind` and whether another attempt may help.
public enum TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No connection: refused, DNS failure, network down, connection lost. The system's reason.
    case cannotConnect(String)
    /// The TLS handshake or the certificate failed.
    case tlsFailed(String)
    /// No complete response within the per-attempt timeout.
    case timedOut(seconds: Double)
    /// The body is larger than the cap (bytes).
    case tooLarge(limit: Int)
    /// The response's headers together are larger than the cap (bytes).
    case headersTooLarge(limit: Int)
    /// A redirect was refused: https to http, plain http off loopback, or another scheme.
    case insecureRedirect(to: String, reason: String)
    /// More redirects than allowed (a loop, usually).
    case tooManyRedirects(limit: Int)
    /// Anything else the system reported.
    case other(String)

    /// Whether a retry may help: connect failures and timeouts.
    public var isRetryable: Bool {
        switch self {
        case .cannotConnect, .timedOut: true
        case .tlsFailed, .tooLarge, .headersTooLarge, .insecureRedirect, .tooManyRedirects, .other: false
        }
    }

    /// The `error.kind` of SPEC.md.
    public var kind: ErrorKind {
        switch self {
        case .cannotConnect, .tlsFailed: .unreachable
        case .timedOut: .timeout
        case .tooLarge, .headersTooLarge: .tooLarge
        case .insecureRedirect: .insecureRedirect
        case .tooManyRedirects, .other: .badResponse
        }
    }

    public var description: String {
        switch self {
        case .cannotConnect(let reason): "cannot connect: \(reason)"
        case .tlsFailed(let reason): "TLS failed: \(reason)"
        case .timedOut(let seconds): "timed out after \(Seconds.text(seconds)) s"
        case .tooLarge(let limit): "response body larger than \(limit / 1024 / 1024) MiB"
        case .headersTooLarge(let limit): "response headers larger than \(limit / 1024) KiB"
        case .insecureRedirect(let target, let reason): "redirect to '\(target)' refused (\(reason))"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .other(let reason): reason
        }
    }
}

import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPlatform
import VersionCheckSources

/// The statuses a check may meet: their reason phrases and what a final one means.
package enum HTTPStatusPhrase {
    /// "HTTP 404 Not Found", or "HTTP 599" for a status without a known phrase.
    package static func line(_ status: Int) -> String {
        let phrase = text(status)
        return phrase.isEmpty ? "HTTP \(status)" : "HTTP \(status) \(phrase)"
    }

    /// 404 and 410: the source says there is no such thing (not-found, 69).
    package static func isNotFound(_ status: Int) -> Bool { status == 404 || status == 410 }

    /// The failure for a final non-2xx status: 404/410 not-found (69), anything else
    /// http-status (76). (429 and 5xx never get here: the helper retries and reports them.)
    package static func failure(_ status: Int, shown: String) -> Failure {
        let phrase = line(status)
        if isNotFound(status) { return Failure(.notFound, "\(shown): \(phrase)") }
        if (300..<400).contains(status) {
            return Failure(.httpStatus, "\(shown): \(phrase), a redirect that was not followed")
        }
        return Failure(.httpStatus, "\(shown): \(phrase) (expected 200)")
    }

    package static func text(_ status: Int) -> String {
        switch status {
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 451: "Unavailable For Legal Reasons"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: (200..<300).contains(status) ? "OK" : ""
        }
    }
}

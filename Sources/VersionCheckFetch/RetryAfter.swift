import Foundation

/// The `Retry-After` header (RFC 9110 §10.2.3): a number of seconds, or an
/// HTTP-date, turned into how long to wait from `now`.
public enum RetryAfter {
    /// The wait in seconds, never negative (a date in the past means 0), or nil
    /// when `value` is neither a non-negative integer nor an HTTP-date.
    public static func seconds(_ value: String, now: Date) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return Double(text) ?? .infinity
        }
        guard let date = httpDate(text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// Parses the three HTTP-date forms: IMF-fixdate, RFC 850 and asctime.
    static func httpDate(_ text: String) -> Date? {
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss 'GMT'",  // Sun, 06 Nov 1994 08:49:37 GMT
        "EEEE, dd-MMM-yy HH:mm:ss 'GMT'",   // Sunday, 06-Nov-94 08:49:37 GMT
        "EEE MMM d HH:mm:ss yyyy",          // Sun Nov  6 08:49:37 1994
    ]
}

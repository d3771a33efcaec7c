/// The `pubDate` spelling Sparkle's `generate_appcast` writes (its date format
/// `EEE, dd MMM yyyy HH:mm:ss ZZ`, English names): `Tue, 10 Jun 2025 12:00:00 +0000`.
/// Only the shape is judged here; whether the values make a date is `PubDate`'s answer.
enum GenerateAppcastDate {
    static let example = "Tue, 10 Jun 2025 12:00:00 +0000"

    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Whether `text` has exactly that shape: a weekday and month by their three-letter
    /// English names, two-digit day, hour, minute and second, four-digit year, and a zone
    /// written `+hhmm` or `-hhmm`.
    static func matches(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        // "EEE, dd MMM yyyy HH:mm:ss +zzzz": 31 bytes; d digit, a letter, the rest literal.
        let shape = Array("aaa, dd aaa dddd dd:dd:dd sdddd".utf8)
        guard bytes.count == shape.count else { return false }
        for (byte, expected) in zip(bytes, shape) {
            switch expected {
            case UInt8(ascii: "d"): guard byte &- UInt8(ascii: "0") < 10 else { return false }
            case UInt8(ascii: "a"): continue
            case UInt8(ascii: "s"): guard byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else { return false }
            default: guard byte == expected else { return false }
            }
        }
        return weekdays.contains(String(decoding: bytes[0..<3], as: UTF8.self))
            && months.contains(String(decoding: bytes[8..<11], as: UTF8.self))
    }
}

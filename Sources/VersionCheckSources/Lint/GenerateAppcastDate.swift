/// The `pubDate` spelling Sparkle's `generate_appcast` writes (its date format
/// `EEE, dd MMM yyyy HH:mm:ss ZZ`, English names): `Tue, 10 Jun 2025 12:00:00 +0000`.
/// Only the shape is judged here; whether the values make a date is `PubDate`'s answer.
enum GenerateAppcastDate {
    static let example = "Tue, 10 Jun 2025 12:00:00 +0000"

    /// The shape, byte for byte: `d` a digit, `a` a letter of a name, `s` the zone's
    /// sign, anything else itself.
    private static let shape = Array("aaa, dd aaa dddd dd:dd:dd sdddd".utf8)
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Whether `text` has exactly that shape: a weekday and month by their three-letter
    /// English names, two-digit day, hour, minute and second, four-digit year, and a zone
    /// written `+hhmm` or `-hhmm`.
    static func matches(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == shape.count else { return false }
        for (byte, expected) in zip(utf8, shape) {
            switch expected {
            case UInt8(ascii: "d"): guard byte &- UInt8(ascii: "0") < 10 else { return false }
            case UInt8(ascii: "a"): continue
            case UInt8(ascii: "s"): guard byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else { return false }
            default: guard byte == expected else { return false }
            }
        }
        let weekday = utf8.prefix(3), month = utf8.dropFirst(8).prefix(3)
        return weekdays.contains { $0.utf8.elementsEqual(weekday) } && months.contains { $0.utf8.elementsEqual(month) }
    }
}

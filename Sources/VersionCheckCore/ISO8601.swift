/// A small, pure reader of ISO 8601 timestamps (no Foundation).
public enum ISO8601 {
    /// Seconds since the Unix epoch of an ISO 8601 date or date-time, or `nil` when the
    /// text is not one.
    ///
    /// Accepts `2026-01-02` (midnight UTC), `2018-10-02T23:28:05Z`, a fraction of a
    /// second (`05.123Z`), offsets `+hh:mm`, `+hhmm`, `+hh` (and `-`), `Z`/`z`, a
    /// lowercase `t` or a space for `T`, and seconds left out (`23:28Z`). A date-time
    /// without an offset is read as UTC. Fields are range-checked (no February 30th);
    /// a leap second (`:60`) is accepted.
    public static func secondsSinceEpoch(_ text: some StringProtocol) -> Double? {
        var reader = Reader(Array(text.utf8))
        return reader.timestamp()
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 28 to 31, leap years as the Gregorian calendar has them.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var i = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func timestamp() -> Double? {
            guard let year = digits(4), take("-"), let month = digits(2), take("-"), let day = digits(2),
                  (1...12).contains(month), (1...ISO8601.daysIn(month: month, year: year)).contains(day)
            else { return nil }
            let days = Double(ISO8601.daysSinceEpoch(year: year, month: month, day: day))
            if i == bytes.count { return days * 86_400 }
            guard take("T") || take("t") || take(" ") else { return nil }
            guard let hour = digits(2), take(":"), let minute = digits(2), hour < 24, minute < 60 else { return nil }
            var seconds = 0.0
            if take(":") {
                guard let whole = digits(2), whole <= 60 else { return nil }
                seconds = Double(whole)
                if take(".") || take(",") {
                    let start = i
                    var scale = 0.1
                    while i < bytes.count, let digit = digitValue(bytes[i]) {
                        seconds += Double(digit) * scale
                        scale /= 10
                        i += 1
                    }
                    if i == start { return nil }
                }
            }
            guard let offset = zoneOffsetSeconds(), i == bytes.count else { return nil }
            return days * 86_400 + Double(hour * 3600 + minute * 60) + seconds - Double(offset)
        }

        /// `Z`, `+hh:mm`, `+hhmm`, `+hh` (or `-`); none means UTC.
        mutating func zoneOffsetSeconds() -> Int? {
            if i == bytes.count || take("Z") || take("z") { return 0 }
            let sign: Int
            if take("+") { sign = 1 } else if take("-") { sign = -1 } else { return nil }
            guard let hours = digits(2), hours <= 23 else { return nil }
            var minutes = 0
            if i < bytes.count {
                _ = take(":")
                guard let value = digits(2), value < 60 else { return nil }
                minutes = value
            }
            return sign * (hours * 3600 + minutes * 60)
        }

        mutating func digits(_ count: Int) -> Int? {
            guard bytes.count - i >= count else { return nil }
            var value = 0
            for byte in bytes[i..<i + count] {
                guard let digit = digitValue(byte) else { return nil }
                value = value * 10 + digit
            }
            i += count
            return value
        }

        func digitValue(_ byte: UInt8) -> Int? {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
        }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard i < bytes.count, bytes[i] == UInt8(ascii: character) else { return false }
            i += 1
            return true
        }
    }
}

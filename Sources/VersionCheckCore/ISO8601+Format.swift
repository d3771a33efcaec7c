extension ISO8601 {
    /// Seconds since the Unix epoch as ISO 8601 UTC text, `2025-06-10T12:00:00Z`
    /// (years 0 to 9999; outside them the year has as many digits as it needs). Total over
    /// `Int64`: no step can overflow (`Int64.min` is year -292277022657), whatever a cache
    /// entry or a clock says.
    public static func text(secondsSinceEpoch seconds: Int64) -> String {
        var days = seconds / 86_400
        var second = Int(seconds % 86_400)
        if second < 0 {
            days -= 1
            second += 86_400
        }
        let (year, month, day) = civil(daysSinceEpoch: Int(days))
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(second / 3600, 2)):\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2))Z"
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (H. Hinnant's `civil_from_days`).
    static func civil(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }
}

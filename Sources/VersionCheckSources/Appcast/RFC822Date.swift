import VersionCheckCore

/// RSS dates (`<pubDate>`): RFC 822 as RFC 1123 amends it, read without Foundation.
///
/// `[Day ","] D[D] Mon YY[YY] hh:mm[:ss] zone`, names in any letter case, runs of white
/// space anywhere between tokens. Zones: `UT`, `UTC`, `GMT`, `Z`, `EST`/`EDT`, `CST`/`CDT`,
/// `MST`/`MDT`, `PST`/`PDT`, `±hhmm` (also `±hh:mm`), `GMT`, `UTC` or `UT` followed by an
/// offset (`GMT+2`, `UTC-05:00`, `GMT+0530`), and RFC 822's military letters as
/// RFC 822 defines them (`A` = −1 h … `M` = −12 h, `N` = +1 h … `Y` = +12 h; RFC 1123
/// warns they are unreliable). A two-digit year is 2000–2049 for `00`–`49`, else
/// 1950–1999 (RFC 2822). A weekday, when given, must be a weekday name; it is not
/// checked against the date, as Sparkle does not.
public enum RFC822Date {
    /// Seconds since the Unix epoch, or `nil` when `text` is not such a date.
    public static func secondsSinceEpoch(_ text: some StringProtocol) -> Int64? {
        var tokens = Tokens(Array(text.utf8))
        return tokens.date()
    }

    /// The date as ISO 8601 UTC text (`2025-06-10T12:00:00Z`), or `nil`.
    public static func iso8601(_ text: some StringProtocol) -> String? {
        secondsSinceEpoch(text).map { ISO8601.text(secondsSinceEpoch: $0) }
    }

    static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Hours east of UTC for the named zones.
    static let namedZones: [String: Int] = [
        "ut": 0, "gmt": 0, "utc": 0, "z": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6,
        "pst": -8, "pdt": -7,
    ]

    /// RFC 822's military zone letters (not `J`), in hours east of UTC as RFC 822 states them.
    static func militaryZone(_ letter: UInt8) -> Int? {
        switch letter {
        case UInt8(ascii: "a")...UInt8(ascii: "i"): -Int(letter - UInt8(ascii: "a") + 1)
        case UInt8(ascii: "k")...UInt8(ascii: "m"): -Int(letter - UInt8(ascii: "k") + 10)
        case UInt8(ascii: "n")...UInt8(ascii: "y"): Int(letter - UInt8(ascii: "n") + 1)
        default: nil
        }
    }

    private struct Tokens {
        let bytes: [UInt8]
        var i = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func date() -> Int64? {
            skipSpace()
            if let word = peekWord(), RFC822Date.weekdays.contains(word) {
                i += 3
                skipSpace()
                guard take(",") else { return nil }
                skipSpace()
            }
            guard let day = number(1...2) else { return nil }
            skipSpace()
            guard let word = peekWord(), let monthIndex = RFC822Date.months.firstIndex(of: word) else { return nil }
            i += 3
            skipSpace()
            let yearStart = i
            guard var year = number(2...4), i - yearStart != 3 else { return nil }
            if i - yearStart == 2 { year += year < 50 ? 2000 : 1900 }
            skipSpace()
            guard let hour = number(2...2), take(":"), let minute = number(2...2) else { return nil }
            var second = 0
            if take(":") {
                guard let value = number(2...2) else { return nil }
                second = value
            }
            skipSpace()
            guard let offset = zone() else { return nil }
            skipSpace()
            let month = monthIndex + 1
            guard i == bytes.count, (1...ISO8601.daysIn(month: month, year: year)).contains(day), hour < 24,
                  minute < 60, second <= 60
            else { return nil }
            let days = Int64(ISO8601.daysSinceEpoch(year: year, month: month, day: day))
            return days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        }

        /// Seconds east of UTC.
        mutating func zone() -> Int? {
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
                let sign = bytes[i] == UInt8(ascii: "+") ? 1 : -1
                i += 1
                guard let hours = fixed(2) else { return nil }
                _ = take(":")
                guard let minutes = number(2...2), hours < 24, minutes < 60 else { return nil }
                return sign * (hours * 3600 + minutes * 60)
            }
            let start = i
            while i < bytes.count, (bytes[i] | 0x20) &- UInt8(ascii: "a") < 26 { i += 1 }
            let word = String(decoding: bytes[start..<i].map { $0 | 0x20 }, as: UTF8.self)
            if word == "gmt" || word == "utc" || word == "ut", i < bytes.count,
               bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
                return universalOffset()
            }
            if let hours = RFC822Date.namedZones[word] { return hours * 3600 }
            if word.utf8.count == 1, let hours = RFC822Date.militaryZone(word.utf8.first!) { return hours * 3600 }
            return nil
        }

        /// The offset after `GMT`, `UTC` or `UT` (at its sign), in seconds east of UTC:
        /// `+2`, `+02`, `-0500`, `-05:00`, `+5:30`.
        mutating func universalOffset() -> Int? {
            let sign = bytes[i] == UInt8(ascii: "+") ? 1 : -1
            i += 1
            let start = i
            guard var hours = number(1...4) else { return nil }
            var minutes = 0
            if i - start > 2 {
                (hours, minutes) = hours.quotientAndRemainder(dividingBy: 100)
            } else if take(":") {
                guard let value = number(2...2) else { return nil }
                minutes = value
            }
            guard hours < 24, minutes < 60 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }

        /// The next three letters, lowercased, when a letter run of exactly three starts here.
        func peekWord() -> String? {
            guard i + 3 <= bytes.count else { return nil }
            let word = bytes[i..<i + 3]
            guard word.allSatisfy({ ($0 | 0x20) &- UInt8(ascii: "a") < 26 }) else { return nil }
            if i + 3 < bytes.count, (bytes[i + 3] | 0x20) &- UInt8(ascii: "a") < 26 { return nil }
            return String(decoding: word.map { $0 | 0x20 }, as: UTF8.self)
        }

        mutating func number(_ lengths: ClosedRange<Int>) -> Int? {
            let start = i
            var value = 0
            while i < bytes.count, i - start < lengths.upperBound, bytes[i] &- UInt8(ascii: "0") < 10 {
                value = value * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                i += 1
            }
            if i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 { return nil }
            return lengths.contains(i - start) ? value : nil
        }

        /// Exactly `count` digits, whatever follows.
        mutating func fixed(_ count: Int) -> Int? {
            guard i + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[i..<i + count] {
                guard byte &- UInt8(ascii: "0") < 10 else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            i += count
            return value
        }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard i < bytes.count, bytes[i] == UInt8(ascii: character) else { return false }
            i += 1
            return true
        }

        mutating func skipSpace() {
            while i < bytes.count, ByteText.isWhitespace(bytes[i]) { i += 1 }
        }
    }
}

// A second reading of `<pubDate>` for the appcast fuzz target, written from SPEC.md's
// `date` row rather than from RFC822Date, ISO8601 or PubDate: the text is matched field
// by field against the two grammars the row allows, with its own tables of names.
//
// RFC 822 as Sparkle writes it: `[Day ","] D[D] Mon YY[YY] hh:mm[:ss] zone`, runs of
// space, tab, CR and LF between fields (none needed), names in any case, a two-digit
// year 1950–2049; zones: the names of the row (also `UT`) and RFC 822's military letters
// (not `J`), `±hhmm`, `±hh:mm`, `GMT`/`UTC`/`UT` followed by `±h`, `±hh`, `±hhmm`,
// `±hmm`, `±h:mm` or `±hh:mm`. ISO 8601: `YYYY-MM-DD` (midnight UTC), or with `T`, `t`
// or a space, `hh:mm[:ss[(.|,)fraction]]` and `Z`, `z`, `±hh`, `±hhmm`, `±hh:mm` or no
// zone (UTC), after Unicode white space is trimmed; also with one space before its
// offset. The result is kept only for years
// 0 to 9999 (what ISO 8601 UTC text writes back with four digits).
import VersionCheckCore

enum DateReference {
    static func seconds(_ text: String) -> Int64? {
        guard let value = rfc822(Array(text.utf8)) ?? iso(text) else { return nil }
        let first = Int64(ISO8601.daysSinceEpoch(year: 0, month: 1, day: 1)) * 86_400
        let last = Int64(ISO8601.daysSinceEpoch(year: 9999, month: 12, day: 31)) * 86_400 + 86_399
        return (first...last).contains(value) ? value : nil
    }

    static let weekdays = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"]
    static let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
    static let zones: [String: Int] = [
        "GMT": 0, "UTC": 0, "UT": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
        "PST": -8, "PDT": -7,
        // RFC 822's military letters, as it states them.
        "A": -1, "B": -2, "C": -3, "D": -4, "E": -5, "F": -6, "G": -7, "H": -8, "I": -9, "K": -10, "L": -11, "M": -12,
        "N": 1, "O": 2, "P": 3, "Q": 4, "R": 5, "S": 6, "T": 7, "U": 8, "V": 9, "W": 10, "X": 11, "Y": 12,
    ]

    /// A cursor over bytes with the few moves the grammars need.
    struct Cursor {
        let bytes: [UInt8]
        var at = 0
        var done: Bool { at == bytes.count }
        var peek: UInt8? { done ? nil : bytes[at] }

        mutating func spaces() { while let byte = peek, [0x20, 0x09, 0x0D, 0x0A].contains(byte) { at += 1 } }

        mutating func eat(_ character: Character) -> Bool {
            guard let byte = peek, byte == character.asciiValue! else { return false }
            at += 1
            return true
        }

        /// The run of ASCII digits here (not consumed when `accept` refuses its length).
        mutating func digits(_ accept: (Int) -> Bool) -> (value: Int, count: Int)? {
            var end = at
            while end < bytes.count, (48...57).contains(bytes[end]) { end += 1 }
            guard accept(end - at) else { return nil }
            let value = bytes[at..<end].reduce(0) { $0 * 10 + Int($1 - 48) }
            defer { at = end }
            return (value, end - at)
        }

        /// The run of ASCII letters here, upper-cased.
        mutating func word() -> String {
            var end = at
            while end < bytes.count, ((65...90).contains(bytes[end]) || (97...122).contains(bytes[end])) { end += 1 }
            defer { at = end }
            return String(decoding: bytes[at..<end], as: UTF8.self).uppercased()
        }
    }

    static func rfc822(_ bytes: [UInt8]) -> Int64? {
        var cursor = Cursor(bytes: bytes)
        cursor.spaces()
        let start = cursor.at
        if weekdays.contains(cursor.word()) {
            cursor.spaces()
            guard cursor.eat(",") else { return nil }
            cursor.spaces()
        } else {
            cursor.at = start
        }
        guard let day = cursor.digits({ $0 == 1 || $0 == 2 })?.value else { return nil }
        cursor.spaces()
        guard let month = months.firstIndex(of: cursor.word()).map({ $0 + 1 }) else { return nil }
        cursor.spaces()
        guard let (digits, length) = cursor.digits({ $0 == 2 || $0 == 4 }) else { return nil }
        let year = length == 4 ? digits : digits + (digits < 50 ? 2000 : 1900)
        cursor.spaces()
        guard let hour = cursor.digits({ $0 == 2 })?.value, cursor.eat(":"),
              let minute = cursor.digits({ $0 == 2 })?.value else { return nil }
        var second = 0
        if cursor.eat(":") {
            guard let value = cursor.digits({ $0 == 2 })?.value else { return nil }
            second = value
        }
        cursor.spaces()
        guard let offset = rfc822Zone(&cursor) else { return nil }
        cursor.spaces()
        guard cursor.done, day >= 1, day <= ISO8601.daysIn(month: month, year: year), hour <= 23, minute <= 59, second <= 60
        else { return nil }
        return Int64(ISO8601.daysSinceEpoch(year: year, month: month, day: day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + second - offset)
    }

    /// Seconds east of UTC.
    static func rfc822Zone(_ cursor: inout Cursor) -> Int? {
        if let sign = cursor.peek, sign == 43 || sign == 45 {
            cursor.at += 1
            // Exactly two digits of hours, whatever follows; then an optional colon and two of minutes.
            guard cursor.at + 2 <= cursor.bytes.count,
                  cursor.bytes[cursor.at..<cursor.at + 2].allSatisfy({ (48...57).contains($0) }) else { return nil }
            let hours = Int(cursor.bytes[cursor.at] - 48) * 10 + Int(cursor.bytes[cursor.at + 1] - 48)
            cursor.at += 2
            _ = cursor.eat(":")
            guard let minutes = cursor.digits({ $0 == 2 })?.value, hours <= 23, minutes <= 59 else { return nil }
            return (sign == 43 ? 1 : -1) * (hours * 3600 + minutes * 60)
        }
        let name = cursor.word()
        if ["GMT", "UTC", "UT"].contains(name), let sign = cursor.peek, sign == 43 || sign == 45 {
            cursor.at += 1
            guard let (value, count) = cursor.digits({ (1...4).contains($0) }) else { return nil }
            var (hours, minutes) = count <= 2 ? (value, 0) : (value / 100, value % 100)
            if count <= 2, cursor.eat(":") {
                guard let value = cursor.digits({ $0 == 2 })?.value else { return nil }
                minutes = value
            }
            guard hours <= 23, minutes <= 59 else { return nil }
            return (sign == 43 ? 1 : -1) * (hours * 3600 + minutes * 60)
        }
        return zones[name].map { $0 * 3600 }
    }

    static func iso(_ text: String) -> Int64? {
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        let bytes = Array(String(scalars).utf8)
        if let value = isoFields(Cursor(bytes: bytes)) { return value }
        // A space before the offset (VimR): the last space, when a sign follows it.
        guard let space = bytes.lastIndex(of: 0x20), space + 1 < bytes.count, [43, 45].contains(bytes[space + 1]) else { return nil }
        return isoFields(Cursor(bytes: Array(bytes[..<space] + bytes[(space + 1)...])))
    }

    /// Fixed-width fields: a run of digits longer than the field is not the field.
    static func isoFields(_ start: Cursor) -> Int64? {
        var cursor = start
        func fixed(_ width: Int) -> Int? {
            guard cursor.at + width <= cursor.bytes.count else { return nil }
            let slice = cursor.bytes[cursor.at..<cursor.at + width]
            guard slice.allSatisfy({ (48...57).contains($0) }) else { return nil }
            cursor.at += width
            return slice.reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        guard let year = fixed(4), cursor.eat("-"), let month = fixed(2), cursor.eat("-"), let day = fixed(2),
              (1...12).contains(month), day >= 1, day <= ISO8601.daysIn(month: month, year: year) else { return nil }
        let midnight = Double(ISO8601.daysSinceEpoch(year: year, month: month, day: day)) * 86_400
        if cursor.done { return Int64(midnight) }
        guard cursor.eat("T") || cursor.eat("t") || cursor.eat(" ") else { return nil }
        guard let hour = fixed(2), cursor.eat(":"), let minute = fixed(2), hour <= 23, minute <= 59 else { return nil }
        var seconds = 0.0
        if cursor.eat(":") {
            guard let whole = fixed(2), whole <= 60 else { return nil }
            seconds = Double(whole)
            if cursor.eat(".") || cursor.eat(",") {
                // The same sum as the reader's, so a fraction rounds alike.
                var scale = 0.1
                var any = false
                while let byte = cursor.peek, (48...57).contains(byte) {
                    seconds += Double(Int(byte - 48)) * scale
                    scale /= 10
                    cursor.at += 1
                    any = true
                }
                guard any else { return nil }
            }
        }
        var offset = 0
        if cursor.eat("Z") || cursor.eat("z") {
            offset = 0
        } else if let sign = cursor.peek, sign == 43 || sign == 45 {
            cursor.at += 1
            guard let hours = fixed(2), hours <= 23 else { return nil }
            var minutes = 0
            if !cursor.done {
                _ = cursor.eat(":")
                guard let value = fixed(2), value <= 59 else { return nil }
                minutes = value
            }
            offset = (sign == 43 ? 1 : -1) * (hours * 3600 + minutes * 60)
        }
        guard cursor.done else { return nil }
        let total = midnight + Double(hour * 3600 + minute * 60) + seconds - Double(offset)
        return Int64(total.rounded(.down))
    }
}

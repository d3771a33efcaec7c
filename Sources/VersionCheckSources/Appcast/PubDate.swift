import VersionCheckCore

/// An appcast item's `<pubDate>` as feeds in the wild write it (SPEC.md "Sparkle
/// appcasts", the `date` row): RFC 822 as Sparkle writes it and its common variants
/// (`RFC822Date`), else an ISO 8601 date (midnight UTC) or date-time (no zone: UTC), also
/// with a space before its offset (`2015-03-31 22:49:59 +0000`, as VimR writes it).
/// English names only: any other text is no date (the item counts as undated).
public enum PubDate {
    /// Seconds since the Unix epoch (a fraction of a second dropped), or `nil` when
    /// `text` is neither form or falls outside the years 0 to 9999 (which ISO 8601 UTC
    /// text could not write back with four digits).
    public static func secondsSinceEpoch(_ text: String) -> Int64? {
        guard let seconds = RFC822Date.secondsSinceEpoch(text) ?? iso8601(text), (earliest...latest).contains(seconds)
        else { return nil }
        return seconds
    }

    static func iso8601(_ text: String) -> Int64? {
        let trimmed = Version.trimmingWhitespace(text)
        var seconds = ISO8601.secondsSinceEpoch(trimmed)
        let utf8 = trimmed.utf8
        if seconds == nil, let space = utf8.lastIndex(of: UInt8(ascii: " ")), utf8.index(after: space) < utf8.endIndex,
           [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(utf8[utf8.index(after: space)]) {
            seconds = ISO8601.secondsSinceEpoch(trimmed[..<space] + trimmed[utf8.index(after: space)...])
        }
        return seconds.map { Int64($0.rounded(.down)) }
    }

    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z.
    static let earliest = Int64(ISO8601.daysSinceEpoch(year: 0, month: 1, day: 1)) * 86_400
    static let latest = Int64(ISO8601.daysSinceEpoch(year: 9999, month: 12, day: 31)) * 86_400 + 86_399
}

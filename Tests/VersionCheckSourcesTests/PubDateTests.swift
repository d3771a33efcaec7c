import Testing
import VersionCheckCore
import VersionCheckSources

/// `<pubDate>` as real feeds spell it (SPEC.md "Sparkle appcasts", the `date` row): read
/// to the same instant, or no date at all, never a failure.
@Suite("pubDate spellings in the wild")
struct PubDateTests {
    @Test("read", arguments: [
        // Sparkle's own (generate_appcast).
        ("Tue, 10 Jun 2025 12:00:00 +0000", "2025-06-10T12:00:00Z"),
        // No weekday; a one-digit day; seconds left out.
        ("10 Jun 2025 12:00:00 +0000", "2025-06-10T12:00:00Z"),
        ("Tue, 1 Jul 2025 09:05 GMT", "2025-07-01T09:05:00Z"),
        ("1 Jul 2025 9:05:00 GMT", nil),
        // Named zones.
        ("Tue, 10 Jun 2025 12:00:00 UTC", "2025-06-10T12:00:00Z"),
        ("Tue, 10 Jun 2025 12:00:00 Z", "2025-06-10T12:00:00Z"),
        ("Tue, 10 Jun 2025 08:00:00 EDT", "2025-06-10T12:00:00Z"),
        ("Mon, 10 Nov 2025 04:00:00 PST", "2025-11-10T12:00:00Z"),
        ("Mon, 10 Nov 2025 05:00:00 MST", "2025-11-10T12:00:00Z"),
        ("Mon, 10 Nov 2025 06:00:00 CST", "2025-11-10T12:00:00Z"),
        // Offsets: +0100, +01:00, GMT+2, UTC-05:00.
        ("Tue, 10 Jun 2025 13:00:00 +0100", "2025-06-10T12:00:00Z"),
        ("Tue, 10 Jun 2025 13:00:00 +01:00", "2025-06-10T12:00:00Z"),
        ("Tue, 10 Jun 2025 14:00:00 GMT+2", "2025-06-10T12:00:00Z"),
        ("Tue, 10 Jun 2025 14:00:00 GMT+02:00", "2025-06-10T12:00:00Z"),
        ("Tue, 10 Jun 2025 17:30:00 GMT+0530", "2025-06-10T12:00:00Z"),
        ("Tue, 10 Jun 2025 07:00:00 UTC-05:00", "2025-06-10T12:00:00Z"),
        ("Tue, 10 Jun 2025 07:00:00 UTC-5", "2025-06-10T12:00:00Z"),
        // ISO 8601: a date (midnight UTC), a date-time without a zone (UTC), with one.
        ("2025-06-10", "2025-06-10T00:00:00Z"),
        ("2025-06-10T12:00:00", "2025-06-10T12:00:00Z"),
        ("2025-06-10T14:00:00+02:00", "2025-06-10T12:00:00Z"),
        ("2025-06-10T12:00:00Z", "2025-06-10T12:00:00Z"),
        // VimR: a fraction and no zone; a space for T and before the offset.
        ("2017-08-08T12:51:52.662820", "2017-08-08T12:51:52Z"),
        ("2015-03-31 22:49:59 +0000", "2015-03-31T22:49:59Z"),
        ("2015-03-31 23:49:59 +01:00", "2015-03-31T22:49:59Z"),
        // Not dates: other languages, other orders, no zone, impossible days and offsets.
        ("mar., 20 mai 2025 09:00:00 +0200", nil),
        ("Di, 10 Jun 2025 12:00:00 +0200", nil),
        ("Tue, 10 Juni 2025 12:00:00 +0200", nil),
        ("June 10, 2025", nil),
        ("10/06/2025", nil),
        ("Tue, 10 Jun 2025 12:00:00", nil),
        ("Tue, 31 Jun 2025 12:00:00 +0000", nil),
        ("Tue, 10 Jun 2025 12:00:00 GMT+25", nil),
        ("2025-06-10 +0000", nil),
        ("9999-12-31T23:00:00-02:00", nil),
        ("", nil),
    ] as [(String, String?)])
    func reads(_ text: String, _ iso: String?) {
        #expect(PubDate.secondsSinceEpoch(text).map { ISO8601.text(secondsSinceEpoch: $0) } == iso)
    }
}

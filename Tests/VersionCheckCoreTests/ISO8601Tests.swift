import Testing
@testable import VersionCheckCore

@Suite("ISO 8601")
struct ISO8601Tests {
    @Test("valid timestamps", arguments: [
        ("1970-01-01", 0.0), ("1970-01-01T00:00:00Z", 0), ("2018-10-02T23:28:05Z", 1_538_522_885),
        ("2026-01-02", 1_767_312_000), ("2026-01-02T03:04:05Z", 1_767_323_045),
        ("2026-01-02T03:04:05.5Z", 1_767_323_045.5), ("2026-01-02T03:04:05,25Z", 1_767_323_045.25),
        ("2026-01-02T05:04:05+02:00", 1_767_323_045), ("2026-01-01T22:04:05-05:00", 1_767_323_045),
        ("2026-01-02T05:04:05+0200", 1_767_323_045), ("2026-01-02T05:04:05+02", 1_767_323_045),
        ("2026-01-02t03:04:05z", 1_767_323_045), ("2026-01-02 03:04:05Z", 1_767_323_045),
        ("2026-01-02T03:04Z", 1_767_323_040), ("2026-01-02T03:04:05", 1_767_323_045),
        ("2024-02-29T00:00:00Z", 1_709_164_800), ("2000-02-29", 951_782_400), ("1969-12-31T23:59:59Z", -1),
        ("2016-12-31T23:59:60Z", 1_483_228_800),
    ])
    func valid(_ text: String, _ seconds: Double) {
        #expect(ISO8601.secondsSinceEpoch(text) == seconds)
    }

    @Test("invalid timestamps", arguments: [
        "", "yesterday", "2026-1-02", "2026-13-01", "2026-00-10", "2026-02-29", "1900-02-29", "2026-04-31",
        "2026-01-02T", "2026-01-02T24:00:00Z", "2026-01-02T23:60:00Z", "2026-01-02T23:59:61Z", "2026-01-02T03:04:05.Z",
        "2026-01-02T03:04:05+2:00", "2026-01-02T03:04:05+02:60", "2026-01-02T03:04:05Zjunk", "2026-01-02X",
        "20260102", "2026-01-02T03", "2026-01-02T03:04:05 Z",
    ])
    func invalid(_ text: String) {
        #expect(ISO8601.secondsSinceEpoch(text) == nil)
    }
}

@Suite struct ISO8601FormatTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00Z"), (1_767_323_045, "2026-01-02T03:04:05Z"), (951_782_400, "2000-02-29T00:00:00Z"),
        (-1, "1969-12-31T23:59:59Z"), (4_102_444_799, "2099-12-31T23:59:59Z"),
    ])
    func formats(seconds: Int64, text: String) {
        #expect(ISO8601.text(secondsSinceEpoch: seconds) == text)
        #expect(ISO8601.secondsSinceEpoch(text) == Double(seconds))
    }

    /// Issue 21: a cache entry dated `Int64.min` crashed the formatting (SIGILL, overflow).
    @Test func theWholeRangeFormatsWithoutOverflow() {
        #expect(ISO8601.text(secondsSinceEpoch: .min) == "-292277022657-01-27T08:29:52Z")
        #expect(ISO8601.text(secondsSinceEpoch: .max) == "292277026596-12-04T15:30:07Z")
        #expect(ISO8601.text(secondsSinceEpoch: .min + 1) == "-292277022657-01-27T08:29:53Z")
    }

    @Test func roundTripsEveryDayOfFourCenturies() {
        for day in stride(from: Int64(-200_000), through: 200_000, by: 37) {
            let seconds = day * 86_400 + 3_723
            #expect(ISO8601.secondsSinceEpoch(ISO8601.text(secondsSinceEpoch: seconds)) == Double(seconds))
        }
    }
}

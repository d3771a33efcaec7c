import Testing
import VersionCheckCore

/// The one deadline type of both processes: an instant on the monotonic clock, compared
/// as it is, and written on the helper's command line in one encoding that reads back exactly.
@Suite("MonotonicInstant: --deadline from the check to the helper")
struct MonotonicInstantTests {
    @Test func whatIsLeftIsTheDistanceFromNow() {
        let started = MonotonicInstant(seconds: 1_000.25)
        let deadline = started.advanced(by: 2.5)
        #expect(deadline.remaining(now: started) == 2.5)
        #expect(deadline.remaining(now: started.advanced(by: 3)) == -0.5)
        #expect(deadline.seconds(since: started) == 2.5)
        #expect(started < deadline && deadline > started)
    }

    @Test(arguments: [0, 0.1, 1.5, 12_345.678_901_234, 9_007_199_254.740_993, 1e15])
    func theEncodingReadsBackExactly(seconds: Double) throws {
        let instant = MonotonicInstant(seconds: seconds)
        let read = try #require(MonotonicInstant(encoded: instant.encoded))
        #expect(read == instant)
        #expect(read.seconds.bitPattern == seconds.bitPattern)
    }

    @Test(arguments: ["", "-1", "nan", "inf", "-inf", "1e400", "1.0.0", " 1", "0x"])
    func anythingElseIsNoInstant(text: String) {
        #expect(MonotonicInstant(encoded: text) == nil)
    }

    /// The helper's request carries the instant as it is (`--deadline-at`), through the
    /// served helper's frames too.
    @Test func aRequestCarriesItsDeadlineToTheHelper() throws {
        let deadline = MonotonicInstant(seconds: 86_400.000_001)
        let request = FetchRequest(url: "https://example.invalid/a", userAgent: "ua", deadline: deadline)
        #expect(FetchRequest(arguments: request.arguments)?.deadline == deadline)
        #expect(ServedFrame.request(from: ServedFrame.payload(of: request))?.deadline == deadline)
    }
}

import VersionCheckCore

extension Clock {
#if DEBUG
    /// FOR TESTS ONLY, and only in debug builds: when set to a whole number of seconds since the Unix epoch
    /// (`1767323045`, optionally negative), `Clock.now(environment:)` answers it instead of
    /// the system clock, so tests can age cache entries without waiting. Followed by `+`
    /// (`1767323045+`), the clock starts there and goes on with the time the process runs,
    /// as a real one does (a background refresh that waits on a slow server sees time pass).
    /// Any other value is ignored. Users have no reason to set it.
    public static let testNowVariable = "VERSIONCHECK_TEST_NOW"
#endif

    /// The clock of one run: `VERSIONCHECK_TEST_NOW` when it holds a valid time, else the
    /// system clock (`time(3)`).
    /// Release builds (no `DEBUG`) never read it: the shipped binary has no test clock.
    public static func now(environment: [String: String]) -> @Sendable () -> Int64 {
#if DEBUG
        if let fixed = testNow(environment: environment) {
            guard environment[testNowVariable]?.hasSuffix("+") == true else { return { fixed } }
            let start = System.monotonicNow()
            return { fixed &+ Int64(System.monotonicNow().seconds(since: start)) }
        }
#endif
        return { secondsSinceEpoch() }
    }

#if DEBUG
    /// `VERSIONCHECK_TEST_NOW` as seconds, when it is `-?[0-9]+` (then `+` or nothing) and fits in 64 bits.
    package static func testNow(environment: [String: String]) -> Int64? {
        guard let value = environment[testNowVariable] else { return nil }
        var text = Substring(value)
        if text.hasSuffix("+") { text = text.dropLast() }
        let digits = text.hasPrefix("-") ? text.dropFirst() : text
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text)
    }
#endif
}

import Foundation
import Testing
@testable import VersionCheckCLI
import VersionCheckCore
@testable import VersionCheckCommandLine
@testable import VersionCheckPipeline
@testable import VersionCheckPlatform

/// Freshness, revalidation bookkeeping, `-v` lines, the test clock, and entries that stay
/// whole under concurrent writers.
@Suite(.blockingBodies) struct CacheStoreTests {
    static let url = "https://example.com/app.json"
    static let day: Int64 = 86_400

    struct Freshness: Sendable, CustomTestStringConvertible {
        var period: Double
        var refresh: Bool
        var fetchedAt: Int64
        var now: Int64
        var expected: CacheFreshness
        var testDescription: String { "period \(period) refresh \(refresh) age \(now &- fetchedAt)" }
    }

    @Test(arguments: [
        Freshness(period: 1, refresh: false, fetchedAt: 1000, now: 1000, expected: .fresh(age: 0)),
        Freshness(period: 1, refresh: false, fetchedAt: 0, now: day - 1, expected: .fresh(age: day - 1)),
        Freshness(period: 1, refresh: false, fetchedAt: 0, now: day, expected: .stale(.expired(age: day))),
        Freshness(period: 0.5, refresh: false, fetchedAt: 0, now: day / 2 - 1, expected: .fresh(age: day / 2 - 1)),
        Freshness(period: 0.5, refresh: false, fetchedAt: 0, now: day / 2, expected: .stale(.expired(age: day / 2))),
        Freshness(period: 0, refresh: false, fetchedAt: 1000, now: 1000, expected: .stale(.expired(age: 0))),
        Freshness(period: 7, refresh: true, fetchedAt: 1000, now: 1001, expected: .stale(.refreshRequested(age: 1))),
        Freshness(period: 7, refresh: false, fetchedAt: 1001, now: 1000, expected: .fromTheFuture(age: -1)),
        Freshness(period: 7, refresh: true, fetchedAt: 1001, now: 1000, expected: .fromTheFuture(age: -1)),
        Freshness(period: 1e300, refresh: false, fetchedAt: 0, now: 10 * day, expected: .fresh(age: 10 * day)),
        Freshness(period: 1, refresh: false, fetchedAt: .min, now: .max, expected: .stale(.expired(age: .max))),
        Freshness(period: 1, refresh: false, fetchedAt: .max, now: .min, expected: .fromTheFuture(age: .min)),
    ])
    func freshness(row: Freshness) {
        #expect(CacheFreshness.judge(checkPeriodDays: row.period, refresh: row.refresh, fetchedAt: row.fetchedAt, now: row.now)
            == row.expected)
    }

    /// `--stale-if-error DAYS` judges an entry's age by the same rule as the check period:
    /// strictly younger, never an entry dated after now, no overflow at the extremes.
    @Test(arguments: [
        (2.0, Int64(1_000), Int64(1_000 + 86_400), true),
        (2.0, 1_000, 1_000 + 2 * 86_400, false),
        (2.0, 1_000 + 60, 1_000, false),
        (0.5, 0, 43_199, true),
        (1.0, .min, .max, false),
        (1e300, .max, .min, false),
    ] as [(Double, Int64, Int64, Bool)])
    func staleIfErrorAge(days: Double, fetchedAt: Int64, now: Int64, within: Bool) {
        #expect(CacheFreshness.isWithin(days: days, fetchedAt: fetchedAt, now: now) == within)
    }

    @Test(arguments: [
        (Int64(0), "0 s ago"), (Int64(59), "59 s ago"), (60, "1 min ago"), (3_599, "59 min ago"), (3 * 3_600 + 5, "3 h ago"),
        (86_399, "23 h ago"), (86_400, "1 d ago"), (8 * 86_400, "8 d ago"), (-300, "5 min in the future"),
        (.min, "106751991167300 d in the future"),
    ] as [(Int64, String)])
    func ageText(seconds: Int64, text: String) {
        #expect(CacheAge.describe(seconds: seconds) == text)
    }

    @Test(arguments: [
        (["VERSIONCHECK_TEST_NOW": "1767323045"], 1_767_323_045),
        (["VERSIONCHECK_TEST_NOW": "-5"], -5), (["VERSIONCHECK_TEST_NOW": "0"], 0),
        (["VERSIONCHECK_TEST_NOW": ""], nil), (["VERSIONCHECK_TEST_NOW": "1.5"], nil),
        (["VERSIONCHECK_TEST_NOW": "+5"], nil), (["VERSIONCHECK_TEST_NOW": "-"], nil),
        (["VERSIONCHECK_TEST_NOW": "99999999999999999999"], nil), ([:], nil),
        // From this time on, advancing: it starts at the time given.
        (["VERSIONCHECK_TEST_NOW": "1767323045+"], 1_767_323_045), (["VERSIONCHECK_TEST_NOW": "-5+"], -5),
        (["VERSIONCHECK_TEST_NOW": "+"], nil), (["VERSIONCHECK_TEST_NOW": "5++"], nil), (["VERSIONCHECK_TEST_NOW": "+5+"], nil),
    ] as [([String: String], Int64?)])
    func testClock(environment: [String: String], expected: Int64?) {
        #expect(Clock.testNow(environment: environment) == expected)
        if let expected { #expect(Clock.now(environment: environment)() == expected) }
    }

    @Test func realClockWithoutTheVariable() {
        let now = Clock.now(environment: [:])()
        #expect(abs(now - Clock.secondsSinceEpoch()) <= 1)
    }

    /// A scratch store with one entry fetched at `fetchedAt`, consulted at `now`.
    func consult(fetchedAt: Int64, now: Int64, period: Double, refresh: Bool = false) throws -> (CacheConsultation, CacheLines) {
        let scratch = try CacheScratch()
        var writer = CacheStore.testing(scratch.path("cache"))
        let stored = writer.store(url: Self.url, body: [1, 2, 3], entityTag: "\"v1\"", lastModified: nil, fetchedAt: fetchedAt)
        #expect(stored)
        let lines = CacheLines()
        var store = CacheStore.testing(scratch.path("cache"), now: now, lines: lines)
        return (store.consult(url: Self.url, checkPeriodDays: period, refresh: refresh), lines)
    }

    @Test func hitSaysHowOld() throws {
        let (consultation, lines) = try consult(fetchedAt: 0, now: 3 * 3_600, period: 1)
        #expect(consultation == .fresh(CacheEntry(url: Self.url, fetchedAt: 0, entityTag: "\"v1\"", body: [1, 2, 3]), age: 3 * 3_600))
        #expect(lines.logs == ["cache: hit (fetched 3 h ago)"])
    }

    @Test func staleAndRefreshRevalidate() throws {
        let (stale, staleLines) = try consult(fetchedAt: 0, now: 8 * Self.day, period: 7)
        guard case .stale(let entry, .expired(age: 8 * Self.day)) = stale else { Issue.record("\(stale)"); return }
        #expect(entry.entityTag == "\"v1\"")
        #expect(staleLines.logs == ["cache: stale, revalidating (fetched 8 d ago)"])
        let (refreshed, refreshLines) = try consult(fetchedAt: 0, now: 60, period: 7, refresh: true)
        guard case .stale(_, .refreshRequested(age: 60)) = refreshed else { Issue.record("\(refreshed)"); return }
        #expect(refreshLines.logs == ["cache: --refresh, revalidating (fetched 1 min ago)"])
    }

    @Test func missingEntrySaysSo() throws {
        let scratch = try CacheScratch()
        let lines = CacheLines()
        var store = CacheStore.testing(scratch.path("cache"), lines: lines)
        let consulted = store.consult(url: Self.url, checkPeriodDays: 1, refresh: false)
        #expect(consulted == .absent(.noEntry))
        try FileManager.default.createDirectory(atPath: scratch.path("cache"), withIntermediateDirectories: false)
        let consultedAgain = store.consult(url: Self.url, checkPeriodDays: 1, refresh: false)
        #expect(consultedAgain == .absent(.noEntry))
        #expect(lines.logs == [
            "cache: no entry (the cache directory '\(scratch.path("cache"))' does not exist yet)",
            "cache: no entry ('\(scratch.path("cache"))/\(CacheChecksum.fileName(for: Self.url))')",
        ])
        #expect(lines.warnings.isEmpty)
    }

    /// Issue 21: a FIFO where the entry should be blocked the check forever (`open` waits for
    /// a writer); a device or a socket must not be read either. Each is one warning, no entry.
    @Test(arguments: ["fifo", "link to a device", "socket"] + (canMakeDevices ? ["device"] : []))
    func anEntryThatIsNotARegularFileIsNotOpened(kind: String) throws {
        let scratch = try CacheScratch()
        let folder = scratch.path("cache")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let entry = folder + "/" + CacheChecksum.fileName(for: Self.url)
        switch kind {
        case "fifo": #expect(mkfifo(entry, 0o600) == 0)
        case "link to a device": try FileManager.default.createSymbolicLink(atPath: entry, withDestinationPath: "/dev/zero")
        case "device": #expect(mknod(entry, S_IFCHR | 0o600, Self.devZero) == 0)
        default: try Self.bindSocket(at: entry)
        }
        let lines = CacheLines()
        var store = CacheStore.testing(folder, lines: lines)
        let started = Date()
        let found = store.lookup(url: Self.url)
        #expect(found == .absent(.entryUnusable(.notARegularFile)))
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(lines.warnings == ["ignoring the cache entry '\(entry)': not a regular file"])
    }

    #if os(Linux)
    /// Root on Linux may make a device node; `devZero` is /dev/zero's (major 1, minor 5).
    static let canMakeDevices = geteuid() == 0
    static let devZero = dev_t(1 << 8 | 5)
    #else
    static let canMakeDevices = false
    static let devZero = dev_t(0)
    #endif

    /// A Unix socket bound at `path` (left behind when its descriptor closes).
    static func bindSocket(at path: String) throws {
        #if canImport(Darwin)
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
    }

    /// Issue 21: a run killed mid-write leaves `.NAME.….tmp` behind; the next write removes
    /// the ones older than a few minutes, and nothing else.
    @Test func abandonedTemporaryFilesAreSweptOnWrite() throws {
        let scratch = try CacheScratch()
        let folder = scratch.path("cache")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let name = CacheChecksum.fileName(for: "https://example.com/other.json")
        let old = folder + "/.\(name).123-abc-0.tmp"
        let recent = folder + "/.\(name).456-def-0.tmp"
        let unrelated = folder + "/notes.tmp"
        for path in [old, recent, unrelated] { _ = FileManager.default.createFile(atPath: path, contents: Data(count: 1024)) }
        let tenMinutesAgo = Date().addingTimeInterval(-600)
        for path in [old, unrelated] {
            try FileManager.default.setAttributes([.modificationDate: tenMinutesAgo], ofItemAtPath: path)
        }
        var store = CacheStore.testing(folder)
        let stored = store.store(url: Self.url, body: [1], entityTag: nil, lastModified: nil, fetchedAt: 0)
        #expect(stored)
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: recent))
        #expect(FileManager.default.fileExists(atPath: unrelated))
    }

    @Test func renewKeepsBodyAndValidators() throws {
        let scratch = try CacheScratch()
        let lines = CacheLines()
        var store = CacheStore.testing(scratch.path("cache"), now: 10 * Self.day, lines: lines)
        let stored = store.store(url: Self.url, body: [9, 8], entityTag: "\"e\"", lastModified: "Mon, 01 Jan 2024 00:00:00 GMT", fetchedAt: 0)
        #expect(stored)
        guard case .stale(let entry, _) = store.consult(url: Self.url, checkPeriodDays: 1, refresh: false) else {
            Issue.record("not stale"); return
        }
        let wrote = store.renew(entry, at: 10 * Self.day)
        #expect(wrote)
        var renewed = entry
        renewed.fetchedAt = 10 * Self.day
        let found = store.lookup(url: Self.url)
        #expect(found == .found(renewed, age: 0))
        #expect(lines.logs.last == "cache: 304, renewed")
    }

    // MARK: a newer answer is never replaced by an older one (issue 31)

    /// A store at `now`, and what it stored first (fetched at `first`).
    func seededStore(first: Int64, now: Int64) throws -> (CacheStore, CacheLines, CacheScratch) {
        let scratch = try CacheScratch()
        let lines = CacheLines()
        var store = CacheStore.testing(scratch.path("cache"), now: now, lines: lines)
        let stored = store.store(url: Self.url, body: Array("new".utf8), entityTag: "\"new\"", lastModified: nil, fetchedAt: first)
        #expect(stored)
        return (store, lines, scratch)
    }

    @Test func anOlderRequestLeavesANewerEntry() throws {
        var (store, lines, scratch) = try seededStore(first: 1_000, now: 2_000)
        let stored = store.store(url: Self.url, body: Array("old".utf8), entityTag: "\"old\"", lastModified: nil, fetchedAt: 999)
        #expect(!stored)
        let found = store.lookup(url: Self.url)
        #expect(found == .found(
            CacheEntry(url: Self.url, fetchedAt: 1_000, entityTag: "\"new\"", body: Array("new".utf8)), age: 1_000))
        #expect(lines.logs.last == "cache: not stored: the entry holds a newer answer (fetched 1970-01-01T00:16:40Z, after this run's request of 1970-01-01T00:16:39Z)")
        #expect(lines.warnings.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("cache")) == [CacheChecksum.fileName(for: Self.url)])
    }

    @Test func aRenewAfterAnOlderRequestLeavesANewerEntry() throws {
        var (store, _, scratch) = try seededStore(first: 1_000, now: 2_000)
        defer { withExtendedLifetime(scratch) {} }
        let old = CacheEntry(url: Self.url, fetchedAt: 10, entityTag: "\"old\"", body: Array("old".utf8))
        let renewedEarly = store.renew(old, at: 999)
        #expect(!renewedEarly)
        guard case .found(let entry, _) = store.lookup(url: Self.url) else { Issue.record("no entry"); return }
        #expect(entry.body == Array("new".utf8) && entry.fetchedAt == 1_000)
        let renewedLater = store.renew(old, at: 1_500)
        #expect(renewedLater)
        guard case .found(let renewed, _) = store.lookup(url: Self.url) else { Issue.record("no entry"); return }
        #expect(renewed.body == Array("old".utf8) && renewed.fetchedAt == 1_500)
    }

    @Test(arguments: [Int64(1_000), 1_001, 1_999])
    func aRequestSentAtOrAfterTheEntryReplacesIt(sentAt: Int64) throws {
        var (store, _, scratch) = try seededStore(first: 1_000, now: 2_000)
        defer { withExtendedLifetime(scratch) {} }
        let stored = store.store(url: Self.url, body: Array("later".utf8), entityTag: nil, lastModified: nil, fetchedAt: sentAt)
        #expect(stored)
        guard case .found(let entry, _) = store.lookup(url: Self.url) else { Issue.record("no entry"); return }
        #expect(entry.body == Array("later".utf8) && entry.fetchedAt == sentAt)
    }

    /// An entry dated after now (the clock was set back) counts as absent: it neither
    /// answers nor keeps out an answer fetched now.
    @Test func anEntryFromTheFutureCountsAsAbsent() throws {
        var (store, lines, scratch) = try seededStore(first: 5_000, now: 2_000)
        defer { withExtendedLifetime(scratch) {} }
        for refresh in [false, true] {
            let consulted = store.consult(url: Self.url, checkPeriodDays: 7, refresh: refresh)
            #expect(consulted == .absent(.fromTheFuture(age: -3_000)))
        }
        #expect(lines.logs.last == "cache: the entry is dated 50 min in the future (the clock was set back?): counts as absent")
        let stored = store.store(url: Self.url, body: Array("now".utf8), entityTag: nil, lastModified: nil, fetchedAt: 1_990)
        #expect(stored)
        guard case .found(let entry, _) = store.lookup(url: Self.url) else { Issue.record("no entry"); return }
        #expect(entry.body == Array("now".utf8) && entry.fetchedAt == 1_990)
    }

    @Test func twoStorefrontsNeverShareAnEntry() throws {
        let scratch = try CacheScratch()
        var store = CacheStore.testing(scratch.path("cache"))
        let us = "https://itunes.apple.com/lookup?id=1&country=us"
        let gb = "https://itunes.apple.com/lookup?id=1&country=gb"
        let storedUS = store.store(url: us, body: Array("us".utf8), entityTag: nil, lastModified: nil, fetchedAt: 0)
        #expect(storedUS)
        let storedGB = store.store(url: gb, body: Array("gb".utf8), entityTag: nil, lastModified: nil, fetchedAt: 0)
        #expect(storedGB)
        guard case .found(let usEntry, _) = store.lookup(url: us), case .found(let gbEntry, _) = store.lookup(url: gb) else {
            Issue.record("missing"); return
        }
        #expect(usEntry.body == Array("us".utf8) && gbEntry.body == Array("gb".utf8))
    }

    /// 20 writers at once on a cold cache (the directory not yet there): one whole entry, the
    /// newest request's (the writers look and rename under a lock), no temporary file left,
    /// no warning.
    @Test func twentyConcurrentWritersLeaveOneWholeEntry() throws {
        let scratch = try CacheScratch()
        let path = scratch.path("cold/versioncheck")
        let lines = CacheLines()
        let bodies = (0..<20).map { index in [UInt8](repeating: UInt8(index), count: 1_000 + index * 5_000) }
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            var store = CacheStore.testing(path, lines: lines)
            _ = store.store(url: Self.url, body: bodies[index], entityTag: "\"\(index)\"", lastModified: nil, fetchedAt: Int64(index))
        }
        #expect(lines.warnings.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == [CacheChecksum.fileName(for: Self.url)])
        var store = CacheStore.testing(path, lines: lines)
        guard case .found(let entry, _) = store.lookup(url: Self.url) else { Issue.record("no entry"); return }
        // The newest request's answer, whatever order the writers finished in.
        #expect(entry.fetchedAt == 19)
        #expect(entry.body == bodies[19] && entry.entityTag == "\"19\"")
    }

    /// Readers running while writers replace the entry see an old or a new entry, whole,
    /// never a torn one (which would be a warning).
    @Test func readersNeverSeeAPartialEntry() throws {
        let scratch = try CacheScratch()
        let path = scratch.path("cache")
        let lines = CacheLines()
        let bodies = [[UInt8](repeating: 0x61, count: 300_000), [UInt8](repeating: 0x62, count: 17), [UInt8](repeating: 0x63, count: 70_000)]
        var first = CacheStore.testing(path, lines: lines)
        let stored = first.store(url: Self.url, body: bodies[0], entityTag: nil, lastModified: nil, fetchedAt: 0)
        #expect(stored)
        let seen = CacheLines()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            var store = CacheStore.testing(path, lines: lines)
            for round in 0..<40 {
                if worker % 2 == 0 {
                    let index = (worker / 2 + round) % bodies.count
                    _ = store.store(url: Self.url, body: bodies[index], entityTag: nil, lastModified: nil, fetchedAt: Int64(index))
                } else if case .found(let entry, _) = store.lookup(url: Self.url) {
                    if entry.body != bodies[Int(entry.fetchedAt)] { seen.warn("torn: \(entry.body.count) bytes") }
                    seen.log("read")
                } else {
                    seen.warn("absent")
                }
            }
        }
        #expect(lines.warnings.isEmpty)
        #expect(seen.warnings.isEmpty)
        #expect(seen.logs.count == 4 * 40)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).count == 1)
    }
}

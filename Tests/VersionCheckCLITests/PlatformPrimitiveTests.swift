#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import VersionCheckCore
@testable import VersionCheckPlatform

/// `Errno`: the words of `strerror` and the predicates callers branch on.
@Suite struct ErrnoTests {
    @Test(arguments: [
        (ENOENT, "No such file or directory"), (EEXIST, "File exists"), (EACCES, "Permission denied"),
        (EPIPE, "Broken pipe"), (EISDIR, "Is a directory"),
    ])
    func descriptionIsStrerror(_ code: Int32, _ words: String) {
        let error = Errno(call: "open", code: code)
        #expect(error.description == words)
        #expect("\(error)" == words)
    }

    @Test func predicates() {
        #expect(Errno(call: "open", code: ENOENT).isNoSuchFile)
        #expect(!Errno(call: "open", code: ENOTDIR).isNoSuchFile)
        #expect(Errno(call: "open", code: EEXIST).isAlreadyExisting)
        #expect(Errno(call: "open", code: ELOOP).isNotAPlainDirectory)
        #expect(Errno(call: "open", code: ENOTDIR).isNotAPlainDirectory)
        #expect(!Errno(call: "open", code: EACCES).isNotAPlainDirectory)
    }

    @Test func aFailedOpenNamesItsCallAndCode() {
        let opened = FileDescriptor.open("/nonexistent/versioncheck-errno-test", O_RDONLY | O_CLOEXEC)
        #expect(opened == .failure(Errno(call: "open", code: ENOENT)))
    }

    /// One run of `retryingInterrupts` over calls that return `results` in turn (a result
    /// of -1 sets `errno` to its code).
    struct Case: Sendable, CustomTestStringConvertible {
        var results: [(value: Int, code: Int32)]
        var expected: Result<Int, Errno>
        var calls: Int
        var testDescription: String { "\(results.map { $0.value < 0 ? "-1 (errno \($0.code))" : "\($0.value)" }) → \(expected)" }
    }

    @Test(arguments: [
        Case(results: [(7, 0)], expected: .success(7), calls: 1),
        Case(results: [(0, 0)], expected: .success(0), calls: 1),
        Case(results: [(-1, EINTR), (-1, EINTR), (5, 0)], expected: .success(5), calls: 3),
        Case(results: [(-1, EINTR), (-1, EIO), (5, 0)], expected: .failure(Errno(call: "read", code: EIO)), calls: 2),
        Case(results: [(-1, EAGAIN)], expected: .failure(Errno(call: "read", code: EAGAIN)), calls: 1),
    ])
    func retryingInterruptsRetriesOnlyEINTR(_ run: Case) {
        var calls = 0
        let outcome = Errno.retryingInterrupts(call: "read") { () -> Int in
            let (value, code) = run.results[calls]
            calls += 1
            if value < 0 { errno = code }
            return value
        }
        #expect(outcome == run.expected)
        #expect(calls == run.calls)
    }
}

/// Signals counted by `countInterruption`, the handler `SignalledReadTests` installs.
nonisolated(unsafe) private var interruptions = 0

private func countInterruption(_: Int32) { interruptions += 1 }

/// A read blocked on a pipe and interrupted by a signal whose handler was installed without
/// `SA_RESTART`: the raw `read(2)` fails with `EINTR`; `FileDescriptor.read` goes on
/// reading and returns the byte written after the signals.
@Suite(.serialized, .blockingBodies) struct SignalledReadTests {
    /// `SIGWINCH`: ignored by default, so a signal that arrives once the handler is gone
    /// cannot end the test process.
    private static let signal = SIGWINCH

    /// Runs `body` with `countInterruption` as the handler of `signal`, without `SA_RESTART`.
    private func withHandler(_ body: () throws -> Void) rethrows {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = countInterruption
        #else
        action.__sigaction_handler.sa_handler = countInterruption
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        #expect(sigaction(Self.signal, &action, &previous) == 0)
        defer { sigaction(Self.signal, &previous, nil) }
        try body()
    }

    /// A thread's result and its `pthread_t`, handed between threads.
    private final class Reader: @unchecked Sendable {
        private let lock = Lock()
        private var thread: pthread_t?
        private var result: (value: Int, code: Int32)?

        /// Called first on the reading thread: it takes `signal` (whatever mask it was
        /// started with) and is ready to be signalled.
        func started() {
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, SignalledReadTests.signal)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            lock.withLock { thread = pthread_self() }
        }
        func finish(_ value: Int, _ code: Int32) { lock.withLock { result = (value, code) } }
        var handle: pthread_t? { lock.withLock { thread } }
        var outcome: (value: Int, code: Int32)? { lock.withLock { result } }

        /// Signals the reading thread every 5 ms, `times` times or until it has a result.
        func interrupt(times: Int) {
            while handle == nil { usleep(1000) }
            for _ in 0..<times where outcome == nil {
                pthread_kill(handle!, SignalledReadTests.signal)
                usleep(5000)
            }
        }
    }

    private func makePipe() -> (read: FileDescriptor, write: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    @Test func theRawReadIsInterrupted() throws {
        try withHandler {
            let (readEnd, writeEnd) = makePipe()
            defer { readEnd.close(); writeEnd.close() }
            let reader = Reader()
            let thread = try #require(Thread.start {
                reader.started()
                var byte: UInt8 = 0
                let count = read(readEnd.rawValue, &byte, 1)
                reader.finish(count, errno)
            })
            reader.interrupt(times: 400)
            if reader.outcome == nil { _ = [UInt8(1)].withUnsafeBytes { writeEnd.writeAll($0) } }  // never hang
            thread.join()
            #expect(reader.outcome?.value == -1)
            #expect(reader.outcome?.code == EINTR)
        }
    }

    @Test func fileDescriptorReadRetriesAfterTheSignal() throws {
        try withHandler {
            let (readEnd, writeEnd) = makePipe()
            defer { readEnd.close(); writeEnd.close() }
            let reader = Reader()
            let before = interruptions
            let thread = try #require(Thread.start {
                reader.started()
                var byte: UInt8 = 0
                switch withUnsafeMutableBytes(of: &byte, { readEnd.read(into: $0) }) {
                case .success(let count): reader.finish(count, 0)
                case .failure(let error): reader.finish(-1, error.code)
                }
            })
            reader.interrupt(times: 20)
            #expect(interruptions > before, "the handler ran")
            #expect(reader.outcome == nil, "still reading after the signals")
            _ = [UInt8(42)].withUnsafeBytes { writeEnd.writeAll($0) }
            thread.join()
            #expect(reader.outcome?.value == 1)
        }
    }
}

/// `FileDescriptor`: whole writes, reads at an offset, reads to the end, waits.
@Suite(.blockingBodies) struct FileDescriptorTests {
    @Test func writesAtOffsetsAndReadsBack() throws {
        let file = try FileDescriptor.createAnonymousFile(in: "/tmp").get()
        defer { file.close() }
        #expect(!file.isTerminal)
        let head = Array("hello ".utf8), tail = Array("world".utf8)
        #expect(throws: Never.self) { try tail.withUnsafeBytes { file.writeAll($0, at: head.count) }.get() }
        #expect(throws: Never.self) { try head.withUnsafeBytes { file.writeAll($0, at: 0) }.get() }
        var buffer = [UInt8](repeating: 0, count: 32)
        let read = buffer.withUnsafeMutableBytes { file.read(filling: $0, at: 0) }
        #expect(read == .success(11))
        #expect(buffer.prefix(11).elementsEqual("hello world".utf8))
    }

    @Test func readAllReadsPastOneChunkAndStopsAfterAWantedLine() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
        defer { readEnd.close() }
        let lines = (0..<20_000).map { "line \($0)\n" }.joined()
        let writer = try #require(Thread.start {
            _ = Array(lines.utf8).withUnsafeBytes { writeEnd.writeAll($0) }
            writeEnd.close()
        })
        let all = readEnd.readAll()
        writer.join()
        #expect(all == .success(Array(lines.utf8)))

        #expect(pipe(&ends) == 0)
        let (second, secondWriter) = (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
        defer { second.close(); secondWriter.close() }
        _ = Array("a\nstop\nnever read".utf8).withUnsafeBytes { secondWriter.writeAll($0) }
        let stopped = second.readAll(stoppingAfter: { $0.elementsEqual("stop".utf8) })
        #expect(stopped == .success(Array("a\nstop\nnever read".utf8)))
    }

    @Test func waitUntilReadableEndsAtTheDeadlineOrWhenDataComes() {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
        defer { readEnd.close(); writeEnd.close() }
        let start = System.monotonicNow()
        #expect(!readEnd.waitUntilReadable(before: start.advanced(by: 0.1)))
        #expect(System.monotonicNow().seconds(since: start) >= 0.09)
        _ = [UInt8(1)].withUnsafeBytes { writeEnd.writeAll($0) }
        #expect(readEnd.waitUntilReadable(before: System.monotonicNow().advanced(by: 10)))
        #expect(readEnd.readChunk() == .success([1]))
    }
}

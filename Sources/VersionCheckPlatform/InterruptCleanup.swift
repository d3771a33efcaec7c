#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The main process owns its helpers: on SIGINT, SIGTERM or SIGHUP every live helper is
/// killed before versioncheck ends by that same signal (a shell then sees 130 for SIGINT,
/// 143 for SIGTERM), so a stopped check never leaves a `versioncheck-fetch` behind.
///
/// The table is a fixed array of process IDs allocated once, so the handler only reads
/// memory and calls `kill`, `signal` and `raise` (async-signal-safe). The handlers are
/// installed with the first helper, so a command that never uses the network keeps the
/// default behaviour; a signal the process was started ignoring (`nohup`) stays ignored.
package enum InterruptCleanup {
    /// How many helpers may be registered at once (more run unregistered: at worst they
    /// outlive an interrupted parent by their own time limits).
    package static let capacity = 256
    /// 0: a free slot.
    nonisolated(unsafe) private static let children: UnsafeMutablePointer<pid_t> = {
        let table = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        table.initialize(repeating: 0, count: capacity)
        return table
    }()
    private static let lock = Lock()
    nonisolated(unsafe) private static var installed = false

    /// Records a live helper (call it right after the spawn).
    package static func register(_ pid: pid_t) {
        lock.withLock {
            installHandlersOnce()
            for slot in 0..<capacity where children[slot] == 0 {
                children[slot] = pid
                return
            }
        }
    }

    /// Forgets a helper that has been waited for.
    package static func unregister(_ pid: pid_t) {
        lock.withLock {
            for slot in 0..<capacity where children[slot] == pid {
                children[slot] = 0
                return
            }
        }
    }

    /// The signals that end versioncheck and its helpers together.
    package static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// `SIG_IGN` as a number (1 on Linux and macOS; Swift imports neither macro).
    private static let ignoredHandler = 1

    private static func installHandlersOnce() {
        guard !installed else { return }
        installed = true
        for number in signals {
            let previous = signal(number, interruptHandler)
            if unsafeBitCast(previous, to: Int.self) == ignoredHandler { signal(number, previous) }
        }
    }

    /// Kills every registered helper, then ends the process by `number`.
    fileprivate static func interrupted(_ number: Int32) {
        for slot in 0..<capacity where children[slot] > 0 {
            kill(children[slot], SIGKILL)
        }
        signal(number, nil)  // SIG_DFL
        raise(number)
    }
}

private func interruptHandler(_ number: Int32) {
    InterruptCleanup.interrupted(number)
}

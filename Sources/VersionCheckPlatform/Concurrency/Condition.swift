#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import VersionCheckCore

/// A lock with a condition variable: threads wait, with the lock released, until another
/// changes what they wait for and broadcasts. `lock`/`unlock` bracket every access to the
/// state it guards. Timed waits are kept on the monotonic clock (`MonotonicInstant`), so
/// a change of the wall clock neither cuts one short nor stretches it.
package final class Condition: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        #if canImport(Darwin)
        // macOS has no pthread_condattr_setclock: `wait(until:)` waits a relative time.
        pthread_cond_init(condition, nil)
        #else
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        #endif
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Wakes every waiting thread (call with the lock held).
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits (with the lock held; it is released meanwhile) until woken or until
    /// `deadline` (`System.monotonicNow()`'s clock); false when the deadline passed.
    /// Without a deadline it waits until woken. It may wake early: callers loop.
    package func wait(until deadline: MonotonicInstant?) -> Bool {
        guard let deadline else {
            pthread_cond_wait(condition, mutex)
            return true
        }
        #if canImport(Darwin)
        let left = max(0, deadline.remaining(now: System.monotonicNow()))
        var time = Self.time(left)
        return pthread_cond_timedwait_relative_np(condition, mutex, &time) != ETIMEDOUT
        #else
        var time = Self.time(deadline.seconds)
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
        #endif
    }

    /// `seconds` (not negative) as a `timespec`.
    private static func time(_ seconds: Double) -> timespec {
        var time = timespec()
        time.tv_sec = Int(seconds.rounded(.down))
        time.tv_nsec = Int((seconds - seconds.rounded(.down)) * 1e9)
        return time
    }
}

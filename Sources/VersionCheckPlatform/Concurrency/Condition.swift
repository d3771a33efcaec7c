#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock with a condition variable: threads wait, with the lock released, until another
/// changes what they wait for and broadcasts. `lock`/`unlock` bracket every access to the
/// state it guards.
package final class Condition: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
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
    /// `deadline` (seconds since the epoch, the real-time clock); false when the deadline
    /// passed. Without a deadline it waits until woken.
    package func wait(until deadline: Double?) -> Bool {
        guard let deadline else {
            pthread_cond_wait(condition, mutex)
            return true
        }
        var time = timespec()
        time.tv_sec = Int(deadline.rounded(.down))
        time.tv_nsec = Int((deadline - deadline.rounded(.down)) * 1e9)
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
    }

    /// Seconds since the epoch on the real-time clock (`wait(until:)`'s clock).
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

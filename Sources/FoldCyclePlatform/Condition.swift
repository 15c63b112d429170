#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock with a condition to wait on (`pthread_mutex_t` and `pthread_cond_t`), in place of
/// Foundation's `NSCondition`, which links CoreFoundation and ICU into the tool
/// (docs/decisions/0012-foundation-essentials.md). Used as `NSCondition` is: ``lock()``,
/// ``wait()`` in a loop on the predicate, ``broadcast()`` after a change, ``unlock()``.
package final class Condition: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// An unlocked lock with no waiter.
    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
        precondition(pthread_cond_init(condition, nil) == 0, "pthread_cond_init failed")
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deinitialize(count: 1)
        condition.deallocate()
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Waits for the lock and takes it.
    package func lock() { pthread_mutex_lock(mutex) }

    /// Gives the lock back.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Gives the lock back, waits for a ``broadcast()`` (or a spurious wake-up: check the
    /// predicate again), and takes the lock again. Call with the lock held.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread waiting in ``wait()``.
    package func broadcast() { pthread_cond_broadcast(condition) }
}

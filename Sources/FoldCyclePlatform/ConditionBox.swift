#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value reached only under a lock that threads can also wait on until the value is as they
/// need (`pthread_mutex_t` and `pthread_cond_t`, in place of Foundation's `NSCondition`, which
/// links CoreFoundation and ICU into the tool: docs/decisions/0012-foundation-essentials.md).
/// ``LockedBox``'s `sending` contract, so it is `Sendable` whatever the value
/// (docs/decisions/0200-checked-sendable.md): a producer and a consumer that both wait (a bounded
/// hand-over) keep their state here and are checked `Sendable`.
package final class ConditionBox<Value: ~Copyable>: @unchecked Sendable {
    // audited: `value` is reached only inside `withLock`, under `mutex`, and only as `sending`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var value: Value

    /// Holds `value`, which no one else holds (`sending`); no thread waits yet.
    package init(_ value: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
        precondition(pthread_cond_init(condition, nil) == 0, "pthread_cond_init failed")
        self.value = value
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deinitialize(count: 1)
        condition.deallocate()
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Takes the lock, waits (the lock given back meanwhile) until `ready` says the value is as
    /// needed, runs `body` with it, then wakes every waiting thread (what `body` changed may be
    /// what one waits for) and gives the lock back.
    package func withLock<Result, Failure: Error>(
        waitingUntil ready: (inout sending Value) -> Bool = { _ in true },
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        while !ready(&value) { pthread_cond_wait(condition, mutex) }
        return try body(&value)
    }

    /// As ``withLock(waitingUntil:_:)``, waiting at most `seconds` (≥ 0) for `ready`: `body`
    /// runs once `ready` says so or the time is up, whichever comes first (it sees the value as
    /// it is then).
    package func withLock<Result, Failure: Error>(
        waitingAtMost seconds: Double, until ready: (inout sending Value) -> Bool,
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = Int(now.tv_nsec) + Int((max(seconds, 0) * 1e9).rounded())
        var deadline = timespec()
        deadline.tv_sec = now.tv_sec + time_t(nanoseconds / 1_000_000_000)
        deadline.tv_nsec = Int(nanoseconds % 1_000_000_000)
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        while !ready(&value) {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
        }
        return try body(&value)
    }
}

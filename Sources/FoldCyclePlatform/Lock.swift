#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock: a `pthread_mutex_t` of its own, so ThreadSanitizer sees every
/// acquire and release (Synchronization's `Mutex` is a futex on Linux, which it does not see).
///
/// Models do not keep state beside a `Lock`: they hold it in a ``LockedBox`` (checked `Sendable`
/// whatever the state: docs/decisions/0200-checked-sendable.md). Not recursive unless made so:
/// locking it twice on one thread is a programming error (reported, not a deadlock).
package final class Lock: @unchecked Sendable {
    // audited: a platform handle: one `pthread_mutex_t`, allocated once, used only through pthread calls.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates an unlocked lock; `recursive` lets the thread that holds it lock it again (it
    /// must unlock it as many times).
    package init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if canImport(Glibc)
            let type = Int32(recursive ? PTHREAD_MUTEX_RECURSIVE : PTHREAD_MUTEX_ERRORCHECK)
        #elseif canImport(Darwin)
            let type = recursive ? PTHREAD_MUTEX_RECURSIVE : PTHREAD_MUTEX_ERRORCHECK
        #endif
        pthread_mutexattr_settype(&attributes, type)
        let created = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(created == 0, "pthread_mutex_init failed: \(created)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Waits for the lock and takes it.
    package func lock() {
        let result = pthread_mutex_lock(mutex)
        precondition(result == 0, "pthread_mutex_lock failed: \(result) (locked twice on one thread?)")
    }

    /// Takes the lock when it comes free within `seconds`; false (not taken) when it does not:
    /// `pthread_mutex_timedlock` on Glibc, a `pthread_mutex_trylock` every millisecond on Darwin,
    /// which has no timed lock. For exit paths that must not hang on a stuck holder.
    package func lock(waitingAtMost seconds: Double) -> Bool {
        #if canImport(Glibc)
            var deadline = timespec()
            clock_gettime(CLOCK_REALTIME, &deadline)
            let nanoseconds = Int(deadline.tv_nsec) + Int((max(seconds, 0) * 1_000_000_000).rounded())
            deadline.tv_sec += nanoseconds / 1_000_000_000
            deadline.tv_nsec = nanoseconds % 1_000_000_000
            while true {
                let result = pthread_mutex_timedlock(mutex, &deadline)
                if result == 0 { return true }
                if result == ETIMEDOUT { return false }
                precondition(result == EINTR, "pthread_mutex_timedlock failed: \(result) (locked twice on one thread?)")
            }
        #elseif canImport(Darwin)
            var waited = 0.0
            while true {
                let result = pthread_mutex_trylock(mutex)
                if result == 0 { return true }
                precondition(result == EBUSY, "pthread_mutex_trylock failed: \(result)")
                if waited >= seconds { return false }
                var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
                nanosleep(&pause, nil)
                waited += 0.001
            }
        #endif
    }

    /// Releases the lock, which this thread holds.
    package func unlock() {
        let result = pthread_mutex_unlock(mutex)
        precondition(result == 0, "pthread_mutex_unlock failed: \(result) (not held by this thread?)")
    }

    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A value reached only under its own ``Lock``, with `Synchronization.Mutex`'s `sending` contract
/// (swift-nio's `NIOLockedValueBox` is the model; `Mutex` itself is a futex on Linux, which
/// ThreadSanitizer does not see): the value goes in as `sending`, `withLock`'s closure gets it
/// `inout sending` and gives back a `sending` result, so the value's region never leaves the
/// box and the box is `Sendable` whatever the value. A model that keeps its mutable state here
/// is checked `Sendable`, with no `@unchecked` of its own (docs/decisions/0200-checked-sendable.md).
package final class LockedBox<Value: ~Copyable>: @unchecked Sendable {
    // audited: `value` is reached only inside `withLock`, under `lock`, and only as `sending`.
    // Usable from inline code so that `withLock` is specialized for each state in its caller's module.
    @usableFromInline let lock = Lock()
    @usableFromInline var value: Value

    /// Creates a box holding `value`, which no one else holds (`sending`).
    package init(_ value: consuming sending Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock; what `body` changes is kept. Nothing `body`
    /// keeps of the value outlives it but its `sending` result.
    @inlinable
    package func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Runs `body` with the value when the lock comes free within `seconds`
    /// (``Lock/lock(waitingAtMost:)``), for exit paths that must not hang on a stuck holder; nil,
    /// and `body` not run, when it does not.
    package func withLock<Result, Failure: Error>(
        waitingAtMost seconds: Double, _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result? {
        guard lock.lock(waitingAtMost: seconds) else { return nil }
        defer { lock.unlock() }
        return try body(&value)
    }
}

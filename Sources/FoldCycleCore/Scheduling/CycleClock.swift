#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A monotonic clock that can run a handler at an absolute deadline.
///
/// The cycler reads time only through this protocol, so tests drive it with ``ManualClock`` and
/// programs with ``DispatchClock``. Times are seconds on the clock's own monotonic time line
/// (origin: when the clock was created), never wall-clock time.
///
/// Conformers must be safe to call from any thread, and must call handlers without holding any
/// lock of their own (a handler may schedule or cancel timers).
public protocol CycleClock: AnyObject, Sendable {
    /// The current time, in seconds since the clock's origin; never decreases.
    var now: TimeInterval { get }

    /// Runs `handler` once, at or after `deadline` (seconds on this clock's time line). A deadline
    /// in the past fires as soon as possible.
    ///
    /// - Returns: a timer that ``ClockTimer/cancel()`` stops. A cancelled timer's handler may
    ///   still run if it had already started; callers guard against stale firings.
    func schedule(at deadline: TimeInterval, _ handler: @escaping @Sendable () -> Void) -> any ClockTimer
}

/// A one-shot timer returned by ``CycleClock/schedule(at:_:)``.
public protocol ClockTimer: AnyObject, Sendable {
    /// Prevents the handler from running if it has not started yet. Idempotent.
    func cancel()
}

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``CycleClock`` that moves only when a test advances it.
///
/// ``advance(by:)`` fires every timer that falls due within the advanced span, in deadline
/// order, with ``now`` set to each timer's exact deadline while its handler runs (as a perfectly
/// punctual clock would). ``stall(for:)`` jumps the time forward without firing anything, to model a
/// process that was descheduled; the overdue timers fire late, at the stalled time, on the next
/// ``advance(by:)``. Handlers run synchronously on the thread that advances the clock.
public final class ManualClock: CycleClock, @unchecked Sendable {
    private let lock = Lock()
    private var time: TimeInterval
    private var nextSequence = 0
    private var pending: [Pending] = []

    private struct Pending {
        var deadline: TimeInterval
        var sequence: Int
        var timer: ManualClockTimer
        var handler: @Sendable () -> Void
    }

    /// Creates a clock at `start` seconds.
    public init(start: TimeInterval = 0) {
        time = start
    }

    /// The current time in seconds.
    public var now: TimeInterval {
        lock.withLock { time }
    }

    /// The number of timers scheduled and neither fired nor cancelled.
    public var pendingTimerCount: Int {
        lock.withLock { pending.filter { !$0.timer.isCancelled }.count }
    }

    /// The earliest pending deadline, or nil when no timer is pending.
    public var nextDeadline: TimeInterval? {
        lock.withLock { pending.filter { !$0.timer.isCancelled }.map(\.deadline).min() }
    }

    /// Records `handler` to run when the clock reaches `deadline`.
    public func schedule(at deadline: TimeInterval, _ handler: @escaping @Sendable () -> Void) -> any ClockTimer {
        let timer = ManualClockTimer()
        lock.withLock {
            pending.append(Pending(deadline: deadline, sequence: nextSequence, timer: timer, handler: handler))
            nextSequence += 1
        }
        return timer
    }

    /// Moves time forward by `seconds` (≥ 0), firing each timer due by then in deadline order
    /// (ties in scheduling order), including timers that handlers schedule within the span.
    public func advance(by seconds: TimeInterval) {
        fire(through: lock.withLock { time + max(0, seconds) })
    }

    /// Moves time forward to exactly `target` seconds (no-op if already past it), firing due
    /// timers: frame `k` of a run at `n` frames per second is at exactly `k/n`, which
    /// `advance(by:)` with a difference of times may miss by a rounding.
    public func advance(to target: TimeInterval) {
        fire(through: target)
    }

    private func fire(through target: TimeInterval) {
        while let due = takeNextDue(by: target) {
            due.handler()
        }
        lock.withLock { time = max(time, target) }
    }

    /// Jumps time forward by `seconds` without firing anything: timers that fall due are left
    /// overdue, and fire late (at the stalled time) on the next ``advance(by:)``.
    public func stall(for seconds: TimeInterval) {
        lock.withLock { time += max(0, seconds) }
    }

    private func takeNextDue(by target: TimeInterval) -> Pending? {
        lock.withLock {
            pending.removeAll { $0.timer.isCancelled }
            guard
                let index = pending.indices.min(by: {
                    (pending[$0].deadline, pending[$0].sequence) < (pending[$1].deadline, pending[$1].sequence)
                }), pending[index].deadline <= target
            else { return nil }
            let due = pending.remove(at: index)
            // A punctual clock reads the deadline while the handler runs; an overdue one (stalled
            // past it) reads the later current time.
            time = max(time, due.deadline)
            return due
        }
    }
}

/// A timer of a ``ManualClock``.
final class ManualClockTimer: ClockTimer, @unchecked Sendable {
    private let lock = Lock()
    private var cancelled = false

    var isCancelled: Bool { lock.withLock { cancelled } }

    func cancel() {
        lock.withLock { cancelled = true }
    }
}

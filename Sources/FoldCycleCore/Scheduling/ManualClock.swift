internal import FoldCyclePlatform

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
public final class ManualClock: CycleClock, Sendable {
    private let state: LockedBox<State>

    private struct State {
        var time: TimeInterval
        var nextSequence = 0
        var pending: [Pending] = []
    }

    private struct Pending {
        var deadline: TimeInterval
        var sequence: Int
        var timer: ManualClockTimer
        var handler: @Sendable () -> Void
    }

    /// Creates a clock at `start` seconds.
    public init(start: TimeInterval = 0) {
        state = LockedBox(State(time: start))
    }

    /// The current time in seconds.
    public var now: TimeInterval {
        state.withLock { $0.time }
    }

    /// The number of timers scheduled and neither fired nor cancelled.
    public var pendingTimerCount: Int {
        state.withLock { $0.pending.filter { !$0.timer.isCancelled }.count }
    }

    /// The earliest pending deadline, or nil when no timer is pending.
    public var nextDeadline: TimeInterval? {
        state.withLock { $0.pending.filter { !$0.timer.isCancelled }.map(\.deadline).min() }
    }

    /// Records `handler` to run when the clock reaches `deadline`.
    public func schedule(at deadline: TimeInterval, _ handler: @escaping @Sendable () -> Void) -> any ClockTimer {
        let timer = ManualClockTimer()
        state.withLock {
            $0.pending.append(Pending(deadline: deadline, sequence: $0.nextSequence, timer: timer, handler: handler))
            $0.nextSequence += 1
        }
        return timer
    }

    /// Moves time forward by `seconds` (≥ 0), firing each timer due by then in deadline order
    /// (ties in scheduling order), including timers that handlers schedule within the span.
    public func advance(by seconds: TimeInterval) {
        fire(through: state.withLock { $0.time + max(0, seconds) })
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
        state.withLock { $0.time = max($0.time, target) }
    }

    /// Jumps time forward by `seconds` without firing anything: timers that fall due are left
    /// overdue, and fire late (at the stalled time) on the next ``advance(by:)``.
    public func stall(for seconds: TimeInterval) {
        state.withLock { $0.time += max(0, seconds) }
    }

    private func takeNextDue(by target: TimeInterval) -> Pending? {
        state.withLock { state in
            state.pending.removeAll { $0.timer.isCancelled }
            let pending = state.pending
            guard
                let index = pending.indices.min(by: {
                    (pending[$0].deadline, pending[$0].sequence) < (pending[$1].deadline, pending[$1].sequence)
                }), pending[index].deadline <= target
            else { return nil }
            let due = state.pending.remove(at: index)
            // A punctual clock reads the deadline while the handler runs; an overdue one (stalled
            // past it) reads the later current time.
            state.time = max(state.time, due.deadline)
            return due
        }
    }
}

/// A timer of a ``ManualClock``.
final class ManualClockTimer: ClockTimer, Sendable {
    private let cancelled = LockedBox(false)

    var isCancelled: Bool { cancelled.withLock { $0 } }

    func cancel() {
        cancelled.withLock { $0 = true }
    }
}

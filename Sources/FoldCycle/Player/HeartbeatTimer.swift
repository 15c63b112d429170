import Dispatch
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A one-shot timer on a scene's clock that is pushed back each time something is printed: the
/// heartbeat of ``Motion/none`` output, which fires only after `interval` seconds without a line.
///
/// Confined to the player's queue (`QueueConfined`): ``restart(_:)`` and ``cancel()`` run there,
/// the clock's handler hops onto it, and a firing superseded by ``restart(_:)`` or ``cancel()``
/// is discarded by generation.
final class HeartbeatTimer: Sendable {
    private let clock: any CycleClock
    private let interval: TimeInterval
    private let state: QueueConfined<State>

    private struct State {
        var timer: (any ClockTimer)?
        var generation = 0
    }

    /// A stopped timer that fires `interval` seconds (> 0) after each ``restart(_:)``.
    init(clock: any CycleClock, queue: DispatchQueue, interval: TimeInterval) {
        self.clock = clock
        self.interval = interval
        state = QueueConfined(State(), on: queue)
    }

    deinit { state.valueAtDeinit.timer?.cancel() }

    /// Calls `fire` on the queue `interval` seconds from now, unless restarted or cancelled
    /// first.
    func restart(_ fire: @escaping @Sendable () -> Void) {
        cancel()
        let expected = state.value.generation
        let queue = state.queue
        state.value.timer = clock.schedule(at: clock.now + interval) { [weak self] in
            queue.async { [weak self] in
                guard let self, self.state.value.generation == expected else { return }
                self.state.value.timer = nil
                fire()
            }
        }
    }

    /// Stops the timer; a firing on its way is discarded.
    func cancel() {
        state.withValue {
            $0.timer?.cancel()
            $0.timer = nil
            $0.generation &+= 1
        }
    }
}

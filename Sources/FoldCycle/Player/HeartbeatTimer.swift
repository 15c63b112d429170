import Dispatch
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A one-shot timer on a scene's clock that is pushed back each time something is printed: the
/// heartbeat of ``Motion/none`` output, which fires only after `interval` seconds without a line.
///
/// Not thread-safe: owned by the player's queue; the clock's handler hops onto it, and a firing
/// superseded by ``restart(_:)`` or ``cancel()`` is discarded by generation.
final class HeartbeatTimer: @unchecked Sendable {
    private let clock: any CycleClock
    private let queue: DispatchQueue
    private let interval: TimeInterval
    private var timer: (any ClockTimer)?
    private var generation = 0

    /// A stopped timer that fires `interval` seconds (> 0) after each ``restart(_:)``.
    init(clock: any CycleClock, queue: DispatchQueue, interval: TimeInterval) {
        self.clock = clock
        self.queue = queue
        self.interval = interval
    }

    deinit { timer?.cancel() }

    /// Calls `fire` on the queue `interval` seconds from now, unless restarted or cancelled
    /// first.
    func restart(_ fire: @escaping @Sendable () -> Void) {
        cancel()
        let expected = generation
        let queue = self.queue
        timer = clock.schedule(at: clock.now + interval) { [weak self] in
            queue.async { [weak self] in
                guard let self, self.generation == expected else { return }
                self.timer = nil
                fire()
            }
        }
    }

    /// Stops the timer; a firing on its way is discarded.
    func cancel() {
        timer?.cancel()
        timer = nil
        generation &+= 1
    }
}

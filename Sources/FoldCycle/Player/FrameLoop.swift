import Dispatch
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The player's frame ticks: `framesPerSecond` ticks per second on absolute deadlines
/// (`start + k / fps`) of an injected ``CycleClock``, only while something moves. A late tick
/// does not stack up the ones it missed.
///
/// Not thread-safe (hence `@unchecked Sendable`): owned by the player's serial queue, on which ``start()``, ``stop()`` and the
/// tick handler run (clock handlers hop onto `queue`).
final class FrameLoop: @unchecked Sendable {
    private let clock: any CycleClock
    private let queue: DispatchQueue
    private let period: TimeInterval
    private let tick: () -> Bool
    private var timer: (any ClockTimer)?
    private var anchor: TimeInterval = 0
    private var count = 0
    private var generation = 0

    /// Creates a stopped loop.
    ///
    /// - Parameters:
    ///   - clock: the time source.
    ///   - framesPerSecond: ticks per second, ≥ 1.
    ///   - queue: the serial queue `tick` runs on.
    ///   - tick: draws a frame; returns whether to keep ticking (something still moves).
    init(clock: any CycleClock, framesPerSecond: Int, queue: DispatchQueue, tick: @escaping () -> Bool) {
        self.clock = clock
        self.queue = queue
        period = 1 / Double(max(framesPerSecond, 1))
        self.tick = tick
    }

    deinit {
        timer?.cancel()
    }

    /// Whether ticks are scheduled.
    var isRunning: Bool { timer != nil }

    /// Starts ticking (the first tick at once) unless already running.
    func start() {
        guard timer == nil else { return }
        anchor = clock.now
        count = 0
        schedule()
    }

    /// Stops ticking. A tick already on its way is discarded.
    func stop() {
        timer?.cancel()
        timer = nil
        generation &+= 1
    }

    private func schedule() {
        generation &+= 1
        let expected = generation
        let queue = self.queue
        timer = clock.schedule(at: anchor + Double(count) * period) { [weak self] in
            queue.async { [weak self] in self?.fire(generation: expected) }
        }
    }

    private func fire(generation expected: Int) {
        guard generation == expected, timer != nil else { return }
        timer = nil
        guard tick() else { return }
        // The next deadline still ahead: late ticks are not stacked up.
        let now = clock.now
        count += 1
        while anchor + Double(count) * period < now { count += 1 }
        schedule()
    }
}

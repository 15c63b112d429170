import Dispatch
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The player's frame ticks: `framesPerSecond` ticks per second on absolute deadlines
/// (`start + k / fps`) of an injected ``CycleClock``, only while something moves. A late tick
/// does not stack up the ones it missed.
///
/// Confined to the player's serial queue (`QueueConfined`), on which ``start()``, ``stop()`` and
/// the tick handler run (clock handlers hop onto `queue`).
final class FrameLoop: Sendable {
    private let clock: any CycleClock
    private let period: TimeInterval
    private let state: QueueConfined<State>

    private struct State {
        let tick: () -> Bool
        var timer: (any ClockTimer)?
        var anchor: TimeInterval = 0
        var count = 0
        var generation = 0
    }

    /// Creates a stopped loop.
    ///
    /// - Parameters:
    ///   - clock: the time source.
    ///   - framesPerSecond: ticks per second, ≥ 1.
    ///   - queue: the serial queue `tick` runs on.
    ///   - tick: draws a frame; returns whether to keep ticking (something still moves).
    init(clock: any CycleClock, framesPerSecond: Int, queue: DispatchQueue, tick: @escaping () -> Bool) {
        self.clock = clock
        period = 1 / Double(max(framesPerSecond, 1))
        state = QueueConfined(State(tick: tick), on: queue)
    }

    deinit {
        state.valueAtDeinit.timer?.cancel()
    }

    /// Whether ticks are scheduled.
    var isRunning: Bool { state.value.timer != nil }

    /// Starts ticking (the first tick at once) unless already running.
    func start() {
        guard state.value.timer == nil else { return }
        let now = clock.now
        state.withValue {
            $0.anchor = now
            $0.count = 0
        }
        schedule()
    }

    /// Stops ticking. A tick already on its way is discarded.
    func stop() {
        state.withValue {
            $0.timer?.cancel()
            $0.timer = nil
            $0.generation &+= 1
        }
    }

    private func schedule() {
        let queue = state.queue
        let (expected, deadline) = state.withValue {
            $0.generation &+= 1
            return ($0.generation, $0.anchor + Double($0.count) * period)
        }
        let timer = clock.schedule(at: deadline) { [weak self] in
            queue.async { [weak self] in self?.fire(generation: expected) }
        }
        state.value.timer = timer
    }

    private func fire(generation expected: Int) {
        let tick: (() -> Bool)? = state.withValue {
            guard $0.generation == expected, $0.timer != nil else { return nil }
            $0.timer = nil
            return $0.tick
        }
        // The tick runs with no access to the state held: it may stop or start this loop.
        guard let tick, tick() else { return }
        // The next deadline still ahead: late ticks are not stacked up.
        let now = clock.now
        state.withValue {
            $0.count += 1
            while $0.anchor + Double($0.count) * period < now { $0.count += 1 }
        }
        schedule()
    }
}

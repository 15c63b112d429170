import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation

@testable import FoldCycle

/// Records cycler events with the clock time each arrived at.
final class EventRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [(time: TimeInterval, event: CyclerEvent)] = []

    var events: [CyclerEvent] { lock.withLock { storage.map(\.event) } }
    var timed: [(time: TimeInterval, event: CyclerEvent)] { lock.withLock { storage } }

    /// The begin events as (time, from, to, direction).
    var begins: [(time: TimeInterval, from: Int, to: Int, direction: TransitionDirection)] {
        timed.compactMap {
            if case .transitionBegan(let from, let to, let style) = $0.event {
                return ($0.time, from, to, style.direction)
            }
            return nil
        }
    }

    func record(_ event: CyclerEvent, at time: TimeInterval) {
        lock.withLock { storage.append((time, event)) }
    }

    func clear() { lock.withLock { storage.removeAll() } }
}

/// Builds a cycler over `count` string items on a manual clock, recording its events.
func makeCycler(
    count: Int = 4, interval: TimeInterval = 2, duration: TimeInterval? = nil, direction: TransitionDirection = .down
) throws -> (Cycler<ArrayDataSource<String>>, ManualClock, EventRecorder) {
    let clock = ManualClock()
    let cycler = try Cycler(
        dataSource: ArrayDataSource((0..<count).map { "item \($0)" }), interval: interval, duration: duration,
        style: .fold(direction), clock: clock)
    let recorder = EventRecorder()
    cycler.addObserver { [clock] event in recorder.record(event, at: clock.now) }
    return (cycler, clock, recorder)
}

/// Counts the data source's `item(at:)` calls and the items alive at once.
final class ItemCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    private var alive = 0
    private var peak = 0

    var itemCalls: Int { lock.withLock { calls } }
    var aliveItems: Int { lock.withLock { alive } }
    var peakAliveItems: Int { lock.withLock { peak } }

    func made() {
        lock.withLock {
            calls += 1
            alive += 1
            peak = max(peak, alive)
        }
    }

    func released() { lock.withLock { alive -= 1 } }
}

/// An item whose lifetime the counter observes.
final class CountedItem: Sendable {
    let index: Int
    let counter: ItemCounter

    init(index: Int, counter: ItemCounter) {
        self.index = index
        self.counter = counter
        counter.made()
    }

    deinit { counter.released() }
}

/// A data source of `count` items that makes each item on demand and counts it.
struct CountingDataSource: CycleDataSource {
    let count: Int
    let counter: ItemCounter

    func item(at index: Int) -> CountedItem { CountedItem(index: index, counter: counter) }
}

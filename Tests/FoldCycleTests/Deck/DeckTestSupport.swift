import FoldCyclePlatform
import Foundation

@testable import FoldCycle

/// Records deck events.
final class DeckEventRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [DeckEvent] = []

    /// Every event but ``DeckEvent/changed``, in order.
    var decisions: [DeckEvent] { lock.withLock { storage.filter { $0 != .changed } } }
    var all: [DeckEvent] { lock.withLock { storage } }

    func record(_ event: DeckEvent) { lock.withLock { storage.append(event) } }
    func clear() { lock.withLock { storage.removeAll() } }
}

/// A 40 × 5 card on cells twice as tall as wide: 1 card width = 40 columns, a row is 0.05 card
/// widths, the card is 0.25 card widths high.
let deckMetrics = CardMetrics(columns: 40, rows: 5, cellAspect: 2)

/// A deck of `count` items (`item 0`, …) on a manual clock, recording its events, started at 0.
func makeDeck(
    count: Int = 5, behavior: DeckBehavior = .swipeDeck, visible: Int = 2, loops: Bool = false,
    bounds: DeckRect = DeckRect(minX: -1, minY: -0.5, maxX: 1, maxY: 0.5), start: Bool = true
) -> (SwipeDeck<ArrayDataSource<String>>, ManualClock, DeckEventRecorder) {
    let clock = ManualClock()
    let layout = StackLayout(visibleCount: visible, peek: 0.05, cardHeight: deckMetrics.cardHeight)
    let deck = SwipeDeck(
        dataSource: ArrayDataSource((0..<count).map { "item \($0)" }),
        configuration: DeckConfiguration(behavior: behavior, layout: layout, loops: loops, bounds: bounds),
        clock: clock)
    let recorder = DeckEventRecorder()
    deck.addObserver { event in recorder.record(event) }
    if start { deck.start() }
    return (deck, clock, recorder)
}

extension SwipeDeck {
    /// The top card's pose at `time` (nil when there is none).
    func topPose(at time: TimeInterval? = nil) -> CardPose? {
        snapshot(at: time).cards.last { $0.position == 0 }?.pose
    }

    /// The card in the air at `time`, if any.
    func leavingCard(at time: TimeInterval? = nil) -> DeckCardSnapshot<Item>? {
        snapshot(at: time).cards.first { $0.position == nil }
    }

    /// The visible items, top first.
    var visibleIndices: [Int] {
        snapshot().cards.filter { $0.position != nil }.sorted { $0.position! < $1.position! }.map(\.index)
    }

    /// A drag from `start` through `steps` samples `interval` seconds apart, each `step` further,
    /// released at the last one: `steps` moves after the press, at constant velocity
    /// `step / interval`.
    @discardableResult
    func fling(
        from start: DeckPoint = .zero, step: DeckPoint, steps: Int, interval: TimeInterval, clock: ManualClock
    ) -> ReleaseOutcome? {
        beginDrag(at: start)
        for index in 1..<steps {
            clock.advance(by: interval)
            drag(to: start + step * Double(index))
        }
        clock.advance(by: interval)
        return endDrag(at: start + step * Double(steps))
    }
}

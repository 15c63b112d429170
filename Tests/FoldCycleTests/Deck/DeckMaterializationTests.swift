import FoldCyclePlatform
import Foundation
import Testing

@testable import FoldCycle

/// Counts the items alive at once.
final class LiveCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private var highest = 0
    private var madeCount = 0

    var live: Int { lock.withLock { current } }
    var peak: Int { lock.withLock { highest } }
    var made: Int { lock.withLock { madeCount } }

    func increment() {
        lock.withLock {
            current += 1
            madeCount += 1
            highest = max(highest, current)
        }
    }

    func decrement() { lock.withLock { current -= 1 } }
}

/// An item that counts itself alive from creation to release.
final class TrackedCard: Sendable {
    let index: Int
    let counter: LiveCounter

    init(index: Int, counter: LiveCounter) {
        self.index = index
        self.counter = counter
        counter.increment()
    }

    deinit { counter.decrement() }
}

/// A million items, each made only when asked for.
struct MillionCards: DeckDataSource {
    let counter: LiveCounter
    var count: Int { 1_000_000 }
    func item(at index: Int) -> TrackedCard { TrackedCard(index: index, counter: counter) }
}

@Suite("Deck materialization")
struct DeckMaterializationTests {
    @Test(
        "1,000,000 items, 1,000 swipes (keys, flings, pages, undos): at most N + 1 items ever alive",
        arguments: [1, 2, 3])
    func million(visible: Int) {
        let clock = ManualClock()
        let counter = LiveCounter()
        let layout = StackLayout(visibleCount: visible, peek: 0.05, cardHeight: 0.25)
        let deck = SwipeDeck(
            dataSource: MillionCards(counter: counter), configuration: DeckConfiguration(layout: layout), clock: clock)
        deck.start()
        var removed = 0
        for round in 0..<1000 {
            // Some actions follow each other faster than a flight lands (0.3 s), some slower.
            clock.advance(by: round % 3 == 0 ? 0.05 : 0.4)
            switch round % 10 {
            case 0, 1, 2, 3:
                deck.swipe(round % 2 == 0 ? .right : .left)
                removed += 1
            case 4, 5:
                deck.fling(step: DeckPoint(x: 0.05, y: 0.01), steps: 4, interval: 1.0 / 64, clock: clock)
                removed += 1
            case 6: deck.page(.next)
            case 7: deck.page(.previous)
            case 8: deck.undo()
            default:
                deck.swipe(.right)
                removed += 1
            }
            #expect(counter.live <= visible + 1)
        }
        clock.advance(by: 1)
        #expect(counter.peak <= visible + 1)
        #expect(deck.peakMaterializedCount <= visible + 1)
        #expect(deck.createdSlotCount <= visible + 1)
        #expect(counter.live == visible)
        #expect(deck.materializedCount == visible)
        #expect(removed == 700)
        // Each card shown was made once per appearance: nowhere near the million.
        #expect(counter.made < 3000 * (visible + 1))
    }
}

import FoldCycle
import Foundation
import Testing

@testable import FoldCycleCLI

/// `--cycles` counts changes of item: a picture replacing its loading card (record 0232) comes in
/// by a transition that does not count (docs/decisions/0241-cycles-count-changes-of-item.md). On a
/// manual clock, interval 2 s, transitions 1 s; the settles are taken as the player reports them.
@Suite("Live: which transitions --cycles counts")
struct CycleCountTests {
    private static func cycler(_ items: [String]) throws -> (Cycler<ArrayDataSource<String>>, ManualClock, CycleCount) {
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(items), interval: 2, duration: 1, style: .fold(.down), clock: clock)
        let count = CycleCount()
        cycler.addObserver { event in count.observe(event) }
        return (cycler, clock, count)
    }

    @Test("the shown loading card replaced: its transition does not count; the next tick's does")
    func shownReplaced() throws {
        let (cycler, clock, count) = try Self.cycler(["loading", "b"])
        cycler.launch()
        count.replacingLoadingCards { _ = try? cycler.replace(at: 0, with: "picture") }
        #expect(cycler.isTransitioning)
        clock.advance(to: 1)
        #expect(count.settled() == false)
        clock.advance(to: 3)
        #expect(count.settled() == true)
    }

    @Test("the loading card being landed on replaced: the landing counts, the follow-up does not")
    func landingReplaced() throws {
        let (cycler, clock, count) = try Self.cycler(["a", "loading"])
        cycler.launch()
        clock.advance(to: 2.5)  // Flying a → loading.
        count.replacingLoadingCards { _ = try? cycler.replace(at: 1, with: "picture") }
        clock.advance(to: 3)  // Lands on the stale card; the picture comes in at once.
        #expect(cycler.snapshot().transition?.incomingItem == "picture")
        #expect(count.settled() == true)
        clock.advance(to: 4)
        #expect(count.settled() == false)
    }

    @Test("a replace command of the shown item counts, as before")
    func commandReplaceCounts() throws {
        let (cycler, clock, count) = try Self.cycler(["a", "b"])
        cycler.launch()
        _ = try cycler.replace(at: 0, with: "typed")
        clock.advance(to: 1)
        #expect(count.settled() == true)
    }

    @Test("a replaced card not shown marks nothing: later transitions count")
    func unshownReplaced() throws {
        let (cycler, clock, count) = try Self.cycler(["a", "b", "loading"])
        cycler.launch()
        count.replacingLoadingCards { _ = try? cycler.replace(at: 2, with: "picture") }
        #expect(!cycler.isTransitioning)
        clock.advance(to: 7)
        #expect([count.settled(), count.settled()] == [true, true])
    }
}

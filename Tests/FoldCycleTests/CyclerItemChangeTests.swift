import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// Insert, remove, replace and show while the cycler runs, settled and mid-transition, on a
/// manual clock (docs/DESIGN.md#live-item-changes). Items are "item 0" … "item 3"; the interval
/// is 2 s and a transition 1 s, so the tick at 2 s flies 0 → 1 until 3 s.
@Suite("Cycler: live item changes")
struct CyclerItemChangeTests {
    /// A running cycler at 2.5 s: halfway through the transition 0 → 1, events cleared.
    private func midTransition(count: Int = 4) throws -> (Cycler<ArrayDataSource<String>>, ManualClock, EventRecorder) {
        let (cycler, clock, recorder) = try makeCycler(count: count, interval: 2, duration: 1)
        cycler.launch()
        clock.advance(to: 2.5)
        #expect(cycler.snapshot().transition?.t == 0.5)
        recorder.clear()
        return (cycler, clock, recorder)
    }

    private func items(_ cycler: Cycler<ArrayDataSource<String>>) -> [String] {
        cycler.withDataSource(\.items)
    }

    // MARK: - Insert

    @Test("insert after the shown item, settled: nothing on screen changes and it is the next one")
    func insertNext() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 2, duration: 1)
        cycler.launch()
        #expect(try cycler.insert("new", at: 1) == 1)
        #expect(items(cycler) == ["item 0", "new", "item 1", "item 2"])
        #expect(recorder.events == [.started, .itemInserted(index: 1)])
        #expect(cycler.snapshot().transition == nil && cycler.snapshot().item == "item 0")
        clock.advance(to: 2)
        #expect(recorder.begins.map { [$0.from, $0.to] } == [[0, 1]])
        #expect(cycler.snapshot().transition?.incomingItem == "new")
    }

    @Test("insert before the shown item: its index moves up, its look (configured index) stays")
    func insertBeforeShown() throws {
        let (cycler, clock, _) = try makeCycler(count: 3, interval: 2, duration: 1)
        cycler.launch()
        clock.advance(to: 3.5)  // Settled on item 1.
        try cycler.insert("new", at: 0)
        let snapshot = cycler.snapshot()
        #expect(snapshot.index == 2 && snapshot.item == "item 1")
        #expect(snapshot.configuredIndex == 1)
        #expect(cycler.index == 2)
        clock.advance(to: 4)
        #expect(cycler.snapshot().transition?.fromIndex == 2)
        #expect(cycler.snapshot().transition?.incomingItem == "item 2")
        #expect(cycler.snapshot().transition?.outgoingConfiguredIndex == 1)
    }

    @Test("insert at the end (nil index) mid-transition: the flight goes on unchanged")
    func insertAppendMidTransition() throws {
        let (cycler, clock, recorder) = try midTransition()
        #expect(try cycler.insert("last") == 4)
        #expect(recorder.events == [.itemInserted(index: 4)])
        let transition = try #require(cycler.snapshot().transition)
        #expect(transition.fromIndex == 0 && transition.toIndex == 1 && transition.t == 0.5)
        clock.advance(to: 3)
        #expect(recorder.events.last == .transitionEnded(index: 1))
    }

    @Test("insert before both slots mid-transition: both indices move up, t and texts stay")
    func insertBeforeFlight() throws {
        let (cycler, clock, recorder) = try midTransition()
        try cycler.insert("first", at: 0)
        let transition = try #require(cycler.snapshot().transition)
        #expect(transition.fromIndex == 1 && transition.toIndex == 2)
        #expect(transition.outgoingItem == "item 0" && transition.incomingItem == "item 1")
        #expect(transition.outgoingConfiguredIndex == 0 && transition.incomingConfiguredIndex == 1)
        #expect(transition.t == 0.5)
        #expect(cycler.index == 2)
        clock.advance(to: 3)
        #expect(recorder.events == [.itemInserted(index: 0), .transitionEnded(index: 2)])
        // The next tick goes on from where the card is: item 2 of the new list.
        clock.advance(to: 4)
        #expect(recorder.begins.map { [$0.from, $0.to] } == [[2, 3]])
    }

    @Test("insert between the two slots mid-transition: the incoming index moves up")
    func insertBetweenSlots() throws {
        let (cycler, _, _) = try midTransition()
        try cycler.insert("between", at: 1)
        let transition = try #require(cycler.snapshot().transition)
        #expect(transition.fromIndex == 0 && transition.toIndex == 2)
        #expect(transition.incomingItem == "item 1")
        #expect(items(cycler)[2] == "item 1")
    }

    @Test("a one-item cycler that gets a second item starts ticking one interval after the insert")
    func insertIntoOneItem() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 1, interval: 2, duration: 1)
        cycler.launch()
        clock.advance(to: 5)
        #expect(cycler.nextTickDeadline == nil)
        try cycler.insert("second")
        #expect(cycler.nextTickDeadline == 7)
        clock.advance(to: 7)
        #expect(recorder.begins.map { [$0.from, $0.to] } == [[0, 1]])
    }

    @Test("insert out of range throws with the allowed range")
    func insertOutOfRange() throws {
        let (cycler, _, _) = try makeCycler(count: 3)
        #expect(throws: CyclerError.indexOutOfRange(4, upperBound: 3)) { try cycler.insert("x", at: 4) }
        #expect(throws: CyclerError.indexOutOfRange(-1, upperBound: 3)) { try cycler.insert("x", at: -1) }
        #expect(
            CyclerError.indexOutOfRange(4, upperBound: 3).description
                == "index 4 is out of range (a whole number from 0 to 3)")
    }

    // MARK: - Remove

    @Test("remove an item off screen: indices after it move down, nothing moves")
    func removeOffScreen() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 4, interval: 2, duration: 1)
        cycler.launch()
        clock.advance(to: 3.5)  // Settled on item 1.
        recorder.clear()
        #expect(try cycler.remove(at: 0) == "item 0")
        #expect(recorder.events == [.itemRemoved(index: 0)])
        #expect(cycler.index == 0 && cycler.snapshot().item == "item 1" && cycler.snapshot().transition == nil)
        #expect(cycler.nextTickDeadline == 4)
    }

    @Test("remove the shown item, settled: a transition from it to the item that takes its place")
    func removeShown() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 4, interval: 2, duration: 1)
        cycler.launch()
        clock.advance(to: 3.5)  // Settled on item 1; the next tick was due at 4.
        recorder.clear()
        try cycler.remove(at: 1)
        #expect(
            recorder.events == [
                .itemRemoved(index: 1), .transitionBegan(from: 1, to: 1, style: .fold(.down)), .indexChanged(1),
            ])
        let transition = try #require(cycler.snapshot().transition)
        #expect(transition.outgoingItem == "item 1" && transition.incomingItem == "item 2")
        #expect(transition.outgoingConfiguredIndex == 1 && transition.incomingConfiguredIndex == 1)
        // As `next`: the schedule restarts, so the new item gets a full interval.
        #expect(cycler.nextTickDeadline == 5.5)
        clock.advance(to: 4.5)
        #expect(recorder.events.last == .transitionEnded(index: 1))
        #expect(cycler.snapshot().item == "item 2")
        #expect(cycler.slotsCreated == 2)
    }

    @Test("a removed item is never reversed onto: prev during its way out settles and steps back")
    func removedNotReversed() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 4, interval: 2, duration: 1)
        cycler.launch()
        clock.advance(to: 3.5)
        try cycler.remove(at: 1)  // 1 (removed) → 1 ("item 2").
        clock.advance(by: 0.25)
        recorder.clear()
        #expect(cycler.previous())
        #expect(recorder.events.first == .transitionEnded(index: 1))
        #expect(recorder.begins.map { [$0.from, $0.to] } == [[1, 0]])
        #expect(cycler.snapshot().transition?.incomingItem == "item 0")
    }

    @Test("remove the last item while shown: the first item takes its place")
    func removeLastShown() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 2, duration: 1)
        cycler.launch()
        clock.advance(to: 5.5)  // Settled on item 2.
        recorder.clear()
        try cycler.remove(at: 2)
        #expect(recorder.begins.map { [$0.from, $0.to] } == [[2, 0]])
        #expect(cycler.snapshot().transition?.incomingItem == "item 0")
        clock.advance(by: 1)
        #expect(cycler.snapshot().index == 0 && cycler.snapshot().item == "item 0")
    }

    @Test("remove down to one item while shown: the last one comes in, then no ticks")
    func removeToOne() throws {
        let (cycler, clock, _) = try makeCycler(count: 2, interval: 2, duration: 1)
        cycler.launch()
        try cycler.remove(at: 0)
        #expect(cycler.snapshot().transition?.incomingItem == "item 1")
        clock.advance(by: 1)
        #expect(cycler.snapshot().item == "item 1" && cycler.count == 1)
        #expect(cycler.nextTickDeadline == nil)
        #expect(throws: CyclerError.removingOnlyItem) { try cycler.remove(at: 0) }
    }

    @Test("remove the item a transition is landing on: it reverses from where it is to the item it left")
    func removeLanding() throws {
        let (cycler, clock, recorder) = try midTransition()
        try cycler.remove(at: 1)
        #expect(recorder.events == [.itemRemoved(index: 1), .transitionReversed(toward: 0), .indexChanged(0)])
        let transition = try #require(cycler.snapshot().transition)
        #expect(transition.isReversed && transition.t == 0.5)
        #expect(transition.outgoingItem == "item 0" && transition.incomingItem == "item 1")
        #expect(cycler.index == 0)
        clock.advance(by: 0.5)
        #expect(recorder.events.last == .transitionEnded(index: 0))
        #expect(cycler.snapshot().item == "item 0" && cycler.snapshot().transition == nil)
        // The next tick goes to the removed item's successor, now at 1.
        #expect(cycler.nextTickDeadline == 4.5)
        clock.advance(to: 4.5)
        #expect(cycler.snapshot().transition?.incomingItem == "item 2")
        #expect(cycler.slotsCreated == 2)
    }

    @Test("remove the item a transition is leaving: it goes on and can no longer reverse")
    func removeLeaving() throws {
        let (cycler, clock, recorder) = try midTransition()
        try cycler.remove(at: 0)
        #expect(recorder.events == [.itemRemoved(index: 0)])
        let transition = try #require(cycler.snapshot().transition)
        #expect(transition.fromIndex == 0 && transition.toIndex == 0 && transition.t == 0.5)
        #expect(transition.outgoingItem == "item 0" && transition.incomingItem == "item 1")
        // prev would reverse onto item 0, which is gone: it settles and steps back instead.
        recorder.clear()
        #expect(cycler.previous())
        #expect(recorder.events.first == .transitionEnded(index: 0))
        #expect(cycler.snapshot().transition?.isReversed == false)
        #expect(cycler.snapshot().transition?.incomingItem == "item 3")
        clock.advance(by: 1)
        #expect(cycler.snapshot().item == "item 3")
    }

    @Test("remove the landing item after the leaving one: it lands, then the successor comes in")
    func removeBothSides() throws {
        let (cycler, clock, recorder) = try midTransition()
        try cycler.remove(at: 0)  // Leaving side gone; flight 0 → 0 ("item 1").
        try cycler.remove(at: 0)  // Landing side gone too.
        #expect(items(cycler) == ["item 2", "item 3"])
        #expect(recorder.events == [.itemRemoved(index: 0), .itemRemoved(index: 0)])
        clock.advance(to: 3)
        #expect(
            recorder.events.suffix(3) == [
                .transitionEnded(index: 0), .transitionBegan(from: 0, to: 0, style: .fold(.down)), .indexChanged(0),
            ])
        let transition = try #require(cycler.snapshot().transition)
        #expect(transition.outgoingItem == "item 1" && transition.incomingItem == "item 2")
        clock.advance(to: 4)
        #expect(cycler.snapshot().item == "item 2")
        // The follow-up restarted the schedule: a full interval from its begin.
        #expect(cycler.nextTickDeadline == 5)
        #expect(cycler.slotsCreated == 2)
    }

    @Test("paused mid-transition, removing the landing item plays the way back and stays paused")
    func removeLandingWhilePaused() throws {
        let (cycler, clock, recorder) = try midTransition()
        cycler.pause()
        clock.advance(by: 10)
        try cycler.remove(at: 1)
        #expect(cycler.state == .paused && cycler.isAnimating)
        clock.advance(by: 0.5)
        #expect(recorder.events.last == .transitionEnded(index: 0))
        #expect(cycler.nextTickDeadline == nil)
        cycler.resume()
        #expect(cycler.nextTickDeadline == clock.now + 2)
    }

    @Test("remove out of range throws")
    func removeOutOfRange() throws {
        let (cycler, _, _) = try makeCycler(count: 3)
        #expect(throws: CyclerError.indexOutOfRange(3, upperBound: 2)) { try cycler.remove(at: 3) }
        #expect(
            CyclerError.removingOnlyItem.description
                == "the only item cannot be removed (a cycler shows at least one; add another first)")
    }

    // MARK: - Replace

    @Test("replace the shown item, settled: a transition from the old text to the new at the same index")
    func replaceShown() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 2, duration: 1)
        cycler.launch()
        clock.advance(to: 0.5)
        #expect(try cycler.replace(at: 0, with: "fresh") == "item 0")
        #expect(
            recorder.events.suffix(3) == [
                .itemReplaced(index: 0), .transitionBegan(from: 0, to: 0, style: .fold(.down)), .indexChanged(0),
            ])
        let transition = try #require(cycler.snapshot().transition)
        #expect(transition.outgoingItem == "item 0" && transition.incomingItem == "fresh")
        #expect(cycler.nextTickDeadline == 2.5)
        clock.advance(to: 1.5)
        #expect(cycler.snapshot().item == "fresh" && cycler.snapshot().transition == nil)
    }

    @Test("replace by an equal item: nothing on screen")
    func replaceEqual() throws {
        let (cycler, _, recorder) = try makeCycler(count: 3)
        cycler.launch()
        try cycler.replace(at: 0, with: "item 0")
        #expect(recorder.events == [.started, .itemReplaced(index: 0)])
        #expect(cycler.snapshot().transition == nil)
    }

    @Test("replace the item a transition is landing on: it lands on the old text, then the new one comes in")
    func replaceLanding() throws {
        let (cycler, clock, recorder) = try midTransition()
        try cycler.replace(at: 1, with: "fresh")
        #expect(recorder.events == [.itemReplaced(index: 1)])
        #expect(cycler.snapshot().transition?.incomingItem == "item 1")  // No jump.
        clock.advance(to: 3)
        #expect(
            recorder.events.suffix(3) == [
                .transitionEnded(index: 1), .transitionBegan(from: 1, to: 1, style: .fold(.down)), .indexChanged(1),
            ])
        let transition = try #require(cycler.snapshot().transition)
        #expect(transition.outgoingItem == "item 1" && transition.incomingItem == "fresh")
        clock.advance(to: 4)
        #expect(cycler.snapshot().item == "fresh")
        #expect(cycler.slotsCreated == 2)
        #expect(cycler.itemsMaterialized == 1)
    }

    @Test("replace the item a transition is leaving: it goes on; prev no longer reverses onto it")
    func replaceLeaving() throws {
        let (cycler, clock, recorder) = try midTransition()
        try cycler.replace(at: 0, with: "fresh")
        #expect(cycler.snapshot().transition?.outgoingItem == "item 0")
        recorder.clear()
        #expect(cycler.previous())
        // Settled on item 1, then a new transition to the fresh item 0.
        #expect(recorder.events.first == .transitionEnded(index: 1))
        #expect(cycler.snapshot().transition?.incomingItem == "fresh")
        clock.advance(by: 1)
        #expect(cycler.snapshot().item == "fresh")
    }

    @Test("stop with a replaced landing item settles on the new item at once")
    func stopWithStaleLanding() throws {
        let (cycler, _, recorder) = try midTransition()
        try cycler.replace(at: 1, with: "fresh")
        cycler.stop()
        #expect(recorder.events.suffix(2) == [.transitionEnded(index: 1), .stopped])
        #expect(cycler.snapshot().item == "fresh" && cycler.snapshot().transition == nil)
    }

    @Test("replace out of range throws")
    func replaceOutOfRange() throws {
        let (cycler, _, _) = try makeCycler(count: 3)
        #expect(throws: CyclerError.indexOutOfRange(7, upperBound: 2)) { try cycler.replace(at: 7, with: "x") }
    }

    // MARK: - Show (goto)

    @Test("show a later item: a transition in the current direction; an earlier one: the opposite")
    func showDirections() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 4, interval: 2, duration: 1)
        cycler.launch()
        #expect(try cycler.show(index: 2))
        #expect(recorder.begins.map { [$0.from, $0.to] } == [[0, 2]])
        #expect(recorder.begins.last?.direction == .down)
        #expect(cycler.nextTickDeadline == 2)
        clock.advance(by: 1)
        #expect(try cycler.show(index: 1))
        #expect(recorder.begins.last?.direction == .up)
        clock.advance(by: 1)
        #expect(try cycler.show(index: 1) == false)
    }

    @Test("show the item a transition is leaving: it reverses; the one it lands on: nothing")
    func showInFlight() throws {
        let (cycler, _, recorder) = try midTransition()
        #expect(try cycler.show(index: 1) == false)
        #expect(recorder.events.isEmpty)
        #expect(try cycler.show(index: 0))
        #expect(recorder.events == [.transitionReversed(toward: 0), .indexChanged(0)])
        #expect(throws: CyclerError.indexOutOfRange(4, upperBound: 3)) { try cycler.show(index: 4) }
    }

    // MARK: - Two slots

    @Test("a run of changes mid-transition never creates a third slot nor holds a third item")
    func twoSlots() throws {
        let (cycler, clock, _) = try midTransition(count: 6)
        try cycler.insert("a", at: 0)
        try cycler.replace(at: 2, with: "b")
        try cycler.remove(at: 1)
        clock.advance(by: 0.25)
        try cycler.replace(at: 0, with: "c")
        try cycler.remove(at: 0)
        for _ in 0..<20 {
            clock.advance(by: 0.3)
            #expect(cycler.itemsMaterialized <= 2)
            if cycler.snapshot().transition == nil, cycler.count > 1 { try cycler.remove(at: cycler.index) }
        }
        #expect(cycler.slotsCreated == 2)
    }
}

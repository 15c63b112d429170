import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// `previous` (or `next`) toward the item an in-flight transition is leaving reverses it from
/// its current progress (docs/DESIGN.md#cycler-schedule), on a manual clock.
@Suite("Cycler: reversing an in-flight transition")
struct CyclerReversalTests {
    @Test("prev at 30 % of a running fold plays it back from 0.3 to 0 and lands on the item it left")
    func prevMidTransition() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 3, duration: 2.5)
        cycler.launch()
        clock.advance(to: 3.75)  // The tick at 3 began 0 → 1; t = 0.75 / 2.5 = 0.3.
        #expect(cycler.snapshot().transition?.t == 0.3)
        recorder.clear()
        #expect(cycler.previous())
        #expect(recorder.events == [.transitionReversed(toward: 0), .indexChanged(0)])
        let snapshot = cycler.snapshot()
        let transition = try #require(snapshot.transition)
        // The same two slots and the same frames, played backwards: no jump.
        #expect(transition.isReversed)
        #expect(transition.t == 0.3)
        #expect(transition.fromIndex == 0 && transition.toIndex == 1)
        #expect(transition.outgoingItem == "item 0" && transition.incomingItem == "item 1")
        #expect(transition.direction == .down)
        #expect(snapshot.index == 0 && snapshot.item == "item 0")
        #expect(cycler.index == 0)
        #expect(cycler.itemsMaterialized == 2)
        // Back as fast as it came: t falls 0.1 per 0.25 s.
        clock.advance(by: 0.25)
        #expect(abs((cycler.snapshot().transition?.t ?? -1) - 0.2) < 1e-12)
        clock.advance(by: 0.5)
        #expect(cycler.snapshot().transition == nil)
        #expect(recorder.timed.filter { $0.event == .transitionEnded(index: 0) }.map(\.time) == [4.5])
        #expect(cycler.snapshot().item == "item 0")
        #expect(cycler.slotsCreated == 2)
        // Running: the schedule restarted at the reversal, so item 0 gets a full interval.
        #expect(cycler.nextTickDeadline == 6.75)
        clock.advance(to: 6.75)
        #expect(recorder.begins.map { [$0.from, $0.to] } == [[0, 1]])
    }

    @Test("paused at 30 %, prev plays the way back (the schedule stays frozen) and stays paused")
    func prevWhilePaused() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 3, duration: 2.5)
        cycler.launch()
        clock.advance(to: 3.75)
        #expect(cycler.pause())
        clock.advance(by: 5)
        #expect(cycler.snapshot().transition?.t == 0.3)
        #expect(cycler.isAnimating == false)
        #expect(cycler.previous())
        #expect(cycler.state == .paused)
        #expect(cycler.isAnimating)
        #expect(cycler.nextTickDeadline == nil)
        clock.advance(by: 0.375)
        #expect(abs((cycler.snapshot().transition?.t ?? -1) - 0.15) < 1e-12)
        clock.advance(by: 0.375)
        #expect(cycler.snapshot().transition == nil)
        #expect(cycler.index == 0)
        #expect(cycler.state == .paused)
        #expect(
            recorder.events.suffix(3) == [.transitionReversed(toward: 0), .indexChanged(0), .transitionEnded(index: 0)])
        #expect(cycler.resume())
        #expect(cycler.nextTickDeadline == 9.5 + 3)
    }

    @Test("next after prev turns it around again, forward from where it is")
    func nextAfterPrev() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 3, duration: 2)
        cycler.launch()
        clock.advance(to: 4)  // t = 0.5.
        cycler.previous()
        clock.advance(by: 0.4)  // t = 0.3, going back.
        recorder.clear()
        #expect(cycler.next())
        #expect(recorder.events == [.transitionReversed(toward: 1), .indexChanged(1)])
        let transition = try #require(cycler.snapshot().transition)
        #expect(!transition.isReversed)
        #expect(abs(transition.t - 0.3) < 1e-12)
        #expect(cycler.index == 1)
        clock.advance(by: 1.4)  // 0.7 of the way left: lands at t = 1.
        #expect(cycler.snapshot().transition == nil)
        #expect(cycler.snapshot().item == "item 1")
        #expect(recorder.events.last == .transitionEnded(index: 1))
        #expect(cycler.slotsCreated == 2)
    }

    @Test("a second prev, away from both slots' items, settles the reversal and starts a new transition")
    func prevTwice() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 4, interval: 3, duration: 2)
        cycler.launch()
        clock.advance(to: 4)
        cycler.previous()
        recorder.clear()
        #expect(cycler.previous())
        #expect(
            recorder.events == [
                .transitionEnded(index: 0), .transitionBegan(from: 0, to: 3, style: .fold(.up)), .indexChanged(3),
            ])
        #expect(cycler.snapshot().transition?.isReversed == false)
        #expect(cycler.itemsMaterialized == 2)
        clock.advance(by: 2)
        #expect(cycler.index == 3)
        #expect(cycler.slotsCreated == 2)
    }

    @Test("with two items, next mid-transition goes back to the item it is leaving: a reversal")
    func twoItemsNext() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 2, interval: 3, duration: 2)
        cycler.launch()
        clock.advance(to: 3.5)
        recorder.clear()
        #expect(cycler.next())
        #expect(recorder.events == [.transitionReversed(toward: 0), .indexChanged(0)])
        clock.advance(by: 0.5)
        #expect(cycler.snapshot().transition == nil)
        #expect(cycler.index == 0)
    }

    @Test("stop during a reversal settles on the item it was going back to")
    func stopDuringReversal() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 3, duration: 2)
        cycler.launch()
        clock.advance(to: 4)
        cycler.previous()
        recorder.clear()
        #expect(cycler.stop())
        #expect(recorder.events == [.transitionEnded(index: 0), .stopped])
        #expect(cycler.snapshot().item == "item 0")
        #expect(cycler.index == 0)
        // The slots are reused: a later start still costs no third slot.
        cycler.start()
        clock.advance(by: 2)
        #expect(cycler.index == 1)
        #expect(cycler.slotsCreated == 2)
    }
}

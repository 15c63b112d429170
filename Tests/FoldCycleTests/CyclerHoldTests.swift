import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// ``Cycler/holdsAtLastItem``: while a list is still read, ticks stop at the last item read so
/// far instead of wrapping, and the next item comes in as soon as it is added
/// (docs/decisions/0240-a-live-run-streams-its-piped-items.md). Interval 2 s, transitions 1 s.
@Suite("Cycler: holding at the last item")
struct CyclerHoldTests {
    @Test("a tick on the last item is held: no wrap to the first, no tick scheduled")
    func holdsAtTheEnd() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 2, interval: 2, duration: 1)
        cycler.holdsAtLastItem = true
        cycler.launch()
        clock.advance(to: 2)
        #expect(recorder.begins.map { [$0.from, $0.to] } == [[0, 1]])
        clock.advance(to: 4)
        clock.advance(to: 30)
        #expect(recorder.begins.map { [$0.from, $0.to] } == [[0, 1]])
        #expect(cycler.index == 1)
        #expect(cycler.nextTickDeadline == nil)
    }

    @Test("an item added while held comes in at once; the schedule restarts from it")
    func appendReleases() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 2, interval: 2, duration: 1)
        cycler.holdsAtLastItem = true
        cycler.launch()
        clock.advance(to: 9)
        try cycler.insert("late")
        #expect(recorder.begins.map { [$0.time, Double($0.from), Double($0.to)] } == [[2, 0, 1], [9, 1, 2]])
        #expect(cycler.nextTickDeadline == 11)
        #expect(cycler.snapshot().transition?.incomingItem == "late")
    }

    @Test("an item added before the tick waits for it, as without the hold")
    func appendBeforeTheTickWaits() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 2, interval: 2, duration: 1)
        cycler.holdsAtLastItem = true
        cycler.launch()
        clock.advance(to: 3)
        try cycler.insert("next")
        #expect(recorder.begins.count == 1)
        clock.advance(to: 4)
        #expect(recorder.begins.map { [$0.time, Double($0.from), Double($0.to)] } == [[2, 0, 1], [4, 1, 2]])
    }

    @Test("one item shown a whole interval: the second comes in at once; sooner, a tick after it")
    func oneItem() throws {
        let (late, lateClock, lateRecorder) = try makeCycler(count: 1, interval: 2, duration: 1)
        late.holdsAtLastItem = true
        late.launch()
        lateClock.advance(to: 15)
        try late.insert("B")
        #expect(lateRecorder.begins.map { [$0.time, Double($0.from), Double($0.to)] } == [[15, 0, 1]])

        let (soon, soonClock, soonRecorder) = try makeCycler(count: 1, interval: 2, duration: 1)
        soon.holdsAtLastItem = true
        soon.launch()
        soonClock.advance(to: 1)
        try soon.insert("B")
        #expect(soonRecorder.begins.isEmpty)
        #expect(soon.nextTickDeadline == 3)
    }

    @Test("an item inserted before the shown last item releases nothing")
    func insertBeforeDoesNotWrap() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 2, interval: 2, duration: 1)
        cycler.holdsAtLastItem = true
        cycler.launch()
        clock.advance(to: 9)
        try cycler.insert("front", at: 0)
        #expect(recorder.begins.count == 1)
        #expect(cycler.index == 2)
    }

    @Test("the hold ending with a tick held wraps to the first item at once; none held: ticks go on")
    func holdEnds() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 2, interval: 2, duration: 1)
        cycler.holdsAtLastItem = true
        cycler.launch()
        clock.advance(to: 7)
        cycler.holdsAtLastItem = false
        #expect(recorder.begins.map { [$0.time, Double($0.from), Double($0.to)] } == [[2, 0, 1], [7, 1, 0]])
        #expect(cycler.nextTickDeadline == 9)

        let (other, otherClock, otherRecorder) = try makeCycler(count: 3, interval: 2, duration: 1)
        other.holdsAtLastItem = true
        other.launch()
        otherClock.advance(to: 1)
        other.holdsAtLastItem = false
        otherClock.advance(to: 6)
        #expect(otherRecorder.begins.map(\.to) == [1, 2, 0])
    }

    @Test("held while paused: an item added waits for the resume, then comes in at once")
    func pausedHold() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 2, interval: 2, duration: 1)
        cycler.holdsAtLastItem = true
        cycler.launch()
        clock.advance(to: 5)
        cycler.pause()
        try cycler.insert("late")
        clock.advance(to: 8)
        #expect(recorder.begins.count == 1)
        cycler.resume()
        clock.advance(to: 8)
        #expect(recorder.begins.map { [$0.from, $0.to] } == [[0, 1], [1, 2]])
        #expect(recorder.begins.last?.time == 8)
    }

    @Test("next wraps while held: commands are not ticks")
    func nextWraps() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 2, interval: 2, duration: 1)
        cycler.holdsAtLastItem = true
        cycler.launch()
        clock.advance(to: 5)
        cycler.next()
        #expect(recorder.begins.map(\.to) == [1, 0])
    }
}

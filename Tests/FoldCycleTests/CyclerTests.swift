import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

@Suite("Cycler on a manual clock")
struct CyclerTests {
    @Test("launch: the first tick comes one interval later, then every interval on absolute deadlines")
    func launch() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 4, interval: 2)
        #expect(cycler.state == .stopped)
        #expect(cycler.launch())
        #expect(cycler.state == .running)
        #expect(cycler.nextTickDeadline == 2)
        clock.advance(by: 1.999)
        #expect(recorder.begins.isEmpty)
        #expect(cycler.index == 0)
        clock.advance(to: 2)
        #expect(recorder.begins.map(\.time) == [2])
        #expect(cycler.index == 1)
        #expect(cycler.duration == 0.6)
        clock.advance(to: 20)
        #expect(recorder.begins.map(\.time) == [2, 4, 6, 8, 10, 12, 14, 16, 18, 20])
        #expect(recorder.begins.map(\.to) == [1, 2, 3, 0, 1, 2, 3, 0, 1, 2])
        #expect(cycler.launch() == false)
    }

    @Test("events arrive in order: began, index changed, ended")
    func eventOrder() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 1, duration: 0.5)
        cycler.launch()
        clock.advance(to: 2.75)
        #expect(
            recorder.events == [
                .started,
                .transitionBegan(from: 0, to: 1, style: .fold(.down)), .indexChanged(1), .transitionEnded(index: 1),
                .transitionBegan(from: 1, to: 2, style: .fold(.down)), .indexChanged(2), .transitionEnded(index: 2),
            ])
        #expect(recorder.timed.map(\.time) == [0, 1, 1, 1.5, 2, 2, 2.5])
    }

    @Test("snapshots pull the exact progress")
    func snapshots() throws {
        let (cycler, clock, _) = try makeCycler(count: 3, interval: 2, duration: 1.25, direction: .left)
        cycler.launch()
        clock.advance(to: 2.5)
        let snapshot = cycler.snapshot()
        let transition = try #require(snapshot.transition)
        #expect(transition.t == 0.4)
        #expect(transition.fromIndex == 0 && transition.toIndex == 1)
        #expect(transition.outgoingItem == "item 0" && snapshot.item == "item 1")
        #expect(transition.direction == .left)
        #expect(cycler.snapshot(at: 2).transition?.t == 0)
        #expect(cycler.snapshot(at: 9).transition?.t == 1)
        clock.advance(to: 3.25)
        #expect(cycler.snapshot().transition == nil)
        #expect(cycler.snapshot().item == "item 1")
    }

    @Test("a late tick starts one transition, and the next deadline is the first still ahead")
    func lateTicksDoNotStack() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 5, interval: 2, duration: 1)
        cycler.launch()
        clock.stall(for: 7)
        clock.advance(by: 0)
        #expect(recorder.begins.map(\.time) == [7])
        #expect(cycler.nextTickDeadline == 8)
        clock.advance(to: 10)
        #expect(recorder.begins.map(\.time) == [7, 8, 10])
    }

    @Test("pause at 40 % freezes the transition while time advances 10 s; resume continues it")
    func pauseAndResume() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 2, duration: 1.25)
        cycler.launch()
        clock.advance(to: 2.5)
        #expect(cycler.snapshot().transition?.t == 0.4)
        #expect(cycler.pause())
        #expect(cycler.state == .paused)
        #expect(cycler.pause() == false)
        recorder.clear()
        clock.advance(by: 10)
        #expect(recorder.events.isEmpty)
        #expect(clock.pendingTimerCount == 0)
        #expect(cycler.snapshot().transition?.t == 0.4)
        #expect(cycler.snapshot().state == .paused)
        #expect(cycler.nextTickDeadline == nil)

        #expect(cycler.resume())
        #expect(recorder.events == [.resumed])
        #expect(cycler.snapshot().transition?.t == 0.4)
        clock.advance(by: 0.25)
        #expect(cycler.snapshot().transition?.t == 0.6)
        // The schedule shifted by the 10 s pause: the transition ends at 13.25, the next tick is 14.
        #expect(cycler.nextTickDeadline == 14)
        clock.advance(to: 14)
        #expect(recorder.timed.filter { $0.event == .transitionEnded(index: 1) }.map(\.time) == [13.25])
        #expect(recorder.begins.map(\.time) == [14])
        #expect(cycler.resume() == false)
    }

    @Test("stop mid-transition settles on the incoming item and cancels the schedule")
    func stopMidTransition() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 2, duration: 1)
        cycler.launch()
        clock.advance(to: 2.5)
        #expect(cycler.stop())
        #expect(cycler.state == .stopped)
        #expect(cycler.index == 1)
        #expect(cycler.snapshot().transition == nil)
        #expect(cycler.snapshot().item == "item 1")
        #expect(recorder.events.suffix(2) == [.transitionEnded(index: 1), .stopped])
        #expect(clock.pendingTimerCount == 0)
        clock.advance(by: 100)
        #expect(recorder.begins.count == 1)
        #expect(cycler.stop() == false)
    }

    @Test("start after stop begins a transition at once, then one every interval")
    func startAfterStop() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 2, duration: 1)
        cycler.launch()
        clock.advance(to: 3)
        cycler.stop()
        clock.advance(to: 10)
        #expect(cycler.start())
        #expect(cycler.state == .running)
        clock.advance(to: 14)
        #expect(recorder.begins.map(\.time) == [2, 10, 12, 14])
        #expect(recorder.begins.map(\.to) == [1, 2, 0, 1])
    }

    @Test("start from a fresh cycler begins at once; a second start never makes a second timer")
    func startTwice() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 4, interval: 2, duration: 1)
        #expect(cycler.start())
        #expect(cycler.start() == false)
        #expect(cycler.launch() == false)
        #expect(clock.pendingTimerCount == 2)  // One tick timer and one transition-end timer.
        clock.advance(to: 10)
        #expect(recorder.begins.map(\.time) == [0, 2, 4, 6, 8, 10])
        #expect(recorder.events.filter { $0 == .started }.count == 1)
    }

    @Test("start while paused resumes")
    func startWhilePaused() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 2, duration: 1)
        cycler.launch(paused: true)
        #expect(cycler.state == .paused)
        clock.advance(by: 5)
        #expect(recorder.begins.isEmpty)
        #expect(cycler.start())
        #expect(cycler.state == .running)
        clock.advance(to: 7)
        #expect(recorder.begins.map(\.time) == [7])
    }

    @Test("next mid-transition settles first, never leaving two transitions, and restarts the schedule")
    func nextMidTransition() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 4, interval: 2, duration: 1.5)
        cycler.launch()
        clock.advance(to: 2.5)
        recorder.clear()
        #expect(cycler.next())
        #expect(
            recorder.events == [
                .transitionEnded(index: 1), .transitionBegan(from: 1, to: 2, style: .fold(.down)), .indexChanged(2),
            ])
        #expect(cycler.itemsMaterialized == 2)
        #expect(cycler.slotsCreated == 2)
        #expect(cycler.snapshot().transition?.t == 0)
        #expect(cycler.nextTickDeadline == 4.5)
        clock.advance(to: 4.5)
        #expect(recorder.begins.map(\.time) == [2.5, 4.5])
    }

    @Test("previous moves back in the opposite direction")
    func previous() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 5, interval: 2, duration: 1, direction: .right)
        cycler.launch()
        #expect(cycler.previous())
        #expect(recorder.begins.last.map { [$0.from, $0.to] } == [0, 4])
        #expect(recorder.begins.last?.direction == .left)
        clock.advance(by: 1)
        #expect(cycler.index == 4)
    }

    @Test("wrap-around with 5 items")
    func wrapAround() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 5, interval: 1, duration: 0.5)
        cycler.launch()
        clock.advance(to: 6)
        #expect(recorder.begins.map { [$0.from, $0.to] } == [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0], [0, 1]])
        #expect(cycler.index == 1)
    }

    @Test("two items: next and previous reach the same item, directions still hold")
    func twoItems() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 2, interval: 2, duration: 1, direction: .up)
        cycler.launch()
        cycler.next()
        clock.advance(by: 1)
        cycler.previous()
        clock.advance(by: 1)
        #expect(recorder.begins.map { [$0.from, $0.to] } == [[0, 1], [1, 0]])
        #expect(recorder.begins.map(\.direction) == [.up, .down])
        clock.advance(to: 4)
        #expect(recorder.begins.map { [$0.from, $0.to] } == [[0, 1], [1, 0], [0, 1]])
    }

    @Test("one item is shown static: no ticks")
    func oneItem() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 1, interval: 1)
        #expect(cycler.launch())
        #expect(clock.pendingTimerCount == 0)
        #expect(cycler.next() == false)
        #expect(cycler.previous() == false)
        clock.advance(by: 100)
        #expect(recorder.events == [.started])
        #expect(cycler.snapshot().item == "item 0")
        #expect(cycler.transitionsBegun == 0)
    }

    @Test("zero items is an error")
    func zeroItems() {
        #expect(throws: CyclerError.noItems) {
            try Cycler(dataSource: ArrayDataSource([String]()), clock: ManualClock())
        }
    }

    @Test("invalid intervals", arguments: [0, -1, Double.nan, .infinity, -.infinity])
    func invalidInterval(_ interval: Double) {
        #expect(throws: CyclerError.self) {
            try Cycler(dataSource: ArrayDataSource(["a", "b"]), interval: interval, clock: ManualClock())
        }
    }

    @Test(
        "an interval or duration below 1 ms is refused, naming the minimum",
        arguments: [Double.leastNonzeroMagnitude, 1e-9, 0.000_999])
    func belowMinimum(_ seconds: Double) throws {
        #expect(Cycler<ArrayDataSource<String>>.minimumInterval == 0.001)
        #expect(Cycler<ArrayDataSource<String>>.minimumDuration == 0.001)
        #expect(throws: CyclerError.invalidInterval(seconds)) {
            try Cycler(dataSource: ArrayDataSource(["a", "b"]), interval: seconds, clock: ManualClock())
        }
        #expect(throws: CyclerError.invalidDuration(seconds, interval: 2)) {
            try Cycler(dataSource: ArrayDataSource(["a", "b"]), interval: 2, duration: seconds, clock: ManualClock())
        }
        let (cycler, _, _) = try makeCycler(count: 2, interval: 0.001)
        #expect(throws: CyclerError.invalidInterval(seconds)) { try cycler.setInterval(seconds) }
        #expect(
            CyclerError.invalidInterval(1e-9).description
                == "interval 1e-09 is not allowed (seconds: a finite number ≥ 0.001)")
    }

    @Test(
        "a tick late by any span schedules the next one ahead of now, computed, not counted up to",
        arguments: [
            (0.0, 0.001, 1e9, 1_000_000_000_001), (0.0, 0.001, 3600.0, 3_600_001), (0.0, 0.3, 10.0, 34),
            (5.0, 2.0, 5.5, 1),
        ])
    func catchUp(_ anchor: Double, _ interval: Double, _ now: Double, _ expected: Int) {
        #expect(
            Cycler<ArrayDataSource<String>>.firstTickAhead(after: 0, anchor: anchor, interval: interval, now: now)
                == expected)
    }

    @Test("a cycler stalled for 30 years on a 1 ms interval ticks once and goes on", .timeLimit(.minutes(1)))
    func stalledCatchUp() throws {
        let (cycler, clock, _) = try makeCycler(count: 2, interval: 0.001)
        #expect(cycler.launch())
        clock.stall(for: 1e9)
        clock.advance(by: 0)
        #expect(cycler.transitionsBegun == 1)
        clock.advance(by: 0.001)
        #expect(cycler.transitionsBegun == 2)
        _ = cycler.stop()
    }

    @Test("invalid durations", arguments: [0, -0.5, 2, 3, Double.nan, .infinity])
    func invalidDuration(_ duration: Double) {
        let error = #expect(throws: CyclerError.self) {
            try Cycler(
                dataSource: ArrayDataSource(["a", "b"]), interval: 2, duration: duration, clock: ManualClock())
        }
        guard case .invalidDuration(let reported, let interval) = error else {
            Issue.record("expected invalidDuration, got \(String(describing: error))")
            return
        }
        #expect(reported.isNaN ? duration.isNaN : reported == duration)
        #expect(interval == 2)
    }

    @Test(
        "the default duration is min(0.6, interval/3): a one-row ticker at 0.8 s reads for 0.53 s",
        arguments: [
            (2.0, 0.6), (1.8, 0.6), (0.8, 0.26666666666666666), (0.3, 0.09999999999999999),
            (0.01, 0.0033333333333333335),
        ])
    func defaultDuration(_ interval: Double, _ expected: Double) throws {
        let (cycler, _, _) = try makeCycler(count: 2, interval: interval)
        #expect(cycler.duration == expected)
        #expect(Cycler<ArrayDataSource<String>>.defaultDuration(forInterval: interval) == expected)
    }

    @Test("changing interval and duration validates and restarts the schedule")
    func reconfigure() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 2)
        cycler.launch()
        clock.advance(to: 1)
        try cycler.setInterval(0.5)
        #expect(cycler.duration == 0.16666666666666666)
        #expect(cycler.nextTickDeadline == 1.5)
        try cycler.setDuration(0.25)
        #expect(throws: CyclerError.invalidDuration(0.25, interval: 0.25)) { try cycler.setInterval(0.25) }
        #expect(throws: CyclerError.invalidDuration(0.5, interval: 0.5)) { try cycler.setDuration(0.5) }
        #expect(throws: CyclerError.invalidInterval(-1)) { try cycler.setInterval(-1) }
        #expect(cycler.interval == 0.5 && cycler.duration == 0.25)
        cycler.direction = .left
        clock.advance(to: 2)
        #expect(recorder.begins.map(\.time) == [1.5, 2])
        #expect(recorder.begins.map(\.direction) == [.left, .left])
        try cycler.setDuration(nil)
        #expect(cycler.duration == 0.16666666666666666)
    }

    @Test("a million items cost two: 1,000 transitions call item(at:) at most 1,001 times")
    func millionItems() throws {
        let counter = ItemCounter()
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: CountingDataSource(count: 1_000_000, counter: counter), interval: 1, duration: 0.5, clock: clock
        )
        cycler.launch()
        for _ in 0..<1_000 {
            clock.advance(by: 1)
            #expect(counter.aliveItems <= 2)
        }
        #expect(cycler.transitionsBegun == 1_000)
        #expect(counter.itemCalls == 1_001)
        #expect(counter.peakAliveItems == 2)
        #expect(cycler.slotsCreated == 2)
        #expect(cycler.index == 1_000)
        #expect(cycler.snapshot().item.index == 1_000)
    }

    @Test("observers can be removed, and a handler may issue commands")
    func reentrantObserver() throws {
        let (cycler, clock, recorder) = try makeCycler(count: 3, interval: 2, duration: 1)
        let token = cycler.addObserver { [cycler] event in
            if case .transitionEnded = event { cycler.pause() }
        }
        cycler.launch()
        clock.advance(to: 3)
        #expect(cycler.state == .paused)
        #expect(recorder.events.suffix(2) == [.transitionEnded(index: 1), .paused])
        cycler.removeObserver(token)
        cycler.resume()
        clock.advance(to: 6)
        #expect(cycler.state == .running)
    }
}

@Suite("Cycler on the real Dispatch clock")
struct DispatchCyclerTests {
    @Test("three transitions at 50 ms intervals arrive in order")
    func realTimer() async throws {
        let cycler = try Cycler(dataSource: ArrayDataSource(["a", "b", "c", "d"]), interval: 0.05)
        let events = cycler.events()
        cycler.launch()
        var begins: [[Int]] = []
        var ends: [Int] = []
        for await event in events {
            switch event {
            case .transitionBegan(let from, let to, _): begins.append([from, to])
            case .transitionEnded(let index): ends.append(index)
            default: break
            }
            if ends.count == 3 { break }
        }
        cycler.stop()
        #expect(begins.prefix(3) == [[0, 1], [1, 2], [2, 3]])
        #expect(ends == [1, 2, 3])
    }
}

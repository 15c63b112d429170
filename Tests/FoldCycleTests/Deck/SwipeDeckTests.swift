import FoldCyclePlatform
import Foundation
import Testing

@testable import FoldCycle

/// The deck on a manual clock: drags, flings, commands and their animations with exact values
/// (docs/DESIGN.md#swipe-deck, docs/DESIGN.md#reusing-stack).
@Suite("Swipe deck on a manual clock")
struct SwipeDeckTests {
    /// The half-diagonal of the 1 × 0.25 card: how far beyond an edge a flight ends.
    static let clearance = FlyOff.clearance(cardHeight: 0.25)

    @Test("new cards enter staggered: 0.05 s × position, 0.2 s each, from a seeded 0…9 pt offset")
    func stagger() {
        let (deck, _, recorder) = makeDeck()
        var random = SeededGenerator(seed: 0)
        let m = 9.0 / 355
        let top = DeckPoint(x: random.nextUnitInterval() * m, y: random.nextUnitInterval() * m)
        let beneath = DeckPoint(x: random.nextUnitInterval() * m, y: random.nextUnitInterval() * m)
        let layout = deck.configuration.layout
        #expect(deck.visibleIndices == [0, 1])
        #expect(deck.topPose(at: 0) == CardPose(offset: top))
        #expect(deck.topPose(at: 0.2) == .rest)
        let second = { (time: Double) in deck.snapshot(at: time).cards.first { $0.position == 1 }?.pose }
        var from = layout.pose(atPosition: 1)
        from.offset = from.offset + beneath
        #expect(second(0) == from)
        #expect(second(0.05) == from)
        #expect(second(0.06) != from)
        #expect(second(0.25) == layout.pose(atPosition: 1))
        #expect(deck.isMoving(at: 0.2499))
        #expect(!deck.isMoving(at: 0.25))
        // Nothing is decided by showing cards.
        #expect(recorder.decisions == [])
        // Offsets lie in 0 … 9 pt.
        for offset in [top, beneath] { #expect(offset.x >= 0 && offset.x < m && offset.y >= 0 && offset.y < m) }
    }

    @Test(
        "a layout change (a resize) mid-entry: the card entering beneath keeps its distance from its place, which moved"
    )
    func layoutChangeMidEntry() {
        let (deck, clock, _) = makeDeck()
        let second = { (time: Double) in deck.snapshot(at: time).cards.first { $0.position == 1 }?.pose }
        let old = deck.configuration.layout.pose(atPosition: 1)
        let times = [0.05, 0.1, 0.15, 0.2]
        let before = times.map { second($0) }
        // 40 × 5 cards become 98 × 25 (the CLI's card in 100 × 30): another peek, height and scale.
        let layout = StackLayout(metrics: CardMetrics(columns: 98, rows: 25, cellAspect: 2))
        let place = layout.pose(atPosition: 1)
        #expect(place != old)
        clock.advance(to: 0.1)
        deck.setLayout(layout)
        #expect(deck.configuration.layout == layout)
        #expect(deck.topPose(at: 0.2) == .rest)
        for (time, pose) in zip(times, before) {
            // As far from the new place as it was from the old one (within rounding).
            let moved = pose?.moved(withPlaceFrom: old, to: place)
            let now = second(time)
            #expect(moved.map { $0.offset != place.offset } == true, "still entering at \(time)")
            for (a, b) in [
                (now?.offset.x, moved?.offset.x), (now?.offset.y, moved?.offset.y), (now?.scale, moved?.scale),
            ] {
                #expect(a.flatMap { a in b.map { abs(a - $0) < 1e-12 } } == true, "at \(time): \(now!) \(moved!)")
            }
        }
        #expect(second(0.25) == place)
        #expect(!deck.isMoving(at: 0.25))
        // At rest, a change puts the cards at their new places at once.
        clock.advance(to: 1)
        let small = StackLayout(metrics: CardMetrics(columns: 58, rows: 15, cellAspect: 2))
        deck.setLayout(small)
        #expect(second(1) == small.pose(atPosition: 1))
        #expect(!deck.isMoving(at: 1))
    }

    @Test("a fast drag right removes the card by fling; it flies along the release angle beyond the edge")
    func flingRight() {
        let (deck, clock, recorder) = makeDeck()
        clock.advance(to: 1)
        // 1/32 card widths every 1/128 s: 4 card widths/s, 0.25 card widths in all.
        let outcome = deck.fling(step: DeckPoint(x: 1.0 / 32, y: 0), steps: 8, interval: 1.0 / 128, clock: clock)
        #expect(outcome == .remove(.right, .fling))
        #expect(
            recorder.decisions == [.removed(index: 0, side: .right, cause: .fling, velocity: DeckPoint(x: 4, y: 0))])
        let release = clock.now
        let leaving = deck.leavingCard(at: release)
        #expect(leaving?.index == 0)
        #expect(leaving?.pose == CardPose(offset: DeckPoint(x: 0.25, y: 0), rotation: 0.0625))
        // The landing: along atan(0/4) = 0, the centre a half-diagonal beyond the right edge (1).
        let landing = DeckPoint(x: 1 + Self.clearance, y: 0)
        let almost = deck.leavingCard(at: release + 0.2999)?.pose
        #expect(almost.map { abs($0.offset.x - landing.x) < 1e-3 } == true)
        clock.advance(by: 0.3)
        #expect(deck.leavingCard() == nil)
        #expect(deck.visibleIndices == [1, 2])
        #expect(deck.materializedCount == 2)
        #expect(deck.topIndex == 1)
    }

    @Test("a drag at an angle flies off along atan(vy/vx)")
    func flingAngled() {
        let (deck, clock, _) = makeDeck()
        clock.advance(to: 1)
        // (3/64, 4/64) per 1/64 s: velocity (3, 4), release angle atan(4/3).
        let outcome = deck.fling(step: DeckPoint(x: 3.0 / 64, y: 4.0 / 64), steps: 4, interval: 1.0 / 64, clock: clock)
        #expect(outcome == .remove(.right, .fling))
        let start = DeckPoint(x: 0.1875, y: 0.25)
        // Along (0.6, 0.8) from the release point: y reaches 0.5 + clearance first.
        let s = (0.5 + Self.clearance - start.y) / 0.8
        let landing = start + DeckPoint(x: 0.6, y: 0.8) * s
        // Released at 5 card widths/s along the line: 5 · 0.3 s covers more than the distance,
        // so the card flies on linearly at 5 card widths/s (FlyOff.motion) and is halfway at
        // half of distance / 5.
        let distance = (landing - start).length
        clock.advance(by: distance / 5 / 2)
        let pose = deck.leavingCard()?.pose
        let middle = start + (landing - start) * 0.5
        #expect(pose.map { abs($0.offset.x - middle.x) < 1e-6 && abs($0.offset.y - middle.y) < 1e-6 } == true)
        #expect(pose.map { abs($0.rotation - middle.x / 4) < 1e-6 } == true)
    }

    @Test("a slow drag springs back on a spring started at the release velocity, with no decision")
    func springBack() {
        let (deck, clock, recorder) = makeDeck()
        clock.advance(to: 1)
        // 1/64 per 1/32 s: 0.5 card widths/s, 0.125 in all.
        let outcome = deck.fling(step: DeckPoint(x: 1.0 / 64, y: 0), steps: 8, interval: 1.0 / 32, clock: clock)
        #expect(outcome == .springBack)
        let release = clock.now
        #expect(deck.topPose(at: release) == CardPose(offset: DeckPoint(x: 0.125, y: 0), rotation: 0.03125))
        // Spring(duration: 0.5, bounce: 0.25): ω₀ = 4π, ζ = 0.75; 0.5 cw/s away from a place
        // 0.125 away is initialVelocity −4. Settling: ln(√(1 + b²)/0.001)/(ζω₀) with
        // b = (ζω₀ + 4)/(ω₀·√(1 − ζ²)): 0.80102 s.
        let omega = 4 * Double.pi
        let decay = 0.75 * omega
        let damped = omega * (1 - 0.5625).squareRoot()
        let b = (decay + 4) / damped
        let settling = log((1 + b * b).squareRoot() / 0.001) / decay
        #expect(abs(settling - 0.8010186234) <= 1e-9)
        let time = 0.1
        let x = 1 - exp(-decay * time) * (cos(damped * time) + b * sin(damped * time))
        let pose = deck.topPose(at: release + time)
        #expect(pose.map { abs($0.offset.x - 0.125 * (1 - x)) <= 1e-12 } == true)
        #expect(deck.topPose(at: release + settling + 1e-9) == .rest)
        #expect(deck.isMoving(at: release + settling - 1e-6))
        #expect(!deck.isMoving(at: release + settling + 1e-9))
        #expect(recorder.decisions == [])
        #expect(deck.visibleIndices == [0, 1])
    }

    @Test("rotation while dragging: the top card turns by (cx − w/2)/w/4")
    func dragRotation() {
        let (deck, clock, _) = makeDeck()
        clock.advance(to: 1)
        deck.beginDrag(at: DeckPoint(x: 2, y: 3))
        deck.drag(to: DeckPoint(x: 2.5, y: 3.125))
        #expect(deck.topPose() == CardPose(offset: DeckPoint(x: 0.5, y: 0.125), rotation: 0.125))
        deck.drag(to: DeckPoint(x: 1.75, y: 3))
        #expect(deck.topPose() == CardPose(offset: DeckPoint(x: -0.25, y: 0), rotation: -0.0625))
        #expect(deck.isDragging)
    }

    /// (behaviour, velocity per step of 1/64 s, expected): just below and above each fling speed.
    static let sampledThresholds: [(DeckBehavior, DeckPoint, ReleaseOutcome)] = [
        (.swipeDeck, DeckPoint(x: 2.25, y: 0), .springBack),
        (.swipeDeck, DeckPoint(x: 2.3125, y: 0), .remove(.right, .fling)),
        (.swipeDeck, DeckPoint(x: -2.3125, y: 0), .remove(.left, .fling)),
        (.reusingStack, DeckPoint(x: 0, y: 2.8125), .springBack),
        (.reusingStack, DeckPoint(x: 0, y: 2.875), .page(.next)),
        (.reusingStack, DeckPoint(x: 2.875, y: 0), .page(.next)),
    ]

    @Test(
        "drags just below and just above the fling speeds (2.2535, 2.8169 card widths/s)",
        arguments: sampledThresholds.indices)
    func sampledThreshold(_ index: Int) {
        let (behavior, velocity, expected) = Self.sampledThresholds[index]
        let (deck, clock, recorder) = makeDeck(behavior: behavior)
        clock.advance(to: 1)
        let outcome = deck.fling(step: velocity * (1.0 / 64), steps: 6, interval: 1.0 / 64, clock: clock)
        #expect(outcome == expected)
        switch expected {
        case .springBack: #expect(recorder.decisions == [])
        case .remove(let side, let cause):
            #expect(recorder.decisions == [.removed(index: 0, side: side, cause: cause, velocity: velocity)])
        case .page(let direction):
            #expect(
                recorder.decisions == [.paged(from: 0, to: 1, direction: direction, cause: .fling, velocity: velocity)])
        case .tap: Issue.record("no tap expected")
        }
    }

    @Test("the reusing stack: beneath shows the previous item while dragging up, the next down; clamped at the ends")
    func reusingStackPreview() {
        let (deck, clock, recorder) = makeDeck(behavior: .reusingStack)
        clock.advance(to: 1)
        deck.beginDrag(at: .zero)
        deck.drag(to: DeckPoint(x: 0, y: -0.125))
        #expect(deck.visibleIndices == [0, 0])  // Clamped: nothing before the first item.
        deck.cancelDrag()
        #expect(deck.page(.next))
        #expect(deck.page(.next))
        clock.advance(by: 1)
        recorder.clear()
        deck.beginDrag(at: .zero)
        deck.drag(to: DeckPoint(x: 0, y: -0.125))
        #expect(deck.visibleIndices == [2, 1])
        deck.drag(to: DeckPoint(x: 0, y: 0.125))
        #expect(deck.visibleIndices == [2, 3])
        deck.drag(to: DeckPoint(x: 0, y: -0.0625))
        // A release at rest: the card springs back on Spring(duration: 0.3, bounce: 0.25),
        // settling in ln(√(1 + b²)/0.001)/(ζω₀) = 0.46608 s, and the index is restored.
        clock.advance(by: 0.5)
        #expect(deck.endDrag(at: DeckPoint(x: 0, y: -0.0625)) == .springBack)
        #expect(deck.visibleIndices == [2, 3])
        let release = clock.now
        #expect(deck.topPose(at: release + 0.46608) == .rest)
        #expect(deck.isMoving(at: release + 0.46607))
        // A fling up pages to the previous item; the card flies up along the release line.
        let outcome = deck.fling(step: DeckPoint(x: 0, y: -3.0 / 64), steps: 4, interval: 1.0 / 64, clock: clock)
        #expect(outcome == .page(.previous))
        #expect(deck.visibleIndices == [1, 2])
        #expect(deck.leavingCard()?.index == 2)
        clock.advance(by: 0.3)
        #expect(deck.materializedCount == 2)
        #expect(
            recorder.decisions == [
                .paged(from: 2, to: 1, direction: .previous, cause: .fling, velocity: DeckPoint(x: 0, y: -3))
            ])
    }

    @Test("a fling at an end of the reusing stack springs back (the source flew off onto the same item)")
    func reusingStackEnd() {
        let (deck, clock, recorder) = makeDeck(behavior: .reusingStack)
        clock.advance(to: 1)
        let outcome = deck.fling(step: DeckPoint(x: 0, y: -3.0 / 64), steps: 4, interval: 1.0 / 64, clock: clock)
        #expect(outcome == .springBack)
        #expect(recorder.decisions == [])
        #expect(deck.visibleIndices == [0, 1])
    }

    @Test("undo: the last removed card flies back on top from where it landed, in 0.3 s")
    func undo() {
        let (deck, clock, recorder) = makeDeck()
        clock.advance(to: 1)
        #expect(deck.swipe(.left))
        clock.advance(by: 0.3)
        #expect(deck.visibleIndices == [1, 2])
        #expect(deck.canUndo)
        #expect(deck.undo())
        let landing = CardPose(
            offset: DeckPoint(x: -1 - Self.clearance, y: 0), rotation: (-1 - Self.clearance) / 4)
        #expect(deck.topPose() == landing)
        #expect(deck.visibleIndices == [0, 1])
        clock.advance(by: 0.3)
        #expect(deck.topPose() == .rest)
        #expect(!deck.canUndo)
        #expect(!deck.undo())
        #expect(
            recorder.decisions == [
                .removed(index: 0, side: .left, cause: .key, velocity: nil), .undone(index: 0, side: .left),
            ])
        #expect(deck.materializedCount == 2)
    }

    @Test("loop: after the last item the first comes again; the deck never runs out")
    func loop() {
        let (deck, clock, recorder) = makeDeck(count: 3, loops: true)
        for _ in 0..<4 {
            clock.advance(by: 0.5)
            #expect(deck.swipe(.right))
        }
        clock.advance(by: 1)
        #expect(deck.visibleIndices == [1, 2])
        #expect(!deck.isFinished)
        #expect(deck.remainingCount == 3)
        #expect(
            recorder.decisions.map { if case .removed(let index, _, _, _) = $0 { index } else { -1 } } == [0, 1, 2, 0])
        #expect(deck.page(.previous))
        #expect(deck.visibleIndices == [0, 1])
    }

    @Test("need more data: asked when 2 or fewer cards are left, then the count is read again")
    func needsMoreData() {
        let clock = ManualClock()
        let source = GrowingDataSource(initial: 3, step: 3, limit: 9)
        let layout = StackLayout(visibleCount: 2, peek: 0.05, cardHeight: 0.25)
        let deck = SwipeDeck(dataSource: source, configuration: DeckConfiguration(layout: layout), clock: clock)
        let recorder = DeckEventRecorder()
        deck.addObserver { recorder.record($0) }
        deck.start()
        #expect(source.asked == [])
        var tops: [Int?] = []
        for _ in 0..<9 {
            clock.advance(by: 0.5)
            deck.swipe(.right)
            tops.append(deck.topIndex)
        }
        #expect(source.asked == [2, 2, 2, 1, 0])
        #expect(tops == [1, 2, 3, 4, 5, 6, 7, 8, nil])
        #expect(deck.count == 9)
        #expect(!recorder.all.contains(.finished))
        clock.advance(by: 0.3)
        #expect(deck.isFinished)
        #expect(recorder.all.last == .finished)
        #expect(recorder.all.filter { $0 == .finished }.count == 1)
    }

    @Test("page: the top card flies down (next) or up (previous); nothing before the first item")
    func page() {
        let (deck, clock, recorder) = makeDeck()
        clock.advance(to: 1)
        #expect(!deck.page(.previous))
        #expect(deck.page(.next))
        #expect(deck.visibleIndices == [1, 2])
        // It flies straight down, to a half-diagonal below the bottom edge (0.5).
        #expect(deck.leavingCard(at: clock.now + 0.2999)?.pose.offset.x == 0)
        #expect((deck.leavingCard(at: clock.now + 0.2999)?.pose.offset.y ?? 0) > 0.5 + Self.clearance - 1e-3)
        clock.advance(by: 0.3)
        #expect(deck.page(.previous))
        #expect(deck.visibleIndices == [0, 1])
        clock.advance(by: 0.3)
        #expect(
            recorder.decisions == [
                .paged(from: 0, to: 1, direction: .next, cause: .key, velocity: nil),
                .paged(from: 1, to: 0, direction: .previous, cause: .key, velocity: nil),
            ])
    }

    @Test("click: Enter clicks the top card, and so does a press and release without motion")
    func click() {
        let (deck, clock, recorder) = makeDeck()
        clock.advance(to: 1)
        #expect(deck.click())
        deck.beginDrag(at: DeckPoint(x: 0.5, y: 0.5))
        clock.advance(by: 0.2)
        #expect(deck.endDrag(at: DeckPoint(x: 0.5, y: 0.5)) == .tap)
        #expect(recorder.decisions == [.clicked(index: 0, cause: .key), .clicked(index: 0, cause: .tap)])
        #expect(deck.visibleIndices == [0, 1])
    }

    @Test("flip: the top card turns to its back over 0.5 s, and back again")
    func flip() {
        let (deck, clock, recorder) = makeDeck()
        clock.advance(to: 1)
        #expect(deck.flip())
        let top = { deck.snapshot().cards.last { $0.position == 0 } }
        clock.advance(by: 0.25)
        #expect(top()?.flip == CardFlip(t: 0.5, towardBack: true))
        #expect(top()?.showsBack == false)
        #expect(deck.isMoving())
        clock.advance(by: 0.25)
        #expect(top()?.flip == nil)
        #expect(top()?.showsBack == true)
        #expect(deck.flip())
        clock.advance(by: 0.5)
        #expect(top()?.showsBack == false)
        #expect(recorder.decisions == [.flipped(index: 0, showsBack: true), .flipped(index: 0, showsBack: false)])
    }

    @Test("finished: the last card's landing ends the deck, once")
    func finished() {
        let (deck, clock, recorder) = makeDeck(count: 2)
        clock.advance(to: 1)
        deck.swipe(.right)
        clock.advance(by: 0.1)
        deck.swipe(.left)
        #expect(!deck.isFinished)
        clock.advance(by: 0.2999)
        #expect(!deck.isFinished)
        clock.advance(by: 0.0001)
        #expect(deck.isFinished)
        #expect(recorder.all.filter { $0 == .finished }.count == 1)
        #expect(deck.materializedCount == 0)
        // Undo brings the last card back.
        #expect(deck.undo())
        #expect(deck.topIndex == 1)
        #expect(!deck.isFinished)
    }
}

/// A data source that grows by `step` items (up to `limit`) each time it is asked for more.
final class GrowingDataSource: DeckDataSource, @unchecked Sendable {
    private let lock = NSLock()
    private var total: Int
    private let step: Int
    private let limit: Int
    private var askedStorage: [Int] = []

    init(initial: Int, step: Int, limit: Int) {
        total = initial
        self.step = step
        self.limit = limit
    }

    var asked: [Int] { lock.withLock { askedStorage } }
    var count: Int { lock.withLock { total } }
    func item(at index: Int) -> String { "card \(index)" }

    func needsMoreData(remaining: Int) {
        lock.withLock {
            askedStorage.append(remaining)
            total = min(total + step, limit)
        }
    }
}

/// Issue 22, point 5: reports are timed when they are read; the deck takes the times it is given.
@Suite("Swipe deck: gestures at the times given")
struct GestureTimeTests {
    /// The same drag, 1/32 card widths every 1/128 s for 8 steps, as its reports came.
    static func steps() -> [(time: TimeInterval, point: DeckPoint)] {
        (0...8).map { (1 + Double($0) / 128, DeckPoint(x: Double($0) / 32, y: 0)) }
    }

    @Test("a batch handled at once with its read times decides as the same reports spread out")
    func batchedEqualsSpread() {
        let (spread, spreadClock, spreadRecorder) = makeDeck()
        spreadClock.advance(to: 1)
        for (index, step) in Self.steps().enumerated() {
            spreadClock.advance(to: step.time)
            if index == 0 {
                spread.beginDrag(at: step.point)
            } else if index < 8 {
                spread.drag(to: step.point)
            } else {
                #expect(spread.endDrag(at: step.point) == .remove(.right, .fling))
            }
        }
        let (batched, batchedClock, batchedRecorder) = makeDeck()
        // Every report handled 0.05 s after the last was read (a frame being composed).
        batchedClock.advance(to: 1 + 8.0 / 128 + 0.05)
        for (index, step) in Self.steps().enumerated() {
            if index == 0 {
                batched.beginDrag(at: step.point, time: step.time)
            } else if index < 8 {
                batched.drag(to: step.point, time: step.time)
            } else {
                #expect(batched.endDrag(at: step.point, time: step.time) == .remove(.right, .fling))
            }
        }
        #expect(
            spreadRecorder.decisions == [
                .removed(index: 0, side: .right, cause: .fling, velocity: DeckPoint(x: 4, y: 0))
            ])
        #expect(batchedRecorder.decisions == spreadRecorder.decisions)
    }

    @Test("handled at their handling time instead, the same reports read as a slower release")
    func handlingTimeMisleads() {
        let (deck, clock, recorder) = makeDeck()
        clock.advance(to: 1)
        deck.beginDrag(at: .zero)
        // All 8 motion reports handled together, then the release 0.15 s later.
        for step in Self.steps().dropFirst().dropLast() { deck.drag(to: step.point) }
        clock.advance(by: 0.15)
        #expect(deck.endDrag(at: DeckPoint(x: 0.25, y: 0)) == .springBack)
        #expect(recorder.decisions == [])
    }

    @Test("a time after the clock's now, or before the last one given, is kept within them")
    func clamped() {
        let (deck, clock, recorder) = makeDeck()
        clock.advance(to: 1)
        deck.beginDrag(at: .zero, time: 5)  // In the future: now (1).
        deck.drag(to: DeckPoint(x: 0.125, y: 0), time: 0.5)  // Before the press: at the press (1).
        clock.advance(to: 1 + 1.0 / 32)
        #expect(deck.endDrag(at: DeckPoint(x: 0.25, y: 0), time: 1 + 1.0 / 32) == .remove(.right, .fling))
        #expect(recorder.decisions.count == 1)
    }
}

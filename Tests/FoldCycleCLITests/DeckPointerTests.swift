import FoldCycle
import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycleCLI

/// Issue 22, points 4 and 6: a press starts a drag only on the top card's cells, and a drag
/// whose release never comes ends by the usual release rule at a new press, focus lost, or
/// motion with no button; on a manual clock, with exact decisions.
@Suite("Deck pointer: hit-testing and drags that never get their release")
struct DeckPointerTests {
    /// Records the deck's events but `changed`.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [DeckEvent] = []
        var decisions: [DeckEvent] { lock.withLock { storage } }
        func record(_ event: DeckEvent) {
            guard event != .changed else { return }
            lock.withLock { storage.append(event) }
        }
    }

    /// Three 32 × 3 cards (one column is 1/32 card widths), two visible, in a 64 × 6 frame whose
    /// first row is screen row 4: the top card rests on columns 16 … 47, screen rows 5 … 7.
    static func makeScene() -> (DeckScene<ArrayDataSource<String>>, ManualClock, Recorder) {
        let clock = ManualClock()
        let metrics = CardMetrics(columns: 32, rows: 3, cellAspect: 2)
        let deck = SwipeDeck(
            dataSource: ArrayDataSource(["alpha", "beta", "gamma"]),
            configuration: DeckConfiguration(layout: StackLayout(metrics: metrics, visibleCount: 2)), clock: clock)
        let scene = DeckScene(
            deck: deck, cardSize: TerminalSize(columns: 32, rows: 3), frameSize: TerminalSize(columns: 64, rows: 6))
        let recorder = Recorder()
        deck.addObserver { recorder.record($0) }
        deck.start()
        clock.advance(to: 1)  // The cards have entered.
        return (scene, clock, recorder)
    }

    static func press(_ column: Int, _ row: Int) -> MouseEvent {
        MouseEvent(action: .press, button: .left, column: column, row: row)
    }

    static func move(_ column: Int, _ row: Int) -> MouseEvent {
        MouseEvent(action: .motion, button: .left, column: column, row: row)
    }

    static func release(_ column: Int, _ row: Int) -> MouseEvent {
        MouseEvent(action: .release, button: .left, column: column, row: row)
    }

    @Test("the top card's cells, at rest and moved by a drag, in frame coordinates")
    func topCardCells() {
        let (scene, clock, _) = Self.makeScene()
        #expect(scene.cardOrigin == CellPosition(column: 16, row: 1))
        let inside = [(16, 1), (47, 1), (16, 3), (47, 3), (30, 2)]
        let outside = [(15, 2), (48, 2), (30, 0), (30, 4), (30, 5), (30, 6), (0, 0), (63, 5)]
        for (column, row) in inside { #expect(scene.topCardContains(column: column, row: row), "\(column), \(row)") }
        for (column, row) in outside { #expect(!scene.topCardContains(column: column, row: row), "\(column), \(row)") }
        // Dragged 8 columns (0.25 card widths) right: the card covers 24 … 55.
        scene.deck.beginDrag(at: DeckPoint(x: 0, y: 0))
        clock.advance(by: 0.01)
        scene.deck.drag(to: DeckPoint(x: 0.25, y: 0))
        #expect(!scene.topCardContains(column: 23, row: 2))
        #expect(scene.topCardContains(column: 24, row: 2))
        #expect(scene.topCardContains(column: 55, row: 2))
        #expect(!scene.topCardContains(column: 56, row: 2))
    }

    @Test(
        "a press and release outside the card (beside it, the blank rows, the footer, above the frame) do nothing",
        arguments: [(15, 6), (48, 6), (30, 4), (30, 8), (30, 9), (30, 10), (30, 11), (30, 2), (30, 0)])
    func pressOutside(_ column: Int, _ row: Int) {
        let (scene, clock, recorder) = Self.makeScene()
        var pointer = DeckPointer(frameTop: 4)
        pointer.handle(Self.press(column, row), time: clock.now, scene: scene)
        #expect(!pointer.isDragging)
        clock.advance(by: 0.05)
        pointer.handle(Self.move(column + 20, row), time: clock.now, scene: scene)
        pointer.handle(Self.release(column + 20, row), time: clock.now, scene: scene)
        #expect(!scene.deck.isDragging)
        #expect(recorder.decisions == [])
        #expect(scene.deck.topIndex == 0)
    }

    @Test("a press and release on the card's corners is a tap", arguments: [(16, 5), (47, 5), (16, 7), (47, 7)])
    func pressInside(_ column: Int, _ row: Int) {
        let (scene, clock, recorder) = Self.makeScene()
        var pointer = DeckPointer(frameTop: 4)
        pointer.handle(Self.press(column, row), time: clock.now, scene: scene)
        #expect(pointer.isDragging)
        clock.advance(by: 0.05)
        pointer.handle(Self.release(column, row), time: clock.now, scene: scene)
        #expect(recorder.decisions == [.clicked(index: 0, cause: .tap)])
    }

    @Test("with the frame's row unknown, only the column is tested")
    func frameRowUnknown() {
        let (scene, clock, recorder) = Self.makeScene()
        var pointer = DeckPointer()
        pointer.handle(Self.press(10, 6), time: clock.now, scene: scene)
        #expect(!pointer.isDragging)
        pointer.handle(Self.press(20, 40), time: clock.now, scene: scene)
        #expect(pointer.isDragging)
        pointer.handle(Self.release(20, 40), time: clock.now, scene: scene)
        #expect(recorder.decisions == [.clicked(index: 0, cause: .tap)])
    }

    /// A drag right from column 30, one column (1/32 card widths) every 1/128 s for 8 steps:
    /// 4 card widths a second, a fling.
    static func flingRight(_ pointer: inout DeckPointer, scene: DeckScene<ArrayDataSource<String>>, clock: ManualClock)
    {
        pointer.handle(Self.press(30, 6), time: clock.now, scene: scene)
        for step in 1...8 {
            clock.advance(by: 1.0 / 128)
            pointer.handle(Self.move(30 + step, 6), time: clock.now, scene: scene)
        }
    }

    static let fling = DeckEvent.removed(index: 0, side: .right, cause: .fling, velocity: DeckPoint(x: 4, y: 0))

    @Test("focus lost while a drag is open ends it by the release rule, where it was last seen")
    func focusLost() {
        let (scene, clock, recorder) = Self.makeScene()
        var pointer = DeckPointer(frameTop: 4)
        Self.flingRight(&pointer, scene: scene, clock: clock)
        pointer.focusLost(time: clock.now, deck: scene.deck)
        #expect(!pointer.isDragging)
        #expect(recorder.decisions == [Self.fling])
        // Focus lost with no drag open does nothing.
        pointer.focusLost(time: clock.now, deck: scene.deck)
        #expect(recorder.decisions == [Self.fling])
    }

    @Test("a motion report with no button held while a drag is open ends it by the release rule")
    func motionWithoutButton() {
        let (scene, clock, recorder) = Self.makeScene()
        var pointer = DeckPointer(frameTop: 4)
        Self.flingRight(&pointer, scene: scene, clock: clock)
        pointer.handle(MouseEvent(action: .motion, button: .none, column: 60, row: 1), time: clock.now, scene: scene)
        #expect(!pointer.isDragging)
        // Ended at the last point seen with the button held, not where the bare motion was.
        #expect(recorder.decisions == [Self.fling])
    }

    @Test("a new press while a drag is open ends the old drag by the release rule, then starts its own")
    func newPress() {
        let (scene, clock, recorder) = Self.makeScene()
        var pointer = DeckPointer(frameTop: 4)
        Self.flingRight(&pointer, scene: scene, clock: clock)
        // The card flies off; the new press lands it and takes the next card.
        pointer.handle(Self.press(30, 6), time: clock.now, scene: scene)
        #expect(pointer.isDragging)
        clock.advance(by: 0.05)
        pointer.handle(Self.release(30, 6), time: clock.now, scene: scene)
        #expect(recorder.decisions == [Self.fling, .clicked(index: 1, cause: .tap)])
    }

    @Test("a drag held still then left open ends by position at a new press")
    func newPressAfterHold() {
        let (scene, clock, recorder) = Self.makeScene()
        var pointer = DeckPointer(frameTop: 4)
        pointer.handle(Self.press(30, 6), time: clock.now, scene: scene)
        for step in 1...4 {  // 16 columns: half a card width, past the edge rule.
            clock.advance(by: 0.05)
            pointer.handle(Self.move(30 + 4 * step, 6), time: clock.now, scene: scene)
        }
        clock.advance(by: 0.25)  // Held still: no speed left.
        pointer.handle(Self.press(30, 6), time: clock.now, scene: scene)
        #expect(
            recorder.decisions.first
                == .removed(index: 0, side: .right, cause: .position, velocity: DeckPoint(x: 0, y: 0)))
    }

    @Test("SGR reports read one by one and handled in one batch with their read times decide as spread out")
    func batchedReports() {
        let reports = ["\u{1B}[<0;31;7M"] + (1...8).map { "\u{1B}[<32;\(31 + $0);7M" } + ["\u{1B}[<0;39;7m"]
        // Spread out: each report handled when it is read.
        let (spread, spreadClock, spreadRecorder) = Self.makeScene()
        var spreadPointer = DeckPointer(frameTop: 4)
        var spreadDecoder = KeyDecoder()
        for (index, bytes) in reports.enumerated() {
            if index > 0, index < 9 { spreadClock.advance(by: 1.0 / 128) }
            for case .mouse(let report) in spreadDecoder.decode(Array(bytes.utf8)) {
                spreadPointer.handle(report, time: spreadClock.now, scene: spread)
            }
        }
        // Batched: the reports arrive in one chunk, handled 0.05 s after the last was read, each
        // with the time it was read.
        let (batched, batchedClock, batchedRecorder) = Self.makeScene()
        var batchedPointer = DeckPointer(frameTop: 4)
        var decoder = KeyDecoder()
        let events = decoder.decode(Array(reports.joined().utf8))
        #expect(events.count == 10)
        let readTimes = (0..<10).map { 1 + Double(min($0, 8)) / 128 }
        batchedClock.advance(to: 1 + 8.0 / 128 + 0.05)
        for (event, readTime) in zip(events, readTimes) {
            guard case .mouse(let report) = event else { continue }
            batchedPointer.handle(report, time: readTime, scene: batched)
        }
        #expect(spreadRecorder.decisions == [Self.fling])
        #expect(batchedRecorder.decisions == spreadRecorder.decisions)
    }

    @Test("focus and cursor-position reports decode as the terminal's reports, in order with keys")
    func reportsDecode() {
        var decoder = KeyDecoder()
        let decoded = decoder.decodeWithReports(Array("a\u{1B}[O\u{1B}[I\u{1B}[12;1Rb\u{1B}[1;2R\u{1B}[;R".utf8))
        #expect(
            decoded == [
                .key(.text("a")), .report(.focusOut), .report(.focusIn),
                .report(.cursorPosition(row: 11, column: 0)), .key(.text("b")),
                .report(.cursorPosition(row: 0, column: 1)),
            ])
        // As keys, the reports are dropped.
        var keys = KeyDecoder()
        #expect(keys.decode(Array("\u{1B}[O\u{1B}[3;4Rx".utf8)) == [.key(.text("x"))])
    }
}

import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 34, finding 6: a card dropped without `finish()` or `stop()` stops and gives the terminal
/// back (200 dropped cards kept 258 threads drawing, 1.5 cores).
@Suite("Reliability: a dropped card stops")
struct DroppedCardTests {
    @Test("cards dropped mid-fold on a terminal are freed, leave no timer and give the modes back")
    func droppedCardsStop() throws {
        let (master, slave) = try TerminalRescueTests.openPseudoTerminal()
        defer {
            close(slave)
            close(master)
        }
        // The cards' frames drained, so no write waits on a full terminal.
        DispatchQueue.global().async {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while read(master, &buffer, buffer.count) > 0 {}
        }
        var before = termios()
        _ = tcgetattr(slave, &before)
        let clock = ManualClock()
        let configuration = Player.Configuration(colorDepth: .fixed(.truecolor), motion: .fixed(.full))
        weak var lastPlayer: Player?
        weak var lastCycler: Cycler<ArrayDataSource<StyledString>>?
        var cards: [PseudoFoldCycler] = []
        for _ in 0..<50 {
            let card = try PseudoFoldCycler(
                items: ["A", "B"], interval: 1,
                configuration: .init(cardSize: TerminalSize(columns: 4, rows: 1), player: configuration),
                output: TerminalDevice(fileDescriptor: slave), clock: clock)
            card.start()
            lastPlayer = card.player
            lastCycler = card.cycler
            cards.append(card)
        }
        clock.advance(by: 1.1)  // Every card mid-fold when dropped.
        #expect(cards.allSatisfy { $0.progress() != nil })
        cards.removeAll()
        #expect(lastPlayer == nil)
        #expect(lastCycler == nil)
        #expect(clock.pendingTimerCount == 0)
        var after = termios()
        _ = tcgetattr(slave, &after)
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag)
        #expect(TerminalModeLedger.shared.holderCount(descriptor: slave) == 0)
    }
}

/// Issue 34, finding 7: a card size from an embedder is bounded where the library takes it.
@Suite("Reliability: card sizes are bounded")
struct CardSizeBoundTests {
    @Test("a 100,000 × 100,000 card is refused by the card, clamped by a scene")
    func hugeCard() throws {
        let huge = TerminalSize(columns: 100_000, rows: 100_000)
        #expect(throws: CyclerError.invalidCardSize(columns: 100_000, rows: 100_000)) {
            try PseudoFoldCycler(
                items: ["A"], configuration: .init(cardSize: huge), output: RecordingTerminal(columns: 80, rows: 24),
                clock: ManualClock())
        }
        #expect(
            CyclerError.invalidCardSize(columns: 100_000, rows: 100_000).description
                == "card size 100000x100000 is not allowed (0 to 2000 columns and 0 to 1000 rows, the largest "
                + "terminal frames are laid out for)")
        var scene = CardScene(cardSize: huge)
        #expect(scene.cardSize == TerminalSize(columns: 2_000, rows: 1_000))
        scene.cardSize = TerminalSize(columns: -1, rows: 5_000)
        #expect(scene.cardSize == TerminalSize(columns: 0, rows: 1_000))
        // Items wider than any terminal fit a card as wide as the widest one.
        let wide = try PseudoFoldCycler(
            items: [String(repeating: "x", count: 5_000)], output: RecordingTerminal(columns: 80, rows: 24),
            clock: ManualClock())
        #expect(wide.cardSize == TerminalSize(columns: 2_000, rows: 3))
    }
}

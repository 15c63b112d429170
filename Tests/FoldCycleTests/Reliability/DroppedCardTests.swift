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
        weak var lastCycler: Cycler<ArrayDataSource<String>>?
        var cards: [PseudoFoldCycler] = []
        for _ in 0..<50 {
            let card = try PseudoFoldCycler(
                items: ["A", "B"], interval: 1, cardSize: TerminalSize(columns: 4, rows: 1),
                output: TerminalDevice(fileDescriptor: slave), configuration: configuration, clock: clock)
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

import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// The deck scene through the same player, region and encoder as the cycler, on a manual clock,
/// read back from the VT model (docs/DESIGN.md#swipe-deck).
@Suite("Deck scene, by screen")
final class DeckSceneTests {
    static let black = RGBColor(red: 0, green: 0, blue: 0)
    static let white = RGBColor(red: 255, green: 255, blue: 255)

    /// A deck of three 8 × 3 cards (black, white, black) in a 24 × 6 frame, two visible, played
    /// into a 24 × 8 recording terminal.
    func makePlayer(_ items: [String] = ["AAAA", "BBBB", "CCCC"])
        -> (Player, DeckScene<ArrayDataSource<String>>, ManualClock, RecordingTerminal)
    {
        let clock = ManualClock()
        let metrics = CardMetrics(columns: 8, rows: 3, cellAspect: 2)
        let deck = SwipeDeck(
            dataSource: ArrayDataSource(items),
            configuration: DeckConfiguration(
                layout: StackLayout(metrics: metrics, visibleCount: 2)),
            clock: clock)
        let scene = DeckScene(
            deck: deck, cardSize: TerminalSize(columns: 8, rows: 3), frameSize: TerminalSize(columns: 24, rows: 6),
            style: CardStyle(palette: [Self.black, Self.white]))
        let terminal = RecordingTerminal(columns: 24, rows: 8)
        let player = Player(
            scene: scene,
            configuration: .init(output: .inline, colorDepth: .truecolor, motion: .full, keepsHostLine: false),
            sink: terminal)
        return (player, scene, clock, terminal)
    }

    /// Lets the player handle what happened, moves the clock, and has the screen show the new
    /// time: a frame tick hops onto the player's queue, which may run it while the clock is still
    /// moving (at one of the ticks' deadlines), so ticks still due are fired, and then the frame
    /// is drawn once more at exactly the clock's time (a blank footer line that changes its
    /// attributes, which redraws).
    func advance(_ clock: ManualClock, _ player: Player, by seconds: TimeInterval) {
        _ = player.frameCount
        clock.advance(by: seconds)
        _ = player.frameCount
        while let deadline = clock.nextDeadline, deadline <= clock.now {
            clock.advance(by: 0)
            _ = player.frameCount
        }
        redraws += 1
        player.setFooter([FooterLine("", attributes: redraws % 2 == 0 ? [] : [.dim])])
        _ = player.frameCount
    }

    /// How many times ``advance(_:_:by:)`` has redrawn.
    private var redraws = 0

    /// The background of each cell of `row`: `k` black, `w` white, `.` the default.
    func backgrounds(_ terminal: RecordingTerminal, row: Int) -> String {
        String(
            (0..<24).map { column -> Character in
                let sgr = terminal.rendition(column: column, row: row)
                // A reversed edge cell's paper (most of it) is its foreground.
                let paper = sgr.contains("a7=") ? "fg=" : "bg="
                if sgr.contains(paper + "rgb:255,255,255") { return "w" }
                if sgr.contains(paper + "rgb:0,0,0") { return "k" }
                return "."
            })
    }

    @Test("layout: the card centred, the stack centred; the frame's edges in card widths")
    func layout() {
        var (_, scene, _, _) = makePlayer()
        #expect(scene.cardOrigin == CellPosition(column: 8, row: 1))
        // The card's centre is at (12, 2.5) cells; a column is 1/8 card width, a row 1/4.
        #expect(scene.deckBounds == DeckRect(minX: -1.5, minY: -0.625, maxX: 1.5, maxY: 0.875))
        let layout = StackLayout(metrics: CardMetrics(columns: 40, rows: 5), visibleCount: 3)
        // 2 columns in from each side per place: 36 of 40 columns, then 32.
        #expect(layout.scaleStep == 0.1)
        #expect(layout.peek == 0.05)
        scene.frameSize = TerminalSize(columns: 40, rows: 6)
        #expect(scene.cardOrigin == CellPosition(column: 16, row: 1))
        #expect(scene.deck.configuration.bounds.maxX == 2.5)
    }

    @Test("at rest: the top card over the one beneath, whose last row peeks out 1 column in from each side")
    func rest() {
        let (player, _, clock, terminal) = makePlayer()
        player.start()
        advance(clock, player, by: 1)
        #expect(terminal.lines == ["", "", "          AAAA", "", "", "", "", ""].map(Self.padded))
        #expect(
            (0..<6).map { backgrounds(terminal, row: $0) } == [
                "........................",
                "........kkkkkkkk........",
                "........kkkkkkkk........",
                "........kkkkkkkk........",
                ".........wwwwww.........",
                "........................",
            ])
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("a key swipe: the card flies off to the right, turning, its letters each drawn once")
    func swipe() {
        let (player, scene, clock, terminal) = makePlayer()
        player.start()
        advance(clock, player, by: 1)
        scene.deck.swipe(.right)
        advance(clock, player, by: 0.15)
        // Halfway (0.15 of 0.3 s, ease-in-ease-out): the black card is past the frame's right
        // edge by a column, turned clockwise, its four letters in view, each once, as one run
        // (its line laid out on the face's row, docs/DESIGN.md#text-on-turned-faces); the
        // white card beneath is on its way up to the top place (0.2 s), growing to full size.
        // The turned card's outline is drawn whole: its top edge rises to the right into row 0
        // (▄▃▂▁), its bottom edge falls to the right on row 4 (▇▆▅▄), in eighths of its coverage.
        #expect(
            terminal.lines
                == [
                    "                 ▄▃▂▁", "        ▆▆▆▆▆▆▆▆      ▇▆", "        ▏ BBBB ▉▏ AAAA",
                    "        ▏      ▉▃▂▁", "        ▇▇▇▇▇▇▇▇    ▇▆▅▄", "", "", "",
                ].map(Self.padded))
        #expect(
            (0..<6).map { backgrounds(terminal, row: $0) } == [
                "........................",
                ".................kkkkk..",
                "........wwwwwww.kkkkkkkk",
                "........wwwwwww.kkkkkkkk",
                "........wwwwwwww....kkkk",
                "........................",
            ])
        advance(clock, player, by: 0.3)
        #expect(terminal.lines == ["", "", "          BBBB", "", "", "", "", ""].map(Self.padded))
        #expect(backgrounds(terminal, row: 2) == "........wwwwwwww........")
        #expect(backgrounds(terminal, row: 4) == ".........kkkkkk.........")
        #expect(!scene.isMoving(at: clock.now))
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("a drag moves and turns the card with the pointer; letters are never duplicated")
    func drag() {
        let (player, scene, clock, terminal) = makePlayer()
        player.start()
        advance(clock, player, by: 1)
        scene.deck.beginDrag(at: .zero)
        // Half a card width right (4 columns), a quarter down (1 row): turned by 0.125 rad.
        scene.deck.drag(to: DeckPoint(x: 0.5, y: 0.25))
        advance(clock, player, by: 0.01)
        // The top card (black) 4 columns right and a row down, its top edge rising to the left and
        // its bottom edge falling to the right (clockwise); each letter drawn once, upright. The
        // card beneath (white) shows on the left: its top edge, two of its letters, its bottom.
        // The turned card's outline is drawn whole: its top edge on rows 1 and 2, its bottom edge
        // on rows 4 and 5, each in eighths of the part of the cell it covers.
        #expect(
            terminal.lines
                == [
                    "", "            ▂▂▁▁", "         ▂▂▂▏     ▇▇", "          BB  AAAA", "            ▁▁     ▉",
                    "                ▇▇▆▆", "", "",
                ].map(Self.padded))
        #expect(
            (0..<6).map { backgrounds(terminal, row: $0) } == [
                "........................",
                "........................",
                "............kkkkkk......",
                ".........wwwkkkkkkkk....",
                ".........wwwkkkkkkk.....",
                "................kkkk....",
            ])
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("a flashcard turns to its back; the front's text is gone once it has turned")
    func flip() {
        let (player, scene, clock, terminal) = makePlayer(["Q1\n---\nA1", "Q2"])
        player.start()
        advance(clock, player, by: 1)
        #expect(terminal.lines[2] == Self.padded("           Q1"))
        scene.deck.flip()
        advance(clock, player, by: 0.1)
        // 0.1 s of 0.5 s: the flip from the right (`left`) has turned the front a little: its
        // right edge, nearer the eye, spans the card's full three rows (▉, the dolly keeps it
        // inside the card); the far left edge is shorter, so the top and bottom edges slant (▇ on
        // row 1, ▁ on row 3 cover only part of those rows). Q1 is drawn once, where it was.
        #expect(
            terminal.lines
                == ["", "         ▇▇▇▇  ▉", "        ▊  Q1  ▉", "         ▁▁▁▁  ▉", "", "", "", ""].map(Self.padded))
        advance(clock, player, by: 0.15)
        #expect(scene.isMoving(at: clock.now))
        advance(clock, player, by: 0.3)
        #expect(terminal.lines[2] == Self.padded("           A1"))
        #expect(scene.plainText(at: clock.now) == "A1")
        player.finish()
        #expect(terminal.errors == [])
    }

    static func padded(_ line: String) -> String {
        line + String(repeating: " ", count: max(0, 24 - line.count))
    }
}

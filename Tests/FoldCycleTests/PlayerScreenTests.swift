import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// The player tested by what a terminal shows: a ``RecordingTerminal`` (the VT model as an
/// output sink) on a manual clock.
@Suite("Player, by screen")
struct PlayerScreenTests {
    static let black = RGBColor(red: 0, green: 0, blue: 0)
    static let white = RGBColor(red: 255, green: 255, blue: 255)

    /// A player of a two-item cycler (interval 1 s, duration 0.5 s, linear) on a 7 × 3 card.
    func makePlayer(_ kind: TransitionKind, palette: [RGBColor] = [], depth: ColorDepth = .none)
        throws -> (Player, Cycler<ArrayDataSource<String>>, ManualClock, RecordingTerminal)
    {
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["AAA", "BBB"]), interval: 1, duration: 0.5,
            style: TransitionStyle(kind: kind, direction: .down, timingFunction: .linear), clock: clock)
        let terminal = RecordingTerminal(columns: 10, rows: 5)
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 7, rows: 3),
            style: CardStyle(palette: palette),
            configuration: .init(output: .inline, colorDepth: .fixed(depth), motion: .full, keepsHostLine: false),
            sink: terminal)
        return (player, cycler, clock, terminal)
    }
    @Test("a fold: the settled card, the frame at t = 0.5, and the last frame with the cursor below")
    func fold() throws {
        let (player, _, clock, terminal) = try makePlayer(.fold)
        player.start()
        #expect(terminal.lines == ["          ", "  AAA     ", "          ", "          ", "          "])
        clock.advance(by: 1, drawing: player)  // The tick: the fold begins, the frame loop starts.
        clock.advance(by: 0.25, drawing: player)
        // Hand-derived in FoldFrameTests (down, t = 0.5): the incoming item on row 0, the edge
        // row half and half (▄ in colour; without colour no edge block is drawn, issue 21), the
        // outgoing item on row 2.
        #expect(terminal.lines == ["  BBB     ", "          ", "  AAA     ", "          ", "          "])
        clock.advance(by: 0.5, drawing: player)
        #expect(terminal.lines == ["          ", "  BBB     ", "          ", "          ", "          "])
        player.finish()
        #expect(terminal.cursor == (3, 0))
        #expect(terminal.errors == [])
    }

    @Test("a cross-fade through the same seams: the incoming card at alpha 0.5 over the outgoing one")
    func crossFade() throws {
        let (player, _, clock, terminal) = try makePlayer(.fade, palette: [Self.black, Self.white], depth: .truecolor)
        player.start()
        #expect(terminal.rendition(column: 0, row: 0) == "bg=rgb:0,0,0")
        clock.advance(by: 1, drawing: player)
        clock.advance(by: 0.25, drawing: player)
        // White at 128/256 over black: #808080; the glyphs are the incoming card's, blended.
        #expect(terminal.lines[1] == "  BBB     ")
        #expect(terminal.rendition(column: 0, row: 0) == "bg=rgb:128,128,128")
        #expect(terminal.rendition(column: 2, row: 1) == "a1=on,bg=rgb:128,128,128,fg=rgb:128,128,128")
        clock.advance(by: 0.5, drawing: player)
        #expect(terminal.rendition(column: 0, row: 0) == "bg=rgb:255,255,255")
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("literal screens with a style legend compare text and style runs")
    func screenLegend() {
        let green = TextStyle(background: .rgb(RGBColor(red: 0, green: 128, blue: 0)))
        var buffer = CellBuffer(width: 3, height: 1, filling: Cell.space(background: green.background))
        buffer[1, 0] = Cell("x", background: green.background)
        let expected = Screen([" x "], styles: ["ggg"], legend: ["g": green])
        #expect(Screen(buffer) == expected, "\(Screen(buffer).difference(from: expected))")
        #expect(
            Screen(buffer).difference(from: Screen([" y "], styles: ["gg."], legend: ["g": green]))
                == "row 0: \" x \" ≠ \" y \"\nrow 0 styles: [\"0+3 bg=#008000\"] ≠ [\"0+2 bg=#008000\", \"2+1\"]")
    }
}

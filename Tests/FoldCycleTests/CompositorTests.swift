import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

@Suite("Compositor")
struct CompositorTests {
    static let black = TerminalColor.rgb(.black)

    @Test("axis-aligned edges are block eighths in the layer's background")
    func eighths() {
        let block = CellBuffer(width: 3, height: 2, filling: Cell("x", background: red))
        var destination = CellBuffer(width: 5, height: 4)
        // Covers x ∈ [1.5, 4.5], y ∈ [1.25, 3.25].
        let layer = Layer(
            content: block, transform: LayerTransform(translationX: 0.5, y: 0.25), background: red,
            origin: CellPosition(column: 1, row: 1))
        Compositor().composite([layer], into: &destination)
        #expect(PlainTextEncoder.lines(destination) == ["     ", " ▆▆▆▆", " ▌xx▌", " ▆▆▆▆"])
        // Bottom 6/8 of row 1 covered: lower block 6/8 in the layer's colour over the colour below.
        #expect(destination[2, 1] == Cell(glyph: 0x2586, foreground: red, background: .default))
        // Top 2/8 of row 3 covered: the complementary lower 6/8 in the colour below over the layer's;
        // below is the terminal's default background, which only reverse video draws exactly.
        #expect(
            destination[2, 3] == Cell(glyph: 0x2586, foreground: red, background: .default, attributes: .reverse))
        // Right half of column 1 covered: the complementary left 4/8, reversed likewise.
        #expect(
            destination[1, 2] == Cell(glyph: 0x258C, foreground: red, background: .default, attributes: .reverse))
        // Left half of column 4 covered: left 4/8 in the layer's colour.
        #expect(destination[4, 2] == Cell(glyph: 0x258C, foreground: red, background: .default))
        #expect(destination[2, 2] == Cell("x", background: red))
    }

    @Test(
        "coverage rounds to the nearest eighth",
        arguments: [
            (0.0, "█"), (0.06, "█"), (0.07, "▇"), (0.125, "▇"), (0.3, "▆"), (0.33, "▅"), (0.5, "▄"), (0.8, "▂"),
            (0.93, "▁"), (0.94, " "),
        ])
    func rounding(_ offset: Double, _ glyph: Character) {
        // A 1×2 layer moved down by `offset`: row 0 is covered for its bottom 1 − offset.
        let layer = Layer(
            content: CellBuffer(width: 1, height: 2, filling: Cell("█", background: red)),
            transform: LayerTransform(translationX: 0, y: Double(offset)), background: red)
        var destination = CellBuffer(width: 1, height: 3)
        Compositor().composite([layer], into: &destination)
        #expect(PlainTextEncoder.lines(destination)[0] == String(glyph))
    }

    @Test("alpha blends foreground and background over what is below")
    func alpha() {
        let layer = Layer(content: CellBuffer(width: 1, height: 1, filling: Cell("a", background: red)), alpha: 0.5)
        var destination = CellBuffer(width: 1, height: 1)
        Compositor().composite([layer], into: &destination)
        #expect(
            destination[0, 0]
                == Cell(
                    "a", foreground: .rgb(RGBColor(red: 128, green: 128, blue: 128)),
                    background: .rgb(RGBColor(red: 128, green: 0, blue: 0))))
        let over = Layer(
            content: CellBuffer(width: 1, height: 1, filling: Cell("a", foreground: .rgb(.black), background: navy)),
            alpha: 0.25)
        Compositor(backgroundColor: .white).composite([layer, over], into: &destination)
        // Below: fg 0.5·white + 0.5·white(background) = white; bg 0.5·red + 0.5·white = (255, 128, 128).
        #expect(
            destination[0, 0]
                == Cell(
                    "a", foreground: .rgb(RGBColor(red: 191, green: 191, blue: 191)),
                    background: .rgb(RGBColor(red: 191, green: 96, blue: 128))))
    }

    @Test(
        "a glyph over another cross-fades: the more opaque layer's glyph, its ink faded toward the background",
        arguments: [
            // alpha 0.1 = 26/256: the A below, its ink 1 − 2·26/256 = 204/256 of white over black.
            (0.1, Cell("A", foreground: .rgb(RGBColor(red: 203, green: 203, blue: 203)), background: .rgb(.black))),
            // 102/256: 52/256 of white.
            (0.4, Cell("A", foreground: .rgb(RGBColor(red: 52, green: 52, blue: 52)), background: .rgb(.black))),
            // At the swap the top's glyph, its ink the background's.
            (0.5, Cell("B", foreground: .rgb(.black), background: .rgb(.black))),
            (0.75, Cell("B", foreground: .rgb(RGBColor(red: 128, green: 128, blue: 128)), background: .rgb(.black))),
            (1.0, Cell("B")),
        ])
    func crossFade(_ alpha: Double, _ expected: Cell) {
        let below = Layer(content: CellBuffer(width: 1, height: 1, filling: Cell("A")))
        let over = Layer(content: CellBuffer(width: 1, height: 1, filling: Cell("B")), alpha: alpha)
        var destination = CellBuffer(width: 1, height: 1)
        Compositor().composite([below, over], into: &destination)
        #expect(destination[0, 0] == expected)
        // A space on top competes with the glyph below as well.
        let space = Layer(content: CellBuffer(width: 1, height: 1, filling: .blank), alpha: alpha)
        Compositor().composite([below, space], into: &destination)
        #expect(destination[0, 0].character == (alpha < 0.5 ? "A" : " "))
    }

    @Test("a wide glyph below cross-fades whole: kept under 1/2, replaced from 1/2", arguments: [0.25, 0.75])
    func crossFadeWide(_ alpha: Double) {
        var wide = CellBuffer(width: 2, height: 1)
        wide[0, 0] = Cell("カ")
        wide[1, 0] = .continuation(of: Cell("カ"))
        let below = Layer(content: wide)
        var text = CellBuffer(width: 2, height: 1)
        text[0, 0] = Cell("A")
        text[1, 0] = Cell("B")
        let over = Layer(content: text, alpha: alpha)
        var destination = CellBuffer(width: 2, height: 1)
        Compositor().composite([below, over], into: &destination)
        // Either way 128/256 of white is left: 1 − 2·64/256, or 2·192/256 − 1.
        let grey = TerminalColor.rgb(RGBColor(red: 128, green: 128, blue: 128))
        if alpha < 0.5 {
            let lead = Cell("カ", foreground: grey, background: .rgb(.black))
            #expect(destination.cells == [lead, .continuation(of: lead)])
        } else {
            #expect(
                destination.cells == [
                    Cell("A", foreground: grey, background: .rgb(.black)),
                    Cell("B", foreground: grey, background: .rgb(.black)),
                ])
        }
    }

    @Test("at 16 colours a cross-fade swaps whole layers at alpha 1/2 (record 0125)", arguments: [0.4, 0.6])
    func crossFade16(_ alpha: Double) {
        let below = Layer(content: CellBuffer(width: 1, height: 1, filling: Cell("A", background: navy)))
        let over = Layer(content: CellBuffer(width: 1, height: 1, filling: Cell("B", background: red)), alpha: alpha)
        var destination = CellBuffer(width: 1, height: 1)
        Compositor(colorDepth: .ansi16).composite([below, over], into: &destination)
        #expect(destination[0, 0] == (alpha < 0.5 ? Cell("A", background: navy) : Cell("B", background: red)))
    }

    @Test(
        "a singular transform or alpha 0 draws nothing",
        arguments: [
            (LayerTransform(scaleX: 0, y: 1), 1.0), (LayerTransform(scaleX: 1, y: 0), 1.0),
            (LayerTransform.identity, 0.0),
        ])
    func nothing(_ transform: LayerTransform, _ alpha: Double) {
        let layer = Layer(
            content: CellBuffer(width: 2, height: 2, filling: Cell("a", background: red)),
            transform: transform, alpha: alpha, background: red)
        var destination = CellBuffer(width: 2, height: 2)
        Compositor().composite([layer], into: &destination)
        #expect(destination == CellBuffer(width: 2, height: 2))
    }

    @Test("a quarter turn stands a row upright, each glyph once at its turned centre")
    func rotation() {
        let content = TextLayout.layout("ABC", width: 3, height: 1)
        var destination = CellBuffer(width: 3, height: 3)
        let layer = Layer(
            content: content, transform: LayerTransform(rotationAngle: .pi / 2), origin: CellPosition(column: 0, row: 1)
        )
        Compositor().composite([layer], into: &destination)
        #expect(PlainTextEncoder.lines(destination) == [" A ", " B ", " C "])
    }

    @Test("a gentle turn keeps each line of text on one row, shifted with the turn")
    func gentleTurn() {
        // 0.12 rad on cells twice as tall as wide: the line's ends are 20 × tan(0.12)/2 ≈ 1.2 rows
        // apart, so glyph by glyph it would break over two or three rows; snapped, it stays on the row its
        // centre line crosses at the layer's centre column, every letter once, in order.
        let text = "ABCDEFGHIJKLMNOPQRST"
        // Three columns of padding each side keep the line's ends off the turned card's edges.
        let content = TextLayout.layout(text, width: 26, height: 3)
        var destination = CellBuffer(width: 30, height: 5)
        let angle = 0.12
        let turn = LayerTransform(
            a: Double(cos(angle)), b: Double(sin(angle) / 2), c: Double(-2 * sin(angle)), d: Double(cos(angle)),
            tx: 0, ty: 0)
        Compositor().composite(
            [Layer(content: content, transform: turn, origin: CellPosition(column: 2, row: 1))],
            into: &destination)
        let lines = PlainTextEncoder.lines(destination)
        let rowsWithLetters = lines.filter { $0.contains { $0.isLetter } }
        #expect(rowsWithLetters.count == 1)
        #expect(rowsWithLetters.first?.filter(\.isLetter) == text)
        #expect(lines[2].filter(\.isLetter) == text)
    }

    @Test("a wide cluster is drawn whole or blanked, never split")
    func wideNeverSplit() {
        let content = TextLayout.layout("你好", width: 4, height: 1, style: TextStyle(background: red))
        var destination = CellBuffer(width: 4, height: 1)
        // Scaled to 3/4 about the centre: x ∈ [0.5, 3.5]; columns 1 and 2 land on halves of
        // different clusters, so both are blanked.
        let layer = Layer(content: content, transform: LayerTransform(scaleX: 0.75, y: 1), background: red)
        Compositor().composite([layer], into: &destination)
        #expect(PlainTextEncoder.lines(destination) == ["▌  ▌"])
        #expect(destination[1, 0] == Cell.space(background: red))
        let shifted = Layer(content: content, transform: LayerTransform(translationX: 1, y: 0), background: red)
        Compositor().composite([shifted], into: &destination)
        #expect(PlainTextEncoder.lines(destination) == [" 你 "])
    }

    @Test("unscaled rows: a blended layer keeps clusters whole, an opaque one over them repairs what it cuts")
    func unscaledRows() {
        let wide = TextLayout.layout("你好", width: 4, height: 1, style: TextStyle(background: red))
        let narrow = CellBuffer(width: 4, height: 1, filling: Cell("x", background: Self.black))
        var destination = CellBuffer(width: 4, height: 1)
        // Blended over the clear cell: both clusters whole, continuations in the lead's colours.
        Compositor().composite(
            [Layer(content: wide, alpha: 0.5), Layer(content: narrow, alpha: 0)], width: 4, height: 1,
            into: &destination)
        #expect(PlainTextEncoder.lines(destination) == ["你好"])
        #expect(destination[0, 0].width == 2 && destination[2, 0].width == 2)
        #expect(destination[1, 0] == .continuation(of: destination[0, 0]))
        #expect(destination[0, 0].background != red)
        // An opaque layer shifted one column right cuts the first cluster: its lead is blanked.
        Compositor().composite(
            [Layer(content: wide), Layer(content: narrow, transform: LayerTransform(translationX: 1, y: 0))],
            width: 4, height: 1, into: &destination)
        #expect(PlainTextEncoder.lines(destination) == [" xxx"])
        #expect(destination[0, 0] == Cell.space(background: red))
    }

    @Test("layers composite bottom first; the fold convenience reuses the caller's buffer")
    func order() {
        let bottom = Layer(content: CellBuffer(width: 2, height: 1, filling: Cell("b")))
        let top = Layer(
            content: CellBuffer(width: 1, height: 1, filling: Cell("t")), origin: CellPosition(column: 1, row: 0))
        var destination = CellBuffer(width: 3, height: 1, filling: Cell("?"))
        Compositor(clearCell: Cell(".")).composite([bottom, top], into: &destination)
        #expect(PlainTextEncoder.lines(destination) == ["bt."])
    }
}

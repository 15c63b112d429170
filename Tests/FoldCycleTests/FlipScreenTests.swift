import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

// The flip's literal screens (docs/DESIGN.md#flip, #dolly, #text-on-turned-faces): ASCII and CJK
// cards on 20 × 5 and 9 × 3, every direction, t = 0, 0.25, 0.5, 0.75, 1 (linear, so p = t).
//
// Hand derivation (20 × 5, r = 2: 20 × 10 world units; the axis in the card's plane, h = 0;
// about y d = 1.5625·20 = 31.25, about x d = 1.5625·10 = 15.625). A face point (x, y) turned by
// α lands at x·cos α·d/(d − z), z = −x·sin α about y (y·cos α·d/(d − z), z = y·sin α about x),
// then the dolly k scales about the centre: column = u·k + 10, row = v·k/2 + 2.5.
//
// - left (flipFromRight), t = 0.25: θ = π/4, the outgoing face at α = −π/4, its right edge
//   coming forward (z = 7.07, magnified d/(d − z) = 1.292×), so k = 1/1.292 = 0.7737; the
//   incoming face (α = 3π/4) is turned away. The face spans columns 5.54 … 17.07, its far left
//   edge rows 0.92 … 4.08, its near right edge the card's full height. The source rows cross the
//   face's centre column (z = 0) at rows 0.95, 1.73, 2.5, 3.27, 4.05: "HELLO" (row 1) on row 1,
//   "ABCDE" on row 2. Columns 7 … 11 land at 8.71, 9.21, 9.73, 10.28, 10.85: H on 8, E L on 9
//   (the nearer, right one: L), L O on 10 (O): "HLO"; "ACE". The left edge covers 0.46 of
//   column 5 from the right (▌, the complementary 4/8), the right edge 0.07 of column 17 (▏,
//   1/8); the top edge falls from row 0.92 to 0.0 (▁ … ▇), the bottom edge mirrors it.
// - t = 0.5: both faces edge-on (cos α = 0 within 1e-9): neither is drawn, the card is clear.
// - left, t = 0.75: the incoming face at α = π − 3π/4 = π/4, its left edge now the near one:
//   columns 2.93 … 14.46 (column 2 covered 1/8 from the right: ▉, the complementary 7/8 in the
//   clear colour). "world" lands at 8.55, 9.15, 9.72, 10.27, 10.79 → 8, 9, 9, 10, 10, the left,
//   nearer glyph of each pair winning: "wol"; "xyz" at 9.15, 9.72, 10.27: "xz".
// - right(t) is left(1 − t) with the two cards exchanged (the outgoing at θ and the incoming at
//   θ − π are left(1 − t)'s incoming at π − (1 − t)π = θ and outgoing), and up(t) is down(1 − t)
//   so.
// - up (flipFromBottom), t = 0.25: about x, α = π/4, the bottom edge coming forward: k = 0.7737,
//   the face's top edge columns 3.69 … 16.31 on row 1.38, its bottom edge 0 … 20 on row 4.27.
//   The source rows land at 1.57, 2.0, 2.5, 3.1, 3.84: "HELLO" (2.0) and "ABCDE" (2.5) both on
//   row 2, which "ABCDE", on the row's centre, owns. Row 2's depth is 0, so its glyphs are
//   0.7737 columns apart: A B C D E at 8.07, 8.84, 9.61, 10.39, 11.16 → 8, 8, 9, 10, 11; at one
//   depth the first keeps the cell: "ACDE". Row 1 is the top edge (▅: the face covers 5/8 from
//   below), row 4 the bottom edge (▆ in the clear colour over the face: it covers the top 2/8).
// - 9 × 3 (d = 14.0625 about y, 9.375 about x; the same k): left t = 0.25 spans columns 2.49 …
//   7.68; "HELLO" lands on row 0, the top edge, "ABCDE" on row 1 at columns 3.51, 3.98, 4.50,
//   5.08, 5.72 → 3, 3, 4, 5, 5: "BCE" (the nearer, right, glyph of each pair).
//
// Since issue 21 (point 5) glyphs are no longer placed one by one: each drawn row shows its
// source line laid out contiguously in the face's content cells (whole where it fits, centred
// on the line's projected centre; otherwise its start and "…"), docs/DESIGN.md#text-on-turned-
// faces. The derivation above still gives the geometry; where it says which glyph wins a cell
// it describes the sampled placement that rule replaced.
//
// t = 0 and t = 1 are the settled cards, cell for cell (asserted below as well).
// swift-format-ignore
let flipScreenCases: [TurnScreenCase] = [
    .init(.ascii, 20, 5, .left, 0, TurnScreens.asciiOutgoing20x5),
    .init(.ascii, 20, 5, .left, 0.25, ["     ▁▂▂▃▃▄▅▅▆▇▇ ▏  ", "     ▌ HELLO     ▏  ", "     ▌ ABCDE     ▏  ", "     ▌           ▏  ", "     ▇▆▆▅▅▄▃▃▂▁▁ ▏  "]),
    .init(.ascii, 20, 5, .left, 0.5, ["                    ", "                    ", "                    ", "                    ", "                    "]),
    .init(.ascii, 20, 5, .left, 0.75, ["  ▉ ▇▇▆▅▅▄▃▃▂▂▁     ", "  ▉    world  ▌     ", "  ▉     xyz   ▌     ", "  ▉           ▌     ", "  ▉ ▁▁▂▃▃▄▅▅▆▆▇     "]),
    .init(.ascii, 20, 5, .left, 1, TurnScreens.asciiIncoming20x5),
    .init(.ascii, 20, 5, .right, 0, TurnScreens.asciiOutgoing20x5),
    .init(.ascii, 20, 5, .right, 0.25, ["  ▉ ▇▇▆▅▅▄▃▃▂▂▁     ", "  ▉    HELLO  ▌     ", "  ▉    ABCDE  ▌     ", "  ▉           ▌     ", "  ▉ ▁▁▂▃▃▄▅▅▆▆▇     "]),
    .init(.ascii, 20, 5, .right, 0.5, ["                    ", "                    ", "                    ", "                    ", "                    "]),
    .init(.ascii, 20, 5, .right, 0.75, ["     ▁▂▂▃▃▄▅▅▆▇▇ ▏  ", "     ▌ world     ▏  ", "     ▌  xyz      ▏  ", "     ▌           ▏  ", "     ▇▆▆▅▅▄▃▃▂▁▁ ▏  "]),
    .init(.ascii, 20, 5, .right, 1, TurnScreens.asciiIncoming20x5),
    .init(.ascii, 20, 5, .up, 0, TurnScreens.asciiOutgoing20x5),
    .init(.ascii, 20, 5, .up, 0.25, ["                    ", "   ▅▅▅▅▅▅▅▅▅▅▅▅▅▅   ", "       ABCDE        ", "▄                  ▄", "▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆"]),
    .init(.ascii, 20, 5, .up, 0.5, ["                    ", "                    ", "                    ", "                    ", "                    "]),
    .init(.ascii, 20, 5, .up, 0.75, ["▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂", "▄      world       ▄", "        xyz         ", "   ▃▃▃▃▃▃▃▃▃▃▃▃▃▃   ", "                    "]),
    .init(.ascii, 20, 5, .up, 1, TurnScreens.asciiIncoming20x5),
    .init(.ascii, 20, 5, .down, 0, TurnScreens.asciiOutgoing20x5),
    .init(.ascii, 20, 5, .down, 0.25, ["▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂", "▄      HELLO       ▄", "       ABCDE        ", "   ▃▃▃▃▃▃▃▃▃▃▃▃▃▃   ", "                    "]),
    .init(.ascii, 20, 5, .down, 0.5, ["                    ", "                    ", "                    ", "                    ", "                    "]),
    .init(.ascii, 20, 5, .down, 0.75, ["                    ", "   ▅▅▅▅▅▅▅▅▅▅▅▅▅▅   ", "        xyz         ", "▄                  ▄", "▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆"]),
    .init(.ascii, 20, 5, .down, 1, TurnScreens.asciiIncoming20x5),
    .init(.ascii, 9, 3, .left, 0, TurnScreens.asciiOutgoing9x3),
    .init(.ascii, 9, 3, .left, 0.25, ["  ▄▅▆▇▇▋ ", "  ▌ABC…▋ ", "  ▄▃▂▁▁▋ "]),
    .init(.ascii, 9, 3, .left, 0.5, ["         ", "         ", "         "]),
    .init(.ascii, 9, 3, .left, 0.75, [" ▍▇▇▆▅▄  ", " ▍ xyz▌  ", " ▍▁▁▂▃▄  "]),
    .init(.ascii, 9, 3, .left, 1, TurnScreens.asciiIncoming9x3),
    .init(.ascii, 9, 3, .right, 0, TurnScreens.asciiOutgoing9x3),
    .init(.ascii, 9, 3, .right, 0.25, [" ▍▇▇▆▅▄  ", " ▍ABC…▌  ", " ▍▁▁▂▃▄  "]),
    .init(.ascii, 9, 3, .right, 0.5, ["         ", "         ", "         "]),
    .init(.ascii, 9, 3, .right, 0.75, ["  ▄▅▆▇▇▋ ", "  ▌xyz ▋ ", "  ▄▃▂▁▁▋ "]),
    .init(.ascii, 9, 3, .right, 1, TurnScreens.asciiIncoming9x3),
    .init(.ascii, 9, 3, .up, 0, TurnScreens.asciiOutgoing9x3),
    .init(.ascii, 9, 3, .up, 0.25, [" ▁▁▁▁▁▁▁ ", "▄ ABCDE ▄", "▄▄▄▄▄▄▄▄▄"]),
    .init(.ascii, 9, 3, .up, 0.5, ["         ", "         ", "         "]),
    .init(.ascii, 9, 3, .up, 0.75, ["▄▄▄▄▄▄▄▄▄", "▄  xyz  ▄", " ▇▇▇▇▇▇▇ "]),
    .init(.ascii, 9, 3, .up, 1, TurnScreens.asciiIncoming9x3),
    .init(.ascii, 9, 3, .down, 0, TurnScreens.asciiOutgoing9x3),
    .init(.ascii, 9, 3, .down, 0.25, ["▄▄▄▄▄▄▄▄▄", "▄ ABCDE ▄", " ▇▇▇▇▇▇▇ "]),
    .init(.ascii, 9, 3, .down, 0.5, ["         ", "         ", "         "]),
    .init(.ascii, 9, 3, .down, 0.75, [" ▁▁▁▁▁▁▁ ", "▄  xyz  ▄", "▄▄▄▄▄▄▄▄▄"]),
    .init(.ascii, 9, 3, .down, 1, TurnScreens.asciiIncoming9x3),
    .init(.cjk, 20, 5, .left, 0, TurnScreens.cjkOutgoing20x5),
    .init(.cjk, 20, 5, .left, 0.25, ["     ▁▂▂▃▃▄▅▅▆▇▇ ▏  ", "     ▌ 你好吗    ▏  ", "     ▌ 早上好    ▏  ", "     ▌           ▏  ", "     ▇▆▆▅▅▄▃▃▂▁▁ ▏  "]),
    .init(.cjk, 20, 5, .left, 0.5, ["                    ", "                    ", "                    ", "                    ", "                    "]),
    .init(.cjk, 20, 5, .left, 0.75, ["  ▉ ▇▇▆▅▅▄▃▃▂▂▁     ", "  ▉    カード ▌     ", "  ▉     切换  ▌     ", "  ▉           ▌     ", "  ▉ ▁▁▂▃▃▄▅▅▆▆▇     "]),
    .init(.cjk, 20, 5, .left, 1, TurnScreens.cjkIncoming20x5),
    .init(.cjk, 20, 5, .right, 0, TurnScreens.cjkOutgoing20x5),
    .init(.cjk, 20, 5, .right, 0.25, ["  ▉ ▇▇▆▅▅▄▃▃▂▂▁     ", "  ▉    你好吗 ▌     ", "  ▉    早上好 ▌     ", "  ▉           ▌     ", "  ▉ ▁▁▂▃▃▄▅▅▆▆▇     "]),
    .init(.cjk, 20, 5, .right, 0.5, ["                    ", "                    ", "                    ", "                    ", "                    "]),
    .init(.cjk, 20, 5, .right, 0.75, ["     ▁▂▂▃▃▄▅▅▆▇▇ ▏  ", "     ▌ カード    ▏  ", "     ▌  切换     ▏  ", "     ▌           ▏  ", "     ▇▆▆▅▅▄▃▃▂▁▁ ▏  "]),
    .init(.cjk, 20, 5, .right, 1, TurnScreens.cjkIncoming20x5),
    .init(.cjk, 20, 5, .up, 0, TurnScreens.cjkOutgoing20x5),
    .init(.cjk, 20, 5, .up, 0.25, ["                    ", "   ▅▅▅▅▅▅▅▅▅▅▅▅▅▅   ", "       早上好       ", "▄                  ▄", "▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆"]),
    .init(.cjk, 20, 5, .up, 0.5, ["                    ", "                    ", "                    ", "                    ", "                    "]),
    .init(.cjk, 20, 5, .up, 0.75, ["▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂", "▄      カード      ▄", "        切换        ", "   ▃▃▃▃▃▃▃▃▃▃▃▃▃▃   ", "                    "]),
    .init(.cjk, 20, 5, .up, 1, TurnScreens.cjkIncoming20x5),
    .init(.cjk, 20, 5, .down, 0, TurnScreens.cjkOutgoing20x5),
    .init(.cjk, 20, 5, .down, 0.25, ["▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂", "▄      你好吗      ▄", "       早上好       ", "   ▃▃▃▃▃▃▃▃▃▃▃▃▃▃   ", "                    "]),
    .init(.cjk, 20, 5, .down, 0.5, ["                    ", "                    ", "                    ", "                    ", "                    "]),
    .init(.cjk, 20, 5, .down, 0.75, ["                    ", "   ▅▅▅▅▅▅▅▅▅▅▅▅▅▅   ", "        切换        ", "▄                  ▄", "▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆"]),
    .init(.cjk, 20, 5, .down, 1, TurnScreens.cjkIncoming20x5),
    .init(.cjk, 9, 3, .left, 0, TurnScreens.cjkOutgoing9x3),
    .init(.cjk, 9, 3, .left, 0.25, ["  ▄▅▆▇▇▋ ", "  ▌早… ▋ ", "  ▄▃▂▁▁▋ "]),
    .init(.cjk, 9, 3, .left, 0.5, ["         ", "         ", "         "]),
    .init(.cjk, 9, 3, .left, 0.75, [" ▍▇▇▆▅▄  ", " ▍切换▌  ", " ▍▁▁▂▃▄  "]),
    .init(.cjk, 9, 3, .left, 1, TurnScreens.cjkIncoming9x3),
    .init(.cjk, 9, 3, .right, 0, TurnScreens.cjkOutgoing9x3),
    .init(.cjk, 9, 3, .right, 0.25, [" ▍▇▇▆▅▄  ", " ▍早… ▌  ", " ▍▁▁▂▃▄  "]),
    .init(.cjk, 9, 3, .right, 0.5, ["         ", "         ", "         "]),
    .init(.cjk, 9, 3, .right, 0.75, ["  ▄▅▆▇▇▋ ", "  ▌切换▋ ", "  ▄▃▂▁▁▋ "]),
    .init(.cjk, 9, 3, .right, 1, TurnScreens.cjkIncoming9x3),
    .init(.cjk, 9, 3, .up, 0, TurnScreens.cjkOutgoing9x3),
    .init(.cjk, 9, 3, .up, 0.25, [" ▁▁▁▁▁▁▁ ", "▄早上好 ▄", "▄▄▄▄▄▄▄▄▄"]),
    .init(.cjk, 9, 3, .up, 0.5, ["         ", "         ", "         "]),
    .init(.cjk, 9, 3, .up, 0.75, ["▄▄▄▄▄▄▄▄▄", "▄ 切换  ▄", " ▇▇▇▇▇▇▇ "]),
    .init(.cjk, 9, 3, .up, 1, TurnScreens.cjkIncoming9x3),
    .init(.cjk, 9, 3, .down, 0, TurnScreens.cjkOutgoing9x3),
    .init(.cjk, 9, 3, .down, 0.25, ["▄▄▄▄▄▄▄▄▄", "▄早上好 ▄", " ▇▇▇▇▇▇▇ "]),
    .init(.cjk, 9, 3, .down, 0.5, ["         ", "         ", "         "]),
    .init(.cjk, 9, 3, .down, 0.75, [" ▁▁▁▁▁▁▁ ", "▄ 切换  ▄", "▄▄▄▄▄▄▄▄▄"]),
    .init(.cjk, 9, 3, .down, 1, TurnScreens.cjkIncoming9x3),
]

@Suite("Flip: literal screens")
struct FlipScreenTests {
    @Test("ASCII and CJK cards, 20×5 and 9×3, every direction, t = 0, 0.25, 0.5, 0.75, 1", arguments: flipScreenCases)
    func screen(_ row: TurnScreenCase) {
        let frame = TurnScreens.frame(.flip, row.cards, row.columns, row.rows, row.direction, row.t)
        #expect(Screen(frame).text == row.screen, "\(Screen(frame))")
    }

    /// The flip up at t = 0.25 in colour: only the outgoing (green) face, never mirrored, its
    /// edges green ink over the clear cell (e) where it covers the block's part and the clear
    /// colour over green (E, reversed: the terminal's own background) where it covers the rest.
    @Test("flip up at t = 0.25 on 20×5, in colour")
    func styled() {
        let frame = TurnScreens.frame(.flip, .ascii, 20, 5, .up, 0.25)
        let expected = Screen(
            [
                "                    ", "   ▅▅▅▅▅▅▅▅▅▅▅▅▅▅   ", "       ABCDE        ", "▄                  ▄",
                "▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆",
            ],
            styles: [
                "....................", "...eeeeeeeeeeeeee...", "..gggggGGGGGgggggg..", "egggggggggggggggggge",
                "EEEEEEEEEEEEEEEEEEEE",
            ], legend: TurnScreens.legend)
        #expect(Screen(frame) == expected, "\(Screen(frame).difference(from: expected))")
    }

    @Test("t = 0 and t = 1 are the settled cards, cell for cell", arguments: TransitionDirection.allCases)
    func endpoints(_ direction: TransitionDirection) {
        for (columns, rows) in [(20, 5), (9, 3)] {
            var scene = CardScene(cardSize: TerminalSize(columns: columns, rows: rows))
            let (outgoing, incoming) = TurnScreens.Cards.cjk.texts
            #expect(
                TurnScreens.frame(.flip, .cjk, columns, rows, direction, 0)
                    == scene.slotContent(index: 0, text: outgoing))
            #expect(
                TurnScreens.frame(.flip, .cjk, columns, rows, direction, 1)
                    == scene.slotContent(index: 1, text: incoming))
        }
    }
}

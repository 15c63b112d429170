import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

// The cube's literal screens (docs/DESIGN.md#cube, #dolly, #text-on-turned-faces): ASCII and CJK
// cards on 20 × 5 and 9 × 3, every direction, t = 0, 0.25, 0.5, 0.75, 1 (linear, so p = t).
//
// Hand derivation (20 × 5, r = 2: the card is 20 × 10 world units; about y, E = W = 20,
// d = 1.5625·20 = 31.25, h = 10; about x, E = H·r = 10, d = 15.625, h = 5). A face point
// (x, y) turned by α about the axis h behind the card lands at x·d/(d − z) (and y·d/(d − z)),
// z its depth after the turn, and then everything is scaled by the dolly k about the centre:
// column = u·k + 10, row = v·k/2 + 2.5.
//
// - left, t = 0.25: θ = π/8, the outgoing face at α = −π/8, the incoming at 3π/8. The
//   outgoing's far left edge (z = −4.59) projects to u = −11.39, its near right edge (z = 3.07,
//   magnified 1.109×) to 6.01, so k = min(10/11.39, 5/5.545) = 0.8777. The outgoing face spans
//   columns 0 … 15.27, the incoming 15.27 … 17.68. The source rows' centre lines cross the face's
//   centre column at rows 0.79, 1.64, 2.5, 3.36, 4.21: "HELLO" (row 1) is drawn on row 1 and
//   "ABCDE" on row 2. Its columns 7 … 11 land at 4.89, 5.61, 6.35, 7.10, 7.87: H E L on 4 5 6,
//   the second L and O both on 7, where the nearer O (the right edge comes forward) wins:
//   "HELO"; likewise "ABCE". The incoming's "world" lands at 16.47 … 16.94, all on column 16,
//   where the nearest (its left edge is the near one) is w: "w", and "x". Column 15 is 6/8
//   covered from the right by the incoming (▎, the complementary 2/8 in the outgoing's
//   colour), column 17 5/8 from the left (▋). The outgoing's top edge falls from row 0.59 to
//   0.07: ▄ (4/8 of row 0, from the highest point in each column) rising to ▇.
// - left, t = 0.5: both faces at ±π/4, k = 0.8675; the shared edge is on the centre line
//   (column 10.0 on both sides, so no cell is shared), the outer edges at 0.71 and 19.29 (▊, ▎).
//   The outgoing's columns 7 … 11 land at 3.33, 3.74, 4.17, 4.62, 5.08: H E on 3 (the nearer E
//   wins), L L on 4 (the second), O on 5: "ELO"; likewise "BDE". The incoming's at 14.44, 14.92,
//   15.38, 15.83, 16.26: w o on 14 (its left edge is the near one: w), r l on 15 (r), d on 16:
//   "wrd"; "xy" (x 14, y and z on 15: y).
// - left, t = 0.75: the outgoing at −3π/8 is 2.32 … 4.73 wide: its H lands on the partial column
//   2, E L L O all on 3, where the nearest, O, wins: "O", and "E". The incoming at π/8 spans 4.73
//   … 20: w o r l d land at 11.34, 12.13, 12.90, 13.65, 14.39: "wold" (o nearer than r on 12),
//   x y z at 12.13, 12.90, 13.65: "xz".
// - right(t) is left(1 − t) with the two cards exchanged (the same two matrices: the outgoing
//   at θ and the incoming at θ − π/2 are left(1 − t)'s incoming and outgoing), and down(t) is
//   up(1 − t) so.
// - up, t = 0.25: about x, the outgoing face at α = π/8, its top edge receding (columns 2.35 …
//   17.65 at row 0.0 after the dolly k = 0.8777), its bottom edge, the shared one, coming
//   forward (0.27 … 19.73 at row 3.82). A row keeps its depth across, so rows stay rows exactly:
//   the source rows land at 0.31, 0.96, 1.68, 2.47, 3.34: "HELLO" on row 0, "ABCDE" on row 1,
//   each glyph 0.82 columns from the next (no two share a cell): both whole. The incoming face
//   (3.82 … 4.42) is under a row tall: only its edges show (▁ on row 3, ▇▆▅ on row 4).
// - up, t = 0.5: the shared edge on row 2.5. The outgoing's rows land at 0.33, 0.69, 1.10, 1.58,
//   2.16: "HELLO" on row 0, the face's top edge (not content: not drawn), "ABCDE" on row 1, its
//   glyphs at columns 8.02, 8.81, 9.60, 10.40, 11.19, all at one depth (a turn about x keeps a
//   row's depth), so A keeps column 8 from B: "ACDE". The incoming's rows land at 2.84, 3.42,
//   3.90, 4.31, 4.67: "world" (3.42) and "xyz" (3.90) both on row 3, which "world", nearer the
//   row's centre, owns: "world" at 7.84 … 11.30, whole.
// - 9 × 3 (E = 9 or 6, the same angles and dollies): left t = 0.25 puts "HELLO" and "ABCDE"
//   (rows 0.64 and 1.5) on rows 0 and 1, but row 0 is the face's top edge, so only "ABCDE" shows,
//   at columns 1.60, 2.29, 3.02, 3.80, 4.61 → 1, 2, 3, 3, 4 → "ABDE" (D nearer than C); up
//   t = 0.5 leaves no content row (each face is 1.4 rows tall): edges only.
//
// Since issue 21 (point 5) glyphs are no longer placed one by one: each drawn row shows its
// source line laid out contiguously in the face's content cells (whole where it fits, centred
// on the line's projected centre; otherwise its start and "…"), docs/DESIGN.md#text-on-turned-
// faces. The derivation below still gives the geometry (faces, edges, which source row owns
// which destination row); where it says which glyph wins a cell ("HELO", "wrd") it describes
// the sampled placement that rule replaced: those rows now read "HELLO", "world".
//
// t = 0 and t = 1 are the settled cards, cell for cell (asserted below as well).
// swift-format-ignore
let cubeScreenCases: [TurnScreenCase] = [
    .init(.ascii, 20, 5, .left, 0, TurnScreens.asciiOutgoing20x5),
    .init(.ascii, 20, 5, .left, 0.25, ["▄▄▄▄▅▅▅▅▆▆▆▇▇▇▇▇▅▂  ", "    HELLO      ▎ ▋  ", "    ABCDE      ▎ ▋  ", "               ▎ ▋  ", "▄▄▄▄▃▃▃▃▂▂▂▁▁▁▁▁▃▆  "]),
    .init(.ascii, 20, 5, .left, 0.5, [" ▂▃▄▄▅▆▇▇  ▇▇▆▅▄▄▃▂ ", "▊ HELLO      world ▎", "▊ ABCDE       xyz  ▎", "▊                  ▎", " ▆▅▄▄▃▂▁▁  ▁▁▂▃▄▄▅▆ "]),
    .init(.ascii, 20, 5, .left, 0.75, ["  ▂▅▇▇▇▇▇▆▆▆▅▅▅▅▄▄▄▄", "  ▍ ▊     world     ", "  ▍ ▊      xyz      ", "  ▍ ▊               ", "  ▆▃▁▁▁▁▁▂▂▂▃▃▃▃▄▄▄▄"]),
    .init(.ascii, 20, 5, .left, 1, TurnScreens.asciiIncoming20x5),
    .init(.ascii, 20, 5, .right, 0, TurnScreens.asciiOutgoing20x5),
    .init(.ascii, 20, 5, .right, 0.25, ["  ▂▅▇▇▇▇▇▆▆▆▅▅▅▅▄▄▄▄", "  ▍ ▊     HELLO     ", "  ▍ ▊     ABCDE     ", "  ▍ ▊               ", "  ▆▃▁▁▁▁▁▂▂▂▃▃▃▃▄▄▄▄"]),
    .init(.ascii, 20, 5, .right, 0.5, [" ▂▃▄▄▅▆▇▇  ▇▇▆▅▄▄▃▂ ", "▊ world      HELLO ▎", "▊  xyz       ABCDE ▎", "▊                  ▎", " ▆▅▄▄▃▂▁▁  ▁▁▂▃▄▄▅▆ "]),
    .init(.ascii, 20, 5, .right, 0.75, ["▄▄▄▄▅▅▅▅▆▆▆▇▇▇▇▇▅▂  ", "    world      ▎ ▋  ", "     xyz       ▎ ▋  ", "               ▎ ▋  ", "▄▄▄▄▃▃▃▃▂▂▂▁▁▁▁▁▃▆  "]),
    .init(.ascii, 20, 5, .right, 1, TurnScreens.asciiIncoming20x5),
    .init(.ascii, 20, 5, .up, 0, TurnScreens.asciiOutgoing20x5),
    .init(.ascii, 20, 5, .up, 0.25, ["       HELLO        ", " ▎     ABCDE      ▊ ", "                    ", "▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁", " ▇▆▅▅▅▅▅▅▅▅▅▅▅▅▅▅▆▇ "]),
    .init(.ascii, 20, 5, .up, 0.5, ["  ▄▇▇▇▇▇▇▇▇▇▇▇▇▇▇▄  ", " ▇     ABCDE      ▇ ", "▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄", " ▁     world      ▁ ", "  ▄▁▁▁▁▁▁▁▁▁▁▁▁▁▁▄  "]),
    .init(.ascii, 20, 5, .up, 0.75, [" ▁▂▃▃▃▃▃▃▃▃▃▃▃▃▃▃▂▁ ", "▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇", "       world        ", " ▎      xyz       ▊ ", "                    "]),
    .init(.ascii, 20, 5, .up, 1, TurnScreens.asciiIncoming20x5),
    .init(.ascii, 20, 5, .down, 0, TurnScreens.asciiOutgoing20x5),
    .init(.ascii, 20, 5, .down, 0.25, [" ▁▂▃▃▃▃▃▃▃▃▃▃▃▃▃▃▂▁ ", "▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇", "       HELLO        ", " ▎     ABCDE      ▊ ", "                    "]),
    .init(.ascii, 20, 5, .down, 0.5, ["  ▄▇▇▇▇▇▇▇▇▇▇▇▇▇▇▄  ", " ▇      xyz       ▇ ", "▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄", " ▁     HELLO      ▁ ", "  ▄▁▁▁▁▁▁▁▁▁▁▁▁▁▁▄  "]),
    .init(.ascii, 20, 5, .down, 0.75, ["       world        ", " ▎      xyz       ▊ ", "                    ", "▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁", " ▇▆▅▅▅▅▅▅▅▅▅▅▅▅▅▅▆▇ "]),
    .init(.ascii, 20, 5, .down, 1, TurnScreens.asciiIncoming20x5),
    .init(.ascii, 9, 3, .left, 0, TurnScreens.asciiOutgoing9x3),
    .init(.ascii, 9, 3, .left, 0.25, ["▆▆▆▇▇▇▉▇ ", " ABCDE▉  ", "▂▂▂▁▁▁▉▁ "]),
    .init(.ascii, 9, 3, .left, 0.5, ["▅▆▇ ▌ ▇▆▅", "▍AB…▌xyz▋", "▃▂▁ ▌ ▁▂▃"]),
    .init(.ascii, 9, 3, .left, 0.75, [" ▇▏▇▇▇▆▆▆", "  ▏ xyz  ", " ▁▏▁▁▁▂▂▂"]),
    .init(.ascii, 9, 3, .left, 1, TurnScreens.asciiIncoming9x3),
    .init(.ascii, 9, 3, .right, 0, TurnScreens.asciiOutgoing9x3),
    .init(.ascii, 9, 3, .right, 0.25, [" ▇▏▇▇▇▆▆▆", "  ▏ABCDE ", " ▁▏▁▁▁▂▂▂"]),
    .init(.ascii, 9, 3, .right, 0.5, ["▅▆▇ ▌ ▇▆▅", "▍xyz▌AB…▋", "▃▂▁ ▌ ▁▂▃"]),
    .init(.ascii, 9, 3, .right, 0.75, ["▆▆▆▇▇▇▉▇ ", "  xyz ▉  ", "▂▂▂▁▁▁▉▁ "]),
    .init(.ascii, 9, 3, .right, 1, TurnScreens.asciiIncoming9x3),
    .init(.ascii, 9, 3, .up, 0, TurnScreens.asciiOutgoing9x3),
    .init(.ascii, 9, 3, .up, 0.25, ["  HELLO  ", "▎ ABCDE ▊", "▇▅▅▅▅▅▅▅▇"]),
    .init(.ascii, 9, 3, .up, 0.5, ["▃▇▇▇▇▇▇▇▃", "▄▄▄▄▄▄▄▄▄", "▅▁▁▁▁▁▁▁▅"]),
    .init(.ascii, 9, 3, .up, 0.75, ["▂▂▂▂▂▂▂▂▂", "▎ world ▊", "         "]),
    .init(.ascii, 9, 3, .up, 1, TurnScreens.asciiIncoming9x3),
    .init(.ascii, 9, 3, .down, 0, TurnScreens.asciiOutgoing9x3),
    .init(.ascii, 9, 3, .down, 0.25, ["▁▃▃▃▃▃▃▃▁", "▎ HELLO ▊", "         "]),
    .init(.ascii, 9, 3, .down, 0.5, ["▃▇▇▇▇▇▇▇▃", "▄▄▄▄▄▄▄▄▄", "▅▁▁▁▁▁▁▁▅"]),
    .init(.ascii, 9, 3, .down, 0.75, ["  world  ", "▎  xyz  ▊", "▆▆▆▆▆▆▆▆▆"]),
    .init(.ascii, 9, 3, .down, 1, TurnScreens.asciiIncoming9x3),
    .init(.cjk, 20, 5, .left, 0, TurnScreens.cjkOutgoing20x5),
    .init(.cjk, 20, 5, .left, 0.25, ["▄▄▄▄▅▅▅▅▆▆▆▇▇▇▇▇▅▂  ", "    你好吗     ▎ ▋  ", "    早上好     ▎ ▋  ", "               ▎ ▋  ", "▄▄▄▄▃▃▃▃▂▂▂▁▁▁▁▁▃▆  "]),
    .init(.cjk, 20, 5, .left, 0.5, [" ▂▃▄▄▅▆▇▇  ▇▇▆▅▄▄▃▂ ", "▊你好吗      カード▎", "▊早上好       切换 ▎", "▊                  ▎", " ▆▅▄▄▃▂▁▁  ▁▁▂▃▄▄▅▆ "]),
    .init(.cjk, 20, 5, .left, 0.75, ["  ▂▅▇▇▇▇▇▆▆▆▅▅▅▅▄▄▄▄", "  ▍ ▊     カード    ", "  ▍ ▊      切换     ", "  ▍ ▊               ", "  ▆▃▁▁▁▁▁▂▂▂▃▃▃▃▄▄▄▄"]),
    .init(.cjk, 20, 5, .left, 1, TurnScreens.cjkIncoming20x5),
    .init(.cjk, 20, 5, .right, 0, TurnScreens.cjkOutgoing20x5),
    .init(.cjk, 20, 5, .right, 0.25, ["  ▂▅▇▇▇▇▇▆▆▆▅▅▅▅▄▄▄▄", "  ▍ ▊     你好吗    ", "  ▍ ▊     早上好    ", "  ▍ ▊               ", "  ▆▃▁▁▁▁▁▂▂▂▃▃▃▃▄▄▄▄"]),
    .init(.cjk, 20, 5, .right, 0.5, [" ▂▃▄▄▅▆▇▇  ▇▇▆▅▄▄▃▂ ", "▊カード      你好吗▎", "▊ 切换       早上好▎", "▊                  ▎", " ▆▅▄▄▃▂▁▁  ▁▁▂▃▄▄▅▆ "]),
    .init(.cjk, 20, 5, .right, 0.75, ["▄▄▄▄▅▅▅▅▆▆▆▇▇▇▇▇▅▂  ", "    カード     ▎ ▋  ", "     切换      ▎ ▋  ", "               ▎ ▋  ", "▄▄▄▄▃▃▃▃▂▂▂▁▁▁▁▁▃▆  "]),
    .init(.cjk, 20, 5, .right, 1, TurnScreens.cjkIncoming20x5),
    .init(.cjk, 20, 5, .up, 0, TurnScreens.cjkOutgoing20x5),
    .init(.cjk, 20, 5, .up, 0.25, ["       你好吗       ", " ▎     早上好     ▊ ", "                    ", "▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁", " ▇▆▅▅▅▅▅▅▅▅▅▅▅▅▅▅▆▇ "]),
    .init(.cjk, 20, 5, .up, 0.5, ["  ▄▇▇▇▇▇▇▇▇▇▇▇▇▇▇▄  ", " ▇     早上好     ▇ ", "▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄", " ▁     カード     ▁ ", "  ▄▁▁▁▁▁▁▁▁▁▁▁▁▁▁▄  "]),
    .init(.cjk, 20, 5, .up, 0.75, [" ▁▂▃▃▃▃▃▃▃▃▃▃▃▃▃▃▂▁ ", "▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇", "       カード       ", " ▎      切换      ▊ ", "                    "]),
    .init(.cjk, 20, 5, .up, 1, TurnScreens.cjkIncoming20x5),
    .init(.cjk, 20, 5, .down, 0, TurnScreens.cjkOutgoing20x5),
    .init(.cjk, 20, 5, .down, 0.25, [" ▁▂▃▃▃▃▃▃▃▃▃▃▃▃▃▃▂▁ ", "▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇", "       你好吗       ", " ▎     早上好     ▊ ", "                    "]),
    .init(.cjk, 20, 5, .down, 0.5, ["  ▄▇▇▇▇▇▇▇▇▇▇▇▇▇▇▄  ", " ▇      切换      ▇ ", "▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄", " ▁     你好吗     ▁ ", "  ▄▁▁▁▁▁▁▁▁▁▁▁▁▁▁▄  "]),
    .init(.cjk, 20, 5, .down, 0.75, ["       カード       ", " ▎      切换      ▊ ", "                    ", "▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁", " ▇▆▅▅▅▅▅▅▅▅▅▅▅▅▅▅▆▇ "]),
    .init(.cjk, 20, 5, .down, 1, TurnScreens.cjkIncoming20x5),
    .init(.cjk, 9, 3, .left, 0, TurnScreens.cjkOutgoing9x3),
    .init(.cjk, 9, 3, .left, 0.25, ["▆▆▆▇▇▇▉▇ ", "早上好▉  ", "▂▂▂▁▁▁▉▁ "]),
    .init(.cjk, 9, 3, .left, 0.5, ["▅▆▇ ▌ ▇▆▅", "▍早…▌切…▋", "▃▂▁ ▌ ▁▂▃"]),
    .init(.cjk, 9, 3, .left, 0.75, [" ▇▏▇▇▇▆▆▆", "  ▏ 切换 ", " ▁▏▁▁▁▂▂▂"]),
    .init(.cjk, 9, 3, .left, 1, TurnScreens.cjkIncoming9x3),
    .init(.cjk, 9, 3, .right, 0, TurnScreens.cjkOutgoing9x3),
    .init(.cjk, 9, 3, .right, 0.25, [" ▇▏▇▇▇▆▆▆", "  ▏早上好", " ▁▏▁▁▁▂▂▂"]),
    .init(.cjk, 9, 3, .right, 0.5, ["▅▆▇ ▌ ▇▆▅", "▍切…▌早…▋", "▃▂▁ ▌ ▁▂▃"]),
    .init(.cjk, 9, 3, .right, 0.75, ["▆▆▆▇▇▇▉▇ ", " 切换 ▉  ", "▂▂▂▁▁▁▉▁ "]),
    .init(.cjk, 9, 3, .right, 1, TurnScreens.cjkIncoming9x3),
    .init(.cjk, 9, 3, .up, 0, TurnScreens.cjkOutgoing9x3),
    .init(.cjk, 9, 3, .up, 0.25, [" 你好吗  ", "▎早上好 ▊", "▇▅▅▅▅▅▅▅▇"]),
    .init(.cjk, 9, 3, .up, 0.5, ["▃▇▇▇▇▇▇▇▃", "▄▄▄▄▄▄▄▄▄", "▅▁▁▁▁▁▁▁▅"]),
    .init(.cjk, 9, 3, .up, 0.75, ["▂▂▂▂▂▂▂▂▂", "▎カード ▊", "         "]),
    .init(.cjk, 9, 3, .up, 1, TurnScreens.cjkIncoming9x3),
    .init(.cjk, 9, 3, .down, 0, TurnScreens.cjkOutgoing9x3),
    .init(.cjk, 9, 3, .down, 0.25, ["▁▃▃▃▃▃▃▃▁", "▎你好吗 ▊", "         "]),
    .init(.cjk, 9, 3, .down, 0.5, ["▃▇▇▇▇▇▇▇▃", "▄▄▄▄▄▄▄▄▄", "▅▁▁▁▁▁▁▁▅"]),
    .init(.cjk, 9, 3, .down, 0.75, [" カード  ", "▎ 切换  ▊", "▆▆▆▆▆▆▆▆▆"]),
    .init(.cjk, 9, 3, .down, 1, TurnScreens.cjkIncoming9x3),
]

@Suite("Cube: literal screens")
struct CubeScreenTests {
    @Test("ASCII and CJK cards, 20×5 and 9×3, every direction, t = 0, 0.25, 0.5, 0.75, 1", arguments: cubeScreenCases)
    func screen(_ row: TurnScreenCase) {
        let frame = TurnScreens.frame(.cube, row.cards, row.columns, row.rows, row.direction, row.t)
        #expect(Screen(frame).text == row.screen, "\(Screen(frame))")
    }

    /// Columns and rows from the derivation above, in colour: the outgoing (green) and incoming
    /// (blue) faces meet on the centre line; the edges are each face's colour over the clear cell
    /// where the face covers the block's part (e, f) and the clear colour over the face where it
    /// covers the rest (E, F: reversed, so that the clear part is the terminal's own background).
    @Test("cube left at t = 0.5 on 20×5, in colour")
    func styled() {
        let frame = TurnScreens.frame(.cube, .ascii, 20, 5, .left, 0.5)
        let expected = Screen(
            [
                " ▂▃▄▄▅▆▇▇  ▇▇▆▅▄▄▃▂ ", "▊ HELLO      world ▎", "▊ ABCDE       xyz  ▎", "▊                  ▎",
                " ▆▅▄▄▃▂▁▁  ▁▁▂▃▄▄▅▆ ",
            ],
            styles: [
                ".eeeeeeeegbffffffff.", "EgGGGGGgggbbbBBBBBbf", "EgGGGGGgggbbbbBBBbbf", "Egggggggggbbbbbbbbbf",
                ".EEEEEEEEgbFFFFFFFF.",
            ], legend: TurnScreens.legend)
        #expect(Screen(frame) == expected, "\(Screen(frame).difference(from: expected))")
    }

    @Test("t = 0 and t = 1 are the settled cards, cell for cell", arguments: TransitionDirection.allCases)
    func endpoints(_ direction: TransitionDirection) {
        for (columns, rows) in [(20, 5), (9, 3)] {
            var scene = CardScene(cardSize: TerminalSize(columns: columns, rows: rows))
            let (outgoing, incoming) = TurnScreens.Cards.ascii.texts
            #expect(
                TurnScreens.frame(.cube, .ascii, columns, rows, direction, 0)
                    == scene.slotContent(index: 0, text: outgoing))
            #expect(
                TurnScreens.frame(.cube, .ascii, columns, rows, direction, 1)
                    == scene.slotContent(index: 1, text: incoming))
        }
    }
}

"""Issue 33's moves in real emulators under Xvfb and in tmux (split from test_real_emulators.py,
whose frame loop, windows and render stream it uses).

Moves (issue 33): a fold down and a push left drawn inline below two host lines, held at the
first, the middle and the last frame that moves lines (IL/DL) or characters (ICH/DCH) — the
stream is checked to hold them — must show in xterm, sakura and tmux what the same frames drawn
whole (no moves) show: every cell's colour, and ink (a glyph) where the model has a glyph and
none where it has a blank. Wide (CJK) items pushed, moved in and revealed sideways (record 0263:
ICH/DCH on a row of wide characters) also in mlterm and kitty. No CJK font is installed: the
emulators draw a missing-glyph box where a wide character is, which is the ink checked; its
shape is not. kitty 0.26 (Debian's) blanks a wide character that a DCH brings to the cursor's
column (lineops.h, left_shift_line; multicell kitty 0.40 does not): the encoder draws such a
character again after the DCH (record 0263), which the wide push left and reveal left check."""
import os
import shutil
from collections import Counter

import pytest

import emulator_driver as drv
from test_real_emulators import CARD, EMULATORS, ITEMS, render_stream, terminals  # noqa: F401 (a fixture)
from tmux_driver import Tmux

HOST = b"host line one\r\nhost line two\r\n"
# Items with wide (CJK) characters: a card row of them is shifted by ICH/DCH where neither
# sequence starts or ends inside a wide character (record 0263).
WIDE_ITEMS = ["搜索姓名、手机号或邮箱 search", "カードめくり 折叠切换 카드 cards"]
# The frames: render arguments, which moves their diff stream must send, and the items.
MOVE_FRAMES = {
    "fold-down": (CARD + ["--transition", "fold", "--direction", "down", "--frames", "16"], "lines", ITEMS),
    "push-left": (CARD + ["--transition", "push", "--direction", "left", "--frames", "16"], "characters", ITEMS),
    "wide-push-left": (CARD + ["--transition", "push", "--direction", "left", "--frames", "16"], "characters",
                       WIDE_ITEMS),
    "wide-push-right": (CARD + ["--transition", "push", "--direction", "right", "--frames", "16"], "characters",
                        WIDE_ITEMS),
    "wide-move-in-right": (CARD + ["--transition", "move-in", "--direction", "right", "--frames", "16"],
                           "characters", WIDE_ITEMS),
    "wide-reveal-left": (CARD + ["--transition", "reveal", "--direction", "left", "--frames", "16"], "characters",
                         WIDE_ITEMS),
}
WIDE_CASES = [case for case, (_, _, items) in MOVE_FRAMES.items() if items is WIDE_ITEMS]
# mlterm counts characters, not cells, in some edits of a row of wide characters (its ECH:
# test_erase_in_mlterm.py); kitty is a renderer of its own. Both get the wide cases.
WIDE_EMULATORS = ["mlterm", "kitty"]
# Each on a light and a dark default background (the host lines and the card's surroundings).
MOVE_RUNS = [(emulator, bg, case) for emulator in EMULATORS for bg in ("white", "black") for case in MOVE_FRAMES] + [
    (emulator, bg, case) for emulator in WIDE_EMULATORS for bg in ("white", "black") for case in WIDE_CASES]



@pytest.fixture(scope="module", autouse=True)
def versions():
    drv.require_tools()
    for name in EMULATORS + WIDE_EMULATORS:
        print(f"\n{name}: {drv.EMULATORS[name]['version']()}")

def moves_on_wide_rows(stream, kind):
    """The moves of `kind` sent with the cursor on a row that holds a wide character (pyte's
    screen as the stream has left it just before the move): (frame, row, column, sequence)."""
    screen, feed = drv.screen_and_stream()
    feed.feed(b"\x1b[0m\x1b[H\x1b[2J")
    found = []
    for number, chunk in enumerate(drv.frames_of(stream)):
        start = 0
        for move in drv.MOVES[kind].finditer(chunk):
            feed.feed(chunk[start:move.start()])
            start = move.start()
            row = screen.buffer[screen.cursor.y]
            if any(row[col].data == "" for col in range(1, screen.columns)):  # the right half of a wide one
                found.append((number, screen.cursor.y, screen.cursor.x, move.group().decode()[1:]))
        feed.feed(chunk[start:])
    return found


def moving_streams(foldcycle, case):
    """(the diff stream, the same frames drawn whole, the indexes of the frames that move), both
    after the host lines; the diff stream must move in some frame after the first (a wide case:
    on a row that holds wide characters)."""
    args, kind, items = MOVE_FRAMES[case]
    diff = HOST + render_stream(foldcycle, args, items)
    full = HOST + render_stream(foldcycle, args + ["--encoder", "full"], items)
    frames = drv.frames_of(diff)
    moving = [index for index, chunk in enumerate(frames) if index > 0 and drv.MOVES[kind].search(chunk)]
    assert moving, f"{case}: no frame of the diff stream sends {kind} moves"
    if items is WIDE_ITEMS:
        assert moves_on_wide_rows(diff, kind), f"{case}: no {kind} move on a row of wide characters"
    assert not any(drv.MOVES[kind].search(chunk) for chunk in drv.frames_of(full)), "the whole frames move"
    assert len(drv.frames_of(full)) == len(frames)
    return diff, full, moving


def ink(pixel, fg, bg):
    """How far `pixel` is from the cell's background towards its foreground, 0 to 1 (a blend of
    the two: a glyph's antialiased edge), or 1 when it is neither (some other colour)."""
    if not drv.on_segment(pixel, bg, fg):
        return 1.0
    length = sum((b - a) ** 2 for a, b in zip(bg, fg))
    return min(1.0, max(0.0, sum((p - a) * (b - a) for p, a, b in zip(pixel, bg, fg)) / length)) if length else 0.0


def glyph_checks(terminal, screen, rows, cols):
    """`emulator_driver.cell_checks` with wide characters and glyph places: the right half of a
    wide character (pyte: an empty cell after it) is checked as a text cell (most of its pixels
    the background: the glyph crosses its centre, and without a CJK font the emulator's
    missing-glyph box does), every other glyph's cell has ink (a pixel at least 0.6 of the way to
    its foreground: the missing-glyph box counts) and every blank cell none (no pixel past 0.4
    inside its one-pixel border: mlterm draws a block element a pixel into the row below). A glyph
    a cell off, or a wide character an emulator dropped, shows. Block elements are left to
    cell_checks."""
    def predicate(shot):
        problems = []
        pixels = shot.load()
        for row in rows:
            right_halves = [col for col in cols if screen.buffer[row][col].data == ""]
            problems += drv.cell_checks(terminal, screen, [row], [col for col in cols if col not in right_halves])(shot)
            for col in cols:
                char = screen.buffer[row][col]
                if char.data in drv.BLOCKS or char.reverse or char.underscore:
                    continue
                fg, bg = drv.cell_colours(char, terminal.bg, terminal.fg)
                x0, y0, x1, y1 = terminal.cell_box(col, row)
                if char.data == "":
                    common = Counter(pixels[x, y] for y in range(y0, y1) for x in range(x0, x1)).most_common(1)[0][0]
                    if not drv.near(common, bg):
                        problems.append(f"cell ({col},{row}) right half of a wide character: most pixels {common}, "
                                        f"expected {bg}")
                    continue
                border = 1 if char.data == " " else 0
                seen = {pixels[x, y] for y in range(y0 + border, y1 - border) for x in range(x0 + border, x1 - border)}
                most = max([ink(pixel, fg, bg) for pixel in seen if pixel != bg] or [0.0])
                if char.data == " " and most > 0.4:
                    problems.append(f"cell ({col},{row}) ' ': ink {most:.2f} (fg {fg} on bg {bg})")
                elif char.data != " " and most < 0.6:
                    problems.append(f"cell ({col},{row}) {char.data!r}: no ink (at most {most:.2f} of the way to fg "
                                    f"{fg} on bg {bg})")
        return problems
    return predicate


@pytest.mark.parametrize("held", ["first", "middle", "last"])
@pytest.mark.parametrize("emulator, bg, case", MOVE_RUNS)
def test_moves_below_host_lines_show_the_whole_frame(terminals, foldcycle, tmp_path, emulator, bg, case, held):
    """Held at the first, the middle or the last of the frames that move (each moves from the
    screen all the frames before it left)."""
    if emulator in WIDE_EMULATORS:
        assert shutil.which(emulator), f"missing {emulator}: scripts/test installs it (Debian: {emulator})"
    diff, full, moving = moving_streams(foldcycle, case)
    index = {"first": moving[0], "middle": moving[len(moving) // 2], "last": moving[-1]}[held]
    prefix = drv.frame_prefix(diff, index)
    screen = drv.model(drv.frame_prefix(full, index))
    rows = range(0, 2 + 9 + 1)
    assert drv.cells(drv.model(prefix), rows) == drv.cells(screen, rows), "pyte: the moves leave another screen"
    assert [line.rstrip() for line in screen.display[:2]] == ["host line one", "host line two"]
    terminal = terminals(emulator, bg)
    path = tmp_path / "frame.ansi"
    path.write_bytes(prefix)
    terminal.show(str(path))
    shot, problems = terminal.wait_for_screen(glyph_checks(terminal, screen, rows, range(0, drv.COLS)))
    pictures = os.environ.get("FOLDCYCLE_EMULATOR_PICTURES")
    if pictures and held == "middle":
        x0, y0, w, h = terminal.grid
        shot.crop((x0, y0, x0 + 44 * w, y0 + 12 * h)).save(os.path.join(pictures, f"{emulator}-moves-{case}{'' if bg == 'white' else '-' + bg}.png"),
                                                           optimize=True)
    assert problems == [], "\n".join(problems[:20])


@pytest.mark.parametrize("case", list(MOVE_FRAMES))
def test_moves_below_host_lines_in_tmux_show_every_whole_frame(foldcycle, tmp_path, case):
    diff, full, _ = moving_streams(foldcycle, case)
    screen = drv.pyte.Screen(drv.COLS, drv.ROWS)
    stream = drv.pyte.ByteStream(screen)
    stream.feed(b"\x1b[H\x1b[2J")
    expected = []
    for chunk in drv.frames_of(full):
        stream.feed(chunk)
        expected.append([line.rstrip() for line in screen.display])
    pane = Tmux(tmp_path, drv.COLS, drv.ROWS)
    try:
        shown = list(pane.play(diff))
    finally:
        pane.close()
    assert len(shown) == len(expected)
    for number, (capture, want) in enumerate(zip(shown, expected)):
        assert capture == want, f"frame {number}"
    assert expected[-1][:2] == ["host line one", "host line two"]

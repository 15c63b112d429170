"""ECH (`CSI n X`) on a row of wide characters in mlterm (docs/decisions/0256). mlterm 3.9.0 counts
characters there: an ECH of `n` cells whose span holds `k` wide characters, followed by cells that
already are the erased space (a space in the same pen), erases `k` cells fewer and leaves the
span's last glyphs. xterm erases every cell. The first test shows the rule under Xvfb (which cells
still show a glyph); the second plays `foldcycle render --format ansi` of a fold from ASCII to a
row with CJK, whose streams write spaces rather than ECH over a wide character on screen, in mlterm
and compares every cell of every frame with the model (pyte)."""
import subprocess

import pytest

import emulator_driver as drv
from conftest import clean_environment

GREEN = "\x1b[30;42m"
# The user's repro: the row, CR, CUF 2, ECH 19 in the row's pen (the cells after the span, 21 and
# 22, are spaces in that pen). mlterm leaves `me` (cells 19, 20).
REPRO = f"{GREEN}  Search 搜索 by name  |\x1b[0m\r\x1b[2C{GREEN}\x1b[19X\x1b[0m".encode()
# The same with the erased cells written as spaces.
SPACES = f"{GREEN}  Search 搜索 by name  |\x1b[0m\r\x1b[2C{GREEN}{' ' * 19}\x1b[0m".encode()
ITEMS = ["Search 搜索 by name", "カード cards 한글 two", "plain ascii words"]
ARGS = ["--direction", "down", "--from-item", "2", "--frames", "30", "--width", "40", "--height", "5"]


def inked(terminal, shot, row, cols):
    """The columns of `row` whose cell holds a dark pixel (a glyph in black on green or white)."""
    pixels = shot.load()
    found = []
    for col in cols:
        x0, y0, x1, y1 = terminal.cell_box(col, row)
        if any(max(pixels[x, y]) < 60 for x in range(x0, x1) for y in range(y0, y1)):
            found.append(col)
    return found


@pytest.mark.parametrize("emulator,stream,expected", [
    ("mlterm", REPRO, [19, 20, 23]), ("mlterm", SPACES, [23]), ("xterm", REPRO, [23]),
], ids=["mlterm-ech", "mlterm-spaces", "xterm-ech"])
def test_ech_over_wide_characters(display, tmp_path, emulator, stream, expected):
    terminal = drv.Terminal(display, emulator, "white", str(tmp_path / "window"))
    try:
        terminal.window()
        terminal.calibrate()
        path = tmp_path / "row.ansi"
        path.write_bytes(stream)
        terminal.show(str(path))
        # Wait until the row's green background shows (the stream is on screen), then look.
        screen = drv.model(stream)
        shot, problems = terminal.wait_for_screen(drv.cell_checks(terminal, screen, [0], range(0, 2)))
        assert problems == [], problems
        assert inked(terminal, shot, 0, range(0, 30)) == expected
    finally:
        terminal.close()


def test_render_stream_plays_right_in_mlterm(display, foldcycle, tmp_path):
    # 16 colours (TERM=xterm): the palette the lane's model knows (emulator_driver.XTERM_16).
    env = clean_environment(TERM="xterm")
    for name in ("NO_COLOR", "COLORTERM"):
        env.pop(name, None)
    stream = subprocess.run([foldcycle, "render", "--format", "ansi", "--color", "always", *ARGS, *ITEMS],
                            capture_output=True, env=env, check=True).stdout
    frames = drv.frames_of(stream)
    assert len(frames) == 30 and b"\x1b[30;42m" in stream
    # The frames that erase the CJK row again: without the fix, ECH 19 over 搜索 (frame 13 on).
    assert b"\x1b[19X" not in stream
    terminal = drv.Terminal(display, "mlterm", "white", str(tmp_path / "window"))
    try:
        terminal.window()
        terminal.calibrate()
        failures = []
        for index in range(len(frames)):
            prefix = drv.frame_prefix(stream, index)
            path = tmp_path / f"frame{index}.ansi"
            path.write_bytes(prefix)
            terminal.show(str(path))
            _, problems = terminal.wait_for_screen(
                drv.cell_checks(terminal, drv.model(prefix), range(0, 6), range(0, drv.COLS)))
            failures += [f"frame {index}: {problem}" for problem in problems]
        assert failures == [], "\n".join(failures[:20])
    finally:
        terminal.close()

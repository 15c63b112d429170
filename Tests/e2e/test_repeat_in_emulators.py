"""REP (`CSI n b`) in real terminals (docs/decisions/0255): `foldcycle render --format ansi --rep`
writes a run of one glyph (a vertical fold's edge row of half blocks) as the glyph and REP. In
xterm, sakura (VTE), kitty and mlterm under Xvfb the stream must show what the same frames drawn
whole (no REP) show: held at the middle and the last frame that sends REP, every cell's colour
(`emulator_driver.cell_checks`); pyte without REP (`emulator_driver.model(..., repeats=False)`) shows another screen for those bytes. Two
cards: 40 columns (the runs end inside the terminal) and 80 (as wide as the terminal: the runs end
at the right margin, in the pending-wrap state a print leaves), both below two host lines.

tmux (3.3a) repeats only an ASCII character: after any other it ignores REP. That is why
`RepeatSupport` sends no REP inside tmux; the last test shows it."""
import re

import pytest

import emulator_driver as drv
from tmux_driver import Tmux
from test_real_emulators import ITEMS, PALETTE, render_stream

REP = re.compile(rb"\x1b\[[0-9]*b")
HOST = b"host line one\r\nhost line two\r\n"
CASES = {
    "fold-down-40": (["--width", "40", "--height", "9", "--palette", ",".join(PALETTE), "--transition", "fold",
                      "--direction", "down", "--frames", "16"], 9),
    "fold-up-80": (["--width", "80", "--height", "9", "--palette", ",".join(PALETTE), "--transition", "fold",
                    "--direction", "up", "--frames", "16"], 9),
}
EMULATORS = ["xterm", "sakura", "kitty", "mlterm"]


def streams(foldcycle, case):
    """(the diff stream with REP, the same frames drawn whole, the indexes of the frames with a
    REP), both after the host lines."""
    args, _ = CASES[case]
    diff = HOST + render_stream(foldcycle, args + ["--rep"])
    full = HOST + render_stream(foldcycle, args + ["--encoder", "full"])
    frames = drv.frames_of(diff)
    repeating = [index for index, chunk in enumerate(frames) if REP.search(chunk)]
    assert repeating, f"{case}: no frame sends REP"
    assert not REP.search(full) and not REP.search(HOST + render_stream(foldcycle, args)), "REP without --rep"
    assert len(drv.frames_of(full)) == len(frames)
    return diff, full, repeating


_terminals = {}


@pytest.fixture(scope="module")
def terminals(display, tmp_path_factory):
    """One frame-loop window per emulator, started on first use, one at a time on the display."""
    def get(emulator):
        if emulator not in _terminals:
            for other in list(_terminals):
                _terminals.pop(other).close()
            terminal = drv.Terminal(display, emulator, "white", str(tmp_path_factory.mktemp(emulator)))
            terminal.window()
            terminal.calibrate()
            _terminals[emulator] = terminal
        return _terminals[emulator]
    yield get
    for other in list(_terminals):
        _terminals.pop(other).close()


def test_the_rep_stream_reaches_the_right_margin(foldcycle):
    """The 80-column card's runs end at the right margin: a REP of 79 after the first cell."""
    diff, _, _ = streams(foldcycle, "fold-up-80")
    assert re.search(rb"\x1b\[79b", diff)


@pytest.mark.parametrize("held", ["middle", "last"])
@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("emulator", EMULATORS)
def test_rep_shows_the_whole_frame(terminals, foldcycle, tmp_path, emulator, case, held):
    diff, full, repeating = streams(foldcycle, case)
    index = repeating[len(repeating) // 2] if held == "middle" else repeating[-1]
    prefix = drv.frame_prefix(diff, index)
    screen = drv.model(drv.frame_prefix(full, index))
    rows = range(0, 2 + CASES[case][1] + 1)
    assert drv.cells(drv.model(prefix, repeats=False), rows) != drv.cells(screen, rows), \
        "the frame does not depend on REP"
    assert drv.cells(drv.model(prefix), rows) == drv.cells(screen, rows), "the model's REP is not xterm's"
    assert [line.rstrip() for line in screen.display[:2]] == ["host line one", "host line two"]
    terminal = terminals(emulator)
    path = tmp_path / "frame.ansi"
    path.write_bytes(prefix)
    terminal.show(str(path))
    _, problems = terminal.wait_for_screen(drv.cell_checks(terminal, screen, rows, range(0, drv.COLS)))
    assert problems == [], "\n".join(problems[:20])


def test_tmux_repeats_only_ascii(tmp_path):
    """In a tmux pane: `a` and REP 3 shows four; a half block or a CJK glyph and REP shows one."""
    pane = Tmux(tmp_path, drv.COLS, drv.ROWS)
    try:
        shown = list(pane.play("\x1b[?2026ha\x1b[3b|▇\x1b[3b|你\x1b[2b|\x1b[?2026l".encode()))
    finally:
        pane.close()
    assert [line.rstrip() for line in shown[0][:2]] == ["aaaa|▇|你|", ""]

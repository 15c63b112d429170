"""Card edges on a light terminal (issue 21, /work/shared/cases/light-theme-edges.md): in xterm
`-bg white` or mlterm the left and bottom edges of a turning cube, a flip and a tilted deck card
showed black blotches and a black staircase (`ESC[30;42m▉`, `ESC[38;2;0;0;0;48;2;0;0;255m▏`).
The part of an edge cell outside the card must be the terminal's own background: replayed
through pyte, every block eighth either has a coloured ink (its foreground) or is drawn in
reverse video against the default background (`bg == "default"`), never a black or default ink.
And no SGR has more than 10 parameters (mlterm drops a whole longer one), and without colour
no block eighth is drawn at all."""
import os
import re
import subprocess

import pyte
import pytest

from test_render_baseline import DEPTH_ENV
from test_render_diff import frames_of

ITEMS = ["Search by name or email", "搜索姓名、手机号或邮箱"]
EIGHTHS = set(chr(c) for c in range(0x2581, 0x2588)) | set(chr(c) for c in range(0x2589, 0x2590))
# What pyte reports for a literal black foreground at each depth (16: `30`; 256: entry 16 or 0).
BLACK = {"black", "000000"}
DECK_ITEMS = "a.txt\n\nWhat holds m34?\n---\nThe perspective\n\nc.txt\n"
DECK_SCRIPT = "right, drag(-0.45,0.08,0.15), undo, flip"


def run(foldcycle, args, depth, tmp_path=None):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update(DEPTH_ENV[depth])
    color = ["--color", "never"] if depth == "none" else ["--color", "always"]
    proc = subprocess.run([foldcycle, "render", "--format", "ansi", *color, *args], capture_output=True, env=env,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


def cases():
    for transition in ["cube", "flip", "fold"]:
        for direction in ["left", "right", "up", "down"]:
            # A fold fades its outgoing half toward --background: below truecolor a half-faded dark
            # card may snap to palette black, a true blend; on a white background it cannot.
            background = ["--background", "white"] if transition == "fold" else []
            yield pytest.param(["--transition", transition, "--direction", direction, "--frames", "13",
                                "--width", "27", "--height", "5", *background, *ITEMS],
                               id=f"{transition}-{direction}")
    yield pytest.param("deck", id="deck")


def arguments(case, tmp_path):
    if case != "deck":
        return case
    items = tmp_path / "items.txt"
    items.write_text(DECK_ITEMS, encoding="utf-8")
    return ["--deck", DECK_SCRIPT, "--file", str(items)]


@pytest.mark.parametrize("depth", ["truecolor", "256", "16"])
@pytest.mark.parametrize("case", cases())
def test_edge_cells_show_the_default_background(foldcycle, tmp_path, case, depth):
    stream = run(foldcycle, arguments(case, tmp_path), depth)
    screen = pyte.Screen(100, 40)
    feed = pyte.ByteStream(screen)
    reversed_edges = 0
    edges = 0
    for chunk in frames_of(stream):
        feed.feed(chunk)
        for y in range(screen.lines):
            for x in range(screen.columns):
                c = screen.buffer[y][x]
                if c.data not in EIGHTHS:
                    continue
                edges += 1
                assert c.fg != "default" and c.fg not in BLACK, (y, x, c)
                if c.reverse:
                    reversed_edges += 1
                    assert c.bg == "default", (y, x, c)
    assert edges > 0
    # A cube's, a flip's and a tilted deck card's edges against the outside: the block's ink is
    # the terminal's background there.
    if case == "deck" or case[1] in ("cube", "flip"):
        assert reversed_edges > 0


@pytest.mark.parametrize("depth", ["truecolor", "256", "16", "none"])
@pytest.mark.parametrize("case", cases())
def test_no_sgr_has_more_than_ten_parameters(foldcycle, tmp_path, case, depth):
    stream = run(foldcycle, arguments(case, tmp_path), depth)
    sgrs = re.findall(rb"\x1b\[([0-9;]*)m", stream)
    assert sgrs
    longest = max(len(s.split(b";")) for s in sgrs)
    assert longest <= 10, [s for s in sgrs if len(s.split(b";")) > 10][:3]


@pytest.mark.parametrize("case", cases())
def test_no_colour_draws_no_edge_blocks(foldcycle, tmp_path, case):
    stream = run(foldcycle, arguments(case, tmp_path), "none").decode()
    assert not (set(stream) & (EIGHTHS | {"█"}))

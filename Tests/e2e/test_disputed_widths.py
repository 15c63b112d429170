"""Clusters whose width terminals disagree on (docs/DESIGN.md#disputed-widths) in a real tmux
and in pyte, both of which draw some of them wider or narrower than our 2 cells (tmux 3.3: ❤️ and
#️⃣ in 1 cell, 👍🏽 in 4, ⌚︎ in 2 where we count 1; pyte: every code point on its own). In every
direction and transition, frame by frame, every other cell of the row, the card and the region is
exactly where it belongs, and nothing is left behind; only the disputed cluster's own cells may
show less of it."""
import bisect
import os
import subprocess

import pyte
import pytest
import wcwidth

from tmux_driver import Tmux
from conftest import clean_environment

DISPUTED = ["\u2764\ufe0f", "\U0001F44D\U0001F3FD", "\U0001F469\u200d\U0001F4BB", "\U0001F1EF\U0001F1F5",
            "#\ufe0f\u20e3", "\u231a\ufe0e", "\U0001F468\u200d\U0001F469\u200d\U0001F467"]
ITEMS = ["\u2764\ufe0f a \U0001F44D\U0001F3FD b \U0001F1EF\U0001F1F5 c",
         "\U0001F469\u200d\U0001F4BB d \u231a\ufe0e e #\ufe0f\u20e3 f \U0001F468\u200d\U0001F469\u200d\U0001F467 g",
         "plain text only"]
CARD = ["--width", "26", "--height", "3"]
END = b"\x1b[?2026l"

SPACING_MARKS = wcwidth._constants._CATEGORY_MC_TABLE


def terminal_width(scalar):
    """DisplayWidth.terminalScalarWidth: Python's width, a spacing mark (Mc) 1, a control 0."""
    index = bisect.bisect_right(SPACING_MARKS, (ord(scalar), 0x10FFFF)) - 1
    if index >= 0 and SPACING_MARKS[index][0] <= ord(scalar) <= SPACING_MARKS[index][1]:
        return 1
    return max(0, wcwidth.wcwidth(scalar))


def is_disputed(cluster):
    """DisplayWidth.isDisputed, as the Swift side decides it."""
    points = [ord(c) for c in cluster]
    if len(points) == 1:
        return 0x1F1E6 <= points[0] <= 0x1F1FF
    if any(p in (0xFE0E, 0xFE0F, 0x200D, 0x20E3) or 0x1F3FB <= p <= 0x1F3FF or 0x1F1E6 <= p <= 0x1F1FF
           or 0xE0020 <= p <= 0xE007F for p in points):
        return True
    return sum(terminal_width(c) for c in cluster) != wcwidth.width(cluster)


def render(foldcycle, args, fmt, env=None):
    full_env = clean_environment(COLORTERM="truecolor", TERM="xterm-256color")
    full_env.update(env or {})
    proc = subprocess.run([foldcycle, "render", "--format", fmt, "--color", "always", *CARD, *args, "--", *ITEMS],
                          capture_output=True, env=full_env, timeout=30)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


def plain_frames(foldcycle, args):
    plain = render(foldcycle, args, "plain").decode()
    return [block.split("\n")[1:] for block in plain.split("\n\n") if block.startswith("# frame")]


def remnant(cluster, ours, advances):
    """What tmux shows in the cluster's `ours` columns once the cells after them are redrawn: its
    cells (a new one wherever the cursor advanced) that lie wholly within them, then blanks."""
    cells = []
    previous = 0
    for scalar, advance in zip(cluster, advances):
        if advance > previous or not cells:
            cells.append([previous, advance, scalar])
            previous = advance
        else:
            cells[-1][2] += scalar
    kept = [cell for cell in cells if cell[1] <= ours and cell[1] > cell[0]]
    used = kept[-1][1] if kept else 0
    return "".join(cell[2] for cell in kept) + " " * (ours - used)


def expected_in_tmux(rows, advances):
    return [("".join(remnant(c, wcwidth.width(c), advances[c]) if is_disputed(c) else c
                     for c in wcwidth.iter_graphemes(row))).rstrip() for row in rows]


CASES = [pytest.param(kind, direction, start, id=f"{kind}-{direction}-from{start}")
         for kind in ["fold", "fade"] for direction in ["down", "up", "left", "right"] for start in [0, 1, 2]]


@pytest.fixture(scope="module")
def tmux(tmp_path_factory):
    pane = Tmux(tmp_path_factory.mktemp("tmux"), 40, 6)
    pane.advances_by_cluster = pane.advances(DISPUTED)
    yield pane
    pane.close()


def test_tmux_disagrees_with_our_widths(tmux):
    """The premise: this tmux advances the cursor differently from our widths for some clusters."""
    advances = tmux.advances_by_cluster
    assert any(advances[c][-1] != wcwidth.width(c) for c in DISPUTED), advances


@pytest.mark.parametrize("kind,direction,start", CASES)
def test_every_frame_in_tmux(foldcycle, tmux, kind, direction, start):
    args = ["--transition", kind, "--direction", direction, "--frames", "5", "--from-item", str(start)]
    frames = plain_frames(foldcycle, args)
    stream = render(foldcycle, args, "ansi")
    shown = list(tmux.play(stream))
    assert len(shown) == len(frames)
    for number, (screen, frame) in enumerate(zip(shown, frames)):
        expected = expected_in_tmux(frame, tmux.advances_by_cluster)
        assert screen[:len(frame)] == expected, f"frame {number + 1}"
        # Nothing right of the card or below it: the region's rows are all the card's.
        assert all(line == "" for line in screen[len(frame) + 1:]), f"frame {number + 1}: {screen}"


@pytest.mark.parametrize("direction", ["down", "up", "left", "right"])
def test_live_runs_in_tmux_end_exact(foldcycle, tmux, direction):
    """The live player in tmux: from a disputed item through another to a plain one (no cluster
    left to excuse anything: the screen must be exact), and ending on a disputed one."""
    for cycles, last in [(2, 2), (1, 1)]:
        tmux.respawn([foldcycle, "--cycles", str(cycles), "--interval", "0.4", "--duration", "0.3", "--direction",
                      direction, "--color", "always", *CARD, "--", *ITEMS], env={"COLORTERM": "truecolor"})
        assert tmux.exit_status() == 0
        frame = plain_frames(foldcycle, ["--from-item", str(last - 1 if last else 2), "--frames", "2"])[-1]
        screen = tmux.capture()
        assert screen[:3] == expected_in_tmux(frame, tmux.advances_by_cluster), (direction, cycles)
        assert all(line == "" for line in screen[3:]), screen
        assert tmux.cursor() == (True, 0, 3)


def masked(rows):
    """Each row as (column, cluster) pairs of its undisputed clusters."""
    out = []
    for row in rows:
        column, cells = 0, []
        for cluster in wcwidth.iter_graphemes(row):
            if not is_disputed(cluster):
                cells.append((column, cluster))
            column += wcwidth.width(cluster)
        out.append(cells)
    return out


@pytest.mark.parametrize("kind,direction,start", CASES)
def test_every_frame_in_pyte(foldcycle, kind, direction, start):
    """pyte sizes every code point on its own (👩‍💻 in 4 cells, ❤️ in 1): a file replayed in a
    terminal exactly as wide as the card, diff and full-frame streams alike."""
    args = ["--transition", kind, "--direction", direction, "--frames", "5", "--from-item", str(start)]
    frames = plain_frames(foldcycle, args)
    for encoder in ["diff", "full"]:
        stream = render(foldcycle, args + ["--encoder", encoder], "ansi")
        screen = pyte.Screen(26, 4)
        feed = pyte.ByteStream(screen)
        chunks = stream.split(END)
        assert len(chunks) - 1 == len(frames)
        for number, (chunk, frame) in enumerate(zip(chunks, frames)):
            feed.feed(chunk + END)
            for y, cells in enumerate(masked(frame)):
                for column, cluster in cells:
                    assert screen.buffer[y][column].data == cluster, (encoder, number + 1, y, column, frame[y])

"""Diff correctness through a real terminal emulator (pyte): for many seeded random transitions,
a terminal fed the diff stream of `foldcycle render --format ansi` shows, after every frame, the
same cells (character, colours, bold) as one fed every frame in full, and the same text as the
`plain` frames (issue 3). The JSON transforms, a pure function of the arguments, are tested
in-process (FoldCycleCLITests/RenderFramesTests.swift)."""
import os
import random
import subprocess
import unicodedata

import pyte
import pytest

from conftest import ROOT

# pyte 0.8.2 sizes each code point on its own, so it draws an emoji ZWJ sequence, a skin-tone
# modifier or a VS16 emoji wider than one 2-cell cluster (modern terminals and the wcwidth
# reference used by DisplayWidthTests draw them as 2 cells); those are left out of this pool.
POOL = [
    "ABC", "Hello, world", "你好", "世界和平", "한국어 카드", "ｶﾀｶﾅ and カタカナ", "😀 smile", "🎴 card",
    "café", "e\u0301\u0301 stacked", "tab\there", "two\nlines", "three\nline\ncard",
    "x", "a long line of text that will be clipped with an ellipsis somewhere", "全角ＡＢＣ",
]
END = b"\x1b[?2026l"


def render(foldcycle, args, fmt, encoder="diff"):
    env = dict(os.environ, COLORTERM="truecolor", TERM="xterm-256color")
    proc = subprocess.run([foldcycle, "render", "--format", fmt, "--encoder", encoder, "--color", "always", *args],
                          capture_output=True, env=env, timeout=30)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


def frames_of(stream):
    """Splits an ansi stream after each synchronized-output end: one chunk per frame (the
    last chunk also holds the final restore)."""
    chunks = []
    start = 0
    while True:
        end = stream.find(END, start)
        if end < 0:
            break
        chunks.append(stream[start:end + len(END)])
        start = end + len(END)
    if chunks and start < len(stream):
        chunks[-1] += stream[start:]
    return chunks


def nfc(text):
    return unicodedata.normalize("NFC", text)


def cells(screen, width, height):
    """What each cell shows: glyph, colours, bold, reverse. A plain space (no reverse, no
    underline) shows no foreground, and so no bold either (bold changes only how a glyph's ink is
    drawn, and a space has none): the encoder keeps whichever pen is cheapest across it, so
    neither its foreground nor its bold is compared."""
    rows = []
    for y in range(height):
        line = screen.buffer[y]
        row = []
        for x in range(width):
            c = line[x]
            shows_ink = c.data != " " or c.reverse or c.underscore
            row.append((c.data, c.fg if shows_ink else None, c.bg, c.bold if shows_ink else None,
                        c.reverse, c.underscore))
        rows.append(row)
    return rows


def text(screen, width, height):
    rows = []
    for y in range(height):
        line = screen.buffer[y]
        rows.append("".join(line[x].data for x in range(width)))
    return rows


def cases():
    rng = random.Random(20261130)
    out = []
    for index in range(40):
        items = rng.sample(POOL, rng.randint(2, 4))
        args = ["--direction", rng.choice(["down", "up", "left", "right"]),
                "--timing", rng.choice(["linear", "ease-in", "ease-out", "ease-in-out", "default",
                                        "cubic-bezier(0.1,0.7,0.9,-0.2)"]),
                "--frames", str(rng.randint(3, 12)),
                "--from-item", str(rng.randrange(len(items))),
                "--align", rng.choice(["left", "center", "right"])]
        if rng.random() < 0.5:
            args += ["--width", str(rng.randint(1, 30)), "--height", str(rng.randint(1, 7))]
        if rng.random() < 0.3:
            args += ["--palette", rng.choice(["black,white", "#123456,#fedcba,red", "purple"])]
        out.append(pytest.param(args + ["--", *items], id=f"case{index}"))
    return out


def transition_cases():
    """Every transition but the fold (issue 9), on random cards, sizes, cell aspects and timings."""
    rng = random.Random(20261201)
    out = []
    for index in range(36):
        kind = ["cube", "flip", "push", "move-in", "reveal", "fade"][index % 6]
        items = rng.sample(POOL, rng.randint(2, 4))
        args = ["--transition", kind, "--direction", rng.choice(["down", "up", "left", "right"]),
                "--timing", rng.choice(["linear", "ease-in-out", "cubic-bezier(0.1,0.7,0.9,-0.2)"]),
                "--frames", str(rng.randint(3, 12)), "--from-item", str(rng.randrange(len(items))),
                "--cell-aspect", rng.choice(["0.5", "1", "2", "2.5", "4"]), "--align", rng.choice(["left", "center"])]
        if rng.random() < 0.6:
            args += ["--width", str(rng.randint(1, 30)), "--height", str(rng.randint(1, 7))]
        if rng.random() < 0.3:
            args += ["--shading"]
        out.append(pytest.param(args + ["--", *items], id=f"{kind}{index}"))
    return out


@pytest.mark.parametrize("args", cases() + transition_cases())
def test_diff_stream_matches_full_frames(foldcycle, args):
    diff = frames_of(render(foldcycle, args, "ansi", "diff"))
    full = frames_of(render(foldcycle, args, "ansi", "full"))
    plain = render(foldcycle, args, "plain").decode()
    blocks = [block.split("\n")[1:] for block in plain.split("\n\n") if block.startswith("# frame")]
    assert len(diff) == len(full) == len(blocks)
    height = len(blocks[0])
    width = max(len(line) for line in blocks[0])  # Trailing spaces are kept, so this is ≥ the card.
    cols = 160
    rows = height + 2
    diff_screen, full_screen = pyte.Screen(cols, rows), pyte.Screen(cols, rows)
    diff_stream, full_stream = pyte.ByteStream(diff_screen), pyte.ByteStream(full_screen)
    for index, (d, f, block) in enumerate(zip(diff, full, blocks)):
        diff_stream.feed(d)
        full_stream.feed(f)
        assert cells(diff_screen, cols, height) == cells(full_screen, cols, height), f"frame {index}"
        # pyte stores combining marks NFC-composed with their base; compare in NFC.
        assert [nfc(line.rstrip()) for line in text(diff_screen, cols, height)] == [
            nfc(line.rstrip()) for line in block], f"frame {index}"
    # The stream ends with the cursor shown on the line below the region.
    assert not diff_screen.cursor.hidden
    assert (diff_screen.cursor.y, diff_screen.cursor.x) == (height, 0)

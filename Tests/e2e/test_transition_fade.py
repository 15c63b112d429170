"""A transition that is not a fold, end to end through the seams (issue 8): the cross-fade in
`render` (ANSI through pyte) and live in a pseudo-terminal; its JSON frames are tested in-process
(FoldCycleCLITests/RenderFramesTests.swift)."""
import os
import subprocess

import pyte

from conftest import exit_code


def render(foldcycle, *args, env=None):
    full_env = dict(os.environ, COLORTERM="truecolor", TERM="xterm-256color")
    full_env.pop("NO_COLOR", None)
    proc = subprocess.run([foldcycle, "render", "--transition", "fade", *args], capture_output=True,
                          env=full_env, timeout=30)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


def test_fade_ansi_blends_the_card_colours(foldcycle):
    # Item 0 on black, item 1 on white; at t = 0.5 (linear) the incoming card is half opaque.
    stream = render(foldcycle, "--frames", "3", "--timing", "linear", "--format", "ansi", "--color", "always",
                    "--palette", "#000000,#ffffff", "--width", "5", "--height", "1", "A", "B")
    screen = pyte.Screen(10, 3)
    feed = pyte.ByteStream(screen)
    frames = stream.split(b"\x1b[?2026l")
    feed.feed(frames[0] + b"\x1b[?2026l" + frames[1] + b"\x1b[?2026l")
    assert screen.display[0].startswith("  B  ")
    assert screen.buffer[0][0].bg == "808080"
    feed.feed(b"\x1b[?2026l".join(frames[2:]))
    assert screen.buffer[0][0].bg == "ffffff"


def test_fade_live_cycles_and_exits(pty_run, foldcycle):
    run = pty_run([foldcycle, "--transition", "fade", "--interval", "0.3", "--cycles", "2", "A", "B", "C"])
    assert exit_code(run.wait(timeout=10)) == 0
    assert "C" in run.text()
    assert run.screen.cursor.hidden is False


def test_fade_keeps_the_outgoing_text_until_halfway(foldcycle):
    # Issue 34 point 13: the text cross-fades too; plain text shows whichever glyph is more opaque.
    out = render(foldcycle, "--frames", "11", "--timing", "linear", "--format", "plain", "AAAA", "BBBB").decode()
    frames = out.split("# frame ")[1:]
    shown = ["AAAA" if "AAAA" in frame else "BBBB" if "BBBB" in frame else frame for frame in frames]
    assert shown == ["AAAA"] * 5 + ["BBBB"] * 6

"""Right on the user's theme (issue 29 point 5; /work/shared/cases/light-theme-fade.md): live runs
and the deck ask the terminal for its background (OSC 11, then device attributes), and fades and
dims blend toward it. The pty here answers as a terminal does (white, `rgb:ffff/ffff/ffff`), or
not at all; at 16 colours (TERM=xterm) a folding orange or yellow card never turns red or black."""
import os
import re
import subprocess
import time

import pyte

from conftest import BACKGROUND_QUERY, exit_code, clean_environment

OSC11_QUERY = b"\x1b]11;?\x1b\\"
DA1_QUERY = b"\x1b[c"
WHITE_ANSWER = b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\"
DA1_ANSWER = b"\x1b[?62;22c"
FOLD = ["--interval", "0.5", "--cycles", "3", "--transition", "fold"]


def answer_background(run, answer=WHITE_ANSWER, timeout=5):
    """Waits for the query and answers it as a terminal does: the colour, then the attributes."""
    assert run.pump_until(lambda: BACKGROUND_QUERY in bytes(run.raw), timeout), bytes(run.raw)[:200]
    assert BACKGROUND_QUERY.startswith(OSC11_QUERY) and BACKGROUND_QUERY.endswith(DA1_QUERY)
    if answer:
        run.write(answer)
    run.write(DA1_ANSWER)


def frames_backgrounds(raw, cols, rows):
    """Every cell background (pyte's hex or 'default') of every frame, replayed through pyte."""
    screen = pyte.Screen(cols, rows)
    stream = pyte.ByteStream(screen)
    seen = set()
    # Frames are separated by synchronized-output ends or cursor hides; feeding in small chunks
    # and sampling after each sees every frame's cells at least once.
    for start in range(0, len(raw), 256):
        stream.feed(raw[start:start + 256])
        for y in range(rows):
            for x in range(cols):
                seen.add(screen.buffer[y][x].bg)
    return seen


def dark(colour):
    return colour != "default" and max(int(colour[i:i + 2], 16) for i in (0, 2, 4)) < 128


def live(pty_run, foldcycle, *extra, env=None):
    return pty_run([foldcycle, *FOLD, *extra, "ONE", "TWO", "THREE"], cols=40, rows=10, env=env)


def test_white_answer_no_near_black_blend_in_any_frame(foldcycle, pty_run):
    run = live(pty_run, foldcycle)
    answer_background(run)
    assert exit_code(run.wait(timeout=15)) == 0
    raw = bytes(run.raw)
    backgrounds = frames_backgrounds(raw, 40, 10)
    # The light palette's cards, blended toward white: nothing dark anywhere.
    assert not [c for c in backgrounds if dark(c)], sorted(backgrounds)
    # The light variant of the default palette (yellow #c8a000) and a blend toward white.
    assert "c8a000" in backgrounds or "008000" in backgrounds, sorted(backgrounds)
    assert any(c not in ("default", "008000", "0000ff", "c8a000", "008b8b", "e06c00") for c in backgrounds)
    # The answer is read, never shown.
    assert "rgb" not in run.text() and "11;" not in run.text()


def test_black_background_shows_dark_blends(foldcycle, pty_run):
    """The same run told the background is black: the fold darkens toward it (what the first
    test rules out on white, so that it can fail)."""
    run = live(pty_run, foldcycle, "--background", "black")
    assert exit_code(run.wait(timeout=15)) == 0
    assert OSC11_QUERY not in bytes(run.raw)
    assert [c for c in frames_backgrounds(bytes(run.raw), 40, 10) if dark(c)]


def test_keys_typed_during_the_query_are_kept(foldcycle, pty_run):
    run = pty_run([foldcycle, "--interval", "5", "ONE", "TWO"], cols=40, rows=10)
    assert run.pump_until(lambda: OSC11_QUERY in bytes(run.raw), 5)
    run.write(b"q")
    time.sleep(0.05)
    run.write(WHITE_ANSWER + DA1_ANSWER)
    assert exit_code(run.wait(timeout=5)) == 0
    assert "rgb" not in run.text()


def test_a_terminal_that_does_not_answer_costs_the_timeout_only(foldcycle, pty_run):
    run = pty_run([foldcycle, "--interval", "5", "ONE", "TWO"], cols=40, rows=10)
    started = time.monotonic()
    assert run.pump_until(lambda: "ONE" in run.text(), 3), run.text()
    assert time.monotonic() - started < 2
    run.write(b"q")
    assert exit_code(run.wait(timeout=5)) == 0


def test_device_attributes_first_means_no_answer(foldcycle, pty_run):
    """A terminal that does not know OSC 11 answers only the attributes: the run goes on at once
    with COLORFGBG's background (15: white), and the light palette."""
    run = pty_run([foldcycle, "--interval", "5", "ONE", "TWO"], cols=40, rows=10, env={"COLORFGBG": "0;15"})
    answer_background(run, answer=None)
    assert run.pump_until(lambda: "ONE" in run.text(), 2), run.text()
    run.pump(0.2)
    assert run.screen.buffer[1][1].bg == "008000"
    run.write(b"q")
    assert exit_code(run.wait(timeout=5)) == 0


def test_no_query_without_a_terminal_to_answer(foldcycle):
    """Output not a terminal, or TERM=dumb: nothing is asked (an answer would be left unread)."""
    env = clean_environment(TERM="xterm-256color")
    proc = subprocess.run([foldcycle, "--interval", "0.2", "--cycles", "1", "A", "B"], capture_output=True,
                          env=env, stdin=subprocess.DEVNULL, timeout=10)
    assert proc.returncode == 0
    assert b"\x1b]11" not in proc.stdout + proc.stderr


def test_dumb_terminal_is_not_asked(foldcycle, pty_run):
    run = pty_run([foldcycle, "--interval", "0.2", "--cycles", "1", "A", "B"], env={"TERM": "dumb"})
    assert exit_code(run.wait(timeout=10)) == 0
    assert b"\x1b]11" not in bytes(run.raw)


def test_deck_takes_the_answer(foldcycle, pty_run):
    run = pty_run([foldcycle, "deck", "--width", "20", "--height", "3"], cols=60, rows=16,
                  stdin_bytes=b"alpha\nbeta\n", capture_stdout=True)
    answer_background(run)
    assert run.pump_until(lambda: "card 1 of 2" in run.text(), 5), run.text()
    run.pump(0.3)
    backgrounds = {run.screen.buffer[y][x].bg for y in range(16) for x in range(60)}
    # The light palette's first card, green, on the default background: no black.
    assert "008000" in backgrounds and "000000" not in backgrounds, backgrounds
    run.write(b"q")
    assert exit_code(run.wait(timeout=5)) == 0


# The 16-colour fold (xterm's default TERM): SGR backgrounds 40-47, 100-107.
SGR = re.compile(rb"\x1b\[([0-9;]*)m")


def sgr_backgrounds(stream):
    found = set()
    for parameters in SGR.findall(stream):
        for value in parameters.split(b";"):
            if value and (40 <= int(value) <= 47 or 100 <= int(value) <= 107):
                found.add(int(value))
    return found


def test_16_colour_fold_of_orange_and_yellow_has_no_red_or_black_frame(foldcycle):
    """The case's second run: at 16 colours the orange card is SGR 43 and the yellow one 103;
    the fold used to blend them through 41 (red) and 40 (black). Every frame of every
    direction now shows only the cards' own colours."""
    env = clean_environment(TERM="xterm")
    env.pop("COLORTERM", None)
    for direction in ["down", "up", "left", "right"]:
        for background in ["black", "white"]:
            proc = subprocess.run(
                [foldcycle, "render", "--format", "ansi", "--color", "always", "--frames", "31",
                 "--palette", "orange,yellow", "--direction", direction, "--background", background,
                 "ORANGE", "YELLOW"], capture_output=True, env=env, timeout=30)
            assert proc.returncode == 0, proc.stderr
            assert sgr_backgrounds(proc.stdout) == {43, 103}, (direction, background, proc.stdout[:400])
            # No red or black foreground either (the text is black on both: 30 is the text).
            foregrounds = {int(v) for p in SGR.findall(proc.stdout) for v in p.split(b";") if v}
            assert 31 not in foregrounds and 91 not in foregrounds


def test_16_colour_live_fold_in_a_pty(foldcycle, pty_run):
    """The same live, as the user ran it: `TERM=xterm foldcycle --palette orange,yellow`."""
    run = pty_run([foldcycle, "--interval", "0.4", "--cycles", "3", "--palette", "orange,yellow", "ORANGE", "YELLOW"],
                  cols=40, rows=10, env={"TERM": "xterm", "COLORTERM": ""})
    answer_background(run)
    assert exit_code(run.wait(timeout=15)) == 0
    assert sgr_backgrounds(bytes(run.raw)) == {43, 103}


EIGHTHS = set(chr(c) for c in range(0x2581, 0x2588)) | set(chr(c) for c in range(0x2589, 0x2590))


def test_light_theme_edges_live(foldcycle, pty_run):
    """/work/shared/cases/light-theme-edges.md, live as the user ran it, on a terminal that
    answers white, in truecolor and at 16 colours: mid-turn, the part of an edge cell outside the
    card is the terminal's own background (reverse video against the default), never black."""
    for env in [{}, {"TERM": "xterm", "COLORTERM": ""}]:
        run = pty_run([foldcycle, "--transition", "cube", "--direction", "left", "--interval", "0.4",
                       "--cycles", "2", "Search by name or email", "搜索姓名、手机号或邮箱"],
                      cols=60, rows=10, env=env)
        answer_background(run)
        assert exit_code(run.wait(timeout=15)) == 0
        screen = pyte.Screen(60, 10)
        stream = pyte.ByteStream(screen)
        raw = bytes(run.raw)
        edges = 0
        for start in range(0, len(raw), 128):
            stream.feed(raw[start:start + 128])
            for y in range(10):
                for x in range(60):
                    c = screen.buffer[y][x]
                    if c.data in EIGHTHS:
                        edges += 1
                        assert c.fg not in ("default", "black", "000000"), (env, y, x, c)
                        if c.reverse:
                            assert c.bg == "default", (env, y, x, c)
        assert edges > 0, env

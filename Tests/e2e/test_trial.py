"""What a new user tripped on (issue 13), each end to end: the whole `help` at 80 and 40 columns,
`prev` mid-fold reversing from where it is, the footer once piped commands end, piped replies that
stay, q and Esc, plain output (blank lines, tabs, "…"), re-fit on resize, motion, the readable
default duration, and what help and render now say."""
import os
import signal
import subprocess
import termios
import time

import pytest

from conftest import PtyRun, clean_environment, exit_code

HELP_WORDS = ["commands:", "start,", "transition", "T,", "status,", "help,", "quit", "(or", "exit)", "keys:",
              "Backspace", "edits,", "Ctrl-U", "clears;", "Space", "pauses", "q,", "Esc", "Ctrl-D", "quits;",
              "arrow", "direction;", "Ctrl-C", "quits."]


@pytest.mark.parametrize("cols", [80, 40])
def test_help_is_shown_whole(foldcycle, pty_run, cols):
    run = pty_run([foldcycle, "--interval", "30", "--color", "never", "A", "B"], cols=cols, rows=20)
    run.pump(0.4)
    run.write(b"help\r")
    assert run.pump_until(lambda: "Ctrl-C quits." in run.text(), 3), run.text()
    lines = run.lines()
    start = next(i for i, line in enumerate(lines) if line.startswith("commands:"))
    reply = lines[start:lines.index(next(l for l in lines[start:] if l.startswith("›")))]
    assert all(len(line) <= cols and not line.endswith("…") for line in reply), reply
    assert " ".join(reply).split() == [*" ".join(reply).split()]  # Whole words only.
    words = " ".join(reply).split()
    for word in HELP_WORDS:
        assert word in words, (word, reply)
    # The next key dismisses the help; the hint comes back.
    run.write(b"x")
    assert run.pump_until(lambda: "type a command and Enter (help)" in run.text(), 2), run.text()
    run.write(b"\x15q")
    assert run.wait() == 0


def card(run):
    return [line.strip() for line in run.lines()[:3]]


@pytest.mark.parametrize("pause_first", [False, True])
def test_prev_mid_fold_reverses_from_where_it_is(foldcycle, pty_run, pause_first):
    run = pty_run([foldcycle, "--interval", "2", "--duration", "0.8", "--timing", "linear", "--color", "never",
                   "AAAA", "BBBB", "CCCC"], cols=40, rows=10)
    settled_a, settled_b = ["", "AAAA", ""], ["", "BBBB", ""]
    assert run.pump_until(lambda: card(run) == settled_a, 3)
    # The fold to BBBB has begun: wait for about a quarter of it.
    assert run.pump_until(lambda: card(run) != settled_a, 4), run.text()
    run.pump(0.2)
    if pause_first:
        run.write(b" ")
        assert run.pump_until(lambda: "‖ paused" in run.text(), 2)
    run.write(b"prev\r")
    seen = []
    # Back in about the 0.2 s it took to get there; the next tick is 2 s after the prev.
    deadline = time.monotonic() + 1.2
    while time.monotonic() < deadline:
        run.pump(0.01)
        seen.append(card(run))
    # It went back the way it came, and never showed BBBB settled (the old jump forward).
    assert settled_b not in seen
    assert seen[-1] == settled_a
    assert any(s != settled_a for s in seen[:10]), "it should still be moving right after prev"
    assert "previous: item 1/3" in run.text()
    if pause_first:
        assert "‖ paused" in run.text()
    run.write(b"q")
    assert run.wait() == 0


def test_when_piped_commands_end_the_footer_says_only_ctrl_c_quits_and_replies_stay(foldcycle):
    run = PtyRun([foldcycle, "--interval", "30", "--color", "never", "A", "B"], cols=120, rows=14, stdin_pty=False)
    try:
        # A bad argument is replied to and the run goes on (a line that is no command ends it:
        # test_first_minute.py).
        run.proc.stdin.write(b"status\ndirection sideways\n")
        run.proc.stdin.flush()
        assert run.pump_until(lambda: "Error: invalid direction 'sideways'" in run.text(), 3), run.text()
        assert "commands on stdin:" in run.text()
        run.proc.stdin.close()
        assert run.pump_until(lambda: "commands ended (stdin closed) · Ctrl-C quits" in run.text(), 3), run.text()
        os.kill(run.proc.pid, signal.SIGINT)
        assert exit_code(run.wait()) == 130
        text = run.text()
        # The replies were printed above the card and stay after it is gone.
        assert "state=running item=1/2 direction=down interval=30 duration=0.6 transition=fold" in text
        assert "Error: invalid direction 'sideways'" in text
        assert "Ctrl-C quits" not in text
        assert not run.screen.cursor.hidden
    finally:
        run.close()


@pytest.mark.parametrize("key", [b"q", b"\x1b"])
def test_q_and_esc_quit_on_an_empty_line(foldcycle, pty_run, key):
    run = pty_run([foldcycle, "--interval", "30", "--color", "never", "A", "B"], cols=60, rows=10)
    run.pump(0.4)
    run.write(key)
    assert run.wait(timeout=5) == 0
    assert termios.tcgetattr(run.slave) == run.termios_before
    assert not run.screen.cursor.hidden
    assert run.lines()[1].strip() == "A"


def test_plain_output_blank_lines_tabs_and_cut_marker(foldcycle, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("one\nline two\n\nthree\n\nfour\tand a tab\n")
    env = clean_environment(TERM="dumb")
    proc = subprocess.run([foldcycle, "--file", str(deck), "--cycles", "2", "--interval", "0.1"],
                          stdin=subprocess.DEVNULL, capture_output=True, env=env, timeout=10)
    assert proc.returncode == 0
    # Separated by blank lines, as --file reads them back; the tab as the card lays it out.
    assert proc.stdout.decode() == "one\nline two\n\nthree\n\nfour    and a tab\n"
    again = tmp_path / "again.txt"
    again.write_bytes(subprocess.run([foldcycle, "--file", str(deck), "--cycles", "2", "--interval", "0.1"],
                                     stdin=subprocess.DEVNULL, capture_output=True, env=env, timeout=10).stdout)
    reread = subprocess.run([foldcycle, "--file", str(again), "--cycles", "2", "--interval", "0.1"],
                            stdin=subprocess.DEVNULL, capture_output=True, env=env, timeout=10).stdout
    assert reread == again.read_bytes()
    proc = subprocess.run([foldcycle, "render", "--frames", "2", "--width", "12", "--height", "2",
                           "line one is long\nline two\nline three", "X"], capture_output=True, timeout=10)
    assert proc.stdout.decode().splitlines()[:3] == ["# frame 1/2 t=0 progress=0", " line one … ", " line two…  "]


def test_tab_in_live_plain_output_is_spaces(foldcycle, tmp_path):
    items = tmp_path / "ctrl.txt"
    items.write_text("A\tb\u0007\n")
    proc = subprocess.run([foldcycle, "--file", str(items), "--cycles", "1", "--interval", "0.1", "--ansi", "show"],
                          stdin=subprocess.DEVNULL, capture_output=True, env=clean_environment(), timeout=10)
    assert proc.stdout == "A       b␇\n".encode()
    # Under --ansi keep (the default) the BEL is dropped; the tab is still spaces.
    proc = subprocess.run([foldcycle, "--file", str(items), "--cycles", "1", "--interval", "0.1"],
                          stdin=subprocess.DEVNULL, capture_output=True, env=clean_environment(), timeout=10)
    assert proc.stdout == "A       b\n".encode()


@pytest.mark.parametrize("fullscreen", [False, True])
def test_the_card_refits_on_resize(foldcycle, pty_run, tmp_path, fullscreen):
    mixed = tmp_path / "mixed.txt"
    mixed.write_text("A first card whose line is much wider than forty columns, to be cut\nsecond line\n\n"
                     "折叠切换 · 카드 전환 · カードめくり and more text to make it long\n")
    args = [foldcycle, "--interval", "30", "--color", "never", "--direction", "up", "--file", str(mixed)]
    run = pty_run(args + (["--fullscreen"] if fullscreen else []), cols=100, rows=30)
    assert run.pump_until(lambda: "to be cut" in run.text(), 3), run.text()
    run.resize(45 if not fullscreen else 60, 20)
    # The narrowed card has the rows (its tallest item's two lines and the padding) to wrap the
    # long line at a space (docs/decisions/0190): all of it shows, nothing is cut.
    assert run.pump_until(lambda: any(line.strip() == "second line" for line in run.lines())
                          and any(line.strip().startswith("A first card whose line") for line in run.lines())
                          and any(line.strip().endswith("to be cut") for line in run.lines()), 3), run.text()
    assert "…" not in run.text().split("▶")[0]
    assert "too small" not in run.text()
    assert all(len(line) <= (45 if not fullscreen else 60) for line in run.lines())
    run.write(b"q")
    assert run.wait() == 0
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_motion_none_prints_items_as_lines_under_a_steady_status(foldcycle, pty_run):
    run = pty_run([foldcycle, "--motion", "none", "--interval", "0.3", "--cycles", "2", "--color", "never",
                   "A", "B", "C"], cols=60, rows=10)
    assert run.pump_until(lambda: "no motion" in run.text(), 3), run.text()
    # Issue 22: arrows turn the direction, which only a moving fold shows: not offered.
    assert "arrows" not in run.text() and "none motion" not in run.text()
    assert run.wait() == 0
    assert run.lines()[:4] == ["A", "B", "C", ""]
    assert (run.screen.cursor.y, run.screen.cursor.x) == (3, 0)
    assert termios.tcgetattr(run.slave) == run.termios_before


@pytest.mark.parametrize("env,expected", [({"CI": "true"}, "· no motion"), ({"ACCESSIBLE": "1"}, "· no motion"),
                                          ({"REDUCED_MOTION": "1"}, "reduced motion")])
def test_motion_follows_the_environment(foldcycle, pty_run, env, expected):
    run = pty_run([foldcycle, "--interval", "0.4", "--color", "always", "A", "B"], cols=80, rows=10, env=env)
    assert run.pump_until(lambda: expected in run.text(), 3), run.text()
    if expected == "reduced motion":
        # Through a transition: nothing moves, so no block-eighth edge is ever drawn.
        deadline = time.monotonic() + 1
        while time.monotonic() < deadline:
            run.pump(0.01)
            assert not any(ch in run.text() for ch in "▁▂▃▄▅▆▇▏▎▍▌▋▊▉"), run.text()
    run.write(b"q")
    assert run.wait() == 0


def test_help_documents_exit_and_file_dash_and_render_counts_frames_from_one(foldcycle):
    text = subprocess.run([foldcycle, "--help"], capture_output=True, timeout=10).stdout.decode()
    assert "quit (or exit)" in text and "('-': stdin)" in text and "--file -" in text
    assert "min(0.6, interval/3)" in text and "interval − 0.1" in text
    proc = subprocess.run([foldcycle, "render", "--frames", "3", "A", "B"], capture_output=True, timeout=10)
    labels = [line.split()[2] for line in proc.stdout.decode().splitlines() if line.startswith("# frame")]
    assert labels == ["1/3", "2/3", "3/3"]
    proc = subprocess.run([foldcycle, "--file", "-", "--cycles", "1", "--interval", "0.05"], input=b"x\n\ny\n",
                          capture_output=True, env=clean_environment(), timeout=10)
    assert proc.stdout == b"x\ny\n"

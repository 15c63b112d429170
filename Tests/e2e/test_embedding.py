"""The library inside a real tool (issue 13): the embedding example prints its progress above a
ticker through `player.print`; an early-exit host; NO_COLOR and TERM=dumb; Ctrl-Z and `fg`; a
resize that re-fits the ticker — through a pseudo-terminal read by pyte."""
import os
import signal
import subprocess
import termios

from conftest import clean_environment, example, exit_code

STEPS = [f"✔ step {n}/6: processed {n * 17} files" for n in range(1, 7)]
FINAL = ["resolving packages", *STEPS, "✔ done: 102 files"]
TIPS = ["tip: press Space to pause the cards", "tip: 'foldcycle render' prints every frame",
        "提示：方向键可以改变翻转方向", "tip: --file reads one card per paragraph"]


def ticker_row(line):
    """Whether a screen row is the ticker: a tip (whole, or cut with "…"), or a fold's edge."""
    stripped = line.strip()
    return bool(stripped) and (any(tip.startswith(stripped.rstrip("…")) for tip in TIPS)
                               or set(stripped) <= set("▁▂▃▄▅▆▇█ "))


def test_progress_scrolls_above_the_ticker_and_the_final_screen_is_exact(foldcycle, pty_run):
    run = pty_run([example(foldcycle, "foldcycle-ticker-example")], cols=60, rows=16)

    def ticking_under_three_steps():
        lines = run.lines()
        if STEPS[2] not in lines:
            return False
        last = max(i for i, line in enumerate(lines) if line.startswith("✔ step"))
        # The progress, then the host line (blank), then the ticker, and nothing else below.
        return (lines[last + 1] == "" and ticker_row(lines[last + 2])
                and all(line == "" for line in lines[last + 3:]))

    assert run.pump_until(ticking_under_three_steps, 10), run.text()
    assert run.screen.cursor.hidden
    assert run.wait() == 0
    # Transient: the ticker is gone; every line the tool printed is there, whole, once, in order.
    assert run.lines() == FINAL + [""] * (16 - len(FINAL))
    assert (run.screen.cursor.y, run.screen.cursor.x) == (len(FINAL), 0)
    assert not run.screen.cursor.hidden
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_piped_the_tips_are_lines_in_order_with_the_progress(foldcycle):
    proc = subprocess.run([example(foldcycle, "foldcycle-ticker-example")], capture_output=True, timeout=20,
                          env=clean_environment(TERM="xterm-256color"))
    assert proc.returncode == 0
    assert b"\x1b" not in proc.stdout
    lines = proc.stdout.decode().splitlines()
    assert [line for line in lines if line in FINAL] == FINAL
    assert all(line in FINAL or line in TIPS for line in lines), lines
    assert lines[1] == TIPS[0]  # The first tip is printed at start, after the line before it.


def test_no_color_and_a_dumb_terminal_get_plain_text(foldcycle, pty_run):
    run = pty_run([example(foldcycle, "foldcycle-ticker-example")], cols=60, rows=16,
                  env={"NO_COLOR": "1", "TERM": "dumb"})
    assert run.wait() == 0
    assert b"\x1b" not in run.raw
    lines = run.raw.decode().replace("\r\n", "\n").splitlines()
    assert [line for line in lines if line in FINAL] == FINAL


def test_no_color_alone_draws_without_colour(foldcycle, pty_run):
    run = pty_run([example(foldcycle, "foldcycle-ticker-example")], cols=60, rows=16, env={"NO_COLOR": "1"})
    assert run.wait() == 0
    assert b"\x1b[?2026h" in run.raw  # Frames are drawn,
    assert b"38;2;" not in run.raw and b"48;2;" not in run.raw and b"38;5;" not in run.raw  # in no colour.
    assert run.lines()[:len(FINAL)] == FINAL


def test_an_early_exit_without_finish_restores_the_terminal_and_keeps_the_message(foldcycle, pty_run):
    run = pty_run([example(foldcycle, "foldcycle-early-exit-example")], cols=60, rows=8)
    assert run.pump_until(lambda: run.screen.cursor.hidden, 5)
    changed = termios.tcgetattr(run.slave)
    assert changed[3] & termios.ECHO == 0
    assert run.wait() == 1
    assert run.lines() == ["fetching 3 dependencies", "error: network unreachable", "", "", "", "", "", ""]
    assert not run.screen.cursor.hidden
    assert (run.screen.cursor.y, run.screen.cursor.x) == (2, 0)
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_ctrl_z_in_an_orphaned_process_group_is_not_a_stop(foldcycle, pty_run):
    # pty_run makes the host a session leader: its process group is orphaned, and the kernel
    # discards a stop there that no shell could continue (`xterm -e TOOL`). Ctrl-Z gives the
    # terminal back for the moment of the discarded stop and takes it again; the run goes on.
    # The stop itself, from a shell, is test_job_control's embedding test.
    run = pty_run([example(foldcycle, "foldcycle-ticker-example")], cols=60, rows=16)
    assert run.pump_until(lambda: STEPS[0] in run.lines() and run.screen.cursor.hidden, 10), run.text()
    mark = len(run.raw)
    run.write(b"\x1a")
    # The cursor shown (the terminal given back), then hidden again (taken again), never stopped.
    assert run.pump_until(lambda: b"\x1b[?25l" in bytes(run.raw[mark:]).split(b"\x1b[?25h", 1)[-1]
                          and b"\x1b[?25h" in bytes(run.raw[mark:]), 5), bytes(run.raw[mark:])
    assert open(f"/proc/{run.proc.pid}/stat").read().split()[2] != "T"
    assert run.wait() == 0
    lines = [line for line in run.lines() if line]
    assert lines == FINAL
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_a_resize_refits_the_ticker(foldcycle, pty_run):
    run = pty_run([example(foldcycle, "foldcycle-ticker-example")], cols=60, rows=16)
    assert run.pump_until(lambda: STEPS[0] in run.lines(), 10), run.text()
    run.resize(24, 16)
    # The ticker narrows: a tip cut with "…", 24 columns at most, no notice.
    assert run.pump_until(lambda: any(line.endswith("…") and ticker_row(line) for line in run.lines()), 5), \
        run.text()
    assert "too small" not in run.text()
    assert exit_code(run.wait()) == 0
    assert not run.screen.cursor.hidden
    assert termios.tcgetattr(run.slave) == run.termios_before

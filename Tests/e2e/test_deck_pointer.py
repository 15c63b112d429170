"""`foldcycle deck` and the pointer in a pty (issue 22, points 4 and 6): a press outside the top
card's cells does nothing, the inline frame placed by the terminal's answer to a cursor-position
request (the pty here answers as a terminal does); focus lost ends an open drag by the release
rule; focus reports are on with the mouse and off on every exit."""
import json
import os
import time

from conftest import exit_code

ITEMS = b"alpha.txt\nbeta.txt\ngamma.txt\n"
CARD = ["--width", "20", "--height", "3", "--color", "never"]


def answering_terminal(run):
    """Lets the pyte screen answer the child's queries (`CSI 6n`) on its input, as a terminal does."""
    run.screen.write_process_input = lambda text: os.write(run.master, text.encode())
    return run


def start(foldcycle, pty_run, above=0):
    """The deck below `above` lines of the shell's: the card rests on screen rows above+1 … above+3
    (0-based), columns 20 … 39; the footer is on rows above+6 and above+7."""
    script = 'printf "%s" "$1" > /dev/tty; shift; exec "$0" deck "$@"'
    lines = "".join("shell line %d\n" % n for n in range(above))
    run = answering_terminal(pty_run(["sh", "-c", script, foldcycle, lines, *CARD], cols=60, rows=16,
                                     stdin_bytes=ITEMS, capture_stdout=True))
    assert run.pump_until(lambda: "card 1 of 3" in run.text(), 5), run.text()
    run.pump(0.4)
    assert b"\x1b[6n" in bytes(run.raw)
    return run


def tap(run, column, row):
    """A press and release at the 0-based cell."""
    run.write(b"\x1b[<0;%d;%dM" % (column + 1, row + 1))
    time.sleep(0.05)
    run.write(b"\x1b[<0;%d;%dm" % (column + 1, row + 1))
    run.pump(0.2)


def decisions(run):
    return [json.loads(line) for line in run.stdout_bytes().decode().splitlines()]


def test_a_press_outside_the_card_does_nothing(foldcycle, pty_run):
    run = start(foldcycle, pty_run, above=5)
    assert run.lines()[7].strip() == "alpha.txt", run.text()
    # Beside the card, the frame's blank rows, the footer, and the shell's lines above the frame
    # (rows where the card would be if the frame started at the top of the screen).
    for column, row in [(19, 7), (40, 7), (30, 5), (30, 10), (30, 11), (30, 12), (30, 2), (30, 0)]:
        tap(run, column, row)
    # A drag started outside the card moves nothing.
    run.write(b"\x1b[<0;31;12M")
    for step in range(1, 4):
        time.sleep(0.02)
        run.write(b"\x1b[<32;%d;12M" % (31 + 5 * step))
    run.write(b"\x1b[<0;46;12m")
    run.pump(0.3)
    assert decisions(run) == []
    assert "card 1 of 3" in run.text()
    # On the card: a tap, which is a click.
    tap(run, 20, 6)
    assert run.pump_until(lambda: len(decisions(run)) == 1, 2), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    assert [(d["index"], d["action"], d["by"]) for d in decisions(run)] == [(0, "click", "tap")]
    assert "0 kept · 0 discarded · 1 clicked" in run.text()


def test_a_late_answer_to_an_earlier_position_request_is_not_taken_for_the_frame(foldcycle, pty_run):
    """A terminal (or a slow link) that answers the first request only after the frame scrolled
    and the position was asked again: the first answer is stale, the second places the frame.
    The deck used to take the first answer and drop the second, so the card's hit area was the
    rows below it (this file's scrolled-screen test failed that way under load)."""
    held = []
    script = 'printf "%s" "$1" > /dev/tty; shift; exec "$0" deck "$@"'
    lines = "".join("shell line %d\n" % n for n in range(14))
    run = pty_run(["sh", "-c", script, foldcycle, lines, *CARD], cols=60, rows=16, stdin_bytes=ITEMS,
                  capture_stdout=True)
    # Position answers held back, in the order asked; the device attributes (asked after the
    # background, OSC 11, which pyte does not answer) answered at once.
    run.screen.write_process_input = lambda text: (
        held.append(text) if text.endswith("R") else os.write(run.master, text.encode()))
    assert run.pump_until(lambda: len(held) == 2 and "card 1 of 3" in run.text(), 5), (held, run.text())
    assert held[0] != held[1]
    os.write(run.master, "".join(held).encode())
    run.pump(0.4)
    row = [index for index, line in enumerate(run.lines()) if "alpha.txt" in line][0]
    for above_or_below in [row - 2, row + 2]:
        tap(run, 30, above_or_below)
    run.pump(0.3)
    assert decisions(run) == []
    tap(run, 30, row + 1)  # The card's last row.
    assert run.pump_until(lambda: len(decisions(run)) == 1, 2), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    assert [(d["index"], d["action"], d["by"]) for d in decisions(run)] == [(0, "click", "tap")]


def test_focus_lost_mid_drag_ends_it_by_the_release_rule(foldcycle, pty_run):
    run = start(foldcycle, pty_run)
    raw = bytes(run.raw)
    assert b"\x1b[?1004h" in raw
    run.write(b"\x1b[<0;30;3M")
    for step in range(1, 7):  # 12 columns right, slowly: 0.6 card widths, past the edge rule.
        time.sleep(0.05)
        run.write(b"\x1b[<32;%d;3M" % (30 + 2 * step))
    time.sleep(0.25)  # Held still, then the window loses the focus; the release never comes.
    run.write(b"\x1b[O")
    assert run.pump_until(lambda: len(decisions(run)) == 1, 3), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    assert [(d["index"], d["item"], d["action"], d["by"]) for d in decisions(run)] == [
        (0, "alpha.txt", "right", "position")]
    raw = bytes(run.raw)
    assert raw.rfind(b"\x1b[?1004l") > raw.rfind(b"\x1b[?1004h")


def test_all_motion_is_reported_while_a_drag_is_open_and_a_bare_motion_ends_it(foldcycle, pty_run):
    """kitty's case: the button comes up outside the window, unreported; while a drag is open
    all motion is reported (mode 1003), so the pointer back with no button ends the drag."""
    run = start(foldcycle, pty_run)
    run.write(b"\x1b[<0;30;3M")
    assert run.pump_until(lambda: b"\x1b[?1003h" in bytes(run.raw), 2)
    for step in range(1, 7):
        time.sleep(0.05)
        run.write(b"\x1b[<32;%d;3M" % (30 + 2 * step))
    time.sleep(0.25)
    run.write(b"\x1b[<35;50;9M")  # Motion, no button held.
    assert run.pump_until(lambda: len(decisions(run)) == 1, 3), run.text()
    assert run.pump_until(lambda: b"\x1b[?1003l\x1b[?1002h" in bytes(run.raw), 2)
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    assert [(d["index"], d["action"], d["by"]) for d in decisions(run)] == [(0, "right", "position")]
    raw = bytes(run.raw)
    assert raw.rfind(b"\x1b[?1003l") > raw.rfind(b"\x1b[?1003h")
    assert raw.rfind(b"\x1b[?1002l") > raw.rfind(b"\x1b[?1002h")


def test_the_hit_area_follows_the_frame_when_it_scrolled_the_screen(foldcycle, pty_run):
    """The deck started on the last rows: its frame grows (the footer) after the first, which
    scrolls the screen; the position is asked again after every frame whose rows changed, so a
    press hits exactly the card's rows (a trial found it 1–2 rows low)."""
    run = start(foldcycle, pty_run, above=14)
    row = [index for index, line in enumerate(run.lines()) if "alpha.txt" in line][0]
    for above_or_below in [row - 2, row + 2]:
        tap(run, 30, above_or_below)
    run.pump(0.3)
    assert decisions(run) == []
    tap(run, 30, row - 1)  # The card's first row.
    assert run.pump_until(lambda: len(decisions(run)) == 1, 2), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    assert [(d["index"], d["action"], d["by"]) for d in decisions(run)] == [(0, "click", "tap")]

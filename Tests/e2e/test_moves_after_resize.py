"""Issue 33, point 2: line and character moves after a resize, in a live run with host lines above
the inline card, in xterm and sakura (VTE) under Xvfb and in tmux; one terminal launch a test.

Two host lines, then `foldcycle` inline under util-linux `script`, which records every byte the
run writes and, in its advanced timing log, the resize (SIGWINCH with the new size) between the
bytes before and after it. Once the card is on screen (checked), the window goes from 80x24 to
64x20 (xdotool in X, `resize-window` in tmux) and the run redraws; then, over its `--listen`
socket, a fold down, a fold up and a push left: each is paused once its stream holds the moves it
must send (IL/DL for the folds, ICH/DCH for the push), the frame held is checked, and it resumes
to its end; `--cycles 3` ends the run. The check: the terminal shows what pyte shows for the same
bytes, the resize applied where the log has it with the top rows kept, as xterm and VTE keep
them (tmux rewraps the footer's full-width row into two and scrolls one row off the top with the
cursor: the pane's cursor, parked at the region's top-left between frames, says how far). In X
every cell's colour (`emulator_driver.cell_checks`), in tmux every line's text. Dropping the
moves from the model's bytes fails the first check. After the exit: the same, then no DECSTBM in
the stream, and 40 lines printed below scroll the whole screen (no scrolling region left): no card
colour in the window, and tmux reports its margins whole.

`FOLDCYCLE_EMULATOR_PICTURES=DIR` writes `DIR/{xterm,sakura}-moves-after-resize-*.png`, the
frames held."""
import os
import re
import shlex
import subprocess
import time

import pytest

import emulator_driver as drv
from conftest import clean_environment
from tmux_driver import Tmux

PALETTE = ["#2e8b57", "#4169e1", "#b8860b"]
ITEMS = ["Search by name or email", "Which curve does UIView animate?", "Press q to quit the cycler",
         "Fold, push and slide: moves"]
HOST = b"host line one\r\nhost line two\r\n"
# After the run: enough lines to scroll everything the run drew off the screen.
TAIL = b"".join(b"after %d\r\n" % n for n in range(40))
# The size the window is resized to: narrower and shorter than 80x24, the card still fits.
RESIZED = (64, 20)
# The transitions run after the resize (each a request over the socket before `next`), and the
# moves each must send.
STEPS = [("fold", "down", "lines"), ("fold", "up", "lines"), ("push", "left", "characters")]
DECSTBM = re.compile(rb"\x1b\[[0-9;]*r")


def live_command(foldcycle, workdir):
    """The shell the terminal runs: the calibration pattern (X only), a wait for `go`, the host
    lines, the run under `script`, `exited` with its status, a wait for `go` again, the tail."""
    run = " ".join(shlex.quote(part) for part in [
        foldcycle, "--listen", os.path.join(workdir, "sock"), "--interval", "3600", "--duration", "1.5", "--fps", "30",
        "--cycles", str(len(STEPS)), "--width", "40", "--height", "9", "--palette", ",".join(PALETTE),
        "--background", "white", *ITEMS])
    go = shlex.quote(os.path.join(workdir, "go"))
    path = lambda name: shlex.quote(os.path.join(workdir, name))  # noqa: E731
    calibration = ("printf '\\033[?25l\\033[0m\\033[H\\033[2J\\033[48;2;255;0;255m \\033[24;80H"
                   "\\033[48;2;0;255;255m \\033[0m'; ")
    return (calibration + f"read -r _ < {go}; printf '\\033[0m\\033[H\\033[2J'; cat {path('host')}; "
            f"script -q -f -m advanced -T {path('timing')} -O {path('typescript')} -c {shlex.quote(run)}; "
            f"status=$?; printf '\\033[?25l'; echo $status > {path('exited.tmp')}; mv {path('exited.tmp')} {path('exited')}; "
            f"read -r _ < {go}; cat {path('tail')}")


def prepare(workdir):
    os.mkfifo(os.path.join(workdir, "go"))
    with open(os.path.join(workdir, "host"), "wb") as host:
        host.write(HOST)
    with open(os.path.join(workdir, "tail"), "wb") as tail:
        tail.write(TAIL)


def go(workdir):
    with open(os.path.join(workdir, "go"), "w") as fifo:
        fifo.write("go\n")


def wait_for(predicate, what, timeout=20):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"{what} after {timeout} s"
        time.sleep(0.02)


def drawn(workdir, after=None):
    """Whether the run has drawn a frame (after the offset `after` of its stream)."""
    if after is None:
        with open(os.path.join(workdir, "typescript"), "rb") as log:
            return b"\x1b[?2026l" in log.read()
    return b"\x1b[?2026l" in recorded(workdir)[0][after:]


def recorded(workdir):
    """(the bytes the run wrote, the offset of the resize in them, the size after it; None, None
    before the resize)."""
    with open(os.path.join(workdir, "typescript"), "rb") as log:
        data = log.read()
    offset, split, size = 0, None, None
    with open(os.path.join(workdir, "timing")) as timing:
        for line in timing:
            fields = line.split()
            if fields[0] == "O":
                offset += int(fields[2])
            elif fields[0] == "S" and fields[2] == "SIGWINCH" and split is None:
                values = dict(field.split("=") for field in fields[3:])
                split, size = offset, (int(values["COLS"]), int(values["ROWS"]))
    # The log's first line is script's header; the output follows it, then a footer.
    start = data.index(b"\n") + 1
    return data[start:start + offset], split, size


def model(stream, split, size, after=b"", scrolled=0):
    """pyte's screen of the host lines (as the tty gives them: ONLCR), the stream resized at
    `split` keeping the top rows (then `scrolled` of them scrolled off the top with the cursor, as
    tmux does when it rewraps a full-width row into two), and `after`."""
    screen, feed = drv.screen_and_stream()
    feed.feed(b"\x1b[0m\x1b[H\x1b[2J" + HOST.replace(b"\n", b"\r\n") + stream[:split])
    if split is None:
        return screen
    cols, rows = size
    assert screen.cursor.y < rows, "the cursor would leave the resized screen"
    for y in range(rows, screen.lines):
        screen.buffer.pop(y, None)
    screen.lines = rows
    screen.resize(rows, cols)
    if scrolled:
        y = screen.cursor.y
        screen.cursor_position(1, 1)
        screen.delete_lines(scrolled)
        screen.cursor_position(y - scrolled + 1, 1)
    feed.feed(stream[split:] + after.replace(b"\n", b"\r\n"))
    return screen


def run_steps(foldcycle, workdir, check):
    """The fold down, fold up and push left over the socket, one after the other: each paused
    once its stream holds the moves it must send (`check(step)` then runs on the frame held),
    resumed, and waited for to its end."""
    sock = os.path.join(workdir, "sock")
    events = subprocess.Popen([foldcycle, "send", sock, '{"cmd":"subscribe"}'], stdout=subprocess.PIPE,
                              env=clean_environment())

    def send(*requests):
        subprocess.run([foldcycle, "send", sock, *requests], check=True, capture_output=True,
                       env=clean_environment(), timeout=10)

    seen = []

    def until(event):
        """Reads events until `event` (at once if it came already in this step)."""
        while f'"event":"{event}"' not in "".join(seen):
            line = events.stdout.readline()
            assert line, f"the run ended before {event}"
            seen.append(line.decode())

    try:
        for step, (transition, direction, kind) in enumerate(STEPS):
            seen.clear()
            mark = len(recorded(workdir)[0])
            send(f'{{"cmd":"transition","value":"{transition}"}}', f'{{"cmd":"direction","value":"{direction}"}}',
                 '{"cmd":"next"}')
            wait_for(lambda: drv.MOVES[kind].search(recorded(workdir)[0][mark:]), f"no {kind} moves in {transition}")
            send('{"cmd":"pause"}')
            until("paused")
            check(step)
            send('{"cmd":"resume"}')
            until("transition-ended")
    finally:
        events.kill()
        events.wait()


def check_stream(stream, split):
    after = stream[split:]
    assert drv.MOVES["lines"].search(after), "no line move (IL/DL) after the resize"
    assert drv.MOVES["characters"].search(after), "no character move (ICH/DCH) after the resize"
    assert not DECSTBM.search(stream), "the run set a scrolling region"


@pytest.mark.parametrize("emulator", ["xterm", "sakura"])
def test_moves_after_a_resize_below_host_lines(display, foldcycle, tmp_path, emulator):
    workdir = str(tmp_path)
    prepare(workdir)
    terminal = drv.Terminal(display, emulator, "white", workdir, command=live_command(foldcycle, workdir),
                            env={"COLORTERM": "truecolor"})
    cols, rows = RESIZED
    pictures = os.environ.get("FOLDCYCLE_EMULATOR_PICTURES")

    def shows(after=b"", rows=range(rows), cols=range(cols)):
        """The screen must show what pyte does for the bytes so far (read again per screenshot)."""
        def predicate(shot):
            stream, split, size = recorded(workdir)
            return drv.cell_checks(terminal, model(stream, split, size, after), rows, cols)(shot)
        shot, problems = terminal.wait_for_screen(predicate)
        return shot, problems

    def check(step):
        shot, problems = shows()
        if pictures:
            x0, y0, w, h = terminal.grid
            shot.crop((x0, y0, x0 + cols * w, y0 + rows * h)).save(
                os.path.join(pictures, f"{emulator}-moves-after-resize-{'-'.join(STEPS[step][:2])}.png"), optimize=True)
        assert problems == [], f"mid {' '.join(STEPS[step][:2])}:\n" + "\n".join(problems[:20])

    try:
        window = terminal.window()
        terminal.calibrate()
        go(workdir)
        wait_for(lambda: os.path.exists(os.path.join(workdir, "sock")) and drawn(workdir), "no card")
        # Resized once the window shows the card (else the resize could overtake the frame's bytes).
        _, problems = shows(cols=range(drv.COLS), rows=range(drv.ROWS))
        assert problems == [], "before the resize:\n" + "\n".join(problems[:20])
        # The window's size in pixels less the cells it loses (GTK's sakura gives no cell hints).
        geometry = dict(line.split("=") for line in display.xdotool("getwindowgeometry", "--shell", window).split())
        _, _, w, h = terminal.grid
        width, height = int(geometry["WIDTH"]) - (drv.COLS - cols) * w, int(geometry["HEIGHT"]) - (drv.ROWS - rows) * h
        display.xdotool("windowsize", "--sync", window, str(width), str(height))
        wait_for(lambda: "SIGWINCH" in open(os.path.join(workdir, "timing")).read(), "no resize")
        run_steps(foldcycle, workdir, check)
        wait_for(lambda: os.path.exists(os.path.join(workdir, "exited")), f"no exit: {terminal.read_log()}")
        assert open(os.path.join(workdir, "exited")).read().strip() == "0"
        stream, split, size = recorded(workdir)
        assert size == RESIZED
        check_stream(stream, split)
        screen = model(stream, split, size)
        assert [line.rstrip() for line in screen.display[:2]] == ["host line one", "host line two"]
        _, problems = shows()
        assert problems == [], "after the exit:\n" + "\n".join(problems[:20])
        # No scrolling region left: the lines below scroll the card off the whole screen.
        go(workdir)
        after = model(stream, split, size, TAIL)
        assert all(char.bg == "default" for row in after.buffer.values() for char in row.values())
        _, problems = shows(TAIL)
        assert problems == [], "after the lines below:\n" + "\n".join(problems[:20])
    finally:
        terminal.close()


def test_moves_after_a_resize_below_host_lines_in_tmux(foldcycle, tmp_path):
    workdir = str(tmp_path)
    prepare(workdir)
    pane = Tmux(tmp_path, drv.COLS, drv.ROWS)
    cols, rows = RESIZED

    scrolled = 0

    def text(after=b""):
        stream, split, size = recorded(workdir)
        return [line.rstrip() for line in model(stream, split, size, after, scrolled).display]

    def check(step):
        assert pane.wait_for(lambda: pane.capture() == text()), (STEPS[step][:2], pane.capture(), text())

    try:
        pane.respawn(["bash", "-c", live_command(foldcycle, workdir)], env={"COLORTERM": "truecolor"})
        go(workdir)
        wait_for(lambda: os.path.exists(os.path.join(workdir, "sock")) and drawn(workdir), f"no card: {pane.capture()}")
        # Resized once the pane shows the card (else the resize could overtake the frame's bytes).
        assert pane.wait_for(lambda: pane.capture() == text()), ("before the resize", pane.capture(), text())
        pane.resize(cols, rows)
        wait_for(lambda: "SIGWINCH" in open(os.path.join(workdir, "timing")).read(), "no resize")
        # tmux rewraps the footer's full-width row into two and scrolls the screen's top row off
        # with the cursor: the region's top (where the cursor rests between frames) tells how far.
        stream, split, size = recorded(workdir)
        top = model(stream[:split], None, None).cursor.y
        wait_for(lambda: drawn(workdir, after=split), "no frame after the resize")

        def settled():
            nonlocal scrolled
            scrolled = top - pane.cursor()[2]
            return 0 <= scrolled <= 1 and pane.capture() == text()
        assert pane.wait_for(settled), ("after the resize", scrolled, pane.capture(), text())
        run_steps(foldcycle, workdir, check)
        wait_for(lambda: os.path.exists(os.path.join(workdir, "exited")), f"no exit: {pane.capture()}")
        assert open(os.path.join(workdir, "exited")).read().strip() == "0"
        stream, split, size = recorded(workdir)
        assert size == RESIZED
        check_stream(stream, split)
        assert pane.wait_for(lambda: pane.capture() == text()), (pane.capture(), text())
        go(workdir)
        assert pane.wait_for(lambda: pane.capture() == text(TAIL)), (pane.capture(), text(TAIL))
        margins = pane.cmd("display-message", "-p", "-t", "t", "#{scroll_region_upper} #{scroll_region_lower}")
        assert margins.split() == ["0", str(rows - 1)]
    finally:
        pane.close()

"""Recordings people can share (issue 11): `--record FILE.cast` of a live run and
`render --format asciicast`, parsed with the `asciinema` package and replayed through pyte, end
on exactly the screen the terminal showed; `render --play` paces frames at their real times."""
import fcntl
import json
import os
import re
import sys
import signal
import struct
import subprocess
import termios
import time

import asciinema.asciicast
import pytest
import pyte

from conftest import BACKGROUND_QUERY, exit_code, signal_twice, clean_environment

END = b"\x1b[?2026l"


def load(path):
    """The header and events of an asciicast v2 file, read by asciinema's own loader."""
    with asciinema.asciicast.open_from_url(path) as cast:
        assert cast.version == 2
        return cast.v2_header, [list(event) for event in cast.events()]


def replay(header, events):
    """A pyte screen fed the output events, resized at each "r" event, as a player would."""
    screen = pyte.Screen(header["width"], header["height"])
    stream = pyte.Stream(screen)
    for _, code, data in events:
        if code == "o":
            stream.feed(data)
        elif code == "r":
            columns, rows = (int(part) for part in data.split("x"))
            screen.resize(rows, columns)
    return screen


def cells(screen):
    """Every cell's character, colours, bold and reverse, and the cursor: what a screen shows."""
    rows = []
    for y in range(screen.lines):
        row = screen.buffer[y]
        rows.append([(row[x].data, row[x].fg, row[x].bg, row[x].bold, row[x].reverse) for x in range(screen.columns)])
    return rows, (screen.cursor.y, screen.cursor.x, screen.cursor.hidden)


def markers(events):
    return [data for _, code, data in events if code == "m"]


def events_in(path):
    try:
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f.read().splitlines()[1:] if line]
    except FileNotFoundError:
        return []


def test_live_recording_replays_to_the_screen_the_terminal_showed(foldcycle, pty_run, tmp_path):
    path = str(tmp_path / "live.cast")
    run = pty_run([foldcycle, "--record", path, "--interval", "0.4", "--duration", "0.3", "--width", "24",
                   "A", "B", "C"], cols=60, rows=16)
    # Several transitions: the file is complete after every event, so it can be read as it grows.
    assert run.pump_until(lambda: len(markers(events_in(path))) >= 4, 10), run.text()
    # Pause, let the output go quiet, then resize (the cast's "r" comes before the redraw).
    run.write(b"pause\r")
    assert run.pump_until(lambda: "paused" in run.text(), 5)
    run.pump(0.3)
    fcntl.ioctl(run.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 14, 50, 0, 0))
    run.screen.resize(14, 50)
    assert run.pump_until(lambda: any(event[1] == "r" for event in events_in(path)), 5)
    run.pump(0.3)
    # More transitions at the new size, then Ctrl-C mid-run.
    run.write(b"resume\r")
    before = len(markers(events_in(path)))
    assert run.pump_until(lambda: len(markers(events_in(path))) >= before + 2, 10), run.text()
    run.write(b"\x03")
    assert exit_code(run.wait()) == 130
    assert termios.tcgetattr(run.slave) == run.termios_before

    header, events = load(path)
    assert (header["width"], header["height"]) == (60, 16)
    assert header["env"] == {"TERM": "xterm-256color"}
    assert abs(header["timestamp"] - time.time()) < 60
    assert header["title"].startswith("foldcycle --record ")
    times = [event[0] for event in events]
    assert times == sorted(times) and times[0] < 0.5
    assert [event[2] for event in events if event[1] == "r"] == ["50x14"]
    # An item marker at the start and one per settled item, in the cycle's order.
    labels = markers(events)
    assert len(labels) >= 6
    assert labels == (["A", "B", "C"] * len(labels))[:len(labels)]
    # Exactly the bytes written to the terminal (the pty adds a CR before each LF: ONLCR), but
    # the background query, which is no frame (a replay must not ask the player's terminal).
    recorded = "".join(data for _, code, data in events if code == "o").encode()
    assert bytes(run.raw).startswith(BACKGROUND_QUERY)
    assert recorded.replace(b"\n", b"\r\n") == bytes(run.raw)[len(BACKGROUND_QUERY):]
    # Replayed, the cast ends on exactly the screen the terminal showed.
    assert cells(replay(header, events)) == cells(run.screen)
    assert not run.screen.cursor.hidden


def test_recording_needs_a_terminal_and_a_writable_file(foldcycle, pty_run, tmp_path):
    proc = subprocess.run([foldcycle, "--record", str(tmp_path / "x.cast"), "--cycles", "1", "A", "B"],
                          capture_output=True, timeout=10, stdin=subprocess.DEVNULL)
    assert proc.returncode == 1
    assert proc.stdout == b""
    assert "standard output is not a terminal" in proc.stderr.decode()
    assert not (tmp_path / "x.cast").exists()
    run = pty_run([foldcycle, "--record", str(tmp_path / "missing" / "x.cast"), "A", "B"])
    assert run.wait() == 1
    assert "cannot create recording" in run.text() and "No such file or directory" in run.text()
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_recording_is_complete_after_sigterm_mid_transition(foldcycle, pty_run, tmp_path):
    path = str(tmp_path / "term.cast")
    run = pty_run([foldcycle, "--record", path, "--interval", "0.5", "--duration", "0.45", "A", "B"], cols=40,
                  rows=10)
    run.pump(0.75)
    os.kill(run.proc.pid, signal.SIGTERM)
    assert exit_code(run.wait()) == 143
    header, events = load(path)
    assert events[-1][1] == "o" and events[-1][2].endswith("\x1b[?25h")
    assert cells(replay(header, events)) == cells(run.screen)


def render(foldcycle, *args, env=None):
    full_env = clean_environment(COLORTERM="truecolor", TERM="xterm-256color")
    full_env.update(env or {})
    proc = subprocess.run([foldcycle, "render", *args], capture_output=True, timeout=30, env=full_env)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


def test_render_cast_is_deterministic_timed_and_replays_to_the_last_frame(foldcycle, tmp_path):
    args = ["--fps", "30", "--duration", "1", "--hold", "0.5", "--width", "26", "--height", "5", "--direction", "up",
            "搜索姓名、手机号或邮箱", "Search by name or email"]
    cast = render(foldcycle, "--format", "asciicast", *args)
    # Identical whatever the machine's terminal: no timestamp, colour not taken from the environment.
    assert render(foldcycle, "--format", "asciicast", *args, env={"COLORTERM": "", "TERM": "dumb"}) == cast
    path = tmp_path / "render.cast"
    path.write_bytes(cast)
    header, events = load(str(path))
    assert header == {"version": 2, "width": 26, "height": 6, "env": {"TERM": "xterm-256color"},
                      "title": "foldcycle render: fold up"}
    outputs = [event for event in events if event[1] == "o"]
    assert [event[0] for event in outputs] == [round(k / 30, 6) for k in range(31)] + [1.5]
    assert markers(events) == ["搜索姓名、手机号或邮箱", "Search by name or email"]
    # The same bytes as the ansi stream, split per frame.
    ansi = render(foldcycle, "--format", "ansi", "--color", "always", *args[:4], *args[6:])
    assert "".join(event[2] for event in outputs).encode() == ansi
    # Replayed, it ends on the last frame with the cursor shown below it.
    screen = replay(header, events)
    plain = render(foldcycle, "--format", "plain", *args[:4], *args[6:]).decode().split("\n\n")
    last = plain[-2].split("\n")[1:]
    assert [line.rstrip() for line in screen.display[:5]] == [line.rstrip() for line in last]
    assert (screen.cursor.y, screen.cursor.x, screen.cursor.hidden) == (5, 0, False)


def test_play_paces_frames_at_their_times(foldcycle, pty_run):
    run = pty_run([foldcycle, "render", "--format", "ansi", "--play", "--fps", "10", "--duration", "0.8",
                   "--width", "20", "--height", "3", "A", "B"], cols=40, rows=8)
    arrivals = []
    deadline = time.monotonic() + 10
    while run.proc.poll() is None and time.monotonic() < deadline:
        count = run.raw.count(END)
        run.pump(0.01)
        arrivals += [time.monotonic()] * (run.raw.count(END) - count)
    assert exit_code(run.wait()) == 0
    assert len(arrivals) == 9
    # Frame k is written at k/10 s after the first, never earlier (a late read of the first frame
    # may shorten what is measured a little), and the whole run takes about 0.8 s, not no time.
    assert all(arrival - arrivals[0] >= k / 10 - 0.08 for k, arrival in enumerate(arrivals)), arrivals
    assert arrivals[-1] - arrivals[0] <= 1.5, arrivals
    assert run.lines()[1].strip() == "B"
    assert not run.screen.cursor.hidden
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_ctrl_c_during_play_restores_the_terminal(foldcycle, pty_run):
    run = pty_run([foldcycle, "render", "--format", "ansi", "--play", "--duration", "5", "A", "B"], cols=40, rows=8)
    assert run.pump_until(lambda: run.raw.count(END) >= 3, 5)
    assert run.screen.cursor.hidden
    assert termios.tcgetattr(run.slave)[3] & termios.ECHO == 0
    run.write(b"\x03")
    assert exit_code(run.wait()) == 130
    assert run.raw.endswith(b"\x1b[?25h")
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_picture_options_are_checked(foldcycle):
    cases = [
        (["--frames", "5", "--fps", "10"], "'--frames' and '--fps' cannot be used together"),
        (["--format", "svg", "--play"], "'--play' paces a stream of frames"),
        (["--hold", "1"], "'--hold' applies to --format asciicast and svg, not plain"),
        (["--cell-size", "10x20"], "'--cell-size' applies to --format svg, not plain"),
        (["--format", "svg", "--cell-size", "0x20"], "invalid value '0x20' for '--cell-size'"),
        (["--format", "svg", "--font-family", "a;}b"], "invalid value 'a;}b' for '--font-family'"),
        (["--background", "#12"], "invalid value '#12' for '--background'"),
    ]
    for args, message in cases:
        proc = subprocess.run([foldcycle, "render", *args, "A", "B"], capture_output=True, timeout=10)
        assert proc.returncode == 64, (args, proc.stderr)
        assert message in proc.stderr.decode(), (args, proc.stderr)
        assert proc.stdout == b""


def _refused(run, path, reason):
    """The run exited 64 before drawing, naming `path` and `reason`, with the terminal as it was."""
    assert run.wait() == 64
    text = run.text().replace("\n", "")
    assert f"Error: cannot record to '{path}': {reason}" in text, text
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_recording_never_replaces_the_items_file(foldcycle, pty_run, tmp_path):
    """The user's case (/work/shared/cases/record-overwrite.md): `--file tips.txt --record
    tips.txt` replaced the items with the recording."""
    tips = tmp_path / "tips.txt"
    tips.write_text("tip one\n\ntip two\n")
    # A .txt is no format --record writes (issue 34, item 11): refused before anything is opened.
    for overwrite in ([], ["--overwrite"]):
        run = pty_run([foldcycle, "--file", str(tips), "--record", str(tips), *overwrite], cols=300)
        _refused(run, tips, "--record writes asciicast v2 (.cast) or an animated SVG (.svg), not .txt")
    tips = tmp_path / "tips.cast"
    tips.write_text("tip one\n\ntip two\n")
    run = pty_run([foldcycle, "--file", str(tips), "--record", str(tips)])
    _refused(run, tips, "the file exists (give '--overwrite' to replace it)")
    run = pty_run([foldcycle, "--file", str(tips), "--record", str(tips), "--overwrite"])
    _refused(run, tips, "it is the items file ('--file'); record to another file")
    # Under another name (a hard link) it is still the items file.
    other = tmp_path / "other.cast"
    os.link(tips, other)
    run = pty_run([foldcycle, "deck", "--file", str(tips), "--record", str(other), "--overwrite"])
    _refused(run, other, "it is the items file ('--file'); record to another file")
    assert tips.read_text() == "tip one\n\ntip two\n"


def test_recording_never_follows_a_symbolic_link(foldcycle, pty_run, tmp_path):
    precious = tmp_path / "precious.txt"
    precious.write_text("keep\n")
    link = tmp_path / "link.cast"
    link.symlink_to(precious)
    dangling = tmp_path / "dangling.cast"
    dangling.symlink_to(tmp_path / "new.txt")
    for arguments in ([], ["--overwrite"]):
        for path in (link, dangling):
            run = pty_run([foldcycle, "--record", str(path), *arguments, "A", "B"])
            _refused(run, path, "it is a symbolic link, which a recording never follows")
    assert precious.read_text() == "keep\n"
    assert not (tmp_path / "new.txt").exists()


def test_an_existing_recording_is_replaced_only_with_overwrite(foldcycle, pty_run, tmp_path):
    path = tmp_path / "old.cast"
    path.write_text("an old recording\n")
    for command in ([], ["deck"]):
        run = pty_run([foldcycle, *command, "--record", str(path), "A", "B"])
        _refused(run, path, "the file exists (give '--overwrite' to replace it)")
        assert path.read_text() == "an old recording\n"
    run = pty_run([foldcycle, "--record", str(path), "--overwrite", "--cycles", "1", "--interval", "0.2",
                   "--duration", "0.1", "A", "B"])
    assert run.wait() == 0
    header, events = load(str(path))
    assert header["version"] == 2 and events[-1][1] == "o"
    run = pty_run([foldcycle, "--overwrite", "A", "B"])
    assert run.wait() == 64
    assert "Error: '--overwrite' replaces the file of '--record'; give it with '--record <file>'" in run.text().replace("\n", "")


# Holds a FIFO open for reading with a 4 KiB pipe buffer and never reads it.
STALLED_READER = r'''
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_NONBLOCK)
fcntl.fcntl(fd, 1031, 4096)  # F_SETPIPE_SZ
open(sys.argv[2], "w").close()
time.sleep(100000)
'''


def test_a_stalled_recording_never_freezes_the_card(foldcycle, pty_run, tmp_path):
    """`--record` to a FIFO whose reader stops: the card goes on, `quit` is acted on, and the
    recording ends with a message (it used to block every frame and key once the pipe filled)."""
    fifo = tmp_path / "stalled.cast"
    os.mkfifo(fifo)
    ready = tmp_path / "ready"
    reader = subprocess.Popen([sys.executable, "-c", STALLED_READER, str(fifo), str(ready)])
    try:
        deadline = time.monotonic() + 10
        while not ready.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        run = pty_run([foldcycle, "--record", str(fifo), "--overwrite", "--interval", "0.2", "--duration", "0.15",
                       "--width", "60", "--height", "8", "one", "two", "three"], cols=70, rows=12)
        # Frames well past the pipe's 4 KiB keep coming: the screen still changes.
        run.pump(2)
        before = run.text()
        assert run.pump_until(lambda: run.text() != before, 3)
        run.write(b"quit\r")
        assert run.wait(timeout=5) == 1
        assert f"Error: recording '{fifo}' is incomplete: its reader stopped taking it" in run.text().replace("\n", "")
        assert termios.tcgetattr(run.slave) == run.termios_before
    finally:
        reader.kill()
        reader.wait()


def test_recording_metadata_carries_no_raw_control(foldcycle, pty_run, tmp_path):
    """Issue 24: markers (the settled item's text) and the header's title (the command line)
    carried raw ESC, BEL, C1, OSC 52 and bidi controls; they are item text, sanitized as such."""
    path = str(tmp_path / "hostile.cast")
    hostile = "\x1b]52;c;eA==\x07\u009b2J\u202eA"
    # --ansi show: the item is its text as given (keep would drop the sequences from the item).
    run = pty_run([foldcycle, "--record", path, "--cycles", "1", "--interval", "0.2", "--duration", "0.1",
                   "--ansi", "show", hostile, "B"])
    assert run.wait() == 0
    header, events = load(path)
    assert header["title"].endswith(" \u241b]52;c;eA==\u2407\ufffd2JA B")
    assert markers(events) == ["\u241b]52;c;eA==\u2407\ufffd2JA", "B"]


def test_live_svg_recording_is_an_animated_svg_of_the_frames_drawn(foldcycle, pty_run, tmp_path):
    """`--record FILE.svg` live (issue 23, formats as values): the frames the player drew, each
    distinct picture once, looping over the run's length; the terminal is untouched by it."""
    import xml.etree.ElementTree as ElementTree
    path = tmp_path / "live.svg"
    run = pty_run([foldcycle, "--record", str(path), "--interval", "0.4", "--duration", "0.3", "--width", "12",
                   "--height", "1", "--cycles", "2", "--footer", "never", "Alpha", "Beta", "Gamma"], cols=40, rows=10)
    assert run.wait() == 0, run.text()
    assert termios.tcgetattr(run.slave) == run.termios_before
    document = path.read_text()
    root = ElementTree.fromstring(document)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    # The card's region, 12 columns and one row, at the default 10 x 20 px cells.
    assert (root.get("width"), root.get("height")) == ("120", "20")
    texts = [text.text for text in root.iter("{http://www.w3.org/2000/svg}text")]
    for item in ["Alpha", "Beta", "Gamma"]:
        assert item in texts, texts
    # The loop is the run: two transitions of 0.4 s intervals, ended by --cycles after the second.
    seconds = float(re.search(r"animation:p ([0-9.]+)s step-end infinite", document).group(1))
    assert 0.7 < seconds < 3, seconds
    # Every picture is distinct, and the transitions' frames are among them.
    pictures = root.find("{http://www.w3.org/2000/svg}g").findall("{http://www.w3.org/2000/svg}g")
    assert len(pictures) >= 4
    # Asking for a file that exists is refused as for a .cast.
    run = pty_run([foldcycle, "--record", str(path), "--cycles", "1", "A", "B"])
    assert run.wait() == 64
    assert "the file exists" in run.text()
    assert path.read_text() == document


# write(2)'s system call number, as /proc/PID/task/TID/syscall names a blocked thread's call.
WRITE_SYSCALL = {"x86_64": 1, "aarch64": 64}.get(os.uname().machine, 1)


def _blocked_writing_to_a_terminal(pid):
    """Whether a thread of `pid` sleeps in write(2) to a pseudo-terminal (its buffer full)."""
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/syscall") as f:
                call = f.read().split()
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
            if call and call[0] == str(WRITE_SYSCALL) and state in ("S", "D"):
                if os.readlink(f"/proc/{pid}/fd/{int(call[1], 16)}").startswith("/dev/pts/"):
                    return True
        except (OSError, IndexError, ValueError):
            continue  # The thread ended, or is running (its syscall file says so).
    return False


def test_svg_recording_is_written_when_a_signal_finds_the_queue_stuck(foldcycle, pty_run, tmp_path):
    """A terminal that stops reading (a window being closed) blocks the player's write; SIGHUP then
    ends the process past the termination deadline without the queue. The SVG, written only at the
    end, is still written on that path (and the exit is 129)."""
    import xml.etree.ElementTree as ElementTree
    path = tmp_path / "stuck.svg"
    run = pty_run([foldcycle, "--record", str(path), "--interval", "0.2", "--duration", "0.15", "--fps", "240",
                   "--width", "200", "--height", "40", "Alpha", "Beta"], cols=220, rows=60)
    assert run.pump_until(lambda: "Alpha" in run.text() or "Beta" in run.text(), 10)
    # Stop reading: the pty's buffer fills within a few frames and the player's write blocks.
    deadline = time.monotonic() + 10
    while not _blocked_writing_to_a_terminal(run.proc.pid):
        assert time.monotonic() < deadline, "the player's write never blocked"
        time.sleep(0.01)
    os.kill(run.proc.pid, signal.SIGHUP)
    assert exit_code(run.proc.wait(timeout=10)) == 129
    root = ElementTree.fromstring(path.read_text())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "Alpha" in [text.text for text in root.iter("{http://www.w3.org/2000/svg}text")]


def test_a_large_svg_recording_ended_by_a_signal_is_written_whole(foldcycle, pty_run, tmp_path):
    """A trial's case: a large card (150×40, cube, 120 fps) recorded for several seconds, then one
    Ctrl-C. Building the picture takes longer than the termination deadline, so the end without
    the queue comes while it is being written; it used to give up on the recorder's lock at once
    and leave an empty file, with no message. It waits for the picture (its lock is never held
    while the queue writes to the terminal), which is whole."""
    import xml.etree.ElementTree as ElementTree
    path = tmp_path / "large.svg"
    items = ["item-%02d" % number for number in range(1, 21)]
    run = pty_run([foldcycle, "--interval", "0.3", "--fps", "120", "--transition", "cube", "--width", "150",
                   "--height", "40", "--record", str(path), *items], cols=160, rows=50)
    assert run.pump_until(lambda: "item-20" in run.text(), 30), run.text()
    os.kill(run.proc.pid, signal.SIGINT)
    assert exit_code(run.wait(timeout=60)) == 130, run.text()
    assert sorted(os.listdir(tmp_path)) == ["large.svg"]
    document = path.read_text()
    assert document.rstrip().endswith("</svg>"), (len(document), document[-200:])
    root = ElementTree.fromstring(document)
    texts = {text.text for text in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"item-01", "item-20"} <= texts, sorted(texts)[:5]


@pytest.mark.parametrize("first, second", [
    (signal.SIGHUP, signal.SIGHUP),
    (signal.SIGINT, signal.SIGINT),
    (signal.SIGTERM, signal.SIGTERM),
    (signal.SIGINT, signal.SIGHUP),
], ids=["hup-hup", "int-int", "term-term", "int-hup"])
def test_svg_recording_survives_a_second_signal_while_it_is_written(foldcycle, pty_run, tmp_path, first, second):
    """Two signals back to back (Ctrl-C twice; a closed tmux pane, where the kernel and the shell
    each send SIGHUP): the first ends the run, the second arrives while the SVG, written only at
    the end after the terminal is restored, is being written. It must not kill the process by its
    default action: the SVG is complete and the process dies of the first signal (128 + N)."""
    import xml.etree.ElementTree as ElementTree
    path = tmp_path / "twice.svg"
    run = pty_run([foldcycle, "--interval", "0.3", "--record", str(path), "Alpha", "Beta", "Gamma"], cols=80, rows=12)
    # Two transitions have been drawn once Gamma is on the screen (a picture of some size: its
    # writing takes a while).
    assert run.pump_until(lambda: "Gamma" in run.text(), 10), run.text()
    signal_twice(run.proc, first, second)
    assert exit_code(run.wait()) == 128 + first, run.text()
    assert termios.tcgetattr(run.slave) == run.termios_before
    # Written beside the file under a staging name and renamed onto it: nothing else is left.
    assert sorted(os.listdir(tmp_path)) == ["twice.svg"]
    document = path.read_text()
    assert document.rstrip().endswith("</svg>"), document[-200:]
    root = ElementTree.fromstring(document)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [text.text for text in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Alpha" in texts and "Beta" in texts and "Gamma" in texts, texts
    # The first card, the transition's frames and the second card: each distinct picture once.
    pictures = root.find("{http://www.w3.org/2000/svg}g").findall("{http://www.w3.org/2000/svg}g")
    assert len(pictures) >= 3

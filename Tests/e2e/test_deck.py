"""`foldcycle deck` through a real pseudo-terminal (issue 10): real SGR mouse sequences and keys
typed on the terminal, items on stdin or in a file, decisions as JSON lines on stdout, and the
terminal restored (mouse reporting off, cursor shown, termios as before) on every exit path."""
import json
import os
import signal
import subprocess
import termios
import time

import pytest

from conftest import BACKGROUND_QUERY, cpu_seconds, exit_code, signal_twice

# Mouse reports, and focus reports with them (issue 22, point 4: focus out ends a drag).
MOUSE_ON = (b"\x1b[?1002h", b"\x1b[?1006h", b"\x1b[?1004h")
MOUSE_OFF = (b"\x1b[?1002l", b"\x1b[?1006l", b"\x1b[?1004l")
# The inline deck asks where its frame is (issue 22, point 6); not part of what it draws.
CURSOR_POSITION_REQUEST = b"\x1b[6n"
# All motion is reported while a drag is open (issue 22, point 4).
ANY_MOTION = (b"\x1b[?1003h", b"\x1b[?1003l")
ITEMS = b"alpha.txt\nbeta.txt\ngamma.txt\ndelta.txt\n"
# A 20-column card: one column is 0.05 card widths.
CARD = ["--width", "20", "--height", "3", "--color", "never"]


@pytest.fixture
def deck(foldcycle, pty_run):
    """Starts `foldcycle deck` on a 60 x 16 pty with `stdin` piped in and stdout captured, and
    waits until the first cards have entered."""
    def start(*args, stdin=ITEMS, cols=60, rows=16):
        run = pty_run([foldcycle, "deck", *CARD, *args], cols=cols, rows=rows, stdin_bytes=stdin,
                      capture_stdout=True)
        assert run.pump_until(lambda: "card 1 of" in run.text(), 5), run.text()
        run.pump(0.4)
        return run
    return start


def decisions(run):
    return [json.loads(line) for line in run.stdout_bytes().decode().splitlines()]


def assert_restored(run, mouse=True):
    raw = bytes(run.raw)
    if mouse:
        for on, off in zip(MOUSE_ON, MOUSE_OFF):
            assert on in raw, "mouse reporting was never turned on"
            assert raw.rfind(off) > raw.rfind(on), "mouse reporting is still on"
    else:
        assert not any(on in raw for on in MOUSE_ON)
    assert not run.screen.cursor.hidden
    assert termios.tcgetattr(run.slave) == run.termios_before


def press(run, column, row):
    run.write(b"\x1b[<0;%d;%dM" % (column, row))


def move(run, column, row):
    run.write(b"\x1b[<32;%d;%dM" % (column, row))


def release(run, column, row):
    run.write(b"\x1b[<0;%d;%dm" % (column, row))


def quit_deck(run, key=b"q"):
    run.write(key)
    assert exit_code(run.wait()) == 0
    return decisions(run)


def top_line(run):
    """The text of the top card's middle row (the card rests on rows 1 to 3)."""
    return run.lines()[2].strip()


def test_fast_drag_removes_the_card_to_the_right_with_one_json_line(deck):
    run = deck()
    assert top_line(run) == "alpha.txt"
    # 3 columns (0.15 card widths) every 25 ms: 6 card widths/s, well past 2.2535; 9 columns in
    # all, short of the edge rule (0.4718 card widths), so the fling decides.
    press(run, 30, 3)
    for step in range(1, 4):
        time.sleep(0.025)
        move(run, 30 + 3 * step, 3)
    time.sleep(0.01)
    release(run, 39, 3)
    assert run.pump_until(lambda: top_line(run) == "beta.txt" and "kept 1" in run.text(), 3), run.text()
    lines = quit_deck(run)
    assert len(lines) == 1, lines
    assert {key: lines[0][key] for key in ("index", "item", "action", "by")} == \
        {"index": 0, "item": "alpha.txt", "action": "right", "by": "fling"}
    assert lines[0]["velocity"]["x"] > 2.2535
    assert_restored(run)


def test_slow_drag_springs_back_with_no_json_line(deck):
    run = deck()
    press(run, 30, 3)
    for step in range(1, 7):
        time.sleep(0.1)
        move(run, 30 + step, 3)
    run.pump(0.1)
    # Mid-drag the card has followed the pointer 6 columns to the right.
    assert "alpha.txt" in run.lines()[2] and run.lines()[2].index("alpha.txt") > 25
    time.sleep(0.25)  # Held still: the release comes at rest.
    release(run, 36, 3)
    run.pump(0.8)
    assert top_line(run) == "alpha.txt"
    assert run.lines()[2].index("alpha.txt") == 25  # Back at its place, centred.
    assert quit_deck(run) == []
    assert_restored(run)


def test_drag_page_follows_the_reusing_stack(deck):
    run = deck("--drag", "page", rows=20)
    # Down 2 rows (0.2 card widths on a 20-column card) every 25 ms: 8 card widths/s, past 2.8169.
    press(run, 30, 3)
    for step in range(1, 4):
        time.sleep(0.025)
        move(run, 30, 3 + 2 * step)
    time.sleep(0.01)
    release(run, 30, 9)
    assert run.pump_until(lambda: top_line(run) == "beta.txt", 3), run.text()
    lines = quit_deck(run)
    assert [(line["index"], line["action"], line["by"], line["to"]) for line in lines] == [(0, "page", "fling", 1)]
    assert lines[0]["velocity"]["y"] > 2.8169
    assert_restored(run)


def test_keys_swipe_page_and_undo(deck):
    run = deck()
    run.write(b"\x1b[C")  # → keep alpha
    assert run.pump_until(lambda: top_line(run) == "beta.txt", 2), run.text()
    run.pump(0.4)
    run.write(b"h")  # discard beta
    assert run.pump_until(lambda: top_line(run) == "gamma.txt", 2), run.text()
    run.pump(0.4)
    run.write(b"u")  # beta comes back
    assert run.pump_until(lambda: top_line(run) == "beta.txt", 2), run.text()
    run.pump(0.4)
    run.write(b"\x1b[B")  # page down to gamma
    assert run.pump_until(lambda: top_line(run) == "gamma.txt", 2), run.text()
    run.pump(0.4)
    run.write(b"\x1b[A")  # page up to beta
    assert run.pump_until(lambda: top_line(run) == "beta.txt", 2), run.text()
    run.pump(0.4)
    run.write(b"\r")  # click
    run.pump(0.2)
    lines = quit_deck(run, b"\x1b")  # Esc quits.
    assert [(line["index"], line["action"], line["by"]) for line in lines] == [
        (0, "right", "key"), (1, "left", "key"), (1, "undo", "key"), (1, "page", "key"), (2, "page", "key"),
        (1, "click", "key"),
    ]
    assert [line.get("to") for line in lines if line["action"] == "page"] == [2, 1]
    assert lines[2]["from"] == "left"
    assert all(line["velocity"] is None for line in lines)
    assert "1 kept · 0 discarded · 1 clicked · 3 of 4 cards left" in run.text()
    assert_restored(run)


def test_every_card_decided_finishes_with_exit_0(deck):
    run = deck(stdin=b"one\ntwo\n")
    run.write(b"l")
    run.pump(0.4)
    run.write(b"h")
    assert exit_code(run.wait(timeout=5)) == 0
    assert [(line["item"], line["action"]) for line in decisions(run)] == [("one", "right"), ("two", "left")]
    assert "1 kept · 1 discarded · 0 clicked · 0 of 2 cards left" in run.text()
    assert_restored(run)


def test_flashcard_turns_to_its_back_with_space(deck, tmp_path):
    cards = tmp_path / "cards.txt"
    cards.write_text("Capital of France?\n---\nParis\n\nLargest planet?\n---\nJupiter\n")
    run = deck("--file", str(cards), stdin=b"")
    assert top_line(run) == "Capital of France?"
    assert "Space turn" in run.text()
    run.write(b" ")
    assert run.pump_until(lambda: top_line(run) == "Paris", 3), run.text()
    run.write(b" ")
    assert run.pump_until(lambda: top_line(run) == "Capital of France?", 3), run.text()
    run.write(b"l")
    assert run.pump_until(lambda: top_line(run) == "Largest planet?", 3), run.text()
    lines = quit_deck(run)
    assert lines == [{"index": 0, "item": "Capital of France?\n---\nParis", "action": "right", "by": "key",
                      "velocity": None}]
    assert_restored(run)


def test_items_from_a_pipe_keys_from_the_terminal_stdout_only_json(deck):
    run = deck("--width", "30", stdin=b"first\n\nsecond \x1b[31mred\x1b[0m\n")
    run.write(b"l")
    assert run.pump_until(lambda: top_line(run) == "second red", 2), run.text()
    # An item's SGR is its colour on the card (--ansi keep); the decision names its plain text.
    run.write(b"l")
    assert exit_code(run.wait(timeout=5)) == 0
    out = run.stdout_bytes()
    assert out == (b'{"index":0,"item":"first","action":"right","by":"key","velocity":null}\n'
                   b'{"index":1,"item":"second red","action":"right","by":"key","velocity":null}\n')
    assert b"\x1b" not in out
    assert_restored(run)


@pytest.mark.parametrize("key", [b"q", b"Q", b"\x1b", b"\x04"])
def test_quit_keys_restore_the_terminal(deck, key):
    run = deck()
    assert quit_deck(run, key) == []
    assert_restored(run)


@pytest.mark.parametrize("signum,code", [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129),
                                         (signal.SIGQUIT, 131)])
def test_signals_mid_drag_restore_the_terminal(deck, signum, code):
    run = deck()
    press(run, 30, 3)
    move(run, 34, 3)
    run.pump(0.2)
    os.kill(run.proc.pid, signum)
    assert exit_code(run.wait()) == code
    assert_restored(run)


@pytest.mark.parametrize("first, second", [(signal.SIGHUP, signal.SIGHUP), (signal.SIGINT, signal.SIGINT),
                                           (signal.SIGTERM, signal.SIGTERM)], ids=["hup", "int", "term"])
def test_a_second_signal_never_cuts_the_decisions_or_the_svg(deck, tmp_path, first, second):
    """Ctrl-C twice, a closed window's two SIGHUPs: the second comes while the deck writes what is
    left after the restore (its SVG recording, written only then). The run dies of the first, the
    decision made is on stdout and the picture is whole."""
    import xml.etree.ElementTree as ElementTree
    path = tmp_path / "deck.svg"
    run = deck("--record", str(path))
    run.write(b"l")
    assert run.pump_until(lambda: b"alpha.txt" in run.stdout_bytes(), 5), run.text()
    assert run.pump_until(lambda: top_line(run) == "beta.txt", 5), run.text()
    signal_twice(run.proc, first, second)
    assert exit_code(run.wait()) == 128 + first
    assert [(line["item"], line["action"]) for line in decisions(run)] == [("alpha.txt", "right")]
    assert_restored(run)
    assert sorted(os.listdir(tmp_path)) == ["deck.svg"]
    root = ElementTree.fromstring(path.read_text())
    texts = [text.text for text in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "alpha.txt" in texts and "beta.txt" in texts, texts


def test_typed_ctrl_c_exits_130(deck):
    run = deck()
    run.write(b"\x03")
    assert exit_code(run.wait()) == 130
    assert_restored(run)


def process_state(pid):
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]


def test_ctrl_z_turns_the_mouse_off_and_takes_it_back(deck):
    # pty_run makes the deck a session leader: its process group is orphaned, so the kernel
    # discards the stop (no shell could continue it) and the deck takes the terminal again at
    # once. The stop from a shell, with `fg`, is test_job_control's.
    run = deck()
    mark = len(run.raw)
    run.write(b"\x1a")

    def given_back_and_taken_again():
        raw = bytes(run.raw[mark:])
        return all(raw.find(off) >= 0 and raw.find(on, raw.find(off)) > 0 for on, off in zip(MOUSE_ON, MOUSE_OFF))

    # Mouse reporting off (the terminal given back), then on again (taken again); never stopped.
    assert run.pump_until(given_back_and_taken_again, 3), bytes(run.raw[mark:])
    raw = bytes(run.raw[mark:])
    assert raw.find(b"\x1b[?25h") < raw.rfind(b"\x1b[?25l")
    assert process_state(run.proc.pid) != "T"
    assert run.pump_until(lambda: "card 1 of 4" in run.text(), 3), run.text()
    # Keys and the mouse work again.
    run.write(b"l")
    run.pump(0.5)
    assert [line["action"] for line in quit_deck(run)] == ["right"]
    assert_restored(run)


def test_closed_stdout_ends_the_deck_like_head_does(deck):
    run = deck()
    run.write(b"l")
    assert run.pump_until(lambda: run.stdout_bytes().count(b"\n") == 1, 3)
    run.proc.stdout.close()  # `| head -1` has its line and is gone.
    run.pump(0.4)
    run.write(b"h")
    assert exit_code(run.wait(timeout=5)) == 0
    assert_restored(run)


def test_a_deck_at_rest_uses_no_cpu_and_draws_nothing(deck):
    run = deck()
    run.write(b"l")
    run.pump(0.8)  # The flight has landed.
    before, written = cpu_seconds(run.proc.pid), len(run.raw)
    run.pump(2)
    assert cpu_seconds(run.proc.pid) - before < 0.020
    assert len(run.raw) == written
    quit_deck(run)


def test_no_mouse_never_turns_reporting_on(deck):
    run = deck("--no-mouse")
    run.write(b"l")
    run.pump(0.4)
    assert [line["item"] for line in quit_deck(run)] == ["alpha.txt"]
    assert_restored(run, mouse=False)


def test_no_terminal_is_a_clear_error_not_a_hang(foldcycle):
    # A new session with no controlling terminal: /dev/tty cannot be opened.
    proc = subprocess.run([foldcycle, "deck", "a", "b"], capture_output=True, stdin=subprocess.DEVNULL,
                          start_new_session=True, timeout=10)
    assert proc.returncode == 1
    assert proc.stdout == b""
    assert proc.stderr.startswith(b"Error: foldcycle deck needs a terminal to draw its cards and read keys: "
                                  b"cannot open /dev/tty (")
    # The same with items on a pipe that never ends: still no hang.
    writer = subprocess.Popen(["sleep", "30"], stdout=subprocess.PIPE)
    try:
        proc = subprocess.run([foldcycle, "deck"], capture_output=True, stdin=writer.stdout,
                              start_new_session=True, timeout=10)
        assert proc.returncode == 1
    finally:
        writer.kill()
        writer.wait()


def test_usage_errors(foldcycle, pty_run, tmp_path):
    proc = subprocess.run([foldcycle, "deck", "--visible", "9", "a"], capture_output=True, timeout=10)
    assert proc.returncode == 64
    assert proc.stderr.decode() == (
        "Error: value 9 for '--visible' is out of range (a whole number from 1 to 5)\n"
        "Usage: foldcycle deck [OPTIONS] [ITEM ...]\n  See 'foldcycle deck --help' for more information.\n")
    # No items and nothing piped: a demo deck of the deck's own keys (as plain `foldcycle` plays
    # its demo), whose last card says how to give items.
    run = pty_run([foldcycle, "deck", "--no-mouse"], cols=100, rows=30)
    assert run.pump_until(lambda: "foldcycle deck" in run.text() and "Swipe through cards" in run.text(), 5), \
        run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    assert termios.tcgetattr(run.slave) == run.termios_before
    run = pty_run([foldcycle, "deck", "--file", str(tmp_path / "missing.txt")])
    assert exit_code(run.wait()) == 66
    assert "".join(run.lines()).startswith(f"Error: cannot read file '{tmp_path / 'missing.txt'}': no such file or directory")
    proc = subprocess.run([foldcycle, "deck", "--help"], capture_output=True, timeout=10)
    assert proc.returncode == 0 and proc.stdout.decode().startswith("OVERVIEW: Swipe through cards one at a time")


def test_deck_record_writes_a_cast_that_replays_to_the_deck_screen(deck, tmp_path):
    # `deck --record` tees the deck terminal's bytes, as live mode's recording does (issue 11).
    import asciinema.asciicast
    import pyte

    path = str(tmp_path / "deck.cast")
    run = deck("--record", path)
    run.write(b"l")  # Swipe the top card right.
    assert run.pump_until(lambda: "card 2 of" in run.text(), 5), run.text()
    run.pump(0.5)
    shown = run.lines()
    assert quit_deck(run)[0]["action"] == "right"
    with asciinema.asciicast.open_from_url(path) as cast:
        header = cast.v2_header
        events = [list(event) for event in cast.events()]
    assert (header["width"], header["height"]) == (60, 16)
    output = "".join(data for _, code, data in events if code == "o")
    # Everything the player drew is in the cast, byte for byte; the session's mouse-mode switches,
    # its background query
    # and the summary written after the deck is gone are not frames and are not recorded.
    # The terminal's ONLCR turns each LF into CR LF on the way to the pty.
    drawn = output.encode().replace(b"\n", b"\r\n")
    raw = bytes(run.raw)
    for switch in MOUSE_ON + MOUSE_OFF + ANY_MOTION + (CURSOR_POSITION_REQUEST, BACKGROUND_QUERY):
        raw = raw.replace(switch, b"")
    assert raw.startswith(drawn)
    assert b"\x1b" not in raw[len(drawn):]
    # Replayed up to the moment the screen above was read, the cast shows it.
    screen = pyte.Screen(60, 16)
    pyte.Stream(screen).feed(output)
    assert [line.rstrip() for line in screen.display][-3:] == [line.rstrip() for line in run.lines()][-3:]
    assert any(code == "m" for _, code, _ in events)
    assert shown[2].strip() != ""
    assert_restored(run)


# Issue 32, point 2: a skipped card is never lost (/work/shared/cases/deck-skipped-card.md).
def test_a_skipped_card_comes_back_after_the_last_until_decided(deck):
    run = deck(stdin=b"a\nb\nc\n")
    for key, top in ((b"j", "b"), (b"l", "c"), (b"l", "a")):
        run.write(key)
        assert run.pump_until(lambda: top_line(run) == top, 2), run.text()
        run.pump(0.4)
    assert "card 1 of 3 (skipped before)" in run.text()
    run.write(b"h")
    assert exit_code(run.wait(timeout=5)) == 0
    assert [(line["index"], line["item"], line["action"]) for line in decisions(run)] == [
        (0, "a", "page"), (1, "b", "right"), (2, "c", "right"), (0, "a", "left"),
    ]
    assert "2 kept · 1 discarded · 0 clicked · 0 of 3 cards left" in run.text()
    assert_restored(run)


def test_skipped_keep_undecided_ends_with_the_skipped_counted_and_listed(deck):
    run = deck("--skipped", "keep-undecided", stdin=b"a\nb\nc\n", cols=80)
    for key in (b"j", b"l", b"l"):
        run.write(key)
        run.pump(0.4)
    assert exit_code(run.wait(timeout=5)) == 0
    lines = decisions(run)
    assert [(line["index"], line["item"], line["action"], line["by"]) for line in lines] == [
        (0, "a", "page", "key"), (1, "b", "right", "key"), (2, "c", "right", "key"), (0, "a", "skipped", "key"),
    ]
    assert "2 kept · 0 discarded · 1 skipped · 0 clicked · 0 of 3 cards left" in run.text()
    assert_restored(run)


# Issue 32, point 3: plain output for the shell.
@pytest.mark.parametrize("args, expected", [
    (["--print", "kept"], b"a\nd\n"),
    (["--print", "discarded", "--print0"], b"b\x00"),
    (["--print", "decisions"], b"kept\ta\ndiscarded\tb\nskipped\tc\nkept\td\n"),
])
def test_print_writes_the_chosen_items_as_plain_lines_on_exit(deck, args, expected):
    run = deck("--skipped", "keep-undecided", *args, stdin=b"a\nb\nc\nd\n")
    for key in (b"l", b"h", b"j", b"l"):
        run.write(key)
        run.pump(0.4)
    assert exit_code(run.wait(timeout=5)) == 0
    assert run.stdout_bytes() == expected
    assert_restored(run)


def test_print_usage_errors(foldcycle, pty_run):
    for args, message in (
        (["--print0", "a"], "'--print0' needs '--print kept|discarded|decisions'"),
        (["--print", "all", "a"], "--print"),
        (["--skipped", "drop", "a"], "--skipped"),
    ):
        result = subprocess.run([foldcycle, "deck", *args], capture_output=True, stdin=subprocess.DEVNULL)
        assert result.returncode == 64, (args, result.stderr)
        assert message in result.stderr.decode(), result.stderr

"""The live cycler streams piped items (`slow | foldcycle`, `--file -`) as the deck does: the first
card shows as soon as its item is read, the footer counts "so far" while the input is open, q and
Ctrl-C quit at once meanwhile, and the cards wait at the last item read rather than wrap
(docs/decisions/0240-a-live-run-streams-its-piped-items.md)."""
import signal
import termios
import time

from conftest import exit_code
from test_deck_picture_stream import big_png
from test_deck_stream import reading_from_pipe

# The background named: no OSC 11 query waits for an answer the pty never gives.
CARD = ["--color", "never", "--background", "black", "--width", "20", "--height", "3"]


def start_streaming(foldcycle, pty_run, *args, card_options=CARD):
    run = pty_run([foldcycle, *card_options, *args], cols=60, rows=12, stdin_open=True)
    deadline = time.monotonic() + 5
    while not reading_from_pipe(run.proc.pid):
        assert time.monotonic() < deadline, "foldcycle never waited for its input"
        assert run.proc.poll() is None, run.text()
        time.sleep(0.01)
    return run


def summary(run):
    """The footer's first line: `▶ running · item 1/2 so far · fold down · every 2s`."""
    return next((line.strip() for line in run.lines() if "item " in line and " · " in line), "")


def card(run):
    """The card's text line (the card's middle row)."""
    return run.lines()[1].strip()


def test_the_first_item_of_a_slow_pipe_is_a_card_at_once_and_q_quits_with_the_pipe_open(foldcycle, pty_run):
    """A new user's trial: `(echo A; sleep 15; echo B) | foldcycle` showed nothing for 15 s and q
    did nothing: the items were read to the end of the pipe first."""
    run = start_streaming(foldcycle, pty_run)
    written = time.monotonic()
    run.feed_stdin(b"A\n")
    assert run.pump_until(lambda: "item 1/1 so far" in summary(run), 5), run.text()
    elapsed = time.monotonic() - written
    # Generous for a loaded 2-core CI machine; the pipe read to its end never shows it at all.
    assert elapsed < 1.5, "first card after %.3f s" % elapsed
    assert card(run) == "A"
    run.write(b"q")
    assert exit_code(run.wait(timeout=3)) == 0
    assert termios.tcgetattr(run.slave) == run.termios_before
    assert not run.screen.cursor.hidden


def test_ctrl_c_quits_with_the_pipe_open(foldcycle, pty_run):
    run = start_streaming(foldcycle, pty_run, "--file", "-")
    run.feed_stdin(b"A\nB\n")
    assert run.pump_until(lambda: "item 1/2 so far" in summary(run), 5), run.text()
    run.write(b"\x03")
    assert exit_code(run.wait(timeout=3)) == 128 + signal.SIGINT
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_replies_count_as_the_footer_does_while_input_is_read(foldcycle, pty_run):
    """A new user's trial: `goto 2` replied `goto: item 2/2` while the footer said `item 2/2 so
    far`; the replies now count as the footer does, and drop "so far" with it at the input's end."""
    run = start_streaming(foldcycle, pty_run, "--interval", "30")
    run.feed_stdin(b"A\nB\n")
    assert run.pump_until(lambda: "item 1/2 so far" in summary(run), 5), run.text()
    run.write(b"goto 2\r")
    assert run.pump_until(lambda: "goto: item 2/2 so far" in run.text(), 3), run.text()
    run.write(b"previous\r")
    assert run.pump_until(lambda: "previous: item 1/2 so far" in run.text(), 3), run.text()
    run.close_stdin()
    assert run.pump_until(lambda: summary(run).startswith("▶ running · item 1/2 · "), 3), run.text()
    run.write(b"next\r")
    assert run.pump_until(lambda: "next: item 2/2" in run.text() and "so far" not in run.text(), 3), run.text()
    run.write(b"q")
    assert exit_code(run.wait(timeout=3)) == 0


def test_the_cards_wait_at_the_last_item_read_then_go_on_when_more_come(foldcycle, pty_run):
    run = start_streaming(foldcycle, pty_run, "--interval", "0.2", "--duration", "0.05")
    run.feed_stdin(b"A\nB\n")
    assert run.pump_until(lambda: "item 2/2 so far" in summary(run) and card(run) == "B", 5), run.text()
    # Three intervals on the last item read: it stays (no wrap to A while the input is open).
    shown = set()
    deadline = time.monotonic() + 0.6
    while time.monotonic() < deadline:
        run.pump(0.02)
        shown.add(card(run))
    assert shown == {"B"}, shown
    # The next item comes in at once: B had its interval.
    written = time.monotonic()
    run.feed_stdin(b"C\n")
    assert run.pump_until(lambda: card(run) == "C", 3), run.text()
    assert time.monotonic() - written < 1.0
    assert "item 3/3 so far" in summary(run)
    # The input ends: the count is whole and the cards wrap again.
    run.close_stdin()
    assert run.pump_until(lambda: "item 1/3 ·" in summary(run) and card(run) == "A", 3), run.text()
    run.write(b"q")
    assert exit_code(run.wait(timeout=3)) == 0


def test_cycles_with_one_streamed_item_ends_at_the_end_of_input(foldcycle, pty_run):
    run = start_streaming(foldcycle, pty_run, "--cycles", "3")
    run.feed_stdin(b"only\n")
    assert run.pump_until(lambda: card(run) == "only", 5), run.text()
    assert run.proc.poll() is None
    run.close_stdin()
    assert exit_code(run.wait(timeout=3)) == 0


def test_an_empty_pipe_is_still_no_items(foldcycle, pty_run):
    for stdin in (b"", b"  \n\n"):
        run = pty_run([foldcycle, *CARD], cols=80, rows=6, stdin_bytes=stdin)
        assert exit_code(run.wait(timeout=5)) == 66, run.text()
        assert "Error: standard input has no items (it is empty or only white space)" in run.text()


def test_input_that_fails_after_the_first_card_keeps_the_cards_and_ends_66(foldcycle, pty_run):
    run = start_streaming(foldcycle, pty_run)
    run.feed_stdin(b"A\n")
    assert run.pump_until(lambda: card(run) == "A", 5), run.text()
    run.feed_stdin(b"\xff\xfe\n")
    assert run.pump_until(lambda: "standard input is not valid UTF-8 text" in run.text(), 3), run.text()
    assert "item 1/1 ·" in summary(run)
    run.write(b"q")
    assert exit_code(run.wait(timeout=3)) == 66
    assert "Error: standard input is not valid UTF-8 text" in run.text()
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_a_picture_replacing_its_loading_card_is_no_cycle(foldcycle, pty_run, tmp_path):
    """docs/decisions/0241-cycles-count-changes-of-item.md: `--cycles 1` ended when the picture
    took its loading card's place (record 0232), before any other item showed."""
    run = pty_run([foldcycle, "--cycles", "1", "--interval", "3600", "--width", "40", "--height", "6",
                   "--background", "black", "--color", "never", big_png(tmp_path), "after"], cols=60, rows=20)
    assert run.pump_until(lambda: "loading big.png…" in run.text(), 30), run.text()
    assert run.pump_until(lambda: "big.png · 2400×1800" in run.text() and "item 1/2 · " in summary(run), 60), \
        run.text()
    run.pump(0.3)
    assert run.proc.poll() is None, "--cycles 1 ended at the picture replacing its loading card"
    run.write(b"next\r")
    assert exit_code(run.wait(timeout=5)) == 0
    assert "after" in run.text()


def test_a_card_sized_to_a_short_first_item_is_as_wide_as_the_decks(foldcycle, pty_run):
    """A new user's trial: `(echo Hi; sleep 3; echo 'A much longer second item…') | foldcycle`
    kept a 4-column card, fitted to `Hi` alone: `A / mu / c…` (record 0249). The footer said
    `running` while the cards waited for the input (record 0250)."""
    run = start_streaming(foldcycle, pty_run, "--interval", "0.2", "--duration", "0.05",
                          card_options=["--color", "never", "--background", "black"])
    run.feed_stdin(b"Hi\n")
    assert run.pump_until(lambda: summary(run).startswith("▶ waiting for input · item 1/1 so far · "), 5), \
        run.text()
    run.feed_stdin(b"A much longer second\n")
    assert run.pump_until(lambda: card(run) == "A much longer second", 3), run.text()
    assert summary(run).startswith("▶ waiting for input · item 2/2 so far · "), summary(run)
    run.close_stdin()
    assert run.pump_until(lambda: summary(run).startswith("▶ running · item "), 3), run.text()
    assert " so far" not in summary(run)
    run.write(b"q")
    assert exit_code(run.wait(timeout=3)) == 0


def test_a_streamed_card_widens_for_a_wider_item_as_far_as_the_terminal(foldcycle, pty_run):
    """A new user's trial: a card sized to a short first item cut every wider item read later
    with "…"; it now widens to the widest item read, never past the terminal (60 columns)."""
    run = pty_run([foldcycle, "--color", "never", "--background", "black", "--interval", "0.4",
                   "--duration", "0.1"], cols=60, rows=12, stdin_open=True)
    run.feed_stdin(b"A\n")
    assert run.pump_until(lambda: "item 1/1 so far" in summary(run), 5), run.text()
    assert run.lines()[1] == " " * 11 + "A", run.lines()[1]
    wide = "an item read later, wider than the 24-column card"
    run.feed_stdin(wide.encode() + b"\n")
    assert run.pump_until(lambda: run.lines()[1].strip() == wide, 5), run.text()
    # The card's width: the item and a cell each side (its text starts at the second cell).
    assert run.lines()[1] == " " + wide, run.lines()[1]
    run.feed_stdin(b"x" * 80 + b"\n")
    # At most the terminal's 60 columns: the 80 x's wrap there, 58 on the first line (a cell each
    # side), 22 centred on the second.
    assert run.pump_until(lambda: [line.strip() for line in run.lines()[:2]] == ["x" * 58, "x" * 22], 5), \
        run.text()
    assert run.lines()[0] == " " + "x" * 58, run.lines()[0]
    run.write(b"q")
    assert exit_code(run.wait(timeout=3)) == 0


def test_keys_typed_before_the_first_item_are_dropped_as_the_deck_drops_them(foldcycle, pty_run):
    """A new user's trial: `(sleep 4; echo A) | foldcycle` with q typed after 1 s ended the run
    the moment A arrived, its card never seen (record 0250)."""
    run = start_streaming(foldcycle, pty_run)
    run.write(b"q")
    run.pump(0.2)
    run.feed_stdin(b"A\n")
    assert run.pump_until(lambda: card(run) == "A" and "item 1/1 so far" in summary(run), 5), run.text()
    run.pump(0.3)
    assert run.proc.poll() is None, run.text()
    run.write(b"q")
    assert exit_code(run.wait(timeout=3)) == 0
    assert termios.tcgetattr(run.slave) == run.termios_before

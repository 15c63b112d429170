"""`foldcycle deck` with items streamed on stdin (issue 22, point 3): the first card shows as soon
as its item is read, not at the end of the input; more items arrive while the deck runs; out of
cards with the input still open the deck waits for it; the footer shows the end of the input; the
`--split` rules hold while streaming; the decisions are those of a deck read whole."""
import glob
import json
import os
import time

import pytest

from conftest import exit_code
from control_helpers import SocketClient, wait_for_socket

CARD = ["--width", "20", "--height", "3", "--color", "never"]


def reading_from_pipe(pid):
    """Whether a thread of `pid` is blocked reading a pipe (the item reader waits for a line)."""
    for wchan in glob.glob("/proc/%d/task/*/wchan" % pid):
        try:
            with open(wchan) as handle:
                if "pipe" in handle.read():
                    return True
        except OSError:
            pass
    return False


def start_streaming(foldcycle, pty_run, *args, cols=60, rows=16):
    # The pty answers no query: the background is named and pictures are cells (no graphics query:
    # record 0154 asks DA1 at launch and a terminal that never answers costs the 0.25 s timeout),
    # so the latency measured is the deck's.
    run = pty_run([foldcycle, "deck", *CARD, "--background", "black", "--pictures", "cells", *args], cols=cols,
                  rows=rows, stdin_open=True,
                  capture_stdout=True)
    deadline = time.monotonic() + 5
    while not reading_from_pipe(run.proc.pid):
        assert time.monotonic() < deadline, "the deck never waited for its input"
        assert run.proc.poll() is None, run.text()
        time.sleep(0.01)
    return run


def footer(run):
    return [line.strip() for line in run.lines() if "kept" in line or "waiting" in line]


def decisions(run):
    return [json.loads(line) for line in run.stdout_bytes().decode().splitlines()]


def test_a_slow_producer_s_first_line_is_a_card_within_100_ms(foldcycle, pty_run):
    run = start_streaming(foldcycle, pty_run)
    written = time.monotonic()
    run.feed_stdin(b"first\n")
    # Waits on the screen, then measures: the card's text shown, from the line's write.
    assert run.pump_until(lambda: "first" in run.text(), 5), run.text()
    elapsed = time.monotonic() - written
    assert elapsed < 0.1, "first card after %.3f s" % elapsed
    assert run.pump_until(lambda: footer(run) == ["card 1 of 1 so far · kept 0 · discarded 0 · reading input"], 2), \
        run.text()
    # More items while the deck runs: the count follows, the top card stays.
    run.feed_stdin(b"second\nthird\n")
    assert run.pump_until(lambda: footer(run) == ["card 1 of 3 so far · kept 0 · discarded 0 · reading input"], 2), \
        run.text()
    run.write(b"\x1b[C")  # → keep "first"
    assert run.pump_until(lambda: footer(run) == ["card 2 of 3 so far · kept 1 · discarded 0 · reading input"], 2), \
        run.text()
    run.close_stdin()
    assert run.pump_until(lambda: footer(run) == ["card 2 of 3 · kept 1 · discarded 0 · end of input"], 2), run.text()
    run.pump(0.4)
    run.write(b"\x1b[D")  # ← discard "second"
    run.pump(0.4)
    run.write(b"\x1b[C")  # → keep "third": the last card with the input ended finishes the deck
    assert exit_code(run.wait()) == 0
    assert [(d["action"], d["index"], d["item"]) for d in decisions(run)] == [
        ("right", 0, "first"), ("left", 1, "second"), ("right", 2, "third")]


def test_out_of_cards_with_the_input_open_the_deck_waits_for_more(foldcycle, pty_run):
    run = start_streaming(foldcycle, pty_run)
    run.feed_stdin(b"only\n")
    assert run.pump_until(lambda: "only" in run.text(), 5), run.text()
    run.pump(0.4)
    run.write(b"l")  # keep it: no card left, but more may come
    assert run.pump_until(lambda: footer(run) == ["waiting for input · kept 1 · discarded 0"], 2), run.text()
    run.pump(0.3)
    assert run.proc.poll() is None, "the deck ended while its input was open"
    run.feed_stdin(b"later\n")
    assert run.pump_until(lambda: "later" in run.text(), 2), run.text()
    assert run.pump_until(lambda: footer(run) == ["card 2 of 2 so far · kept 1 · discarded 0 · reading input"], 2), \
        run.text()
    run.pump(0.4)
    run.write(b"h")
    assert run.pump_until(lambda: footer(run) == ["waiting for input · kept 1 · discarded 1"], 2), run.text()
    # The end of the input with no card left ends the deck, as a deck read whole ends.
    run.close_stdin()
    assert exit_code(run.wait()) == 0
    assert [(d["action"], d["item"]) for d in decisions(run)] == [("right", "only"), ("left", "later")]


def test_the_split_rules_hold_while_streaming(foldcycle, pty_run):
    run = start_streaming(foldcycle, pty_run, "--split", "paragraphs")
    run.feed_stdin(b"front one\nline two\n")
    run.pump(0.3)
    assert "front one" not in run.text(), "a paragraph was shown before its end"
    run.feed_stdin(b"\nnext\n")
    assert run.pump_until(lambda: "front one" in run.text() and "line two" in run.text(), 2), run.text()
    run.close_stdin()
    assert run.pump_until(lambda: footer(run) == ["card 1 of 2 · kept 0 · discarded 0 · end of input"], 2), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0


def test_nul_items_stream_at_each_nul(foldcycle, pty_run):
    run = start_streaming(foldcycle, pty_run, "--split", "nul")
    run.feed_stdin(b"./a b.txt\0./c")
    assert run.pump_until(lambda: "./a b.txt" in run.text(), 2), run.text()
    assert run.pump_until(lambda: footer(run) == ["card 1 of 1 so far · kept 0 · discarded 0 · reading input"], 2)
    run.close_stdin()
    assert run.pump_until(lambda: footer(run) == ["card 1 of 2 · kept 0 · discarded 0 · end of input"], 2), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0


def test_input_that_fails_after_the_first_card_is_reported_on_exit_with_66(foldcycle, pty_run):
    run = start_streaming(foldcycle, pty_run)
    run.feed_stdin(b"good\n")
    assert run.pump_until(lambda: "good" in run.text(), 5), run.text()
    run.feed_stdin(b"bad \xff\n")
    assert run.pump_until(lambda: footer(run) == ["card 1 of 1 · kept 0 · discarded 0 · input cut short"], 2), \
        run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 66
    assert "Error: standard input is not valid UTF-8 text" in run.text()


def test_empty_input_is_still_66_before_anything_is_drawn(foldcycle, pty_run):
    run = start_streaming(foldcycle, pty_run, cols=100)
    run.feed_stdin(b"\n  \n")
    run.close_stdin()
    assert exit_code(run.wait()) == 66
    assert run.lines()[0] == "Error: standard input has no items (it is empty or only white space)"


def test_a_million_piped_lines_show_the_first_card_at_once(foldcycle, pty_run, tmp_path):
    script = "yes | head -n 1000000 | exec \"$0\" deck \"$@\""
    started = time.monotonic()
    # The pty answers no query: the background is named and pictures are cells (as in start_streaming).
    run = pty_run(["sh", "-c", script, foldcycle, *CARD, "--background", "black", "--pictures", "cells"], cols=100,
                  rows=16)
    assert run.pump_until(lambda: "y" in [line.strip() for line in run.lines()], 10), run.text()
    first_card = time.monotonic() - started
    # Read whole, the million items took 0.8 s (release build) before the first card.
    assert first_card < 0.5, "first card after %.3f s" % first_card
    assert run.pump_until(
        lambda: footer(run) == ["card 1 of 1000000 · kept 0 · discarded 0 · end of input"], 30), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    assert [line for line in run.lines() if line][-1] == "0 kept · 0 discarded · 0 clicked · 1000000 of 1000000 cards left"


def test_the_readme_pipe_shape_gives_one_card_per_line(foldcycle, pty_run):
    """/work/shared/cases/readme-pipe-lines.md, for the deck: a grep's lines are one card each."""
    script = "printf 'tip: one\\ntip: two\\ntip: three\\n' | grep '^tip:' | exec \"$0\" deck \"$@\""
    run = pty_run(["sh", "-c", script, foldcycle, *CARD], cols=60, rows=16)
    assert run.pump_until(lambda: footer(run) == ["card 1 of 3 · kept 0 · discarded 0 · end of input"], 5), \
        run.text()
    assert "tip: one" in run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0


def test_a_lost_terminal_while_the_input_is_open_exits_129_with_the_decisions_made(foldcycle, pty_run):
    """/work/shared/cases/closed-window-exit.md with the input still streaming: 129, never 0."""
    run = start_streaming(foldcycle, pty_run)
    run.feed_stdin(b"one\ntwo\n")
    assert run.pump_until(lambda: "card 1 of 2 so far" in run.text(), 5), run.text()
    run.write(b"l")
    assert run.pump_until(lambda: b'"action":"right"' in run.stdout_bytes(), 3)
    os.close(run.master)
    run.master = os.open(os.devnull, os.O_RDONLY)  # For run.close().
    run.proc.wait(timeout=5)
    assert exit_code(run.proc.returncode) == 129
    assert [(d["index"], d["item"], d["action"]) for d in decisions(run)] == [(0, "one", "right")]


def test_keys_typed_before_the_first_card_are_not_replayed(foldcycle, pty_run):
    """Arrows typed while the input had given no item yet (nothing on screen to act on) are
    dropped when the first card comes, not replayed as decisions on cards never seen."""
    run = start_streaming(foldcycle, pty_run)
    run.write(b"\x1b[C\x1b[D")  # → then ←, blind.
    time.sleep(0.3)
    run.feed_stdin(b"first\nsecond\n")
    assert run.pump_until(lambda: "first" in run.text(), 5), run.text()
    run.pump(0.5)
    assert decisions(run) == []
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    assert decisions(run) == []


# Issue 32, point 4: a deck fed over the socket waits for its feeder.
def start_socket_deck(foldcycle, pty_run, path, *args):
    run = pty_run([foldcycle, "deck", "--width", "20", "--height", "3", "--color", "never", "--protocol", "jsonl",
                   "--listen", path, *args, "A", "B"], cols=60, rows=16, capture_stdout=True)
    wait_for_socket(path)
    assert run.pump_until(lambda: "card 1 of" in run.text(), 5), run.text()
    return run


def events(run):
    return [json.loads(line).get("event") for line in run.stdout_bytes().decode().splitlines()]


@pytest.mark.parametrize("how", ["--wait", "subscribed"])
def test_a_deck_fed_over_the_socket_waits_for_more_until_end(foldcycle, pty_run, tmp_path, how):
    path = str(tmp_path / "s.sock")
    run = start_socket_deck(foldcycle, pty_run, path, *(["--wait"] if how == "--wait" else []))
    client = SocketClient(path)
    if how == "subscribed":
        client.send({"cmd": "subscribe"})
        assert client.reader.next_json()["result"] == {"subscribed": True}
    for _ in range(2):
        client.send({"cmd": "right"})
        run.pump(0.4)
    assert run.pump_until(lambda: footer(run) == ["waiting for more cards · kept 2 · discarded 0"], 2), run.text()
    run.pump(0.5)
    assert run.proc.poll() is None, "the deck ended while it waited for its feeder"
    assert "finished" not in events(run)
    client.send({"cmd": "add", "value": "C"})
    assert run.pump_until(lambda: "card 3 of 3" in run.text(), 2), run.text()
    run.pump(0.4)
    client.send({"cmd": "left"})
    assert run.pump_until(lambda: footer(run) == ["waiting for more cards · kept 2 · discarded 1"], 2), run.text()
    client.send({"cmd": "end"})
    assert exit_code(run.wait(timeout=5)) == 0
    assert events(run)[-1] == "finished"
    assert "2 kept · 1 discarded · 0 clicked · 0 of 3 cards left" in run.text()
    client.close()


def test_a_socket_deck_without_wait_or_subscriber_finishes_after_the_last_card(foldcycle, pty_run, tmp_path):
    path = str(tmp_path / "s.sock")
    run = start_socket_deck(foldcycle, pty_run, path)
    client = SocketClient(path)
    for _ in range(2):
        client.send({"cmd": "right"})
        run.pump(0.4)
    assert exit_code(run.wait(timeout=5)) == 0
    assert events(run)[-1] == "finished"
    client.close()


def test_q_ends_a_waiting_deck(foldcycle, pty_run, tmp_path):
    path = str(tmp_path / "s.sock")
    run = start_socket_deck(foldcycle, pty_run, path, "--wait")
    for _ in range(2):
        run.write(b"l")
        run.pump(0.4)
    assert run.pump_until(lambda: footer(run) == ["waiting for more cards · kept 2 · discarded 0"], 2), run.text()
    run.write(b"q")
    assert exit_code(run.wait(timeout=5)) == 0

"""Input the way people give it (issue 22): one stdin rule (`--split`, items on stdin with keys from
/dev/tty), a lost terminal exits 129 with the decisions made on stdout, and the small things a
user tripped on (typos of subcommands and commands, `foldcycle help`, `-v`)."""
import json
import os
import signal
import subprocess
import termios

import pytest

from conftest import exit_code

LIVE_USAGE = "Usage: foldcycle [OPTIONS] [ITEM ...]\n  See 'foldcycle --help' for more information.\n"
TIPS = b"tip: one\ntip: two\ntip: three\n"


# MARK: - One stdin rule


def test_readme_pipe_example_gives_one_card_per_line_and_q_quits(foldcycle, pty_run):
    """/work/shared/cases/readme-pipe-lines.md: `grep '^tip:' … | foldcycle --file -` made one
    static card of every line, and q did nothing (stdin was the items' pipe, at its end)."""
    grepped = subprocess.run(["grep", "^tip:"], input=TIPS, capture_output=True, check=True).stdout
    run = pty_run([foldcycle, "--interval", "0.3", "--duration", "0.1", "--color", "never", "--file", "-"],
                  cols=60, rows=12, stdin_bytes=grepped)
    assert run.pump_until(lambda: "item 1/3" in run.text(), 5), run.text()
    assert run.lines()[1] == "  tip: one"
    seen = set()
    assert run.pump_until(lambda: seen.update(line.strip() for line in run.lines()[:3]) or
                          {"tip: two", "tip: three"} <= seen, 5), run.text()
    # Keys come from the terminal: the hint is the key mode's, and q quits.
    assert "type a command and Enter (help) · Space pause" in run.text()
    run.write(b"q")
    assert run.wait() == 0
    assert termios.tcgetattr(run.slave) == run.termios_before
    assert not run.screen.cursor.hidden


def test_items_on_stdin_take_typed_commands_from_the_terminal(foldcycle, pty_run):
    run = pty_run([foldcycle, "--interval", "5", "--color", "never", "--file", "-"], cols=60, rows=12,
                  stdin_bytes=b"alpha\nbeta\ngamma\n")
    assert run.pump_until(lambda: "item 1/3" in run.text(), 5), run.text()
    run.write(b"goto 3\r")
    assert run.pump_until(lambda: "item 3/3" in run.text(), 3), run.text()
    run.write(b" ")
    assert run.pump_until(lambda: "‖ paused" in run.text(), 3), run.text()
    run.write(b"quit\r")
    assert run.wait() == 0


TERMINAL_INPUT_HINT = "foldcycle: reading items from the terminal; end them with Ctrl-D on a line of its own"


@pytest.mark.parametrize("command", [[], ["deck"]])
def test_file_dash_at_the_terminal_says_it_reads_the_terminal(foldcycle, pty_run, command):
    """A new user's trial: `foldcycle --file -` with the terminal as stdin waited with a blank
    screen, silently, until Ctrl-D. It now says so on stderr; the typed lines are the items."""
    run = pty_run([foldcycle, *command, "--color", "never", "--file", "-"], cols=100, rows=12)
    assert run.pump_until(lambda: TERMINAL_INPUT_HINT in run.text(), 5), run.text()
    run.write(b"alpha\rbeta\r\x04")
    expected = "item 1/2" if not command else "alpha"
    assert run.pump_until(lambda: expected in run.text() and "q quit" in run.text(), 5), run.text()
    run.write(b"q")
    assert run.wait() == 0
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_file_dash_from_a_pipe_says_nothing_about_the_terminal(foldcycle):
    result = subprocess.run([foldcycle, "render", "--file", "-", "--format", "plain", "--frames", "2"],
                            input=b"alpha\n", capture_output=True, timeout=10)
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""


@pytest.mark.parametrize("split,stdin,count,expected", [
    ("auto", TIPS, 3, "tip: one\ntip: two\ntip: three\n"),
    ("auto", b"first\nstill first\n\nsecond\n", 2, "first\nstill first\n\nsecond\n"),
    ("auto", b"./a b.txt\0./c.txt\0", 2, "./a b.txt\n./c.txt\n"),
    ("lines", b"first\nstill first\n\nsecond\n", 3, "first\nstill first\nsecond\n"),
    ("paragraphs", TIPS, 1, "tip: one\ntip: two\ntip: three\n"),
    ("nul", b"one\ntwo\0three\0", 2, "one\ntwo\n\nthree\n"),
])
def test_split_cuts_piped_items(foldcycle, split, stdin, count, expected):
    # Plain output (stdout a pipe) prints each item once as it settles: --cycles N-1 shows all N.
    proc = subprocess.run([foldcycle, "--file", "-", "--split", split, "--cycles", str(count - 1),
                           "--interval", "0.05"], input=stdin, capture_output=True, timeout=10)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode() == expected


def test_the_same_split_for_render_status_and_deck(foldcycle, pty_run):
    # Three items: the transition from the last (index 2) wraps to the first.
    proc = subprocess.run([foldcycle, "render", "--file", "-", "--from-item", "2", "--frames", "2"],
                          input=TIPS, capture_output=True, timeout=10)
    assert proc.returncode == 0, proc.stderr
    frames = proc.stdout.decode().split("\n\n")
    assert "tip: three" in frames[0] and "tip: one" in frames[1]
    proc = subprocess.run([foldcycle, "status", "--file", "-", "--interval", "10", "--epoch", "@0", "--at", "@15"],
                          input=TIPS, capture_output=True, timeout=10)
    assert (proc.returncode, proc.stdout) == (0, b"tip: two\n"), proc.stderr
    proc = subprocess.run([foldcycle, "status", "--file", "-", "--split", "paragraphs", "--interval", "10",
                           "--epoch", "@0", "--at", "@15"], input=TIPS, capture_output=True, timeout=10)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode().startswith("tip: one")
    run = pty_run([foldcycle, "deck", "--color", "never", "--split", "nul"], cols=60, rows=16,
                  stdin_bytes=b"a\nb\0c\0", capture_stdout=True)
    assert run.pump_until(lambda: "card 1 of 2" in run.text(), 5), run.text()
    run.write(b"q")
    assert run.wait() == 0


def test_a_piped_line_that_is_no_command_ends_the_run(foldcycle):
    """Issue 34, item 8: one error per piped line became one error and exit 64 at the first."""
    proc = subprocess.run([foldcycle, "--cycles", "1", "--interval", "0.1", "A", "B"],
                          input=b"tip one\ntip two\nnxt\n", capture_output=True, timeout=10)
    assert proc.returncode == 64
    lines = proc.stderr.decode().splitlines()
    assert lines[0].startswith("Error: standard input: unknown command 'tip one' (commands: start, pause,")
    assert lines[1:] == LIVE_USAGE.splitlines()


def test_typed_typo_gets_did_you_mean(foldcycle, pty_run):
    run = pty_run([foldcycle, "--interval", "5", "--color", "never", "A", "B"], cols=80, rows=16)
    run.pump(0.4)
    run.write(b"nxt\r")
    assert run.pump_until(lambda: "Error: unknown command 'nxt' (did you mean 'next'?" in run.text(), 3), run.text()
    run.write(b"q")
    assert run.wait() == 0


# MARK: - A lost terminal


def close_master(run):
    """Closes the pty's master side, as a terminal window that is closed does."""
    os.close(run.master)
    run.master = os.open(os.devnull, os.O_RDONLY)  # For run.close().


@pytest.mark.parametrize("how", ["close", "hangup"])
def test_deck_on_a_lost_terminal_exits_129_with_the_decisions_made(foldcycle, pty_run, how):
    """/work/shared/cases/closed-window-exit.md: closing the window exited 0, so `deck … >
    decisions.jsonl && apply` would apply an abandoned triage."""
    run = pty_run([foldcycle, "deck", "--color", "never", "one", "two", "three", "four"], cols=60, rows=16,
                  capture_stdout=True)
    assert run.pump_until(lambda: "card 1 of 4" in run.text(), 5), run.text()
    run.write(b"l")
    assert run.pump_until(lambda: b'"action":"right"' in run.stdout_bytes(), 3)
    run.write(b"h")
    assert run.pump_until(lambda: b'"action":"left"' in run.stdout_bytes(), 3)
    if how == "close":
        close_master(run)
    else:
        os.kill(run.proc.pid, signal.SIGHUP)
    run.proc.wait(timeout=5)
    assert exit_code(run.proc.returncode) == 129
    assert [json.loads(line) for line in run.stdout_bytes().decode().splitlines()] == [
        {"index": 0, "item": "one", "action": "right", "by": "key", "velocity": None},
        {"index": 1, "item": "two", "action": "left", "by": "key", "velocity": None},
    ]


@pytest.mark.parametrize("args", [["A", "B"], ["--file", "-"]])
def test_live_cycler_on_a_lost_terminal_exits_129(foldcycle, pty_run, args):
    stdin = b"A\nB\n" if "--file" in args else None
    run = pty_run([foldcycle, "--interval", "0.3", *args], cols=60, rows=12, stdin_bytes=stdin)
    assert run.pump_until(lambda: "item 1/2" in run.text(), 5), run.text()
    run.pump(0.4)  # A transition in flight: writes fail too.
    close_master(run)
    run.proc.wait(timeout=5)
    assert exit_code(run.proc.returncode) == 129


# MARK: - Small things


@pytest.mark.parametrize("argv,message", [
    (["rendr", "A", "B"], "unknown subcommand 'rendr' (did you mean 'render'?)"),
    (["rend", "A"], "unknown subcommand 'rend' (did you mean 'render'?)"),
    (["decks", "A"], "unknown subcommand 'decks' (did you mean 'deck'?)"),
    (["dek"], "unknown subcommand 'dek' (did you mean 'deck'?)"),
    (["stat"], "unknown subcommand 'stat' (did you mean 'status'?)"),
    (["--direciton", "up", "A"], "unknown option '--direciton' (did you mean '--direction'?)"),
])
def test_typos_of_subcommands_and_options(foldcycle, argv, message):
    """/work/shared/cases/cli-typo-subcommand.md."""
    proc = subprocess.run([foldcycle, *argv], capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
    assert proc.returncode == 64
    assert proc.stderr.decode() == f"Error: {message}\n{LIVE_USAGE}"
    assert proc.stdout == b""


def test_double_dash_makes_a_subcommand_like_word_an_item(foldcycle):
    proc = subprocess.run([foldcycle, "--cycles", "0", "--", "dek"], capture_output=True, stdin=subprocess.DEVNULL,
                          timeout=10)
    assert (proc.returncode, proc.stdout) == (0, b"dek\n")


def test_help_word_and_short_version(foldcycle):
    live = subprocess.run([foldcycle, "--help"], capture_output=True, timeout=10).stdout
    proc = subprocess.run([foldcycle, "help"], capture_output=True, timeout=10)
    assert (proc.returncode, proc.stdout) == (0, live)
    deck = subprocess.run([foldcycle, "deck", "--help"], capture_output=True, timeout=10).stdout
    proc = subprocess.run([foldcycle, "help", "deck"], capture_output=True, timeout=10)
    assert (proc.returncode, proc.stdout) == (0, deck)
    proc = subprocess.run([foldcycle, "-v"], capture_output=True, timeout=10)
    version = subprocess.run([foldcycle, "--version"], capture_output=True, timeout=10).stdout
    assert (proc.returncode, proc.stdout) == (0, version)
    assert version.startswith(b"foldcycle ")


def test_help_states_the_stdin_rule(foldcycle):
    text = subprocess.run([foldcycle, "--help"], capture_output=True, timeout=10).stdout.decode()
    assert "INPUT (items, commands, keys):" in text
    assert "  --split <how>" in text
    deck = subprocess.run([foldcycle, "deck", "--help"], capture_output=True, timeout=10).stdout.decode()
    assert "  --split <how>" in deck
    assert "commands on stdin" not in deck.lower()
    assert "cube's" not in deck


@pytest.mark.parametrize("command", [[], ["deck"], ["render"]])
@pytest.mark.parametrize("cols", [80, 40])
def test_help_is_wrapped_to_the_terminal(foldcycle, pty_run, cols, command):
    run = pty_run([foldcycle, *command, "--help"], cols=cols, rows=300)
    assert run.wait() == 0
    text = bytes(run.raw).decode().replace("\r\n", "\n")
    # Longer than the terminal only where one word is (a JSON example line).
    assert [line for line in text.split("\n") if len(line) > cols and " " in line.strip()] == []
    piped = subprocess.run([foldcycle, *command, "--help"], capture_output=True, timeout=10).stdout.decode()
    assert text.split() == piped.split()
    assert max(len(line) for line in piped.split("\n")) > 100  # Into a pipe: whole lines, for grep.


# MARK: - Small panes


def test_a_one_row_card_in_a_three_row_pane_shows_the_card(foldcycle, pty_run):
    """`--height 1` in a 10x3 tmux split showed `terminal …` forever: the footer won."""
    run = pty_run([foldcycle, "--height", "1", "--interval", "5", "--color", "never", "A", "B", "C"],
                  cols=10, rows=3)
    assert run.pump_until(lambda: run.lines()[0] == " A", 3), run.text()
    assert "terminal" not in run.text()
    # The footer has the rows the card leaves: its status line and the command line.
    assert run.lines()[1:] == ["▶ running…", "›"]
    run.write(b"q")
    assert run.wait() == 0
    assert run.lines() == [" A", "", ""]
    assert termios.tcgetattr(run.slave) == run.termios_before


@pytest.mark.parametrize("rows", [1, 2, 3])
def test_footer_never_leaves_a_bare_ticker(foldcycle, pty_run, rows):
    run = pty_run([foldcycle, "--footer", "never", "--height", "1", "--interval", "5", "--color", "never",
                   "A", "B"], cols=10, rows=rows)
    assert run.pump_until(lambda: run.lines()[0] == " A", 3), run.text()
    assert [line for line in run.lines()[1:] if line] == []
    run.write(b" ")  # Keys still work: Space pauses, q quits.
    run.pump(0.2)
    run.write(b"q")
    assert run.wait() == 0
    # The cursor ends on the line below the card: in a one-row pane that scrolls it away.
    assert run.lines() == ([" A"] + [""] * (rows - 1) if rows > 1 else [""])


@pytest.mark.parametrize("args,cols,rows,final", [
    # Too narrow: the clipped card stays, the notice and footer go.
    (["--width", "30", "A wide card of text"], 12, 10, ["", "     A wide", ""]),
    # Taller than the pane: the card clipped, one row for the notice while it runs.
    (["--height", "5", "A", "B"], 20, 3, ["", " A", ""]),
])
def test_quitting_from_a_too_small_state_leaves_no_fragment(foldcycle, pty_run, args, cols, rows, final):
    run = pty_run([foldcycle, "--interval", "5", "--color", "never", *args], cols=cols, rows=rows)
    assert run.pump_until(lambda: "terminal" in run.text(), 3), run.text()
    run.write(b"q")
    assert run.wait() == 0
    assert run.lines()[:len(final)] == final
    assert [line for line in run.lines()[len(final):] if line] == []


# MARK: - A drag that never gets its release


def test_a_press_while_a_drag_is_open_ends_the_old_drag_by_the_release_rule(foldcycle, pty_run):
    """kitty stops reporting when the pointer leaves the window and never sends the release: the
    card stayed tilted and later clicks did not free it. A new press ends the old drag where it
    was last seen, by the usual rule (here past the edge: a decision by position)."""
    import time
    run = pty_run([foldcycle, "deck", "--width", "20", "--height", "3", "--color", "never"], cols=60, rows=16,
                  stdin_bytes=b"alpha.txt\nbeta.txt\ngamma.txt\n", capture_stdout=True)
    assert run.pump_until(lambda: "card 1 of 3" in run.text(), 5), run.text()
    run.pump(0.4)
    run.write(b"\x1b[<0;30;3M")  # Press on the card.
    for step in range(1, 7):  # 12 columns right, slowly: 0.6 card widths, past the edge rule.
        time.sleep(0.05)
        run.write(b"\x1b[<32;%d;3M" % (30 + 2 * step))
    time.sleep(0.25)  # Held still: no fling.
    run.write(b"\x1b[<0;30;3M")  # A new press; the release of the first never came.
    assert run.pump_until(lambda: b'"action":"right"' in run.stdout_bytes(), 3), run.text()
    run.write(b"\x1b[<0;30;3m")  # The new drag's release, where it began: a tap on beta.txt.
    run.pump(0.3)
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    lines = [json.loads(line) for line in run.stdout_bytes().decode().splitlines()]
    assert [{key: line[key] for key in ("index", "item", "action", "by")} for line in lines] == [
        {"index": 0, "item": "alpha.txt", "action": "right", "by": "position"},
        {"index": 1, "item": "beta.txt", "action": "click", "by": "tap"},
    ]

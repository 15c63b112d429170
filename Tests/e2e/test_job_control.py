"""Job control from a real interactive shell (bash -i in a pty, its own session and controlling
terminal): a run that is put in the background (Ctrl-Z then `bg`, or started with `&`) is stopped
as the kernel stops a background job that touches its terminal ("Stopped (tty output)" or "(tty
input)"), never killed with "Hangup" (a background read's EIO is not a lost terminal), and `fg`
takes it back: the card is drawn and cycles again, keys work, the terminal comes back as it was."""
import os
import re
import shlex
import signal
import time
import termios

import pytest

from conftest import example

ITEMS = ["first-card", "second-card", "third-card"]
# After `bg` the resume stops on SIGTTOU (output) unless the input thread's read met the kernel's
# SIGTTIN first (input): either is job control's stop on the terminal.
STOPPED_TTY = re.compile(r"\[1\]\+\s+\d+ Stopped \(tty (input|output)\)\s+\$FC")
# A pipeline's job: `jobs -l` lists each process; the deck's is stopped on the terminal.
DECK_STOPPED = re.compile(r"\d+ Stopped \(tty (input|output)\)[^\n]*\$FC deck")
PROMPT = "sh$ "


class Shell:
    """An interactive bash on a pty; `run(line)` types a command line and returns what it
    printed, up to a token the shell echoes after it (typed as `$((N))`, printed as N)."""

    def __init__(self, run):
        self.pty = run
        self.count = 0
        assert run.pump_until(lambda: PROMPT in bytes(run.raw).decode(errors="replace"), 10), run.text()
        # The modes readline sets at its prompt, before any run.
        self.prompt_modes = termios.tcgetattr(run.slave)

    def type(self, data):
        self.mark = len(self.pty.raw)
        self.pty.write(data)

    def since_mark(self):
        return bytes(self.pty.raw[self.mark:]).decode(errors="replace")

    def run(self, line, timeout=10):
        self.count += 1
        token = f"@{self.count}@"
        separator = " " if line.endswith("&") else "; "
        self.type(f"{line}{separator}echo @$(({self.count}))@\n".encode())
        assert self.pty.pump_until(lambda: token in self.since_mark(), timeout), self.since_mark()
        return self.since_mark().split(token)[0]

    def jobs(self):
        return self.run("jobs -l")

    def jobs_until(self, shows, listing=lambda shell: shell.jobs(), seconds=20):
        """The job listing once `shows(listing)` holds, asked again and again (each a command
        round trip, no sleep) for up to `seconds` (a loaded machine ends a job slower than 50
        round trips: a CI lane saw it); the last listing otherwise, for the assertion's message."""
        seen = ""
        deadline = time.monotonic() + seconds
        while True:
            seen = listing(self)
            if shows(seen) or time.monotonic() > deadline:
                break
        return seen

    def wait_for_card(self, item, below=None, timeout=10):
        """Waits until `item` is on a card (a screen row of its own, not the typed command),
        below the last prompt line that shows `below` when given (drawn since that command)."""
        def shown():
            lines = self.pty.lines()
            if below is not None:
                typed = [row for row, line in enumerate(lines) if line.startswith(PROMPT + below)]
                lines = lines[typed[-1] + 1:] if typed else []
            return any(item in line and "$FC" not in line for line in lines)
        assert self.pty.pump_until(shown, timeout), self.pty.text()


@pytest.fixture
def shell(foldcycle, pty_run):
    run = pty_run(["bash", "--norc", "--noprofile", "-i"], cols=100, rows=30,
                  env={"PS1": PROMPT, "FC": foldcycle, "HISTFILE": "/dev/null", "PROMPT_COMMAND": ""})
    return Shell(run)


def cycles_again(shell, below=None):
    """The card shows each item (since the command `below`): it is cycling, not frozen."""
    for item in ITEMS:
        shell.wait_for_card(item, below=below)


def quit_and_check(shell, key=b"q"):
    shell.type(key)
    assert shell.pty.pump_until(lambda: PROMPT in shell.since_mark(), 10), shell.since_mark()
    assert "rc=0" in shell.run("echo rc=$?"), shell.since_mark()
    assert "Hangup" not in bytes(shell.pty.raw).decode(errors="replace")
    assert not shell.pty.screen.cursor.hidden
    # At the prompt again, the terminal's modes are the shell's, as before the run.
    assert termios.tcgetattr(shell.pty.slave) == shell.prompt_modes


def test_ctrl_z_bg_stops_on_the_terminal_and_fg_resumes_the_card(shell):
    shell.type(b"$FC --interval 0.3 " + " ".join(ITEMS).encode() + b"\n")
    cycles_again(shell)
    shell.type(b"\x1a")
    assert shell.pty.pump_until(lambda: PROMPT in shell.since_mark(), 10), shell.since_mark()
    assert re.search(r"\[1\]\+\s+Stopped\s+\$FC", shell.since_mark()), shell.since_mark()
    # Stopped by SIGTSTP itself, as a program at the default disposition is: 128 + 20 (SIGSTOP
    # would give 147, and zsh would say "suspended (signal)").
    assert f"rc={128 + signal.SIGTSTP}" in shell.run("echo rc=$?"), shell.since_mark()
    shell.run("bg")
    # Continued in the background, it stops again at once (it would take the terminal back).
    listing = shell.jobs_until(lambda seen: STOPPED_TTY.search(seen))
    assert STOPPED_TTY.search(listing), listing
    assert "Hangup" not in listing and "Running" not in listing.split("jobs -l")[-1]
    shell.type(b"fg\n")
    cycles_again(shell, below="fg")
    quit_and_check(shell)


def test_ctrl_z_stops_an_embedding_host_and_fg_finishes_it(shell, foldcycle):
    # The library's session in another program (the ticker example): stopped by SIGTSTP itself.
    shell.type(f"{shlex.quote(example(foldcycle, 'foldcycle-ticker-example'))}\n".encode())
    assert shell.pty.pump_until(lambda: "✔ step 1/6" in shell.since_mark() and shell.pty.screen.cursor.hidden,
                                10), shell.pty.text()
    shell.type(b"\x1a")
    assert shell.pty.pump_until(lambda: PROMPT in shell.since_mark(), 10), shell.since_mark()
    assert not shell.pty.screen.cursor.hidden
    assert f"rc={128 + signal.SIGTSTP}" in shell.run("echo rc=$?"), shell.since_mark()
    shell.type(b"fg\n")
    assert shell.pty.pump_until(lambda: "✔ done: 102 files" in shell.since_mark() and PROMPT in
                                shell.since_mark().split("✔ done: 102 files")[-1], 20), shell.since_mark()
    assert "rc=0" in shell.run("echo rc=$?"), shell.since_mark()
    assert termios.tcgetattr(shell.pty.slave) == shell.prompt_modes


def test_started_with_ampersand_is_stopped_until_fg(shell):
    out = shell.run("$FC --interval 0.3 " + " ".join(ITEMS) + " &")
    assert re.search(r"\[1\] \d+", out), out
    listing = shell.jobs_until(lambda seen: STOPPED_TTY.search(seen))
    # Stopped before it touched the terminal's modes: the kernel's SIGTTOU stop, as for any TUI.
    assert re.search(r"\[1\]\+\s+\d+ Stopped \(tty output\)\s+\$FC --interval", listing), listing
    # Nothing was drawn over the shell while it waited: no card, no item.
    assert not any(item in line and "$FC" not in line for line in shell.pty.lines() for item in ITEMS)
    shell.type(b"fg\n")
    cycles_again(shell, below="fg")
    quit_and_check(shell)


def test_deck_with_piped_items_ctrl_z_bg_stops_and_fg_resumes(shell):
    shell.type(b"printf 'a-item\\nb-item\\nc-item\\n' | $FC deck --width 20 --height 3 --color never > /dev/null\n")
    assert shell.pty.pump_until(lambda: any("card 1 of 3" in line for line in shell.pty.lines()), 10), \
        shell.pty.text()
    shell.type(b"\x1a")
    assert shell.pty.pump_until(lambda: PROMPT in shell.since_mark(), 10), shell.since_mark()
    shell.run("bg")
    listing = shell.jobs_until(lambda seen: DECK_STOPPED.search(seen))
    assert DECK_STOPPED.search(listing), listing
    # It did not end in the background (its summary is printed when the deck closes).
    assert "Hangup" not in listing and "cards left" not in shell.since_mark()
    shell.type(b"fg\n")

    def redrawn():
        lines = shell.pty.lines()
        typed = [row for row, line in enumerate(lines) if line.startswith(PROMPT + "fg")]
        return bool(typed) and any("card 1 of 3" in line for line in lines[typed[-1] + 1:])
    assert shell.pty.pump_until(redrawn, 10), shell.pty.text()
    quit_and_check(shell)


def test_kill_cont_while_stopped_stops_again_and_fg_resumes(shell):
    shell.type(b"$FC --interval 0.3 " + " ".join(ITEMS).encode() + b"\n")
    cycles_again(shell)
    shell.type(b"\x1a")
    assert shell.pty.pump_until(lambda: PROMPT in shell.since_mark(), 10), shell.since_mark()
    shell.run("kill -CONT %1")
    listing = shell.jobs_until(lambda seen: STOPPED_TTY.search(seen))
    assert STOPPED_TTY.search(listing), listing
    shell.type(b"fg\n")
    cycles_again(shell, below="fg")
    quit_and_check(shell)


def pid_of(pattern):
    """The pid of the one process whose command line holds `pattern` (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    if pattern.encode() in f.read():
                        found.append(int(entry))
            except OSError:
                pass
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("command", [["--interval", "0.3", *ITEMS], ["deck", "--width", "20", "--height", "3",
                                                                       "--color", "never", *ITEMS]])
def test_sigstop_from_outside_then_cont_stops_again_and_fg_takes_the_terminal_back(shell, command):
    """A new user's trial: `kill -STOP` (which cannot be caught) from another shell, then
    `kill -CONT`: the deck went on drawing in the background over the shell's prompt, and after
    `fg` keys echoed (`^[[C`) and did nothing, since the shell had put its own modes back."""
    shell.type(("$FC " + " ".join(command) + "\n").encode())
    if command[0] == "deck":
        shell.wait_for_card("first-card")
    else:
        cycles_again(shell)
    os.kill(pid_of("first-card"), signal.SIGSTOP)
    assert shell.pty.pump_until(lambda: PROMPT in shell.since_mark(), 10), shell.since_mark()
    shell.run("kill -CONT %1")
    listing = shell.jobs_until(lambda seen: STOPPED_TTY.search(seen))
    assert STOPPED_TTY.search(listing), listing
    shell.type(b"fg\n")
    if command[0] == "deck":
        shell.wait_for_card("first-card", below="fg")
        # Keys are read again: a keep decides the first card.
        shell.type(b"l")
        assert shell.pty.pump_until(lambda: any("card 2 of 3 · kept 1" in line for line in shell.pty.lines()), 10), \
            shell.pty.text()
    else:
        cycles_again(shell, below="fg")
    quit_and_check(shell)


def test_render_play_started_with_ampersand_is_stopped_until_fg(shell):
    shell.run("$FC render --format ansi --play --fps 10 --duration 0.8 first-card second-card &")
    listing = shell.jobs_until(lambda seen: STOPPED_TTY.search(seen))
    assert re.search(r"\[1\]\+\s+\d+ Stopped \(tty output\)\s+\$FC render", listing), listing
    # It plays once in the foreground, to its end.
    shell.type(b"fg\n")
    assert shell.pty.pump_until(lambda: PROMPT in shell.since_mark().split("fg", 1)[-1], 10), shell.since_mark()
    assert "rc=0" in shell.run("echo rc=$?")
    assert "Hangup" not in bytes(shell.pty.raw).decode(errors="replace")
    assert termios.tcgetattr(shell.pty.slave) == shell.prompt_modes


@pytest.mark.parametrize("how", ["ctrl-z", "ampersand", "ctrl-z-bg"])
def test_kill_ends_a_stopped_or_background_run(shell, how):
    """A trial's case: `kill %1` (SIGTERM, then SIGCONT for a stopped job) left the run stopped
    ("Stopped (tty output)") until a second kill or `fg`: continued in the background, it stopped
    itself again before its SIGTERM handler ran. Now the first `kill %1` ends it, "Terminated",
    and the terminal is the shell's."""
    command = "$FC --interval 0.3 " + " ".join(ITEMS)
    if how == "ampersand":
        shell.run(command + " &")
    else:
        shell.type(command.encode() + b"\n")
        cycles_again(shell)
        shell.type(b"\x1a")
        assert shell.pty.pump_until(lambda: PROMPT in shell.since_mark(), 10), shell.since_mark()
        if how == "ctrl-z-bg":
            shell.run("bg")
    listing = shell.jobs_until(lambda seen: "Stopped" in seen)
    assert "Stopped" in listing, listing
    shell.run("kill %1")
    listing = shell.jobs_until(lambda seen: "Terminated" in seen, listing=lambda shell: shell.jobs() + shell.run("true"))
    assert re.search(r"\[1\]\+\s+(\d+ )?Terminated\s+\$FC", listing), listing
    assert "Stopped" not in shell.jobs()
    assert termios.tcgetattr(shell.pty.slave) == shell.prompt_modes

"""Shared helpers for the end-to-end tests: run the built `foldcycle` in a real pseudo-terminal
and read what it shows through pyte, a VT100/xterm emulator."""
import fcntl
import os
import re
import pty
import select
import signal
import struct
import subprocess
import termios
import time

import pyte
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def binary():
    path = os.environ.get("FOLDCYCLE_BIN")
    if path:
        return path
    return os.path.join(ROOT, ".build", "debug", "foldcycle")


@pytest.fixture(scope="session")
def foldcycle():
    path = binary()
    assert os.access(path, os.X_OK), f"build foldcycle first: {path} is missing"
    return path


def transition_names():
    """The registered transitions, as `render --list-transitions` prints them (the literal list
    is asserted once, in TransitionKindTests)."""
    proc = subprocess.run([binary(), "render", "--list-transitions"], capture_output=True, check=True, timeout=10)
    return proc.stdout.decode().split()


def format_names():
    """The `render --format` values, as help lists them (the literal list is asserted once, in
    OptionValueTests)."""
    text = subprocess.run([binary(), "render", "--help"], capture_output=True, check=True, timeout=10).stdout.decode()
    return re.search(r"--format <format> .*\(values: ([^;)]+)", text).group(1).split(", ")


def subcommand_names():
    """The subcommands `help` takes, as its error lists them (the literal list is asserted once,
    in CLIErrorTests)."""
    proc = subprocess.run([binary(), "help", "no-such-topic"], capture_output=True, timeout=10)
    return re.search(r"subcommands: ([^)]+)\)", proc.stderr.decode()).group(1).split(", ")


def _controlling_terminal():
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    # As a terminal's shell starts a program: SIGINT and SIGQUIT at their defaults and unblocked,
    # whatever the test runner's threads left (a shell started with SIGINT ignored or blocked
    # never stops its loop at Ctrl-C).
    for number in (signal.SIGINT, signal.SIGQUIT):
        signal.signal(number, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGQUIT})


def _controlling_terminal_from(descriptor):
    """A preexec function that makes `descriptor` (the pty's slave, passed to the child) the
    controlling terminal of a new session, whatever stdin is: the child's /dev/tty."""
    def preexec():
        os.setsid()
        fcntl.ioctl(descriptor, termios.TIOCSCTTY, 0)
    return preexec


# What `--background auto` writes before the first frame of a run of text (docs/decisions/0125):
# the OSC 11 query and the device-attributes request. (With a picture among the items at launch,
# the kitty graphics query and `CSI 16 t` go between them: 0154.) A query is not a frame:
# recordings leave it out.
BACKGROUND_QUERY = b"\x1b]11;?\x1b\\\x1b[c"

class PtyRun:
    """A child process whose stdin, stdout and stderr are the slave side of a pty of
    `cols` x `rows`; everything it writes is fed to a pyte screen of the same size.

    With `stdin_bytes`, stdin is a pipe carrying those bytes (closed after them) while the pty
    stays the child's controlling terminal (/dev/tty); with `stdin_open`, stdin is a pipe the test
    writes while the child runs (`feed_stdin`, `close_stdin`); with `capture_stdout`, stdout is a pipe
    read while the child runs (`stdout_bytes()`), as in `items | foldcycle deck > out`; with
    `stdout_path`, stdout is that file opened for writing (`> /dev/full`)."""

    def __init__(self, argv, cols=80, rows=24, env=None, stdin_pty=True, stdin_bytes=None, capture_stdout=False,
                 stdin_open=False, stdout_path=None):
        self.master, self.slave = pty.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.termios_before = termios.tcgetattr(self.slave)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        # The environment decides colour and motion: start from none of it (a CI runner sets CI).
        # `env` holds what the test sets; a copy of the whole environment would bring CI back
        # (a slideshow test showed "no motion" in CI only), so it is refused: a copy holds PATH,
        # as os.environ has it (a test may set CI=true, as a CI runner does, or a PATH of its own).
        if env and env.get("PATH") == os.environ.get("PATH"):
            raise ValueError("pty_run(env=...) takes the variables the test sets, not a copy of os.environ")
        full_env = clean_environment({"TERM": "xterm-256color", "COLORTERM": "truecolor", **(env or {})})
        if stdin_bytes is not None or stdin_open:
            stdin, preexec, pass_fds = subprocess.PIPE, _controlling_terminal_from(self.slave), (self.slave,)
        elif stdin_pty:
            stdin, preexec, pass_fds = self.slave, _controlling_terminal, ()
        else:
            stdin, preexec, pass_fds = subprocess.PIPE, os.setsid, ()
        stdout = subprocess.PIPE if capture_stdout else self.slave
        if stdout_path is not None:
            stdout = os.open(stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        self.proc = subprocess.Popen(
            argv,
            stdin=stdin,
            stdout=stdout,
            stderr=self.slave,
            env=full_env,
            # A session of its own with the pty as controlling terminal, so that a typed
            # Ctrl-C reaches it as SIGINT, as in a real terminal.
            preexec_fn=preexec,
            pass_fds=pass_fds,
        )
        if stdout_path is not None:
            os.close(stdout)
        self.stdout = bytearray()
        if capture_stdout:
            os.set_blocking(self.proc.stdout.fileno(), False)
        if stdin_bytes is not None:
            self.proc.stdin.write(stdin_bytes)
            self.proc.stdin.close()
        # The child has its own copy now; ours stays open to read termios after it exits.

    def feed_stdin(self, data):
        """Writes `data` to the stdin pipe kept open by `stdin_open` (a producer that is not done)."""
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def close_stdin(self):
        """Ends the stdin pipe kept open by `stdin_open`: the end of the input."""
        self.proc.stdin.close()

    def _read_stdout(self):
        if self.proc.stdout is None or self.proc.stdout.closed:
            return
        try:
            data = self.proc.stdout.read()
        except (BlockingIOError, ValueError):
            return
        if data:
            self.stdout += data

    def stdout_bytes(self):
        """What the child wrote to its stdout pipe so far (capture_stdout)."""
        self._read_stdout()
        return bytes(self.stdout)

    def pump(self, seconds):
        """Reads output for `seconds` (or until the child exits and output drains)."""
        deadline = time.monotonic() + seconds
        while True:
            self._read_stdout()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            ready, _, _ = select.select([self.master], [], [], min(remaining, 0.05))
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    return
                if not data:
                    return
                self.raw += data
                self.stream.feed(data)
            elif self.proc.poll() is not None:
                # Drain whatever is left: the kernel hands the pty's last bytes on a moment after
                # the child exits (later on a loaded machine: a help text was cut at 40 columns).
                ready, _, _ = select.select([self.master], [], [], 0.2)
                if not ready:
                    return

    def pump_until(self, predicate, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return True
            self.pump(0.05)
        return predicate()

    def write(self, data):
        os.write(self.master, data)

    def wait(self, timeout=10):
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < deadline:
            self.pump(0.05)
        if self.proc.poll() is None:
            self.proc.kill()
            raise AssertionError("foldcycle did not exit in time; screen:\n" + "\n".join(self.lines()))
        self.pump(0.2)
        return self.proc.returncode

    def lines(self):
        return [line.rstrip() for line in self.screen.display]

    def text(self):
        return "\n".join(self.lines())

    def resize(self, cols, rows):
        """Resizes the pty and the pyte screen, and tells the child (SIGWINCH)."""
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.screen.resize(rows, cols)
        os.kill(self.proc.pid, signal.SIGWINCH)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def pty_run():
    runs = []

    def start(argv, **kwargs):
        run = PtyRun(argv, **kwargs)
        runs.append(run)
        return run

    yield start
    for run in runs:
        run.close()


def signal_twice(proc, first, second):
    """Sends `first`, then `second` at once and again until the process is gone, so that one
    surely arrives in its last writes (a window of a few milliseconds after the restore); never a
    sleep."""
    os.kill(proc.pid, first)
    os.kill(proc.pid, second)
    while proc.poll() is None:
        try:
            os.kill(proc.pid, second)
        except ProcessLookupError:
            break


def exit_code(returncode):
    """subprocess reports a death by signal N as -N; the shell convention is 128 + N."""
    return 128 - returncode if returncode < 0 else returncode


def cpu_seconds(pid):
    """Total CPU time of all threads of `pid`, in seconds, from /proc (nanosecond precision)."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            pass
    return total / 1e9


MOTION_AND_COLOUR = ("NO_COLOR", "CI", "ACCESSIBLE", "REDUCED_MOTION")


def clean_environment(extra=None, **more):
    """The process environment without what decides colour and motion, plus `extra` and `more`."""
    env = dict(os.environ)
    for name in MOTION_AND_COLOUR:
        env.pop(name, None)
    env.update(extra or {})
    env.update(more)
    return env


def example(foldcycle, name):
    """The path of an example program built beside `foldcycle`."""
    path = os.path.join(os.path.dirname(foldcycle), name)
    assert os.access(path, os.X_OK), f"build the examples first: {path} is missing"
    return path


@pytest.fixture(scope="module")
def display():
    """An Xvfb display for a module's real-emulator tests (`emulator_driver.XDisplay`), closed
    after the module."""
    import emulator_driver as drv
    drv.require_tools()
    server = drv.XDisplay()
    yield server
    server.close()

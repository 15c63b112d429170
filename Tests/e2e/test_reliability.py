"""Issue 15: what an adversarial run found, each finding as a test that failed before the fix.

Numbers that overflowed, writes that trapped, resource bombs, signals stuck behind blocked output,
a crash report drawn over the card, and the smaller ones (Alt+], raw quoted arguments, --cycles at
the edge, quitting mid-transition, job control with stdout on another terminal)."""
import fcntl
import os
import pty
import select
import signal
import socket
import struct
import subprocess
import termios
import threading
import time

import pytest

from conftest import PtyRun, _controlling_terminal_from, clean_environment, example, exit_code, transition_names


def rss_kib(pid, field="VmRSS", exited_ok=False):
    """`field` of /proc/PID/status in KiB; with `exited_ok`, 0 once the process has exited (a
    zombie's status has no memory fields, and its /proc entry goes once it is reaped)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except FileNotFoundError:
        if exited_ok:
            return 0
        raise
    if exited_ok:
        return 0
    raise AssertionError(f"no {field} for {pid}")


# MARK: - 1. Numbers that overflow


@pytest.mark.parametrize("prefix", [[], ["render"]])
def test_huge_timing_control_points_are_rejected(foldcycle, prefix):
    """cubic-bezier(0.3,1e19,0.6,1) passed validation and crashed the compositor (SIGILL)."""
    proc = subprocess.run([foldcycle, *prefix, "--timing", "cubic-bezier(0.3,1e19,0.6,1)", "A", "B"],
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
    assert proc.returncode == 64
    assert proc.stderr.decode().startswith(
        "Error: invalid value 'cubic-bezier(0.3,1e19,0.6,1)' for '--timing' (invalid control points "
        "(0.3, 1e+19, 0.6, 1.0): all must be finite, x1 and x2 in 0...1, y1 and y2 in -10...10)\n")


@pytest.mark.parametrize("transition", transition_names())
def test_the_extreme_allowed_curve_renders_finite_json(foldcycle, transition):
    """Larger control points gave NaN progress and 'nan' in the JSON."""
    proc = subprocess.run([foldcycle, "render", "--format", "json", "--frames", "41", "--transition", transition,
                           "--timing", "cubic-bezier(0.5,10,0.5,-10)", "A", "B"], capture_output=True, timeout=20)
    assert proc.returncode == 0, proc.stderr
    assert b"nan" not in proc.stdout and b"inf" not in proc.stdout
    assert proc.stdout.count(b"\n") == 41


# MARK: - 2. A failed write to stderr


def broken_stderr(kind):
    """A stderr that cannot be written: closed, /dev/full, or a pipe whose reader went away."""
    if kind == "closed":
        return {"stderr": subprocess.DEVNULL, "preexec_fn": lambda: os.close(2)}
    if kind == "full":
        return {"stderr": open("/dev/full", "wb")}
    reading, writing = os.pipe()
    os.close(reading)
    return {"stderr": writing}


@pytest.mark.parametrize("kind", ["closed", "full", "vanished"])
@pytest.mark.parametrize("args,code", [(["--bogus"], 64), (["--file", "/nonexistent"], 66),
                                       (["render", "--frames", "1", "A"], 64)])
def test_errors_on_a_broken_stderr_exit_without_crashing(foldcycle, kind, args, code):
    proc = subprocess.run([foldcycle, *args], stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, timeout=10,
                          **broken_stderr(kind))
    assert proc.returncode == code


@pytest.mark.parametrize("kind", ["closed", "full", "vanished"])
def test_piped_replies_on_a_broken_stderr_do_not_crash(foldcycle, kind):
    proc = subprocess.run([foldcycle, "A", "B"], input=b"status\nhelp\nquit\n", stdout=subprocess.PIPE,
                          timeout=10, **broken_stderr(kind))
    assert (proc.returncode, proc.stdout) == (0, b"A\n")
    # A piped line that is no command ends the run (docs/decisions/0110): its error is lost too.
    proc = subprocess.run([foldcycle, "A", "B"], input=b"status\nbogus\nquit\n", stdout=subprocess.PIPE,
                          timeout=10, **broken_stderr(kind))
    assert (proc.returncode, proc.stdout) == (64, b"A\n")


# MARK: - 4. Resource bombs


def test_an_endless_input_file_fails_at_the_limit(foldcycle):
    proc = subprocess.run([foldcycle, "--file", "/dev/zero"], capture_output=True, stdin=subprocess.DEVNULL,
                          timeout=30)
    assert proc.returncode == 66
    assert proc.stderr == b"Error: file '/dev/zero' is larger than 64 MiB (the most an input file may have)\n"


def test_a_stdin_line_with_no_newline_is_bounded(foldcycle):
    """A line with no newline grew memory without limit; now it is dropped past 64 KiB."""
    proc = subprocess.Popen([foldcycle, "--interval", "100", "A", "B"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    chunk = b"a" * (1 << 20)
    for _ in range(32):
        proc.stdin.write(chunk)
    proc.stdin.flush()
    peak = rss_kib(proc.pid)
    out, err = proc.communicate(input=b"\nstatus\nquit\n", timeout=20)
    assert proc.returncode == 0
    assert peak < 100 * 1024, f"{peak} KiB while reading a 32 MiB line"
    assert err.decode().splitlines() == [
        "Error: command line of 33554432 bytes ignored (the most a command line may have: 65536 bytes)",
        "state=running item=1/2 direction=down interval=100 duration=0.6 transition=fold",
    ]
    assert out == b"A\n"


def test_a_command_flood_is_read_no_faster_than_it_is_handled(foldcycle):
    """A flood of piped commands queued without backpressure (1 GB; Ctrl-C waited minutes)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 10, 60, 0, 0))
    proc = subprocess.Popen([foldcycle, "--color", "never", "A", "B"], stdin=subprocess.PIPE, stdout=slave,
                            stderr=slave, env=clean_environment(TERM="xterm-256color"),
                            preexec_fn=_controlling_terminal_from(slave), pass_fds=(slave,))
    stop = threading.Event()
    written = [0]

    def flood():
        line = b"status\n" * 4096
        try:
            while not stop.is_set():
                proc.stdin.write(line)
                written[0] += len(line)
        except (BrokenPipeError, ValueError):
            pass

    def drain():
        while not stop.is_set():
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    os.read(master, 1 << 16)
                except OSError:
                    return

    threads = [threading.Thread(target=flood, daemon=True), threading.Thread(target=drain, daemon=True)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(3)
        rss = rss_kib(proc.pid)
        started = time.monotonic()
        os.kill(proc.pid, signal.SIGINT)
        code = proc.wait(timeout=10)
        latency = time.monotonic() - started
    finally:
        stop.set()
        if proc.poll() is None:
            proc.kill()
        os.close(master)
        os.close(slave)
    assert exit_code(code) == 130
    assert latency < 1.5, f"Ctrl-C took {latency:.2f} s under a command flood"
    assert rss < 100 * 1024, f"{rss} KiB after {written[0]} bytes of commands"


def test_ctrl_c_acts_at_once_after_a_megabyte_paste(foldcycle, pty_run):
    """Each key cost O(n²) in the typed line: Ctrl-C waited 42 s after 1 MB."""
    run = pty_run([foldcycle, "--color", "never", "--interval", "5", "A", "B"], cols=60, rows=10)
    run.pump(0.3)
    os.set_blocking(run.master, False)
    pasted = b"x" * (1 << 20)
    offset = 0
    deadline = time.monotonic() + 60
    while offset < len(pasted) and time.monotonic() < deadline:
        try:
            offset += os.write(run.master, pasted[offset:offset + 4096])
        except BlockingIOError:
            run.pump(0.01)
    assert offset == len(pasted)
    assert run.pump_until(lambda: "Error: command line full (the most it holds: 4096 bytes)" in run.text(), 20)
    started = time.monotonic()
    # The pty's input may still be full of the paste (a slow build): Ctrl-C waits for room.
    while True:
        try:
            run.write(b"\x03")
            break
        except BlockingIOError:
            run.pump(0.01)
    assert exit_code(run.wait(timeout=10)) == 130
    assert time.monotonic() - started < 2
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_a_terminal_reporting_65535_by_65535(foldcycle):
    """Fullscreen allocated for the reported size: tens of GB, then an abort."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 65535, 65535, 0, 0))
    proc = subprocess.Popen([foldcycle, "--fullscreen", "--cycles", "1", "--interval", "0.3", "A", "B"],
                            stdin=slave, stdout=slave, stderr=slave, env=clean_environment(TERM="xterm-256color"),
                            preexec_fn=_controlling_terminal_from(slave), pass_fds=(slave,))
    peak = 0
    received = bytearray()
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        peak = max(peak, rss_kib(proc.pid, "VmHWM", exited_ok=True))
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            received += os.read(master, 1 << 20)
    if proc.poll() is None:
        proc.kill()
    os.close(master)
    os.close(slave)
    assert proc.wait() == 0
    assert peak < 400 * 1024, f"peak RSS {peak} KiB"
    assert received.endswith(b"\x1b[?1049l\x1b[?25h")


# MARK: - 5. Signals stuck behind blocked output


def start_piped(foldcycle, args, cols=80, rows=24):
    """foldcycle with stdin a pipe (line mode: the tty keeps IXON) and stdout and stderr a pty."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    before = termios.tcgetattr(slave)
    proc = subprocess.Popen([foldcycle, *args], stdin=subprocess.PIPE, stdout=slave, stderr=slave,
                            env=clean_environment(TERM="xterm-256color", COLORTERM="truecolor"),
                            preexec_fn=_controlling_terminal_from(slave), pass_fds=(slave,))
    return proc, master, slave, before


def read_available(master, seconds):
    data = bytearray()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                data += os.read(master, 1 << 16)
            except OSError:
                break
    return bytes(data)


def pending_output(master):
    count = struct.unpack("i", fcntl.ioctl(master, termios.FIONREAD, b"\0\0\0\0"))[0]
    return count


@pytest.mark.parametrize("signum,code", [(signal.SIGTERM, 143), (signal.SIGHUP, 129), (signal.SIGINT, 130)])
def test_a_signal_ends_the_process_after_ctrl_s(foldcycle, signum, code):
    """After Ctrl-S (XOFF) TERM, INT and HUP did nothing until output resumed."""
    proc, master, slave, before = start_piped(foldcycle, ["--interval", "0.1", "--fps", "120", "A", "B", "C"])
    try:
        assert b"\x1b[?2026h" in read_available(master, 0.6)
        os.write(master, b"\x13")  # XOFF: the terminal stops taking output.
        read_available(master, 0.5)
        assert read_available(master, 0.4) == b"", "output still flows after XOFF"
        started = time.monotonic()
        os.kill(proc.pid, signum)
        returncode = proc.wait(timeout=10)
        elapsed = time.monotonic() - started
        tail = read_available(master, 0.5)
        assert exit_code(returncode) == code
        assert elapsed < 3, f"{elapsed:.2f} s"
        # Output was restarted and the restoration written: SGR reset, cursor shown.
        assert b"\x1b[?25h" in tail
        assert termios.tcgetattr(slave) == before
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
        os.close(slave)


def test_a_signal_ends_the_process_when_the_terminal_stops_reading(foldcycle):
    """A terminal that stops reading blocks a write; SIGTERM waited for it for good."""
    proc, master, slave, before = start_piped(
        foldcycle, ["--interval", "0.05", "--fps", "240", "--width", "200", "--height", "40", "A", "B", "C"],
        cols=220, rows=60)
    try:
        # Stop reading: the pty's buffer fills and the next write blocks.
        last, steady = -1, 0
        deadline = time.monotonic() + 30
        while steady < 5 and time.monotonic() < deadline:
            time.sleep(0.1)
            pending = pending_output(master)
            steady = steady + 1 if pending == last else 0
            last = pending
        assert steady >= 5, "the terminal's buffer never filled"
        started = time.monotonic()
        os.kill(proc.pid, signal.SIGTERM)
        returncode = proc.wait(timeout=10)
        assert exit_code(returncode) == 143
        assert time.monotonic() - started < 3
        assert termios.tcgetattr(slave) == before
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
        os.close(slave)


# MARK: - 3. SIGQUIT and crashes


def test_typed_ctrl_backslash_quits_with_131_and_restores(foldcycle, pty_run):
    """Ctrl-\\ in key mode is SIGQUIT: handled as the other termination signals (already on main)."""
    run = pty_run([foldcycle, "--interval", "0.3", "A", "B"], cols=60, rows=10)
    run.pump(0.5)
    run.write(b"\x1c")
    assert exit_code(run.wait(timeout=5)) == 131
    assert not run.screen.cursor.hidden
    assert termios.tcgetattr(run.slave) == run.termios_before


@pytest.mark.parametrize("mode,signum", [("trap", signal.SIGILL), ("abort", signal.SIGABRT)])
def test_a_crash_restores_the_terminal_before_the_report(foldcycle, pty_run, mode, signum):
    """The runtime's crash reporter drew on the card, held the process for 30 s and left the
    terminal raw with the cursor hidden."""
    host = example(foldcycle, "foldcycle-crash-host")
    run = pty_run([host, mode], cols=100, rows=40, env={"SWIFT_BACKTRACE": ""})
    started = time.monotonic()
    returncode = run.wait(timeout=25)
    assert time.monotonic() - started < 15
    assert returncode in (-signum, -signal.SIGTRAP)
    raw = bytes(run.raw)
    assert b"crash host" in raw or b"second card" in raw
    restored = raw.find(b"\x1b[?25h")
    mouse_off = raw.find(b"\x1b[?1006l\x1b[?1002l")
    assert 0 <= restored and 0 <= mouse_off
    report = raw.find(b"crashed")
    if report >= 0:
        assert report > restored and report > mouse_off
    assert termios.tcgetattr(run.slave) == run.termios_before


# MARK: - 6. Smaller findings


def test_alt_right_bracket_no_longer_locks_the_command_line(foldcycle, pty_run):
    run = pty_run([foldcycle, "--color", "never", "--interval", "5", "A", "B"], cols=90, rows=10)
    run.pump(0.3)
    run.write(b"\x1b]")  # Alt+]: an OSC introducer that nothing ends.
    run.pump(0.3)
    run.write(b"status\r")
    assert run.pump_until(lambda: "state=running item=1/2" in run.text(), 3), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0


HOSTILE = "\x1b]52;c;SGVsbG8=\x07\x1b[2J\u009b31m"


def test_error_messages_show_arguments_and_paths_as_data(foldcycle, tmp_path):
    cases = [
        [foldcycle, "--direction", HOSTILE, "A"],
        [foldcycle, f"--{HOSTILE}"],
        [foldcycle, "--file", str(tmp_path / HOSTILE)],
    ]
    for argv in cases:
        proc = subprocess.run(argv, capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
        assert proc.returncode in (64, 66)
        assert b"\x1b" not in proc.stderr and b"\x07" not in proc.stderr and "\u009b".encode() not in proc.stderr
        assert "␛]52;c;SGVsbG8" in proc.stderr.decode()


def test_piped_replies_quote_commands_as_data(foldcycle):
    proc = subprocess.run([foldcycle, "A", "B"], input=f"{HOSTILE}\nquit\n".encode(), capture_output=True,
                          timeout=10)
    # A piped line that is no command ends the run, exit 64 (docs/decisions/0110).
    assert proc.returncode == 64
    assert b"\x1b" not in proc.stderr and b"\x07" not in proc.stderr
    assert proc.stderr.decode().startswith("Error: standard input: unknown command '␛]52;c;SGVsbG8=␇␛[2J�31m' (")


def test_cycles_with_a_duration_within_a_hair_of_the_interval(foldcycle):
    """--cycles N showed one extra item when the duration was within ~0.1 ms of the interval."""
    for _ in range(5):
        proc = subprocess.run([foldcycle, "--cycles", "2", "--interval", "0.2", "--duration", "0.19999",
                               "A", "B", "C", "D"], capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
        assert (proc.returncode, proc.stdout) == (0, b"A\nB\nC\n")


def test_quitting_mid_transition_prints_only_settled_items(foldcycle):
    proc = subprocess.run([foldcycle, "--interval", "5", "A", "B", "C"], input=b"next\nquit\n",
                          capture_output=True, timeout=10)
    assert (proc.returncode, proc.stdout) == (0, b"A\n")
    assert proc.stderr == b"next: item 2/3\n"


def test_quitting_mid_transition_keeps_the_settled_card_on_screen(foldcycle, pty_run):
    run = pty_run([foldcycle, "--color", "never", "--interval", "5", "--duration", "2", "AAAA", "BBBB"],
                  cols=40, rows=10)
    run.pump(0.3)
    run.write(b"next\r")
    run.pump(0.5)
    run.write(b"quit\r")
    assert exit_code(run.wait()) == 0
    assert "AAAA" in run.text() and "BBBB" not in run.text()


def test_fg_resumes_drawing_when_stdout_is_another_terminal(foldcycle):
    """Job control asked the output for the foreground group; another terminal has none for us,
    so after Ctrl-Z and fg the cards never came back."""
    control_master, control_slave = pty.openpty()
    out_master, out_slave = pty.openpty()
    fcntl.ioctl(out_slave, termios.TIOCSWINSZ, struct.pack("HHHH", 10, 60, 0, 0))
    proc = subprocess.Popen([foldcycle, "--interval", "0.2", "--color", "never", "A", "B"],
                            stdin=subprocess.DEVNULL, stdout=out_slave, stderr=out_slave,
                            env=clean_environment(TERM="xterm-256color"),
                            preexec_fn=_controlling_terminal_from(control_slave), pass_fds=(control_slave,))
    try:
        assert b"\x1b[?2026h" in read_available(out_master, 0.5)
        os.write(control_master, b"\x1a")  # Ctrl-Z on the controlling terminal.
        # The process is a session leader: its group is orphaned and the kernel discards the
        # stop, so the session resumes at once, through the same foreground check as after `fg`
        # (the stop from a shell is test_job_control's).
        seen = b""
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not (b"\x1b[?25h" in seen and b"\x1b[?2026h" in
                                                   seen.split(b"\x1b[?25h", 1)[-1]):
            seen += read_available(out_master, 0.1)
        assert b"\x1b[?25h" in seen, seen[-80:]
        resumed = seen.split(b"\x1b[?25h", 1)[1]
        assert b"\x1b[?25l" in resumed and b"\x1b[?2026h" in resumed, resumed[-80:]
    finally:
        proc.kill()
        proc.wait()
        for descriptor in (control_master, control_slave, out_master, out_slave):
            os.close(descriptor)


def test_file_errors_name_the_cause(foldcycle, tmp_path):
    """'permission denied' and 'NSCocoaErrorDomain error 256' stood for any cause."""
    path = tmp_path / "items.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    try:
        proc = subprocess.run([foldcycle, "--file", str(path)], capture_output=True, stdin=subprocess.DEVNULL,
                              timeout=10)
        assert proc.returncode == 66
        assert proc.stderr.decode() == f"Error: cannot read file '{path}': no such device or address\n"
    finally:
        server.close()
    proc = subprocess.run([foldcycle, "--file", "-"], capture_output=True, preexec_fn=lambda: os.close(0),
                          timeout=10)
    assert proc.returncode == 66
    assert proc.stderr == b"Error: cannot read standard input: bad file descriptor\n"


def test_send_shows_a_foreign_servers_controls_as_data(foldcycle, tmp_path):
    """Whatever listens at the path is outside input: raw OSC, CSI and C1 in its lines never reach
    the terminal `send` prints to (our runs' lines are JSON with every control escaped)."""
    path = str(tmp_path / "foreign.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)

    def serve():
        client, _ = server.accept()
        client.recv(1024)
        client.sendall(b'{"ok":true,"x":"\x1b]0;title\x07\x1b[31m\xc2\x9b"}\n')
        client.close()

    threading.Thread(target=serve, daemon=True).start()
    master, slave = pty.openpty()
    try:
        proc = subprocess.run([foldcycle, "send", path, '{"cmd":"status"}'], stdout=slave, stderr=subprocess.PIPE,
                              env=clean_environment(), timeout=10)
        shown = read_available(master, 0.3)
    finally:
        os.close(master)
        os.close(slave)
        server.close()
    assert proc.returncode == 1
    assert shown == '{"ok":true,"x":"␛]0;title␇␛[31m\ufffd"}\r\n'.encode()
    assert proc.stderr.decode() == f"Error: '{path}' closed the connection with 1 of 1 replies still awaited\n"

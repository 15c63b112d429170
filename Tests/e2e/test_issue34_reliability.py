"""Issue 34: what an adversarial run found (nothing lost, nothing left broken), each finding as a
test that failed before the fix: process behaviour (the library's are Swift tests)."""
import os
import signal
import socket
import subprocess
import sys
import termios
import threading
import time

from conftest import clean_environment, exit_code
from control_helpers import SocketClient


def start_listening(foldcycle, path, *items):
    """A live run with --listen in its own session, output a pipe; returns once its socket takes
    connections."""
    proc = subprocess.Popen([foldcycle, "--listen", path, "--interval", "60", *(items or ("A", "B"))],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=clean_environment(), start_new_session=True)
    SocketClient(path).close()
    return proc


# MARK: - 3. Decisions that cannot be written


def test_a_deck_whose_decisions_cannot_be_written_fails_with_a_message(foldcycle, pty_run):
    """`deck > /dev/full`, then `l`: exit 1 naming the error, and the summary does not count the
    decision that was never written (it used to close with 0 and no message)."""
    run = pty_run([foldcycle, "deck", "--width", "20", "--height", "3", "--color", "never"], cols=100, rows=16,
                  stdin_bytes=b"one\ntwo\nthree\n", stdout_path="/dev/full")
    assert run.pump_until(lambda: "card 1 of" in run.text(), 5), run.text()
    run.write(b"l")
    assert exit_code(run.wait(timeout=5)) == 1, run.text()
    text = run.text()
    assert "Error: cannot write decisions to standard output: No space left on device" in text, text
    assert "0 kept · 0 discarded · 0 clicked" in text, text
    assert termios.tcgetattr(run.slave) == run.termios_before


# MARK: - 4. send --timeout on a run whose queue of connections is full


def test_send_timeout_holds_when_the_listen_backlog_is_full(foldcycle, tmp_path):
    """A stopped run accepts nothing: once its queue of connections is full, `send --timeout 0.5`
    used to hang in connect(); it gives up within the timeout, with a message."""
    path = str(tmp_path / "stopped.sock")
    proc = start_listening(foldcycle, path)
    waiting = []
    try:
        os.kill(proc.pid, signal.SIGSTOP)
        # Stopped for certain (the signal is asynchronous): no accept frees a place meanwhile.
        while open(f"/proc/{proc.pid}/stat").read().rsplit(")", 1)[1].split()[0] != "T":
            time.sleep(0.01)
        while True:
            client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            client.setblocking(False)
            try:
                client.connect(path)
            except BlockingIOError:
                client.close()
                break
            waiting.append(client)
        started = time.monotonic()
        done = subprocess.run([foldcycle, "send", "--timeout", "0.5", path, '{"cmd":"status"}'],
                              capture_output=True, timeout=10)
        assert time.monotonic() - started < 3
        assert done.returncode == 1
        assert done.stderr.decode() == (
            f"Error: cannot connect to '{path}': it accepted no connection in time (its queue of connections is "
            "full: is the run stopped?)\n")
    finally:
        for client in waiting:
            client.close()
        os.kill(proc.pid, signal.SIGCONT)
        proc.terminate()
        proc.wait(timeout=10)


# MARK: - 5. A full disk never leaves a part of a picture


def test_a_full_disk_leaves_no_truncated_svg(foldcycle, pty_run, tmp_path):
    """The file size limit (RLIMIT_FSIZE, SIGXFSZ ignored: writes fail with EFBIG as on a full
    disk) stops the picture part way: the path holds no part of it (it held the first 4,096
    bytes) and no staging file is left; the exit is 1 with a message."""
    path = tmp_path / "full.svg"
    limit = ("import os, resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
             "resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096)); os.execv(sys.argv[1], sys.argv[1:])")
    run = pty_run([sys.executable, "-c", limit, foldcycle, "--record", str(path), "--interval", "0.2", "--duration",
                   "0.15", "--fps", "60", "--transition", "cube", "--width", "30", "--height", "5", "--cycles", "1", "--footer", "never", "Alpha", "Beta",
                   "Gamma"], cols=40, rows=10)
    assert exit_code(run.wait(timeout=20)) == 1, run.text()
    assert "File too large" in run.text(), run.text()
    assert os.listdir(tmp_path) == []
    assert termios.tcgetattr(run.slave) == run.termios_before


# MARK: - 6. send splits requests at LF only


def test_send_splits_requests_from_stdin_only_at_line_feeds(foldcycle, tmp_path):
    """U+2028, U+2029 and U+0085 are allowed raw in a JSON string (RFC 8259): inside a request
    read from stdin they are text, not line ends (three requests used to go, two of them broken)."""
    path = str(tmp_path / "echo.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)
    received = []

    def serve():
        connection, _ = server.accept()
        data = b""
        while data.count(b"\n") < 2:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
        received.append(data)
        connection.sendall(b'{"ok":true}\n{"ok":true}\n')
        connection.close()

    thread = threading.Thread(target=serve)
    thread.start()
    request = '{"cmd":"add","text":"a\u2028b\u2029c\u0085d"}'
    done = subprocess.run([foldcycle, "send", "--timeout", "5", path],
                          input=(request + "\r\n" + '{"cmd":"status"}\n').encode(), capture_output=True, timeout=10)
    thread.join(timeout=10)
    server.close()
    assert done.returncode == 0, done.stderr
    assert received == [(request + "\n" + '{"cmd":"status"}\n').encode()]


# MARK: - 6. Standard descriptors closed at start


def test_a_closed_stdin_is_no_items_not_the_keyboard(foldcycle, pty_run):
    """`deck <&-`: the terminal opened at start took descriptor 0 and the deck read its items
    from the keyboard (it waited for them); /dev/null is opened onto a closed 0-2 at start."""
    run = pty_run(["/bin/sh", "-c", f"exec {foldcycle} deck <&-"], cols=100, rows=10)
    assert exit_code(run.wait(timeout=5)) == 66, run.text()
    assert "Error: standard input has no items (it is empty or only white space)" in run.text()


LEFT, UP = b"\x1b[D", b"\x1b[A"


def test_the_arrows_edit_a_typed_command_and_steer_on_an_empty_line(foldcycle, pty_run):
    """Finding 10: `add helo`, ←, `l` added `helol` and turned the fold left; ↑ turned it up
    instead of recalling the last command."""
    run = pty_run([foldcycle, "--color", "never", "--interval", "60", "A", "B"], cols=60, rows=12)
    assert run.pump_until(lambda: "›" in run.text(), 5), run.text()
    for key in (b"add helo", LEFT, b"l", b"\r"):
        run.write(key)
        run.pump(0.1)
    assert run.pump_until(lambda: "added as item 3/3" in run.text(), 5), run.text()
    # ↑ on a line with text recalls the command entered; Enter runs it again.
    for key in (b"x", UP, b"\r"):
        run.write(key)
        run.pump(0.1)
    assert run.pump_until(lambda: "added as item 4/4" in run.text(), 5), run.text()
    run.write(b"items\r")
    assert run.pump_until(lambda: "4  hello" in run.text(), 5), run.text()
    assert "direction left" not in run.text() and "fold left" not in run.text()
    # On an empty line the arrows steer, as before.
    assert "fold down" in run.text()
    run.write(b"\x15")
    run.write(UP)
    assert run.pump_until(lambda: "fold up" in run.text(), 5), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0

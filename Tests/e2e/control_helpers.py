"""Helpers for the control-protocol tests (issue 14): a run whose stdin and stdout are pipes of
JSON lines, read on a thread so the test waits for lines with timeouts and never blocks, and a
client of a run's --listen socket."""
import json
import os
import queue
import socket
import subprocess
import threading
import time

from conftest import clean_environment


class LineReader:
    """Reads lines from a binary stream on a thread into a queue; `next_line` waits for one."""

    def __init__(self, stream):
        self.lines = queue.Queue()
        self.seen = []
        thread = threading.Thread(target=self._run, args=(stream,), daemon=True)
        thread.start()

    def _run(self, stream):
        for line in iter(stream.readline, b""):
            self.lines.put(line.decode("utf-8").rstrip("\n"))
        self.lines.put(None)

    def next_line(self, timeout=5):
        line = self.lines.get(timeout=timeout)
        if line is not None:
            self.seen.append(line)
        return line

    def next_json(self, timeout=5):
        line = self.next_line(timeout)
        assert line is not None, f"the stream ended; seen: {self.seen}"
        return json.loads(line)

    def until(self, predicate, timeout=5):
        """The JSON lines up to and including the first for which `predicate` holds."""
        deadline = time.monotonic() + timeout
        taken = []
        while True:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"timed out; taken: {taken}"
            value = self.next_json(remaining)
            taken.append(value)
            if predicate(value):
                return taken


class JsonlRun:
    """`foldcycle --protocol jsonl ...` with requests written to stdin and lines read from stdout."""

    def __init__(self, argv, env=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     env=env or clean_environment())
        self.out = LineReader(self.proc.stdout)
        self.err = LineReader(self.proc.stderr)

    def send(self, request):
        self.proc.stdin.write((request if isinstance(request, str) else json.dumps(request)).encode() + b"\n")
        self.proc.stdin.flush()

    def wait(self, timeout=10):
        return self.proc.wait(timeout=timeout)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class SocketClient:
    """A client of a run's --listen socket, reading lines on a thread."""

    def __init__(self, path, timeout=5):
        deadline = time.monotonic() + timeout
        while True:
            self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                self.sock.connect(path)
                break
            except (FileNotFoundError, ConnectionRefusedError):
                self.sock.close()
                assert time.monotonic() < deadline, f"{path} never took a connection"
                time.sleep(0.05)
        self.reader = LineReader(self.sock.makefile("rb"))

    def send(self, request):
        self.sock.sendall((request if isinstance(request, str) else json.dumps(request)).encode() + b"\n")

    def close(self):
        self.sock.close()


def wait_for_socket(path, timeout=5):
    deadline = time.monotonic() + timeout
    while not os.path.exists(path):
        assert time.monotonic() < deadline, f"{path} never appeared"
        time.sleep(0.02)

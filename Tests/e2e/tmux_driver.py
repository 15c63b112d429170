"""A tmux server on a private socket for end-to-end tests: a pane of a fixed size, programs
respawned in it, captures of what it shows, and the cursor advance tmux gives a string (read back
with a cursor position report, CSI 6n, from inside the pane)."""
import itertools
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

_SOCKETS = itertools.count()


def private_socket(prefix):
    """A tmux socket name no other server of this test run has used: the process id and a
    counter, never an object's `id()` (reused once it is freed) or the process id alone (two
    tests in one process then share it, and a server killed by the first may still be exiting
    when the second starts one: "server exited unexpectedly")."""
    return f"{prefix}-{os.getpid()}-{next(_SOCKETS)}"

# Run inside the pane: measures, for each cluster and each prefix of its scalars, the column the
# cursor reaches (tmux answers CSI 6n once it has drawn everything before it).
MEASURE = r'''
import json, os, select, sys, termios, tty
clusters = json.load(open(sys.argv[1]))
fd = sys.stdin.fileno()
saved = termios.tcgetattr(fd)
tty.setraw(fd)
out = {}
try:
    for cluster in clusters:
        advances = []
        for k in range(1, len(cluster) + 1):
            os.write(1, ("\r\x1b[2K" + cluster[:k] + "\x1b[6n").encode())
            reply = b""
            while not reply.endswith(b"R"):
                ready, _, _ = select.select([fd], [], [], 5)
                if not ready:
                    raise SystemExit("no cursor position report")
                reply += os.read(fd, 64)
            advances.append(int(reply.rsplit(b";", 1)[1][:-1]) - 1)
        out[cluster] = advances
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, saved)
json.dump(out, open(sys.argv[2], "w"))
'''

# Run inside the pane: writes a stream frame by frame; after each frame it waits until tmux has
# drawn it (a cursor position report comes back), says so in a file, and waits for the test.
PLAY = r'''
import os, select, sys, termios, time, tty
stream = open(sys.argv[1], "rb").read()
step_dir = sys.argv[2]
end = b"\x1b[?2026l"
chunks, start = [], 0
while True:
    index = stream.find(end, start)
    if index < 0:
        break
    chunks.append(stream[start:index + len(end)])
    start = index + len(end)
if chunks and start < len(stream):
    chunks[-1] += stream[start:]
fd = sys.stdin.fileno()
saved = termios.tcgetattr(fd)
tty.setraw(fd)
try:
    os.write(1, b"\x1b[H\x1b[2J")
    for number, chunk in enumerate(chunks):
        os.write(1, chunk + b"\x1b[6n")
        reply = b""
        while not reply.endswith(b"R"):
            select.select([fd], [], [], 5)
            reply += os.read(fd, 64)
        open(os.path.join(step_dir, f"shown-{number}"), "w").close()
        while not os.path.exists(os.path.join(step_dir, f"next-{number}")):
            time.sleep(0.003)
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, saved)
open(os.path.join(step_dir, "done"), "w").close()
time.sleep(100000)
'''


# Variables that decide colour and motion by default (docs/DESIGN.md): no test inherits them.
ENVIRONMENT_DECIDES = ("NO_COLOR", "CI", "ACCESSIBLE", "REDUCED_MOTION")


def tmux_binary():
    path = shutil.which("tmux")
    assert path, "tmux is missing: scripts/test installs it (apt-get install -y tmux)"
    return path


class Tmux:
    """One pane of `cols` x `rows` on a server of its own."""

    def __init__(self, tmp_path, cols, rows):
        self.socket = private_socket("fc-e2e")
        self.tmp = tmp_path
        self.cols, self.rows = cols, rows
        self.cmd("new-session", "-d", "-s", "t", "-x", str(cols), "-y", str(rows), "sleep 100000")
        self.cmd("set-option", "-g", "default-terminal", "tmux-256color")
        self.cmd("set-option", "-g", "window-size", "manual")
        self.cmd("set-option", "-g", "remain-on-exit", "on")
        self.cmd("resize-window", "-t", "t", "-x", str(cols), "-y", str(rows))

    def cmd(self, *args):
        # The server's environment is the first client's: leave out what decides colour and
        # motion (a CI runner sets CI), so programs in the pane see only what a test gives them.
        env = {k: v for k, v in os.environ.items() if k not in ENVIRONMENT_DECIDES}
        return subprocess.run([tmux_binary(), "-L", self.socket, "-f", "/dev/null", *args], check=True,
                              capture_output=True, timeout=20, env=env).stdout.decode()

    def respawn(self, argv, env=None):
        """Runs `argv` in the pane (the previous program is killed), with `env` added."""
        exports = " ".join(f"{k}={v}" for k, v in (env or {}).items())
        quoted = " ".join("'" + a.replace("'", "'\\''") + "'" for a in argv)
        exit_path = os.path.join(self.tmp, "exit")
        if os.path.exists(exit_path):
            os.remove(exit_path)
        # A cleared screen, the cursor at the top-left: every run starts alike.
        unset = " ".join(f"-u {name}" for name in ENVIRONMENT_DECIDES)
        self.cmd("respawn-pane", "-k", "-t", "t", f"printf '\\033[H\\033[2J'; env {unset} {exports} {quoted}; "
                                                  f"echo EXIT=$? >{exit_path}; exec sleep 100000")

    def capture(self):
        return [line.rstrip() for line in self.cmd("capture-pane", "-p", "-t", "t").split("\n")[:self.rows]]

    def resize(self, cols, rows):
        self.cols, self.rows = cols, rows
        self.cmd("resize-window", "-t", "t", "-x", str(cols), "-y", str(rows))

    def keys(self, *keys):
        self.cmd("send-keys", "-t", "t", *keys)

    def cursor(self):
        flag, x, y = self.cmd("display-message", "-p", "-t", "t", "#{cursor_flag} #{cursor_x} #{cursor_y}").split()
        return flag == "1", int(x), int(y)

    def wait_for(self, predicate, timeout=10):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return True
            time.sleep(0.02)
        return predicate()

    def exit_status(self, timeout=10):
        path = os.path.join(self.tmp, "exit")
        assert self.wait_for(lambda: os.path.exists(path) and open(path).read().strip(), timeout), self.capture()
        return int(open(path).read().strip().split("=")[1])

    def advances(self, clusters):
        """For each cluster, the cursor column after each prefix of its scalars, as this tmux draws it."""
        script, data, result = (os.path.join(self.tmp, name) for name in ("measure.py", "clusters.json", "adv.json"))
        open(script, "w").write(MEASURE)
        json.dump(clusters, open(data, "w"))
        self.respawn([sys.executable, script, data, result])
        assert self.wait_for(lambda: os.path.exists(result) and os.path.getsize(result) > 0), self.capture()
        return json.load(open(result))

    def play(self, stream):
        """Plays `stream` frame by frame; yields the pane's capture after each frame."""
        step_dir = os.path.join(self.tmp, f"steps-{time.monotonic_ns()}")
        os.makedirs(step_dir)
        path = os.path.join(step_dir, "stream")
        open(path, "wb").write(stream)
        script = os.path.join(self.tmp, "play.py")
        open(script, "w").write(PLAY)
        self.respawn([sys.executable, script, path, step_dir])
        number = 0
        while True:
            shown = os.path.join(step_dir, f"shown-{number}")
            done = os.path.join(step_dir, "done")
            assert self.wait_for(lambda: os.path.exists(shown) or os.path.exists(done)), self.capture()
            if not os.path.exists(shown):
                return
            yield self.capture()
            open(os.path.join(step_dir, f"next-{number}"), "w").close()
            number += 1

    def close(self):
        subprocess.run([tmux_binary(), "-L", self.socket, "kill-server"], capture_output=True, timeout=20)

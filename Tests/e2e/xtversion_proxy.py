"""Runs a command in a pty of its own inside this terminal and answers XTVERSION (`CSI > q`) for
the terminal with ANSWER (the first argument, e.g. `WezTerm 20240203-110809-5046fc22`);
everything else passes through both ways, and the window size is copied once at the start.

    python3 xtversion_proxy.py NAME COMMAND [ARGUMENT...]

For emulators that show iTerm2 inline images but do not answer XTVERSION themselves (mlterm
3.9.0): the test plays the terminal's part of the question FoldCycle asks
(docs/decisions/0235-png-encoder-and-iterm2-images.md). Exits with the command's status."""
import fcntl
import os
import pty
import select
import sys
import termios
import tty


def main():
    answer = b"\x1bP>|" + sys.argv[1].encode() + b"\x1b\\"
    size = fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8)
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(sys.argv[2], sys.argv[2:])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, size)
    saved = termios.tcgetattr(0)
    tty.setraw(0)
    tail = b""
    try:
        while True:
            ready, _, _ = select.select([0, fd], [], [])
            if fd in ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                seen = tail + data
                if b"\x1b[>q" in seen:
                    os.write(fd, answer)
                tail = seen[-3:]
                os.write(1, data)
            if 0 in ready:
                data = os.read(0, 1024)
                if not data:
                    break
                os.write(fd, data)
    finally:
        termios.tcsetattr(0, termios.TCSADRAIN, saved)
    _, status = os.waitpid(pid, 0)
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()

"""`foldcycle status` end to end (issue 14): each format at a chosen epoch and time, the recipes
the README gives (a tmux status line read back from a real tmux, a shell prompt), and --follow."""
import json
import os
import subprocess
import time

import pytest

from conftest import clean_environment

EPOCH = "2026-12-01T00:00:00Z"


def status(foldcycle, *arguments, env=None):
    return subprocess.run([foldcycle, "status", *arguments], capture_output=True, timeout=10,
                          env=env or clean_environment(TERM="xterm-256color", COLORTERM="truecolor"))


@pytest.mark.parametrize("format, at, expected", [
    ("plain", "2026-12-01T00:00:00Z", b"Tip one \xc2\xb7 more\n"),
    ("plain", "2026-12-01T00:01:00Z", b"Tip two & <b>#1</b>\n"),
    ("plain", "2026-11-30T23:59:59Z", b"Tip three\n"),
    ("ansi", "2026-12-01T00:00:59.9Z", b"\x1b[1;38;2;255;255;255m\x1b[48;2;0;128;0mTip one \xc2\xb7 more\x1b[0m\n"),
    ("ansi", "@1796083260", b"\x1b[1;38;2;255;255;255m\x1b[48;2;0;0;255mTip two & <b>#1</b>\x1b[0m\n"),
    ("tmux", "2026-12-01T00:02:00Z", b"#[fg=#000000,bg=#ffff00,bold]Tip three#[default]\n"),
    ("tmux", "2026-12-01T00:01:30Z", b"#[fg=#ffffff,bg=#0000ff,bold]Tip two & <b>##1</b>#[default]\n"),
    ("waybar", "2026-12-01T00:01:00Z",
     b'{"text":"Tip two &amp; &lt;b&gt;#1&lt;/b&gt;","tooltip":"Tip two &amp; &lt;b&gt;#1&lt;/b&gt;\\nitem 2 of 3",'
     b'"class":"color-1"}\n'),
])
def test_each_format_at_a_chosen_time(foldcycle, format, at, expected):
    done = status(foldcycle, "--format", format, "--interval", "60", "--epoch", EPOCH, "--at", at,
                  "Tip one\nmore", "Tip two & <b>#1</b>", "Tip three")
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected
    assert done.stderr == b""


def test_no_color_and_the_default_epoch(foldcycle, tmp_path):
    tips = tmp_path / "tips.txt"
    tips.write_text("one\n\ntwo\n\nthree\n")
    env = clean_environment(NO_COLOR="1", TERM="xterm-256color")
    assert status(foldcycle, "--format", "ansi", "--file", str(tips), env=env).stdout in (b"one\n", b"two\n",
                                                                                         b"three\n")
    assert status(foldcycle, "--format", "tmux", "--file", str(tips), env=env).stdout in (b"one\n", b"two\n",
                                                                                         b"three\n")
    # The default epoch is the start of today in UTC: with a one-day interval, today is item 0.
    assert status(foldcycle, "--interval", "86400", "--file", str(tips)).stdout == b"one\n"
    # Stateless: two calls at the same moment agree.
    first = status(foldcycle, "--interval", "3600", "--file", str(tips)).stdout
    assert status(foldcycle, "--interval", "3600", "--file", str(tips)).stdout == first


def test_errors(foldcycle):
    done = status(foldcycle)
    assert done.returncode == 64
    assert done.stderr.decode().splitlines() == [
        "Error: no items: give them as arguments or with '--file <path>'",
        "Usage: foldcycle status [OPTIONS] [ITEM ...]",
        "  See 'foldcycle status --help' for more information."]
    bad = status(foldcycle, "--at", "noon", "A")
    assert bad.returncode == 64
    assert bad.stderr.decode().splitlines()[0] == (
        "Error: invalid value 'noon' for '--at' (an ISO 8601 time such as 2026-12-01T08:30:00Z, a date such as "
        "2026-12-01, or Unix seconds)")
    assert status(foldcycle, "--file", "/no/such/file").returncode == 66


def test_follow_writes_one_line_per_change_until_the_reader_goes(foldcycle):
    proc = subprocess.Popen([foldcycle, "status", "--follow", "--interval", "0.3", "--epoch", "0", "A", "B", "C"],
                            stdout=subprocess.PIPE, env=clean_environment())
    lines = [proc.stdout.readline() for _ in range(4)]
    # Successive items, in order, whichever came first.
    order = [b"A\n", b"B\n", b"C\n"]
    start = order.index(lines[0])
    assert lines == [order[(start + k) % 3] for k in range(4)]
    proc.stdout.close()
    assert proc.wait(timeout=5) == 0


def test_follow_waybar_lines_are_json(foldcycle):
    proc = subprocess.Popen([foldcycle, "status", "--format", "waybar", "--follow", "--interval", "0.2", "A", "B"],
                            stdout=subprocess.PIPE, env=clean_environment())
    values = [json.loads(proc.stdout.readline()) for _ in range(3)]
    proc.kill()
    proc.wait()
    assert [value["class"] for value in values] in (["color-0", "color-1", "color-0"],
                                                    ["color-1", "color-0", "color-1"])


def test_tmux_status_line_recipe(foldcycle, pty_run, tmp_path):
    # The README's recipe in a real tmux: the status line shows the item in its card's colours,
    # its '#' shown as itself.
    tips = tmp_path / "tips.txt"
    tips.write_text("Tip #1: fold\n\nTip #2: cube\n")
    config = tmp_path / "tmux.conf"
    config.write_text(
        "set -g status-interval 1\n"
        "set -g status-right-length 60\n"
        f"set -g status-right '#({foldcycle} status --format tmux --interval 86400 --file {tips})'\n")
    socket_name = f"foldcycle-status-{os.getpid()}"
    run = pty_run(["tmux", "-L", socket_name, "-f", str(config), "new-session", "sh"], cols=80, rows=10,
                  env={"TERM": "xterm-256color"})
    try:
        assert run.pump_until(lambda: "Tip #1: fold" in run.lines()[-1], 10), run.lines()[-1]
        row = run.screen.buffer[9]
        column = run.lines()[-1].index("Tip #1: fold")
        assert row[column].bg != "default" and row[column].bold
    finally:
        subprocess.run(["tmux", "-L", socket_name, "kill-server"], capture_output=True)


def test_shell_prompt_recipe(foldcycle, tmp_path):
    tips = tmp_path / "tips.txt"
    tips.write_text("first tip\n\nsecond tip\n")
    script = (f'PS1="[$({foldcycle} status --interval 86400 --file {tips})] $ "\n'
              'printf "%s" "$PS1"\n')
    done = subprocess.run(["sh", "-c", script], capture_output=True, timeout=10, env=clean_environment())
    assert done.stdout == b"[first tip] $ "

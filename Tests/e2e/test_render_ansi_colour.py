"""`render --format ansi` to a pipe keeps colour under the default `--color auto`: asking for ANSI
is asking for colour (docs/decisions/0182); `NO_COLOR` and `--color never` still win."""
import os
import subprocess

import pytest


def render(foldcycle, env, *args):
    full = {name: value for name, value in os.environ.items()
            if name not in ("NO_COLOR", "COLORTERM", "TERM", "CI")}
    full.update(env)
    proc = subprocess.run([foldcycle, "render", "--format", "ansi", "--frames", "2", "--width", "12", *args, "hi"],
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=10, env=full)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.parametrize("env, args, background", [
    ({"TERM": "xterm-256color", "COLORTERM": "truecolor"}, [], b"\x1b[0;48;2;0;128;0m"),
    ({"TERM": "xterm-256color"}, [], b"\x1b[0;48;5;28m"),
    ({"TERM": "xterm"}, [], b"\x1b[0;42m"),
    ({}, [], b"\x1b[0;48;5;28m"),
    ({"TERM": "xterm-256color", "NO_COLOR": "1"}, [], None),
    ({"TERM": "xterm-256color"}, ["--color", "never"], None),
    ({"TERM": "xterm-256color", "NO_COLOR": "1"}, ["--color", "always"], b"\x1b[0;48;5;28m"),
])
def test_piped_ansi_has_colour_unless_refused(foldcycle, env, args, background):
    out = render(foldcycle, env, *args)
    if background is None:
        assert b"48;" not in out and b"\x1b[4" not in out.replace(b"\x1b[?", b"")
    else:
        assert background in out


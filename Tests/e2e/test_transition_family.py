"""The transition family end to end (issue 9): `render --format json` for the cube, the flip and
CATransition's slides, their plain frames, `--cell-aspect` errors, and live runs in a
pseudo-terminal (the `transition NAME` command, Ctrl-C)."""
import json
import math
import os
import subprocess
import time

import pytest

from conftest import exit_code


def render(foldcycle, *args):
    env = dict(os.environ, COLORTERM="truecolor", TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    proc = subprocess.run([foldcycle, "render", *args], capture_output=True, env=env, timeout=30)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout.decode()


def json_frames(foldcycle, *args):
    return [json.loads(line) for line in render(foldcycle, "--format", "json", *args).splitlines()]


def test_cube_json_gives_the_visible_faces_with_their_transform3d_and_the_dolly(foldcycle):
    frames = json_frames(foldcycle, "--transition", "cube", "--direction", "left", "--frames", "3",
                         "--timing", "linear", "--width", "20", "--height", "5", "A", "B")
    assert [list(f) for f in frames] == [
        ["frame", "t", "progress", "transition", "direction", "cellAspect", "dolly", "slots"]] * 3
    assert [[(s["role"], s["item"]) for s in f["slots"]] for f in frames] == [
        [("outgoing", 0)], [("outgoing", 0), ("incoming", 1)], [("incoming", 1)]]
    # At rest only the perspective: m34 = −1/d with d = 1.5625 × 20.
    assert frames[0]["slots"][0]["transform3D"] == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1 / 31.25, 0, 0, 0, 1]
    assert frames[0]["dolly"] == 1 and frames[2]["dolly"] == 1
    # At p = 0.5 each face is turned π/4 about the cube's centre, h = 10 behind the card; the
    # near shared edge is magnified d/(d − h(√2 − 1)) vertically, so the dolly is its inverse.
    h, d = 10, 31.25
    k = (d - h * (math.sqrt(2) - 1)) / d
    middle = frames[1]
    assert abs(middle["dolly"] - k) < 1e-12
    out = middle["slots"][0]["transform3D"]
    c = math.cos(-math.pi / 4)
    s = math.sin(-math.pi / 4)
    expected = [k * c, 0, -s, s / d, 0, k, 0, 0, k * s, 0, c, -c / d, k * h * s, 0, h * (c - 1),
                1 - h * (c - 1) / d]
    assert all(abs(a - b) < 1e-12 for a, b in zip(out, expected)), out


def test_flip_json_at_the_middle_shows_no_face(foldcycle):
    frames = json_frames(foldcycle, "--transition", "flip", "--direction", "up", "--frames", "3", "--timing",
                         "linear", "--width", "9", "--height", "3", "--cell-aspect", "1.5", "A", "B")
    assert [[s["role"] for s in f["slots"]] for f in frames] == [["outgoing"], [], ["incoming"]]
    assert all(f["cellAspect"] == 1.5 for f in frames)
    assert frames[1]["dolly"] == 1


@pytest.mark.parametrize("kind,order", [("push", ["outgoing", "incoming"]), ("move-in", ["outgoing", "incoming"]),
                                        ("reveal", ["incoming", "outgoing"])])
def test_slides_json_translate_by_one_full_extent(foldcycle, kind, order):
    frames = json_frames(foldcycle, "--transition", kind, "--direction", "right", "--frames", "5", "--timing",
                         "linear", "--width", "12", "--height", "3", "A", "B")
    for i, frame in enumerate(frames):
        p = i / 4
        assert [s["role"] for s in frame["slots"]] == order
        moves = {s["role"]: s["transform"] for s in frame["slots"]}
        outgoing = p * 12 if kind in ("push", "reveal") else 0
        incoming = (p - 1) * 12 if kind in ("push", "move-in") else 0
        assert moves["outgoing"] == [1, 0, 0, 1, outgoing, 0]
        assert moves["incoming"] == [1, 0, 0, 1, incoming, 0]


def test_push_plain_frames(foldcycle):
    # Left at t = 0.5 (linear): the outgoing is moved 4 columns left, the incoming sits at +4.
    out = render(foldcycle, "--transition", "push", "--direction", "left", "--frames", "3", "--timing", "linear",
                 "--width", "8", "--height", "1", "ABCD", "WXYZ")
    assert out == ("# frame 1/3 t=0 progress=0\n  ABCD  \n\n"
                   "# frame 2/3 t=0.5 progress=0.5\nCD    WX\n\n"
                   "# frame 3/3 t=1 progress=1\n  WXYZ  \n\n")


@pytest.mark.parametrize("value", ["0.4", "4.5", "two"])
def test_cell_aspect_outside_its_range_is_a_usage_error(foldcycle, value):
    proc = subprocess.run([foldcycle, "render", "--cell-aspect", value, "A", "B"], capture_output=True, timeout=10)
    assert proc.returncode == 64
    assert "'--cell-aspect'" in proc.stderr.decode()
    assert "a finite number ≥ 0.5 and ≤ 4" in proc.stderr.decode()
    assert proc.stdout == b""


@pytest.mark.parametrize("kind", ["cube", "flip", "push", "move-in", "reveal"])
def test_live_transition_cycles_and_exits(pty_run, foldcycle, kind):
    run = pty_run([foldcycle, "--transition", kind, "--direction", "left", "--interval", "0.3", "--cycles", "2",
                   "--cell-aspect", "2.2", "Alpha card", "Beta 卡片", "Gamma"])
    assert exit_code(run.wait(timeout=10)) == 0
    assert "Gamma" in run.text()
    assert run.screen.cursor.hidden is False


def test_live_transition_command_switches_to_the_cube_and_ctrl_c_restores(pty_run, foldcycle):
    run = pty_run([foldcycle, "--interval", "0.4", "One", "Two", "Three"])
    run.pump_until(lambda: "One" in run.text(), timeout=5)
    run.write(b"transition cube\r")
    run.pump_until(lambda: "cube" in run.text(), timeout=5)
    run.pump(1.2)
    run.write(b"\x03")
    assert exit_code(run.wait(timeout=10)) == 130
    assert run.screen.cursor.hidden is False

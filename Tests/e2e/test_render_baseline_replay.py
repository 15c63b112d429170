"""The pictures behind the render baseline (test_render_baseline.py): every `--format ansi` case
whose stream is a diff (`--encoder diff`, and the default encoder's palette case), at every
colour depth, replayed through pyte frame by frame, shows the same cells (glyph, colours, bold,
reverse, underline; a plain space's ink not compared, see test_render_diff.cells) as the same
case drawn with `--encoder full`. When the diff encoder's bytes change and the baseline is
re-recorded (issue 12), this is what says the frames did not.

pyte 0.8.2 sizes each code point on its own, so a disputed-width cluster (the emoji items) may
push the cells after it; both streams redraw a row with such a cluster whole, so the two screens
must still agree cell for cell."""
import os
import subprocess

import pyte
import pytest

from test_render_baseline import DEPTH_ENV, ITEMS, cases
from test_render_diff import cells, frames_of


def replay_cases():
    for name, args, depth, items in cases():
        if "--format" in args and args[args.index("--format") + 1] == "ansi" and "full" not in args:
            yield pytest.param(args, depth, items, id=name)


def render(foldcycle, args, depth, items, encoder):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update(DEPTH_ENV[depth])
    args = [a for a in args]
    if "--encoder" in args:
        args[args.index("--encoder") + 1] = encoder
    else:
        args += ["--encoder", encoder]
    proc = subprocess.run([foldcycle, "render", *args, *ITEMS[items]], capture_output=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


def test_every_diff_case_is_replayed():
    # 3 item sets × 3 sizes × 4 directions × 4 depths, and the palette case.
    assert len(list(replay_cases())) == 3 * 3 * 4 * 4 + 1


@pytest.mark.parametrize("args,depth,items", replay_cases())
def test_diff_stream_replays_to_the_full_frames(foldcycle, args, depth, items):
    diff = frames_of(render(foldcycle, args, depth, items, "diff"))
    full = frames_of(render(foldcycle, args, depth, items, "full"))
    assert len(diff) == len(full) > 1
    cols, rows = 120, 30
    diff_screen, full_screen = pyte.Screen(cols, rows), pyte.Screen(cols, rows)
    diff_stream, full_stream = pyte.ByteStream(diff_screen), pyte.ByteStream(full_screen)
    for index, (d, f) in enumerate(zip(diff, full)):
        diff_stream.feed(d)
        full_stream.feed(f)
        assert cells(diff_screen, cols, rows) == cells(full_screen, cols, rows), f"frame {index}"

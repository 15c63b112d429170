"""The render baseline of the seams redesign (issue 8): the exact stdout of `foldcycle render` in
every format, for a fixed set of items, sizes, directions and colour depths, hashed (SHA-256)
and compared with `render-baseline.json`, recorded before the redesign. The redesign keeps every
byte; a later change that legitimately changes bytes re-records with
FOLDCYCLE_RECORD_RENDER_BASELINE=1 and says why."""
import hashlib
import json
import os
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
BASELINE = os.path.join(HERE, "render-baseline.json")

ITEMS = {
    "ascii": ["Search by name or email", "Second card\nwith two lines"],
    "cjk": ["搜索姓名、手机号或邮箱", "カードめくり 折叠切换 카드"],
    "emoji": ["🎴 cards 👍🏽 ok", "flag 🇯🇵 ❤️ 👩‍💻 e\u0301"],
}
SIZES = [[], ["--width", "7", "--height", "3"], ["--width", "30", "--height", "6"]]
DEPTHS = {
    "truecolor": ["--color", "always"],
    "256": ["--color", "always"],
    "16": ["--color", "always"],
    "none": ["--color", "never"],
}
DEPTH_ENV = {
    "truecolor": {"COLORTERM": "truecolor", "TERM": "xterm-256color"},
    "256": {"COLORTERM": "", "TERM": "xterm-256color"},
    "16": {"COLORTERM": "", "TERM": "xterm"},
    "none": {"COLORTERM": "", "TERM": "xterm"},
}


def cases():
    for items in ITEMS:
        for size_index, size in enumerate(SIZES):
            for direction in ["down", "up", "left", "right"]:
                base = ["--direction", direction, "--frames", "7", *size]
                yield f"{items}-s{size_index}-{direction}-plain", [*base, "--format", "plain"], "none", items
                yield f"{items}-s{size_index}-{direction}-json", [*base, "--format", "json"], "none", items
                for depth in DEPTHS:
                    for encoder in ["diff", "full"]:
                        yield (f"{items}-s{size_index}-{direction}-ansi-{encoder}-{depth}",
                               [*base, "--format", "ansi", "--encoder", encoder, *DEPTHS[depth]], depth, items)
    yield "linear-plain", ["--timing", "linear", "--frames", "5", "--width", "26", "--height", "5"], "none", "cjk"
    yield "bezier-json", ["--timing", "cubic-bezier(0.1,0.7,0.3,1)", "--format", "json"], "none", "ascii"
    yield "palette-align-ansi", ["--palette", "red,#102030", "--align", "right", "--format", "ansi",
                                 "--color", "always", "--from-item", "1"], "truecolor", "ascii"


def digest(foldcycle, args, depth, items):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update(DEPTH_ENV[depth])
    proc = subprocess.run([foldcycle, "render", *args, *ITEMS[items]], capture_output=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr.decode()
    return hashlib.sha256(proc.stdout).hexdigest()


def test_render_outputs_match_baseline(foldcycle):
    actual = {name: digest(foldcycle, args, depth, items) for name, args, depth, items in cases()}
    if os.environ.get("FOLDCYCLE_RECORD_RENDER_BASELINE") == "1":
        with open(BASELINE, "w") as f:
            json.dump(actual, f, indent=1, sort_keys=True)
            f.write("\n")
    with open(BASELINE) as f:
        expected = json.load(f)
    assert sorted(actual) == sorted(expected)
    changed = [name for name in expected if actual[name] != expected[name]]
    assert changed == []

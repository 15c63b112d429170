#!/usr/bin/env python3
"""Instruction counts per frame, before and after, with valgrind's callgrind (repeatable where
wall-clock medians on a shared machine are not).

Each binary is run as `foldcycle render --transition T --format ansi --encoder diff --direction D
--frames N --width 80 --height 24 --color always A B` under `valgrind --tool=callgrind`, with the
environment of the colour depth (truecolor: COLORTERM=truecolor; 256: TERM=xterm-256color and no
COLORTERM), on the bench's two 80×24 cards of mixed CJK and ASCII words (the same text as
foldcycle-bench's BenchText). From the profile it takes the inclusive instructions of
`CardScene.render(_:outgoing:incoming:into:)` (compose) less those of
`CardScene.slotContent(index:text:)` (the cards' text layout, done once per card and cached: in
a 60-frame run it would otherwise add about 80 k to every frame's compose, which the bench's
warmed frames do not pay), and of `ANSIEncoder.encodeDiff` (the diff encoder; the first frame is
a full one), and divides each by its number of calls; and the diff stream's bytes per frame from
stdout.

    scripts/callgrind_counts.py --before OLD/foldcycle --after NEW/foldcycle \\
        --before-label main --after-label issue-12 [--frames 60] [--transitions fold,cube] \\
        [--directions left,up] [--encoder diff|full] [--percent] [--write docs/PERFORMANCE.md]

--write replaces the table between `<!-- callgrind:NAME:begin -->` and
`<!-- callgrind:NAME:end -->` in the given file (NAME: --block, default `counts`); otherwise the
table is printed.
With --encoder full the whole-frame encoder (`ANSIEncoder.encodeFull`) is measured instead: no move
search, so two versions' pens, SGR and links compare alone. The compose and layout functions are
looked up by the items' type the binary was built with (`String` before issue 29, `StyledString`
after). --percent adds each change in per cent.
With --per-frame, each run dumps a profile after every `encodeDiff` call (callgrind's
`--dump-after`), so each diff frame's encoder instructions are counted alone; the after stream is
cut at its synchronized-update starts (every frame, even an unchanged one, has one) and a frame
counts as sending a move when its bytes hold IL, DL, ICH or DCH (`CSI n L`, `M`, `@`, `P`). The
table then gives the encoder's instructions per frame before and after separately on frames where
the after binary sends no move (issue 33's bound: at most 20 % more) and on frames where it sends
one, and how many frames of the no-move ones found a candidate move they did not send (encoded
twice: the screen as the moves leave it was built, `MoveScratch.buildShifted`).

Needs valgrind (callgrind_annotate); not run by scripts/test.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_block import write_block  # noqa: E402  (a sibling script)

WORDS = [
    "fold", "折叠", "card", "카드", "切换", "cycle", "カード", "terminal", "めくり", "swift",
    "전환", "text", "動画", "frame", "漢字", "cell", "한글", "glyph", "表示", "row",
]
# Compose and layout by the items' type: `String` before styled text (issue 29), `StyledString` after;
# `symbols` takes the one the binary has.
COMPOSE = ("$s9FoldCycle9CardSceneC6render_8outgoing8incoming4intoy0aB4Core15TransitionFrameV_Si5index_SS4texttSiAK_SSALtAA10CellBufferVztF",
           "$s9FoldCycle9CardSceneC6render_8outgoing8incoming4intoy0aB4Core15TransitionFrameV_Si5index_AH12StyledStringV7contenttSiAK_AmNtAA10CellBufferVztF")
LAYOUT = ("$s9FoldCycle9CardSceneC11slotContent5index4textAA10CellBufferVSi_SStF",
          "$s9FoldCycle9CardSceneC11slotContent5index7contentAA10CellBufferVSi_0aB4Core12StyledStringVtF")
ENCODE = "$s9FoldCycle11ANSIEncoderV10encodeDiff8previous7current4intoyAA10CellBufferV_AISays5UInt8VGztF"
ENCODE_FULL = "$s9FoldCycle11ANSIEncoderV10encodeFull_4intoyAA10CellBufferV_Says5UInt8VGztF"


def symbols(binary):
    """(compose, layout): of COMPOSE and LAYOUT, the names `binary` defines (with the items' type
    of its version; when it has both, the StyledString one, which the String one calls)."""
    defined = set(line.split()[-1] for line in subprocess.run(["nm", binary], capture_output=True, text=True,
                                                               check=True).stdout.splitlines() if line.strip())
    return tuple(next(name for name in reversed(names) if name in defined) for names in (COMPOSE, LAYOUT))
DEPTH_ENV = {
    "truecolor": {"COLORTERM": "truecolor", "TERM": "xterm-256color"},
    "256": {"COLORTERM": "", "TERM": "xterm-256color"},
}


def width(text):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def item(index, columns=80, rows=24):
    """BenchText.item(_:columns:rows:): rows − 2 lines of words up to columns − 4 cells."""
    lines = []
    for line in range(max(rows - 2, 1)):
        text = f"#{index}" if line == 0 else ""
        used = width(text)
        word = (index * 7 + line * 3) % len(WORDS)
        while True:
            extra = (1 if text else 0) + width(WORDS[word])
            if used + extra > max(columns - 4, 1):
                break
            text += (" " if text else "") + WORDS[word]
            used += extra
            word = (word + 1) % len(WORDS)
        lines.append(text)
    return "\n".join(lines)


def inclusive(profile, symbol):
    """(instructions, calls) of `symbol`: the inclusive cost and count of every call to it, read
    from the profile's `cfn=` / `calls=` records (callgrind may split a function by the source
    file its code comes from; every part counts)."""
    names = {}
    callee = None
    total = calls = 0
    pending = False
    with open(profile) as f:
        for line in f:
            if pending:
                # The line after `calls=`: position and the call's inclusive cost.
                parts = line.split()
                if callee == symbol and len(parts) >= 2:
                    total += int(parts[1])
                pending = False
                continue
            if line.startswith(("fn=", "cfn=", "cfi=", "cfl=", "fl=", "fi=", "fe=")):
                key, _, value = line.rstrip("\n").partition("=")
                match = re.match(r"\((\d+)\)(?: (.*))?", value)
                if key in ("fn", "cfn") and match:
                    ident, name = match.group(1), match.group(2)
                    if name is not None:
                        names[ident] = name
                    if key == "cfn":
                        callee = names.get(ident)
            elif line.startswith("calls="):
                if callee == symbol:
                    calls += int(line[6:].split()[0])
                pending = True
    if calls == 0:
        raise SystemExit(f"{symbol}: no calls in {profile}")
    return total, calls


def measure(binary, transition, direction, depth, frames, encoder="diff"):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update(DEPTH_ENV[depth])
    compose_symbol, layout_symbol = symbols(binary)
    with tempfile.TemporaryDirectory() as scratch:
        profile = os.path.join(scratch, "callgrind.out")
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile}", binary, "render", "--transition", transition, "--format", "ansi",
             "--encoder", encoder, "--direction", direction, "--frames", str(frames), "--width", "80", "--height",
             "24", "--color", "always", item(0), item(1)], capture_output=True, env=env, check=True)
        compose, compose_calls = inclusive(profile, compose_symbol)
        layout, _ = inclusive(profile, layout_symbol)
        encode, encode_calls = inclusive(profile, ENCODE if encoder == "diff" else ENCODE_FULL)
    return (compose - layout) / compose_calls, encode / encode_calls, len(proc.stdout) / frames


# A frame encoded twice builds the screen as its moves leave it first (`MoveScratch.buildShifted`,
# or its closure where the function is inlined); `encodeChanges` itself is inlined since record
# 0257, so it can't be counted.
SHIFTED = "MoveScratchV12buildShifted"
MOVE = re.compile(rb"\x1b\[[0-9]*[LM@P]")
FRAME_START = b"\x1b[?2026h"


def calls_of(profile, symbol):
    """The calls of `symbol` in the profile part (0 when it is not called)."""
    return inclusive_or_zero(profile, symbol)[1]


def calls_containing(profile, fragment):
    """The calls in the profile part of every function whose name holds `fragment`."""
    names = {}
    callee = None
    calls = 0
    with open(profile) as f:
        for line in f:
            if line.startswith(("fn=", "cfn=")):
                key, _, value = line.rstrip("\n").partition("=")
                match = re.match(r"\((\d+)\)(?: (.*))?", value)
                if match:
                    if match.group(2) is not None:
                        names[match.group(1)] = match.group(2)
                    if key == "cfn":
                        callee = names.get(match.group(1), "")
            elif line.startswith("calls=") and callee and fragment in callee:
                calls += int(line[6:].split()[0])
    return calls


def inclusive_or_zero(profile, symbol):
    try:
        return inclusive(profile, symbol)
    except SystemExit:
        return 0, 0


def measure_frames(binary, transition, direction, depth, frames):
    """Per diff frame (the second frame on): (encodeDiff instructions, whether the frame's bytes
    hold a move, whether the frame was encoded twice)."""
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update(DEPTH_ENV[depth])
    with tempfile.TemporaryDirectory() as scratch:
        profile = os.path.join(scratch, "callgrind.out")
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile}", f"--dump-after={ENCODE}",
             binary, "render", "--transition", transition, "--format", "ansi", "--encoder", "diff", "--direction",
             direction, "--frames", str(frames), "--width", "80", "--height", "24", "--color", "always", item(0),
             item(1)], capture_output=True, env=env, check=True)
        parts = sorted(glob.glob(profile + ".*"), key=lambda name: int(name.rsplit(".", 1)[1]))
        costs = []
        for part in parts:
            total, calls = inclusive_or_zero(part, ENCODE)
            if calls == 0:
                continue
            if calls != 1:
                raise SystemExit(f"{part}: {calls} encodeDiff calls in one part")
            # Encoded twice: the moved screen was built (record 0161: only for a second encoding).
            costs.append((total, calls_containing(part, SHIFTED) > 0))
    blocks = proc.stdout.split(FRAME_START)[1:]
    if len(blocks) != frames or len(costs) != frames - 1:
        raise SystemExit(f"{binary}: {len(blocks)} frames and {len(costs)} encodeDiff calls for {frames} frames")
    return [(cost, bool(MOVE.search(block)), cheaper) for (cost, cheaper), block in zip(costs, blocks[1:])]


def per_frame_table(args):
    rows = [
        f"Written by `scripts/callgrind_counts.py --per-frame --frames {args.frames} --transitions "
        f"{args.transitions} --directions {args.directions}`: the diff encoder's instructions per frame "
        f"(`ANSIEncoder.encodeDiff`, inclusive, thousands; each frame's own profile part), for `foldcycle render "
        f"--transition T --format ansi --encoder diff --frames {args.frames} --width 80 --height 24` on the "
        f"bench's cards, split by whether the after binary's frame sends a move (IL, DL, ICH or DCH). Frames "
        f"counted: the {args.frames - 1} diff frames (the first is drawn whole). Before: {args.before_label}; "
        f"after: {args.after_label}.",
        "",
        "| transition | direction | depth | frames without a move (of them, encoded twice) | encodeDiff before → "
        "after, no move | growth | frames with a move | encodeDiff before → after, with a move |",
        "|---|---|---|---:|---:|---:|---:|---:|",
    ]
    worst = 0.0
    for transition in args.transitions.split(","):
        for direction in args.directions.split(","):
            for depth in ["truecolor", "256"]:
                before = measure_frames(args.before, transition, direction, depth, args.frames)
                after = measure_frames(args.after, transition, direction, depth, args.frames)
                still = [i for i, frame in enumerate(after) if not frame[1]]
                moved = [i for i, frame in enumerate(after) if frame[1]]
                twice = sum(1 for i in still if after[i][2])

                def mean(frames, indices):
                    return sum(frames[i][0] for i in indices) / len(indices) if indices else 0

                growth = mean(after, still) / mean(before, still) - 1 if still else 0
                worst = max(worst, growth)
                with_move = (
                    f"{mean(before, moved) / 1000:.1f} k → {mean(after, moved) / 1000:.1f} k" if moved else "–")
                rows.append(
                    f"| {transition} | {direction} | {depth} | {len(still)} ({twice}) | "
                    f"{mean(before, still) / 1000:.1f} k → {mean(after, still) / 1000:.1f} k | {growth * 100:+.0f} % | "
                    f"{len(moved)} | {with_move} |")
    rows += ["", f"Largest growth on frames without a move: {worst * 100:+.0f} %."]
    return "\n".join(rows)


def table(args):
    diff = args.encoder == "diff"
    name = "encodeDiff" if diff else "encodeFull"
    option = "" if diff else " --encoder full"
    percent = ", and each change in per cent" if args.percent else ""
    rows = [
        f"Written by `scripts/callgrind_counts.py --frames {args.frames} --transitions {args.transitions} "
        f"--directions {args.directions}{option}{' --percent' if args.percent else ''}`: instructions per frame "
        f"(inclusive, thousands) of compose (`CardScene.render`, less the cards' one-time text layout "
        f"`CardScene.slotContent`) and of the {'diff' if diff else 'full'} encoder (`ANSIEncoder.{name}`), and the "
        f"{'diff' if diff else 'full'} stream's bytes per frame{percent}, for `foldcycle render --transition T "
        f"--format ansi --encoder {args.encoder} --frames {args.frames} --width 80 --height 24` on the bench's "
        f"cards. Before: {args.before_label}; after: {args.after_label}.",
        "",
        f"| transition | direction | depth | compose before → after | {name} before → after "
        "| bytes per frame before → after |",
        "|---|---|---|---:|---:|---:|",
    ]

    def change(before, after):
        return f" ({(after / before - 1) * 100:+.1f} %)" if args.percent else ""

    for transition in args.transitions.split(","):
        for direction in args.directions.split(","):
            for depth in ["truecolor", "256"]:
                before = measure(args.before, transition, direction, depth, args.frames, args.encoder)
                after = measure(args.after, transition, direction, depth, args.frames, args.encoder)
                rows.append(
                    f"| {transition} | {direction} | {depth} | {before[0] / 1000:.{1 if args.percent else 0}f} k → "
                    f"{after[0] / 1000:.{1 if args.percent else 0}f} k{change(before[0], after[0])} "
                    f"| {before[1] / 1000:.{1 if args.percent else 0}f} k → {after[1] / 1000:.{1 if args.percent else 0}f} k"
                    f"{change(before[1], after[1])} | {before[2]:.0f} → {after[2]:.0f}{change(before[2], after[2])} |")
    return "\n".join(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--before-label", default="the --before binary")
    parser.add_argument("--after-label", default="the --after binary")
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--directions", default="left,up")
    parser.add_argument("--transitions", default="fold")
    parser.add_argument("--write", metavar="FILE")
    parser.add_argument("--block", default="counts", help="the marker name of the block --write replaces")
    parser.add_argument("--encoder", choices=["diff", "full"], default="diff",
                        help="the encoder measured (full: no moves, each frame drawn whole)")
    parser.add_argument("--percent", action="store_true", help="one decimal more, and each change in per cent")
    parser.add_argument(
        "--per-frame", action="store_true",
        help="the encoder's instructions per frame, split by whether the after binary's frame sends a move")
    args = parser.parse_args()
    text = per_frame_table(args) if args.per_frame else table(args)
    if not args.write:
        print(text)
        return 0
    return write_block(args.write, f"callgrind:{args.block}", text)


if __name__ == "__main__":
    sys.exit(main())

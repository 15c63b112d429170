#!/usr/bin/env python3
"""Reference keyframe values for FoldTransitionTests, from the table of docs/DESIGN.md#fold-keyframes
with linear timing (progress p = t), written out independently of the Swift code.

The output is the body of `transitionCases` in Tests/FoldCycleTests/FoldTransitionTests.swift,
one Swift literal per line. Standard library only.

Run: python3 scripts/gen_transition_reference.py [--check | --write]   (see scripts/refcheck.py)
"""
import refcheck


def mix(a, b, p):
    return [x + (y - x) * p for x, y in zip(a, b)]

def keyframes(direction, w, h):
    # [a, b, c, d, tx, ty]; "scale then translate" = scale matrix with the translation added.
    incoming = {
        "down": [1, 0, 0, 0, 0, -h / 2], "up": [1, 0, 0, 0, 0, h / 2],
        "right": [0, 0, 0, 1, -w / 2, 0], "left": [0, 0, 0, 1, w / 2, 0],
    }[direction]
    outgoing = {
        "down": [1, 0, 0, 0.01, 0, h / 2], "up": [1, 0, 0, 0.01, 0, -h / 2],
        "right": [0.01, 0, 0, 1, w / 2, 0], "left": [0.01, 0, 0, 1, -w / 2, 0],
    }[direction]
    return incoming, outgoing

identity = [1, 0, 0, 1, 0, 0]


def fmt(xs):
    return "[" + ", ".join(repr(float(x)) for x in xs) + "]"


def generate():
    lines = []
    for (w, h) in [(40, 5), (7, 3)]:
        for direction in ["down", "right", "up", "left"]:
            inc0, out1 = keyframes(direction, w, h)
            for t in [0, 0.25, 0.5, 1]:
                inc = mix(inc0, identity, t)
                out = mix(identity, out1, t)
                lines.append(f"    .init(.{direction}, {w}, {h}, {t}, outgoing: {fmt(out)}, "
                             f"outgoingAlpha: {1 - t!r}, incoming: {fmt(inc)}),")
    return lines


if __name__ == "__main__":
    raise SystemExit(refcheck.main(
        __doc__, generate, "Tests/FoldCycleTests/FoldTransitionTests.swift",
        refcheck.Block(after="let transitionCases: [TransitionCase] = [", until="]",
                       until_included=False)))

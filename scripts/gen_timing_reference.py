#!/usr/bin/env python3
"""Independent reference values for TimingFunctionTests (docs/DESIGN.md#timing-functions): the
cubic Bézier through (0,0), P1, P2, (1,1) solved for x(s) = t by plain bisection to 1e-15 (no
Newton, no shared code with Swift).

The output is the body of `timingReference` in Tests/FoldCycleTests/TimingFunctionTests.swift,
one Swift tuple literal per line. Standard library only.

Run: python3 scripts/gen_timing_reference.py [--check | --write]   (see scripts/refcheck.py)
"""
import refcheck

PRESETS = {
    "linear": (0, 0, 1, 1),
    "easeIn": (0.42, 0, 1, 1),
    "easeOut": (0, 0, 0.58, 1),
    "easeInEaseOut": (0.42, 0, 0.58, 1),
    "default": (0.25, 0.1, 0.25, 1),
    "cubic(0.1,0.7,0.9,-0.2)": (0.1, 0.7, 0.9, -0.2),
}
TIMES = [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0]

def bezier(s, p1, p2):
    return 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s ** 2 * p2 + s ** 3

def progress(t, x1, y1, x2, y2):
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if bezier(mid, x1, x2) < t:
            lo = mid
        else:
            hi = mid
    return bezier((lo + hi) / 2, y1, y2)

def generate():
    return [f'    ("{name}", {t}, {progress(t, *points):.12f}),'
            for name, points in PRESETS.items() for t in TIMES]


if __name__ == "__main__":
    raise SystemExit(refcheck.main(
        __doc__, generate, "Tests/FoldCycleTests/TimingFunctionTests.swift",
        refcheck.Block(after="let timingReference: [(String, Double, Double)] = [", until="]",
                       until_included=False)))

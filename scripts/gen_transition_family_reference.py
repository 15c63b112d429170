#!/usr/bin/env python3
"""Independent reference values for TransitionFamilyTests: the cube, the flip, push, move-in,
reveal and fade (docs/DESIGN.md#cube, #flip, #dolly, #push-move-in-reveal-and-fade) with linear
timing (progress p = t) at p = 0, 0.25, 0.5, 0.75, 1, every direction, written out
independently of the Swift code:

- each face's CATransform3D is the closed form of T(h)·R(α)·T(−h)·P·S(k) multiplied out by hand
  (below), not a product of matrices;
- whether a face is drawn comes from geometry: the vector from the face's centre to the eye
  against the face's normal, (eye − centre)·n > 0 (edge-on within 1e-9 of d + h counts as turned
  away);
- the dolly k is the largest factor ≤ 1 that keeps the visible faces' corners inside the card,
  the corners rotated about the axis and projected as x·d/(d − z) by hand.

The output is the whole of Tests/FoldCycleTests/TransitionFamilyReference.swift. Standard
library only.

Run: python3 scripts/gen_transition_family_reference.py [--check | --write]   (see scripts/refcheck.py)
"""
import math

import refcheck

PROGRESS = [0.0, 0.25, 0.5, 0.75, 1.0]
DIRECTIONS = ["left", "right", "up", "down"]
# (columns, rows, cell aspect r)
PROJECTIVE_SIZES = [(20, 5, 2.0), (9, 3, 2.0), (9, 3, 1.25)]
AFFINE_SIZES = [(20, 5, 2.0), (9, 3, 2.0)]
EDGE_ON = 1e-9


def angles(kind, direction, p):
    """(outgoing α, incoming α) from docs/DESIGN.md#cube and #flip."""
    if kind == "cube":
        theta = p * math.pi / 2
        quarter = math.pi / 2
        return {"left": (-theta, quarter - theta), "right": (theta, theta - quarter),
                "up": (theta, theta - quarter), "down": (-theta, quarter - theta)}[direction]
    theta = p * math.pi
    return {"right": (theta, theta - math.pi), "left": (-theta, math.pi - theta),
            "up": (theta, theta - math.pi), "down": (-theta, math.pi - theta)}[direction]


def corner_projection(about_y, h, d, alpha, x, y):
    """Where the world corner (x, y, 0) lands: turned by alpha about the axis at depth −h, then
    projected from the eye at (0, 0, d) onto z = 0: (x·d/(d − z), y·d/(d − z))."""
    c, s = math.cos(alpha), math.sin(alpha)
    if about_y:
        # Row vectors: x' = x·cos + z·sin, z' = −x·sin + z·cos, with z = h about the axis.
        xr, yr, zr = x * c + h * s, y, -x * s + h * c - h
    else:
        # y' = y·cos − z·sin, z' = y·sin + z·cos.
        xr, yr, zr = x, y * c - h * s, y * s + h * c - h
    return xr * d / (d - zr), yr * d / (d - zr)


def faces_viewer(about_y, h, d, alpha):
    """(eye − face centre) · face normal > 0, the centre and normal turned by hand."""
    c, s = math.cos(alpha), math.sin(alpha)
    # The face's centre (0, 0, 0) → (0, 0, h) turned → shifted back by h; its normal (0, 0, 1) turned.
    if about_y:
        centre, normal = (h * s, 0.0, h * c - h), (s, 0.0, c)
    else:
        centre, normal = (0.0, -h * s, h * c - h), (0.0, -s, c)
    eye = (0.0, 0.0, d)
    facing = sum((e - q) * n for e, q, n in zip(eye, centre, normal))
    return facing > EDGE_ON * (d + h)


def face_matrix(about_y, h, d, alpha, k):
    """T(h)·R(α)·T(−h)·P·S(k, k, 1), multiplied out (row vectors, m11 … m44)."""
    c, s = math.cos(alpha), math.sin(alpha)
    m44 = 1 - h * (c - 1) / d
    if about_y:
        return [k * c, 0.0, -s, s / d,
                0.0, k, 0.0, 0.0,
                k * s, 0.0, c, -c / d,
                k * h * s, 0.0, h * (c - 1), m44]
    return [k, 0.0, 0.0, 0.0,
            0.0, k * c, s, -s / d,
            0.0, -k * s, c, -c / d,
            0.0, -k * h * s, h * (c - 1), m44]


def turned(kind, direction, w, rows, r, p):
    """(dolly, [(role, visible, alpha, matrix)]) of the cube or the flip."""
    about_y = direction in ("left", "right")
    extent = w if about_y else rows * r
    d = 1.5625 * extent
    h = extent / 2 if kind == "cube" else 0.0
    faces = []
    for role, alpha in zip(("outgoing", "incoming"), angles(kind, direction, p)):
        faces.append((role, alpha, faces_viewer(about_y, h, d, alpha)))
    half_w, half_h = w / 2, rows * r / 2
    k = 1.0
    for _, alpha, visible in faces:
        if not visible:
            continue
        for x, y in [(-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h)]:
            u, v = corner_projection(about_y, h, d, alpha, x, y)
            if u != 0:
                k = min(k, half_w / abs(u))
            if v != 0:
                k = min(k, half_h / abs(v))
    return k, [(role, visible, 1.0, face_matrix(about_y, h, d, alpha, k)) for role, alpha, visible in faces]


def slid(kind, direction, w, rows, p):
    """(1, [(role, True, alpha, [a, b, c, d, tx, ty])]) back to front for the affine kinds."""
    ex, ey = {"down": (0, rows), "up": (0, -rows), "right": (w, 0), "left": (-w, 0)}[direction]

    def move(f):
        return [1.0, 0.0, 0.0, 1.0, ex * f + 0.0, ey * f + 0.0]

    still = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    slots = {
        "push": [("outgoing", True, 1.0, move(p)), ("incoming", True, 1.0, move(p - 1))],
        "moveIn": [("outgoing", True, 1.0, still), ("incoming", True, 1.0, move(p - 1))],
        "reveal": [("incoming", True, 1.0, still), ("outgoing", True, 1.0, move(p))],
        "fade": [("outgoing", True, 1.0, still), ("incoming", True, p, still)],
    }[kind]
    return 1.0, slots


def fmt(values):
    return "[" + ", ".join(repr(float(v) + 0.0) for v in values) + "]"


def case(kind, direction, w, rows, r, p, dolly, slots):
    parts = ", ".join(
        f".init(.{role}, {'true' if visible else 'false'}, {alpha!r}, {fmt(m)})" for role, visible, alpha, m in slots)
    return f"    .init(.{kind}, .{direction}, {w}, {rows}, {r!r}, {p!r}, dolly: {dolly!r}, slots: [{parts}]),"


def generate():
    lines = [
        "// Generated by scripts/gen_transition_family_reference.py: do not edit (run it with --write).",
        "// The cube, flip, push, move-in, reveal and fade at progress 0, 0.25, 0.5, 0.75 and 1 (linear",
        "// timing), every direction: each slot back to front with its role, whether it is drawn, its",
        "// alpha and its geometry (16 CATransform3D fields for the cube and the flip, the dolly",
        "// included; [a, b, c, d, tx, ty] otherwise), and the frame's dolly.",
        "",
        "// swift-format-ignore",
        "let transitionFamilyReference: [FamilyCase] = [",
    ]
    for kind in ["cube", "flip"]:
        for (w, rows, r) in PROJECTIVE_SIZES:
            for direction in DIRECTIONS:
                for p in PROGRESS:
                    dolly, slots = turned(kind, direction, w, rows, r, p)
                    lines.append(case(kind, direction, w, rows, r, p, dolly, slots))
    for kind in ["push", "moveIn", "reveal", "fade"]:
        for (w, rows, r) in AFFINE_SIZES:
            for direction in DIRECTIONS:
                for p in PROGRESS:
                    dolly, slots = slid(kind, direction, w, rows, p)
                    lines.append(case(kind, direction, w, rows, r, p, dolly, slots))
    lines.append("]")
    return lines


if __name__ == "__main__":
    raise SystemExit(refcheck.main(__doc__, generate, "Tests/FoldCycleTests/TransitionFamilyReference.swift"))

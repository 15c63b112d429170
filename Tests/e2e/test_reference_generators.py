"""The reference-value generators' --check: exit 0 when the committed copy is what the generator
prints, 1 with a unified diff when one value differs, 2 when the committed block is missing.
Each case runs on a temporary copy (--target), never on the committed file."""
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

# (generator, committed file, a line of it to change, the changed line)
GENERATORS = [
    ("gen_timing_reference.py", "Tests/FoldCycleTests/TimingFunctionTests.swift",
     '    ("easeIn", 0.1, 0.017026609652),', '    ("easeIn", 0.1, 0.017026609653),'),
    ("gen_transition_reference.py", "Tests/FoldCycleTests/FoldTransitionTests.swift",
     "    .init(.down, 7, 3, 0.25, outgoing: [1.0, 0.0, 0.0, 0.7525, 0.0, 0.375], outgoingAlpha: 0.75, "
     "incoming: [1.0, 0.0, 0.0, 0.25, 0.0, -1.125]),",
     "    .init(.down, 7, 3, 0.25, outgoing: [1.0, 0.0, 0.0, 0.7525, 0.0, 0.376], outgoingAlpha: 0.75, "
     "incoming: [1.0, 0.0, 0.0, 0.25, 0.0, -1.125]),"),
    ("gen_width_reference.py", "Tests/FoldCycleTests/DisplayWidthTests.swift",
     '    WidthCase("hangul filler", "\\u{3164}", [0]),', '    WidthCase("hangul filler", "\\u{3164}", [2]),'),
    ("gen_width_tables.py", "Sources/FoldCycle/Text/DisplayWidthTables.swift",
     "    static let fitzpatrick: ClosedRange<UInt32> = 0x1F3FB...0x1F3FF",
     "    static let fitzpatrick: ClosedRange<UInt32> = 0x1F3FB...0x1F3FE"),
    ("gen_transition_family_reference.py", "Tests/FoldCycleTests/TransitionFamilyReference.swift",
     "    .init(.push, .left, 9, 3, 2.0, 0.25, dolly: 1.0, slots: [.init(.outgoing, true, 1.0, "
     "[1.0, 0.0, 0.0, 1.0, -2.25, 0.0]), .init(.incoming, true, 1.0, [1.0, 0.0, 0.0, 1.0, 6.75, 0.0])]),",
     "    .init(.push, .left, 9, 3, 2.0, 0.25, dolly: 1.0, slots: [.init(.outgoing, true, 1.0, "
     "[1.0, 0.0, 0.0, 1.0, -2.5, 0.0]), .init(.incoming, true, 1.0, [1.0, 0.0, 0.0, 1.0, 6.75, 0.0])]),"),
    ("gen_decision_index.py", "docs/decisions/README.md",
     "| [0002](0002-pause-freezes-the-transition.md) | Pause freezes the transition | accepted | Pause freezes the "
     "transition and the schedule, as Core Animation's layer pause (`speed = 0`) does. |",
     "| [0002](0002-pause-freezes-the-transition.md) | Pause freezes the transition | accepted | Pause lets the "
     "transition finish. |"),
]


def run(generator, *args):
    return subprocess.run([sys.executable, os.path.join(ROOT, "scripts", generator), *args],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("generator,committed,line,changed", GENERATORS, ids=[g[0] for g in GENERATORS])
def test_check_accepts_the_committed_copy(generator, committed, line, changed, tmp_path):
    target = tmp_path / os.path.basename(committed)
    shutil.copy(os.path.join(ROOT, committed), target)
    result = run(generator, "--check", "--target", str(target))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("ok: ")


@pytest.mark.parametrize("generator,committed,line,changed", GENERATORS, ids=[g[0] for g in GENERATORS])
def test_check_rejects_one_changed_value_with_a_diff(generator, committed, line, changed, tmp_path):
    text = open(os.path.join(ROOT, committed), encoding="utf-8").read()
    assert text.count(line + "\n") == 1, f"{committed} no longer holds the line this test changes"
    target = tmp_path / os.path.basename(committed)
    target.write_text(text.replace(line + "\n", changed + "\n"), encoding="utf-8")
    result = run(generator, "--check", "--target", str(target))
    assert result.returncode == 1
    diff_lines = result.stdout.splitlines()
    assert "-" + changed in diff_lines
    assert "+" + line in diff_lines
    assert sum(1 for d in diff_lines if d.startswith(("-", "+")) and not d.startswith(("---", "+++"))) == 2
    assert "differs from what" in result.stderr


@pytest.mark.parametrize("generator,committed,line,changed", GENERATORS, ids=[g[0] for g in GENERATORS])
def test_write_restores_the_committed_copy(generator, committed, line, changed, tmp_path):
    original = open(os.path.join(ROOT, committed), encoding="utf-8").read()
    target = tmp_path / os.path.basename(committed)
    target.write_text(original.replace(line + "\n", changed + "\n"), encoding="utf-8")
    result = run(generator, "--write", "--target", str(target))
    assert result.returncode == 0, result.stderr
    assert target.read_text(encoding="utf-8") == original


@pytest.mark.parametrize("generator", [g[0] for g in GENERATORS[:3]])
def test_check_names_a_missing_block(generator, tmp_path):
    target = tmp_path / "Empty.swift"
    target.write_text("import Testing\n", encoding="utf-8")
    result = run(generator, "--check", "--target", str(target))
    assert result.returncode == 2
    assert "expected exactly one line starting with" in result.stderr

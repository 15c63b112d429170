"""Examples/Extending: a transition and a scene written outside FoldCycle's package, against its
public API only (the test command builds them with `swift build --package-path Examples/Extending`
and sets FOLDCYCLE_EXTENDING_BIN to their folder)."""
import os
import subprocess
import termios

import pytest

from conftest import ROOT

BIN = os.environ.get("FOLDCYCLE_EXTENDING_BIN", os.path.join(ROOT, "Examples", "Extending", ".build", "debug"))


def built(name):
    path = os.path.join(BIN, name)
    assert os.access(path, os.X_OK), f"build Examples/Extending first: {path} is missing"
    return path


def test_the_custom_scene_fills_its_bar_on_a_manual_clock():
    proc = subprocess.run([built("custom-scene"), "--frames"], capture_output=True, text=True, timeout=20)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "|····················|",
        "|##########··········|",
        "|####################|",
    ]


def test_the_custom_transition_opens_from_the_centre_through_the_facade():
    proc = subprocess.run([built("custom-transition"), "--frames"], capture_output=True, text=True, timeout=20)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    blank = "|" + " " * 24 + "|"
    assert lines[0:6] == ["progress 0.0", blank, blank, "|     an iris opens      |", blank, blank]
    assert lines[-6:] == ["progress 1.0", blank, blank, "|    from the centre     |", blank, blank]
    # Half-way the incoming card covers the middle half of the rows, its edges in block eighths.
    assert lines[13:18] == [
        blank,
        "|      ▆▆▆▆▆▆▆▆▆▆▆▆      |",
        lines[15],
        "|      ▂▂▂▂▂▂▂▂▂▂▂▂      |",
        blank,
    ]


@pytest.mark.parametrize("name", ["custom-transition", "custom-scene"])
def test_each_example_plays_live_and_gives_the_terminal_back(name, pty_run):
    run = pty_run([built(name)], cols=40, rows=10)
    assert run.pump_until(lambda: run.screen.cursor.hidden, 10), run.text()
    assert run.wait(timeout=15) == 0
    assert not run.screen.cursor.hidden
    assert termios.tcgetattr(run.slave) == run.termios_before

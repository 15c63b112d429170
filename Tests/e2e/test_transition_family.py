"""The transition family end to end (issue 9): live runs in a pseudo-terminal (the `transition
NAME` command, Ctrl-C). Their json and plain frames and `--cell-aspect` errors are pure functions
of the arguments, tested in-process (FoldCycleCLITests/RenderFramesTests.swift)."""
import pytest

from conftest import exit_code


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

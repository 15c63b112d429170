"""`render --deck` (issue 11's deck picture): a scripted swipe deck rendered from a virtual clock.
The cast parses with the `asciinema` package, is the same whatever the machine's terminal, and
replayed through pyte ends on exactly the last plain frame; the SVG is valid XML that loops after
the script and the hold; bad scripts are usage errors naming the action and the actions there
are; --play paces the frames in a terminal and gives it back as it was. The json frames, which
carry the decisions `foldcycle deck` prints, are tested in-process (FoldCycleCLITests,
RenderFramesTests.swift)."""
import os
import subprocess
import termios
import xml.etree.ElementTree as ElementTree

import asciinema.asciicast
import pyte

from conftest import exit_code

END = b"\x1b[?2026l"
# A triage with a flashcard in the middle: kept by key, the flashcard discarded by a fling with
# the mouse, that undone, the flashcard turned over.
ITEMS = "a.txt\n\nWhat holds m34?\n---\nThe perspective\n\nc.txt\n"
SCRIPT = "right, drag(-0.45,0.08,0.15), undo, flip"
ACTIONS = ["right", "drag(-0.45,0.08,0.15)", "undo", "flip"]


def render(foldcycle, tmp_path, *args, env=None):
    items = tmp_path / "items.txt"
    items.write_text(ITEMS, encoding="utf-8")
    full_env = dict(os.environ, COLORTERM="truecolor", TERM="xterm-256color")
    full_env.update(env or {})
    proc = subprocess.run([foldcycle, "render", "--deck", SCRIPT, "--file", str(items), *args], capture_output=True,
                          timeout=60, env=full_env)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


def plain_frames(foldcycle, tmp_path):
    """(header, rows) of every plain frame."""
    frames = []
    for block in render(foldcycle, tmp_path).decode().split("\n\n")[:-1]:
        lines = block.split("\n")
        frames.append((lines[0], lines[1:]))
    return frames


def test_cast_is_deterministic_and_replays_to_the_last_frame(foldcycle, tmp_path):
    cast = render(foldcycle, tmp_path, "--format", "asciicast")
    assert render(foldcycle, tmp_path, "--format", "asciicast", env={"COLORTERM": "", "TERM": "dumb"}) == cast
    path = tmp_path / "deck.cast"
    path.write_bytes(cast)
    with asciinema.asciicast.open_from_url(str(path)) as recording:
        assert recording.version == 2
        header, events = recording.v2_header, [list(event) for event in recording.events()]
    frames = plain_frames(foldcycle, tmp_path)
    # The deck's area (the 3-row card, one row beneath for the second card, one above and one
    # below) and the footer's two lines, 80 columns; the cursor ends on the line below.
    assert header == {"version": 2, "width": 80, "height": 9, "env": {"TERM": "xterm-256color"},
                      "title": "foldcycle render: deck right,drag(-0.45,0.08,0.15),undo,flip"}
    outputs = [event for event in events if event[1] == "o"]
    assert [event[0] for event in outputs] == [round(k / 30, 6) for k in range(len(frames))] + \
        [round((len(frames) - 1) / 30 + 1, 6)]
    assert [data for _, code, data in events if code == "m"] == ACTIONS
    # Each action's marker comes at the frame its plain header names it.
    action_times = [float(head.split("time=")[1].split()[0]) for head, _ in frames if "action=" in head]
    assert [round(event[0], 6) for event in events if event[1] == "m"] == [round(t, 6) for t in action_times]
    # The same bytes as the ansi stream, split per frame.
    ansi = render(foldcycle, tmp_path, "--format", "ansi", "--color", "always")
    assert "".join(event[2] for event in outputs).encode() == ansi
    screen = pyte.Screen(header["width"], header["height"])
    stream = pyte.Stream(screen)
    for _, code, data in events:
        if code == "o":
            stream.feed(data)
    _, last = frames[-1]
    assert [line.rstrip() for line in screen.display[:8]] == [line.rstrip() for line in last]
    assert (screen.cursor.y, screen.cursor.x, screen.cursor.hidden) == (8, 0, False)
    # The last frame: the flashcard turned over on top, the third card beneath, nothing decided.
    assert last[2].strip() == "The perspective"
    assert last[6].startswith("card 2 of 3 · kept 1 · discarded 0")
    assert last[7].startswith("Space turn · ← discard")


def test_svg_is_valid_and_loops_after_the_script_and_the_hold(foldcycle, tmp_path):
    svg = render(foldcycle, tmp_path, "--format", "svg", "--hold", "0.5")
    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert (root.get("width"), root.get("height")) == ("800", "160")
    assert not list(root.iter("{http://www.w3.org/2000/svg}script"))
    loop = (len(plain_frames(foldcycle, tmp_path)) - 1) / 30 + 0.5
    assert f"#s{{animation:p {loop:.6f}s step-end infinite}}" in svg.decode()


def test_items_from_standard_input_lines(foldcycle):
    args = [foldcycle, "render", "--deck", "left", "--fps", "10"]
    piped = subprocess.run(args, input=b"one.txt\ntwo.txt\n", capture_output=True, timeout=30)
    assert piped.returncode == 0, piped.stderr.decode()
    given = subprocess.run(args + ["one.txt", "two.txt"], capture_output=True, timeout=30)
    assert piped.stdout == given.stdout
    assert "card 2 of 2 · kept 0 · discarded 1" in piped.stdout.decode()


def test_bad_scripts_are_usage_errors_naming_the_action(foldcycle):
    actions = "(actions: left, right, up (or previous), down (or next), undo, click, flip, drag(dx,dy,seconds), " \
        "wait(seconds))"
    cases = [
        ("right,rigth", "invalid value 'right,rigth' for '--deck': action 2, 'rigth', is not an action; "
                        "did you mean 'right'? " + actions),
        ("jump", "invalid value 'jump' for '--deck': action 1, 'jump', is not an action " + actions),
        ("drag(1,0)", "action 1, 'drag(1,0)': drag(dx,dy,seconds) takes three finite numbers"),
        ("left,left,left", "--deck: action 3, 'left', would do nothing: no card is left"),
        ("undo", "--deck: action 1, 'undo', would do nothing: there is no decision to take back"),
        ("flip", "--deck: action 1, 'flip', would do nothing: the top card has no back side"),
    ]
    for script, message in cases:
        proc = subprocess.run([foldcycle, "render", "--deck", script, "--format", "svg", "a", "b"],
                              capture_output=True, timeout=30)
        assert proc.returncode == 64, (script, proc.stderr)
        assert proc.stderr.decode().startswith("Error: "), proc.stderr
        assert message in proc.stderr.decode(), (script, proc.stderr)
        assert "Usage: foldcycle render [OPTIONS] [ITEM ...]" in proc.stderr.decode()
        assert proc.stdout == b""


def test_play_paces_the_deck_and_restores_the_terminal(foldcycle, pty_run):
    run = pty_run([foldcycle, "render", "--deck", "right", "--format", "ansi", "--play", "--fps", "20", "a.txt",
                   "b.txt"], cols=80, rows=12)
    assert exit_code(run.wait(15)) == 0
    # Rest at frame 5, the swipe at 15, landed at 21: 22 frames.
    assert run.raw.count(END) == 22
    assert run.lines()[2].strip() == "b.txt"
    assert run.lines()[6].startswith("card 2 of 2 · kept 1 · discarded 0")
    assert not run.screen.cursor.hidden
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_ctrl_c_during_a_deck_play_restores_the_terminal(foldcycle, pty_run):
    run = pty_run([foldcycle, "render", "--deck", "wait(5)", "--format", "ansi", "--play", "a", "b"], cols=80,
                  rows=12)
    assert run.pump_until(lambda: run.raw.count(END) >= 3, 5)
    assert run.screen.cursor.hidden
    run.write(b"\x03")
    assert exit_code(run.wait()) == 130
    assert run.raw.endswith(b"\x1b[?25h")
    assert termios.tcgetattr(run.slave) == run.termios_before

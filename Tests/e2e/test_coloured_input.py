"""The input's own colours (issue 29, points 2 and 4; ../shared/cases/coloured-input.md):
`git log --color=always | foldcycle deck`, `ls --color=always | foldcycle deck`, `rg --color=always
… | foldcycle`. Under `--ansi keep` (the default) the cards show the input's SGR colours and
attributes, every other escape sequence is dropped, and whatever names an item to a script (the
deck's JSON `item`, plain output, render's markers) is the plain text; `strip` drops the styles
too; `show` keeps today's visible pictures (ESC as ␛)."""
import json
import subprocess

import pytest

from conftest import exit_code

ESC = "\x1b"
# What `git log --oneline --decorate --color=always` writes for one commit.
GIT_LOG_LINE = f"{ESC}[33m4e3cddc{ESC}[m{ESC}[33m ({ESC}[m{ESC}[1;36mHEAD -> {ESC}[m{ESC}[1;32mmain{ESC}[m{ESC}[33m){ESC}[m Fuzz outputs"
# What `ls --color=always` writes for a directory and a file.
LS_LINES = f"{ESC}[0m{ESC}[01;34mSources{ESC}[0m\nREADME.md\n"
# Sequences a hostile item could carry: set the clipboard, clear the screen, a title, a C1 CSI.
# A palette colour stays the palette entry at truecolor (docs/decisions/0181), which pyte reports by
# its name (SGR 33 as "brown"); one moved for contrast with the card is sent as RGB, from xterm's
# RGB for the entry.
XTERM = {"red": "cd0000", "green": "00cd00", "yellow": "cdcd00", "blue": "0000ee", "cyan": "00cdcd"}
PYTE_NAME = {"red": "red", "green": "green", "yellow": "brown", "blue": "blue", "cyan": "cyan"}
# The first card of the default palette is green (#008000).
GREEN = "008000"


def kept_readable(color, background):
    """`color` as shown on `background`: a run's own colour keeps a WCAG contrast of 3 with it,
    stepping 5 % at a time toward black or white, whichever contrasts more with the background
    (docs/decisions/0100); computed here independently of the product."""
    def rgb(text):
        return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))

    def luminance(c):
        def linear(v):
            v /= 255
            return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2])

    def ratio(a, b):
        x, y = luminance(a), luminance(b)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)

    c, bg = rgb(color), rgb(background)
    if ratio(c, bg) >= 3:
        return color
    lb = luminance(bg)
    end = (0, 0, 0) if (lb + 0.05) / 0.05 >= 1.05 / (lb + 0.05) else (255, 255, 255)
    for step in range(1, 21):
        mixed = tuple(int(a + (b - a) * step / 20 + 0.5) for a, b in zip(c, end))
        if ratio(mixed, bg) >= 3:
            return "%02x%02x%02x" % mixed
    return "%02x%02x%02x" % end


def shown(name, background):
    """How pyte reports palette colour `name` drawn on `background`: the entry's name when its
    contrast with the background is kept, else the RGB it was moved to."""
    kept = kept_readable(XTERM[name], background)
    return PYTE_NAME[name] if kept == XTERM[name] else kept


HOSTILE = f"{ESC}]52;c;SGVsbG8={ESC}\\{ESC}[2J{ESC}]0;pwned\x07\u009b31mx{ESC}[31mred"


def deck_run(foldcycle, pty_run, data, *args):
    run = pty_run([foldcycle, "deck", "--protocol", "jsonl", "--no-mouse", "--background", "black",
                   "--width", "40", "--height", "3", *args], cols=60, rows=16, stdin_bytes=data.encode(),
                  capture_stdout=True)
    assert run.pump_until(lambda: "card 1 of" in run.text(), 5), run.text()
    return run


def cells_of(run, text):
    """The pyte cells of the first screen row holding `text`, one per character of it."""
    for row, line in enumerate(run.lines()):
        column = line.find(text)
        if column >= 0:
            return [run.screen.buffer[row][column + offset] for offset in range(len(text))]
    raise AssertionError(f"{text!r} not on screen:\n" + run.text())


def test_ls_colours_show_on_the_card_and_the_json_item_is_the_bare_name(foldcycle, pty_run):
    run = deck_run(foldcycle, pty_run, LS_LINES, "--color", "always")
    name = cells_of(run, "Sources")
    assert {(cell.fg, cell.bold) for cell in name} == {(shown("blue", GREEN), True)}
    run.write(b"l")
    assert run.pump_until(lambda: "README.md" in run.text(), 5), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    events = [json.loads(line) for line in run.stdout_bytes().decode().splitlines()]
    swiped = [event for event in events if event.get("event") == "swiped"]
    assert swiped[0] == {"event": "swiped", "index": 0, "item": "Sources", "side": "right", "by": "key",
                         "velocity": None}


def test_git_log_colours_keep_each_run(foldcycle, pty_run):
    run = deck_run(foldcycle, pty_run, GIT_LOG_LINE + "\n", "--color", "always")
    assert "4e3cddc (HEAD -> main) Fuzz outputs" in run.text()
    assert {cell.fg for cell in cells_of(run, "4e3cddc")} == {shown("yellow", GREEN)}
    assert {(cell.fg, cell.bold) for cell in cells_of(run, "HEAD")} == {(shown("cyan", GREEN), True)}
    assert {(cell.fg, cell.bold) for cell in cells_of(run, "main")} == {(shown("green", GREEN), True)}
    run.write(b"q")
    assert exit_code(run.wait()) == 0


@pytest.mark.parametrize("handling", ["keep", "strip"])
def test_foreign_sequences_never_reach_the_terminal(foldcycle, pty_run, handling):
    run = deck_run(foldcycle, pty_run, HOSTILE + "\n", "--color", "always", "--ansi", handling)
    assert "xred" in run.text()
    raw = bytes(run.raw)
    for foreign in (b"\x1b]52", b"\x1b[2J", b"\x1b]0;", b"\xc2\x9b", b"pwned"):
        assert foreign not in raw
    # keep: "red" in red; strip: in the card's own text colour.
    fg = {cell.fg for cell in cells_of(run, "red")}
    assert (fg == {shown("red", GREEN)}) == (handling == "keep")
    run.write(b"q")
    assert exit_code(run.wait()) == 0


def test_show_keeps_the_visible_pictures(foldcycle, pty_run):
    run = deck_run(foldcycle, pty_run, f"{ESC}[33mtip{ESC}[m\n", "--color", "always", "--ansi", "show")
    assert "␛[33mtip␛[m" in run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0


def test_live_cards_from_piped_stdin_keep_their_colours(foldcycle, pty_run):
    run = pty_run([foldcycle, "--background", "black", "--color", "always", "--interval", "60", "--width", "30"],
                  cols=60, rows=12, stdin_bytes=(GIT_LOG_LINE + "\n").encode())
    assert run.pump_until(lambda: "4e3cddc" in run.text(), 5), run.text()
    assert {cell.fg for cell in cells_of(run, "4e3cddc")} == {shown("yellow", GREEN)}
    assert "␛" not in run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0


def test_plain_output_and_render_markers_are_the_plain_text(foldcycle, tmp_path):
    items = tmp_path / "log.txt"
    items.write_text(GIT_LOG_LINE + "\n" + HOSTILE + "\n")
    proc = subprocess.run([foldcycle, "--file", str(items), "--cycles", "1", "--interval", "0.1"],
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
    assert (proc.returncode, proc.stdout.decode()) == (0, "4e3cddc (HEAD -> main) Fuzz outputs\nxred\n")
    proc = subprocess.run([foldcycle, "render", "--format", "asciicast", "--frames", "2", "--file", str(items)],
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
    assert proc.returncode == 0
    events = [json.loads(line) for line in proc.stdout.decode().splitlines()[1:]]
    assert [event[2] for event in events if event[1] == "m"] == ["4e3cddc (HEAD -> main) Fuzz outputs", "xred"]
    drawn = "".join(event[2] for event in events if event[1] == "o")
    assert "\x1b[33m4e3cddc" in drawn
    for foreign in ("\x1b]52", "\x1b[2J", "\x1b]0;", "\u009b", "pwned"):
        assert foreign not in drawn


def test_added_items_are_named_by_their_plain_text(foldcycle):
    requests = [{"id": 1, "cmd": "add", "value": f"{ESC}[31mnew red{ESC}[0m"},
                {"id": 2, "cmd": "replace", "index": 0, "value": f"{ESC}[1mA2{ESC}[m"}, {"id": 3, "cmd": "quit"}]
    proc = subprocess.run([foldcycle, "--protocol", "jsonl", "--interval", "60", "A", "B"],
                          input="".join(json.dumps(r) + "\n" for r in requests).encode(), capture_output=True,
                          timeout=10)
    assert proc.returncode == 0
    events = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert {"event": "item-added", "index": 2, "item": "new red", "count": 3} in events
    assert {"event": "item-replaced", "index": 0, "item": "A2", "previous": "A", "count": 3} in events

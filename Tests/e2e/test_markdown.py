"""Markdown cards (issue 29, point 3): a tips file written in Markdown shows its styles, not its
markers. `--file NAME.md` reads Markdown by default (`--markdown auto`); bold text is in bold
cells, code in reverse cells, and no `**` or backtick reaches the screen; whatever names an item
to a script (the deck's JSON `item`, plain output, render's markers) is the text without the
markers; the flashcard separator `---` still splits front and back."""
import json
import subprocess

import pytest

from conftest import exit_code

TIPS = "First tip\n\n**Bold** tip with `code` and *more*\n\nQ *front*\n---\nA **back**\n"


def tips_file(tmp_path, name="tips.md"):
    path = tmp_path / name
    path.write_text(TIPS)
    return str(path)


def cells_of(screen, lines, text):
    """The pyte cells of the first screen row holding `text`, one per character of it."""
    for row, line in enumerate(lines):
        column = line.find(text)
        if column >= 0:
            return [screen.buffer[row][column + offset] for offset in range(len(text))]
    raise AssertionError(f"{text!r} not on screen:\n" + "\n".join(lines))


def assert_tip_styled(screen, lines, card_text_bold):
    """The tip card's cells on a gold card: the item has bold of its own, so the card's text is not
    bold at any depth (docs/decisions/0101) and `**Bold**` stands out, except at 16 colours,
    where bold black would be drawn grey by xterm and is sent without bold (0251)."""
    text = "\n".join(lines)
    assert "Bold tip with code and more" in text
    assert "**" not in text and "`" not in text and "*" not in text
    assert {cell.bold for cell in cells_of(screen, lines, "Bold")} == {card_text_bold}
    assert {cell.bold for cell in cells_of(screen, lines, "tip with")} == {False}
    assert {cell.reverse for cell in cells_of(screen, lines, "code")} == {True}
    assert {cell.reverse for cell in cells_of(screen, lines, "and")} == {False}
    assert {cell.italics for cell in cells_of(screen, lines, "more")} == {True}


# Truecolor (the harness's TERM and COLORTERM), and xterm's default 16 colours; the card's own
# text is bold at truecolor only, which an item with bold of its own drops.
DEPTHS = [({}, True), ({"TERM": "xterm", "COLORTERM": ""}, False)]


@pytest.mark.parametrize("env,card_text_bold", DEPTHS)
def test_render_ansi_shows_bold_cells_and_no_markers(foldcycle, pty_run, tmp_path, env, card_text_bold):
    run = pty_run([foldcycle, "render", "--format", "ansi", "--frames", "2", "--file", tips_file(tmp_path),
                   "--width", "40", "--height", "3", "--color", "always", "--palette", "#ffd700"], cols=60, rows=10, env=env)
    assert exit_code(run.wait()) == 0
    run.pump(0.2)
    assert_tip_styled(run.screen, run.lines(), card_text_bold)


def test_markdown_never_keeps_the_markers(foldcycle, tmp_path):
    proc = subprocess.run([foldcycle, "render", "--frames", "2", "--markdown", "never",
                           "--file", tips_file(tmp_path), "--format", "plain"],
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
    assert proc.returncode == 0, proc.stderr
    assert "**Bold** tip with `code` and *more*" in proc.stdout.decode()


@pytest.mark.parametrize("env,card_text_bold", DEPTHS)
def test_deck_of_a_markdown_file_shows_styles_and_names_items_plainly(foldcycle, pty_run, tmp_path, env,
                                                                      card_text_bold):
    run = pty_run([foldcycle, "deck", "--protocol", "jsonl", "--no-mouse", "--background", "black",
                   "--width", "40", "--height", "3", "--color", "always", "--palette", "#ffd700", "--file", tips_file(tmp_path)],
                  cols=60, rows=16, capture_stdout=True, env=env)
    assert run.pump_until(lambda: "card 1 of 3" in run.text(), 5), run.text()
    run.write(b"l")
    assert run.pump_until(lambda: "card 2 of 3" in run.text() and "Bold tip" in run.text(), 5), run.text()
    run.pump(0.5)
    assert_tip_styled(run.screen, run.lines(), card_text_bold)
    run.write(b"l")
    assert run.pump_until(lambda: "card 3 of 3" in run.text() and "Q front" in run.text(), 5), run.text()
    run.pump(0.5)
    assert "---" not in run.text() and "back" not in run.text()
    assert {cell.italics for cell in cells_of(run.screen, run.lines(), "front")} == {True}
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    events = [json.loads(line) for line in run.stdout_bytes().decode().splitlines()]
    items = [event["item"] for event in events if event.get("event") == "swiped"]
    assert items == ["First tip", "Bold tip with code and more"]


def test_plain_output_names_items_without_markers(foldcycle, tmp_path):
    proc = subprocess.run([foldcycle, "--file", tips_file(tmp_path), "--cycles", "1", "--interval", "0.1"],
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
    assert (proc.returncode, proc.stdout.decode()) == (0, "First tip\n\nBold tip with code and more\n")

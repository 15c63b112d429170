"""The screen a finished deck leaves (a new user's trial, issue 30): as `fzf --height` leaves it,
the deck's rows erased and the cursor back where they began, so what follows (the decisions
held while stdout is the terminal, the summary) comes right under the command line, never below
a card's worth of blank rows. A picture card sized to the terminal, a text deck quit with `q`,
stdout the terminal, a pipe or a file (docs/decisions/0246-the-deck-leaves-no-rows.md)."""
import json

import pyte
from PIL import Image

from conftest import exit_code

PROMPT = "$ foldcycle deck"
# The shell's line, then the deck where the cursor is: as a user types the command.
SHELL = ["sh", "-c", 'printf "%s\\n" "$0" >&2; exec "$@"', PROMPT]


def start(pty_run, foldcycle, *args, rows, cols=80, stdin=b"", **kwargs):
    run = pty_run([*SHELL, foldcycle, "deck", *args], cols=cols, rows=rows, stdin_bytes=stdin, **kwargs)
    # A screen that keeps the lines scrolled off its top (a card sized to the terminal scrolls
    # the command line off): nothing is read before the first pump, so none is lost.
    run.screen = pyte.HistoryScreen(cols, rows, history=500)
    run.stream = pyte.ByteStream(run.screen)
    assert run.pump_until(lambda: "card 1 of" in run.text(), 10), run.text()
    return run


def lines_after_exit(run):
    """The lines scrolled off the screen and the screen's, up to the last one written; the
    cursor's row in them."""
    columns = run.screen.columns
    history = ["".join(line[x].data for x in range(columns)).rstrip() for line in run.screen.history.top]
    lines = history + run.lines()
    while lines and not lines[-1]:
        lines.pop()
    return lines, len(history) + run.screen.cursor.y


def test_a_finished_picture_deck_leaves_its_decisions_under_the_command_line(foldcycle, pty_run, tmp_path):
    # Two pictures, no --width/--height: an inline deck sized to the 160 × 44 terminal (wide
    # enough for a decision line with pytest's folder in its path), its card
    # 39 rows (the caption row under a 38-row picture area). Its frame takes every row, and the
    # command line scrolls off the top.
    paths = []
    for name, colour in (("a.png", (220, 20, 20)), ("b.png", (20, 20, 220))):
        Image.new("RGB", (64, 48), colour).save(tmp_path / name)
        paths.append(str(tmp_path / name))
    run = start(pty_run, foldcycle, "--color", "always", *paths, rows=44, cols=160)
    run.write(b"l")
    assert run.pump_until(lambda: "card 2 of 2" in run.text(), 5), run.text()
    run.pump(0.4)
    run.write(b"h")
    assert exit_code(run.wait()) == 0
    lines, cursor = lines_after_exit(run)
    assert lines[0] == PROMPT and lines[3:] == ["1 kept · 1 discarded · 0 clicked · 0 of 2 cards left"], lines
    decided = [json.loads(line) for line in lines[1:3]]
    assert [(line["item"], line["action"]) for line in decided] == [(paths[0], "right"), (paths[1], "left")]
    assert (cursor, run.screen.cursor.x) == (4, 0)


def test_a_text_deck_quit_with_q_leaves_only_its_summary(foldcycle, pty_run, tmp_path):
    # stdout a file: the decisions go there, the summary to the terminal, under the command line.
    out = tmp_path / "decisions.jsonl"
    run = start(pty_run, foldcycle, "--color", "never", "--height", "5", rows=20, stdin=b"one\ntwo\nthree\n", stdout_path=str(out))
    run.write(b"l")
    assert run.pump_until(lambda: "kept 1" in run.text(), 5), run.text()
    run.pump(0.4)
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    lines, cursor = lines_after_exit(run)
    assert lines == [PROMPT, "1 kept · 0 discarded · 0 clicked · 2 of 3 cards left"], lines
    assert (cursor, run.screen.cursor.x) == (2, 0)
    assert [json.loads(line)["item"] for line in out.read_text().splitlines()] == ["one"]


def test_a_text_deck_piped_to_a_reader_leaves_only_its_summary(foldcycle, pty_run):
    run = start(pty_run, foldcycle, "--color", "never", rows=20, stdin=b"one\ntwo\n", capture_stdout=True)
    run.write(b"l")
    run.pump(0.4)
    run.write(b"l")
    assert exit_code(run.wait()) == 0
    lines, cursor = lines_after_exit(run)
    assert lines == [PROMPT, "2 kept · 0 discarded · 0 clicked · 0 of 2 cards left"], lines
    assert cursor == 2
    assert [json.loads(line)["item"] for line in run.stdout_bytes().decode().splitlines()] == ["one", "two"]

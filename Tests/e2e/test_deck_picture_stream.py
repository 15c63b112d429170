"""A deck of many pictures shows its first card before the last picture is decoded (issue 30,
point 7; docs/decisions/0195-pictures-decoded-as-a-stream.md): pictures are decoded in order a
chunk at a time, from arguments as from standard input, the footer counting the cards `so far`
(standard input) or all of them (arguments);
the decisions and their order are those of a deck read whole."""
import json
import os

import pytest
from PIL import Image

from conftest import exit_code

COUNT = 48
CARD = ["--width", "20", "--height", "6", "--color", "never", "--background", "black", "--no-mouse"]


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    """COUNT noisy 1600 × 1200 JPEGs, each taking a while to decode."""
    directory = tmp_path_factory.mktemp("photos")
    noise = Image.effect_noise((1600, 1200), 80).convert("RGB")
    paths = []
    for index in range(COUNT):
        path = str(directory / ("photo%02d.jpg" % index))
        noise.rotate(index * 7).save(path, quality=92)
        paths.append(path)
    return paths


def status(run):
    return next((line.strip() for line in run.lines() if "kept" in line), "")


def first_status(run):
    assert run.pump_until(lambda: "card 1 of" in status(run), 30), run.text()
    return status(run)


def swipe_three_and_quit(run):
    for _ in range(3):
        run.write(b"l")
    assert run.pump_until(lambda: "kept 3" in status(run), 10), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    return [json.loads(line) for line in run.stdout_bytes().decode().splitlines()]


def test_arguments_first_card_shows_while_the_rest_decode(foldcycle, pty_run, photos):
    run = pty_run([foldcycle, "deck", *CARD, *photos], cols=60, rows=20, capture_stdout=True)
    first = first_status(run)
    # Time-free evidence: the first frame is there while pictures are still decoded. Arguments:
    # only pictures are pending, and the footer says so (not "reading input"); the count is
    # every picture named, not "so far" (docs/decisions/0250-streamed-counts-and-waits-in-the-footer.md).
    assert first == "card 1 of %d · kept 0 · discarded 0 · loading pictures" % COUNT, first
    # Every picture comes; arguments were all there at start, so no 'end of input' is said.
    assert run.pump_until(lambda: status(run) == "card 1 of %d · kept 0 · discarded 0" % COUNT, 120), run.text()
    decisions = swipe_three_and_quit(run)
    assert [(d["action"], d["index"], d["item"]) for d in decisions] == \
        [("right", index, photos[index]) for index in range(3)]


def test_standard_input_first_card_shows_while_the_rest_decode(foldcycle, pty_run, photos):
    # The whole list arrives in one read: the first chunk is a card before the rest is decoded.
    run = pty_run([foldcycle, "deck", *CARD], cols=60, rows=20, capture_stdout=True,
                  stdin_bytes=("\n".join(photos) + "\n").encode())
    first = first_status(run)
    assert " so far · " in first and int(first.split()[3]) < COUNT, first
    assert run.pump_until(
        lambda: status(run) == "card 1 of %d · kept 0 · discarded 0 · end of input" % COUNT, 120), run.text()
    decisions = swipe_three_and_quit(run)
    assert [(d["index"], d["item"]) for d in decisions] == [(index, photos[index]) for index in range(3)]


def test_a_text_deck_from_arguments_says_nothing_of_input(foldcycle, pty_run):
    # One chunk (no picture): read whole as before, no 'so far'.
    run = pty_run([foldcycle, "deck", *CARD, "one", "two", "three"], cols=60, rows=20, capture_stdout=True)
    assert first_status(run) == "card 1 of 3 · kept 0 · discarded 0"
    run.write(b"q")
    assert exit_code(run.wait()) == 0


def big_png(directory):
    """A 2400 × 1800 PNG (4.3 megapixels: slow enough to decode for a loading card first)."""
    path = str(directory / "big.png")
    gradient = Image.linear_gradient("L").resize((2400, 1800))
    Image.merge("RGB", (gradient, gradient.transpose(Image.Transpose.ROTATE_180), gradient)).save(
        path, compress_level=1)
    return path


def test_a_large_picture_shows_a_loading_card_at_once_then_itself(foldcycle, pty_run, photos, tmp_path):
    # docs/decisions/0232-a-large-picture-shows-a-loading-card.md: the deck's frame and footer
    # come before the decode, keys are read meanwhile, and the picture takes the card's place.
    big = big_png(tmp_path)
    run = pty_run([foldcycle, "deck", *CARD, "--width", "40", big, photos[0]], cols=60, rows=20,
                  capture_stdout=True)
    assert run.pump_until(lambda: "loading big.png…" in run.text(), 30), run.text()
    assert run.pump_until(lambda: "big.png · 2400×1800" in run.text(), 60), run.text()
    assert run.pump_until(lambda: status(run) == "card 1 of 2 · kept 0 · discarded 0", 10), run.text()
    run.write(b"l")
    assert run.pump_until(lambda: "kept 1" in status(run), 10), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    decisions = [json.loads(line) for line in run.stdout_bytes().decode().splitlines()]
    assert [(d["action"], d["item"]) for d in decisions] == [("right", big)]


def test_a_slideshow_shows_a_loading_card_and_quits_while_it_decodes(foldcycle, pty_run, tmp_path):
    big = big_png(tmp_path)
    run = pty_run([foldcycle, "--interval", "60", "--width", "40", "--height", "6", big], cols=60, rows=20)
    assert run.pump_until(lambda: "loading big.png…" in run.text(), 30), run.text()
    assert run.pump_until(lambda: "big.png · 2400×1800" in run.text(), 60), run.text()
    assert run.pump_until(lambda: "item 1/1 · " in run.text(), 10), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0

"""Issue 30 point 4 in real emulators: a settled picture card drawn as a sixel image in xterm
(as a VT340, 256 colour registers) and mlterm, with the kitty graphics protocol in kitty, and as an
iTerm2 inline image (a PNG) in mlterm told it is WezTerm (xtversion_proxy.py), under Xvfb,
compared pixel by pixel with the source picture, and nothing of it left after a swipe or once the
deck is empty (docs/decisions/0154-pictures-at-rest.md).

The deck runs inline in the window after a calibration pattern (the grid measured as in
test_real_emulators.py). The picture is found on screen by its square (a pure colour); its size
and place follow from it, and the source scaled to that size (Pillow, box filter) is compared with
the screenshot: the mean absolute difference per channel is at most MEAN_TOLERANCE (the palette is
cut to 256 colours, and a sixel colour is set in percent). Cells or pixels: half-block cells make
each half cell one colour, so the share of one-colour half cells on the ellipse's edge tells the
image (well under half) from cells (nearly all). The card is the deck's default, sized to the
terminal (78 × 19). About 25 s for the four (kitty's start is the longest)."""
import json
import os
import shlex
import shutil
import sys

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

import emulator_driver as drv

PROXY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "xtversion_proxy.py")
WIDTH, HEIGHT = 320, 200
SQUARE = (20, 20, 60, 60)  # inclusive corners: 41 x 41 pixels
MEAN_TOLERANCE = 6.0


def make_picture(path, square, ellipse, blue):
    picture = Image.new("RGB", (WIDTH, HEIGHT))
    pixels = picture.load()
    for y in range(HEIGHT):
        for x in range(WIDTH):
            pixels[x, y] = ((x * 255) // (WIDTH - 1), (y * 255) // (HEIGHT - 1), blue)
    draw = ImageDraw.Draw(picture)
    draw.ellipse((100, 50, 220, 150), fill=ellipse)
    draw.rectangle(SQUARE, fill=square)
    picture.save(path)
    return picture


def near(a, b, tolerance=12):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def square_box(shot, colour):
    """The bounding box of the pixels near `colour`, or None when fewer than a square's worth."""
    xs, ys = [], []
    data = shot.load()
    width, height = shot.size
    for y in range(0, height):
        for x in range(0, width):
            if near(data[x, y], colour):
                xs.append(x)
                ys.append(y)
    if len(xs) < 100:
        return None
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1


def fit(shot, source, box):
    """Where the source picture shows on screen, found from its square's box: the scale and place
    (the square's centre fixed; its edge pixels are blended with their neighbours, so the width
    is searched a few pixels either way) with the smallest mean absolute difference per channel
    between the source scaled there (box filter) and the screenshot. Returns (place, mean)."""
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    square_centre = ((SQUARE[0] + SQUARE[2] + 1) / 2, (SQUARE[1] + SQUARE[3] + 1) / 2)
    guess = round(WIDTH * (box[2] - box[0]) / (SQUARE[2] - SQUARE[0] + 1))
    best = None
    for width in range(guess - 10, guess + 3):
        height = round(width * HEIGHT / WIDTH)
        expected = source.resize((width, height), Image.BOX)
        scale = width / WIDTH
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                x0 = round(centre[0] - square_centre[0] * scale) + dx
                y0 = round(centre[1] - square_centre[1] * scale) + dy
                place = (x0, y0, x0 + width, y0 + height)
                difference = ImageChops.difference(expected, shot.crop(place))
                mean = sum(ImageStat.Stat(difference).mean) / 3
                if best is None or mean < best[1]:
                    best = (place, mean)
    return best


ELLIPSE = (100, 50, 220, 150)  # the ellipse's box in the source, inclusive corners


def edge_half_cells(terminal, shot, place):
    """The share of the half cells the ellipse's edge crosses (some corners inside, some outside)
    whose pixels are all one colour: nearly all in half-block cells, which give a half cell one
    colour, few in an image, which draws the edge through them. The edge, not every half cell:
    the palette's 256 colours cut a smooth gradient into tiles larger than a half cell, so a large
    sixel has as many one-colour half cells inside the gradient as cells do."""
    x0, y0, w, h = terminal.grid
    scale = (place[2] - place[0]) / WIDTH
    cx = place[0] + (ELLIPSE[0] + ELLIPSE[2] + 1) / 2 * scale
    cy = place[1] + (ELLIPSE[1] + ELLIPSE[3] + 1) / 2 * scale
    rx, ry = (ELLIPSE[2] - ELLIPSE[0] + 1) / 2 * scale, (ELLIPSE[3] - ELLIPSE[1] + 1) / 2 * scale

    def inside(x, y):
        return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1

    total = uniform = 0
    for row in range(drv.ROWS):
        for col in range(drv.COLS):
            left, top = x0 + col * w, y0 + row * h
            for half in (0, 1):
                box = (left, top + half * (h // 2), left + w, top + (half + 1) * (h // 2))
                corners = [inside(x, y) for x in (box[0] + 1, box[2] - 1) for y in (box[1] + 1, box[3] - 1)]
                if any(corners) and not all(corners):
                    total += 1
                    uniform += len(shot.crop(box).getcolors(w * h)) == 1
    return uniform / total if total else 1.0


def keep(path, shot, name):
    shot.save(path)
    folder = os.environ.get("FOLDCYCLE_EMULATOR_PICTURES")
    if folder:
        os.makedirs(folder, exist_ok=True)
        shot.save(os.path.join(folder, name))


@pytest.fixture(scope="module")
def display():
    drv.require_tools()
    for tool in ("kitty", "mlterm"):
        assert shutil.which(tool), f"missing {tool}: scripts/test installs it (Debian: {tool})"
    server = drv.XDisplay()
    yield server
    server.close()


# (case, emulator, XTVERSION's answer played by a pty between the emulator and the deck, or None).
CASES = [("xterm-vt340", "xterm-vt340", None), ("mlterm", "mlterm", None), ("kitty", "kitty", None),
         ("mlterm-iterm2", "mlterm", "WezTerm 20240203-110809-5046fc22")]


@pytest.mark.parametrize("case, emulator, told", CASES, ids=[case for case, _, _ in CASES])
def test_a_settled_picture_is_drawn_in_pixels_and_leaves_nothing_behind(display, foldcycle, tmp_path, case, emulator,
                                                                         told):
    first = make_picture(tmp_path / "first.png", square=(255, 0, 0), ellipse=(255, 255, 255), blue=128)
    second = make_picture(tmp_path / "second.png", square=(255, 128, 0), ellipse=(0, 0, 0), blue=40)
    go, decisions, errors = tmp_path / "go", tmp_path / "decisions.jsonl", tmp_path / "stderr.txt"
    # The card sized to the terminal (decision 0196): 78 × 19 in 80 × 24.
    deck = " ".join(shlex.quote(str(part)) for part in [foldcycle, "deck", tmp_path / "first.png",
                                                        tmp_path / "second.png"])
    run = f"{deck} > {shlex.quote(str(decisions))} 2> {shlex.quote(str(errors))}"
    if told:
        # mlterm shows iTerm2 inline images but does not answer XTVERSION: a pty between it and
        # the deck answers as WezTerm, so the deck sends them (else mlterm gets sixel).
        run = " ".join(shlex.quote(part) for part in [sys.executable, PROXY, told, "bash", "-c", run])
    # The calibration pattern, then (once it is measured) a clear screen and the deck.
    command = (r"printf '\033[?25l\033[0m\033[H\033[2J\033[48;2;255;0;255m \033[24;80H\033[48;2;0;255;255m \033[0m'; "
               + f"while [ ! -e {shlex.quote(str(go))} ]; do sleep 0.05; done; printf '\\033[0m\\033[H\\033[2J'; "
               + run)
    terminal = drv.Terminal(display, emulator, "black", str(tmp_path / "term"), command=command,
                            env={"COLORTERM": "truecolor"})
    try:
        window = terminal.window()
        terminal.calibrate()
        go.touch()

        def at_rest(source, square):
            def predicate(shot):
                box = square_box(shot, square)
                if box is None:
                    return ["no picture on screen"]
                place, mean = fit(shot, source, box)
                share = edge_half_cells(terminal, shot, place)
                predicate.found = (place, mean, share)
                problems = []
                if mean > MEAN_TOLERANCE:
                    problems.append(f"mean difference {mean:.2f} > {MEAN_TOLERANCE}")
                if share > 0.5:
                    problems.append(f"{share:.0%} of the half cells on the ellipse's edge are one colour: cells")
                return problems
            predicate.found = None
            return predicate

        check = at_rest(first, (255, 0, 0))
        shot, problems = terminal.wait_for_screen(check, timeout=20)
        keep(tmp_path / "rest.png", shot, f"{case}-picture-at-rest.png")
        assert problems == [], f"{problems} ({check.found}); {tmp_path / 'rest.png'}: {terminal.read_log()}"
        print(f"\nat rest: picture at {check.found[0]}, mean difference {check.found[1]:.2f}, "
              f"{check.found[2]:.0%} of the edge's half cells one colour")

        display.xdotool("windowfocus", "--sync", window)
        display.xdotool("key", "Right")
        check = at_rest(second, (255, 128, 0))
        shot, problems = terminal.wait_for_screen(check, timeout=20)
        keep(tmp_path / "swiped.png", shot, f"{case}-picture-after-swipe.png")
        assert problems == [], f"{problems} ({check.found}); {tmp_path / 'swiped.png'}; {errors.read_text()}"
        leftover = square_box(shot, (255, 0, 0))
        assert leftover is None, f"the first picture's square is still on screen at {leftover}"
        print(f"after the swipe: mean difference {check.found[1]:.2f}, no red left")

        # The last card kept: the deck is empty; nothing of the second picture stays.
        display.xdotool("key", "Right")
        shot, problems = terminal.wait_for_screen(
            lambda shot: [] if square_box(shot, (255, 128, 0)) is None else ["the second picture is still on screen"])
        keep(tmp_path / "empty.png", shot, f"{case}-picture-deck-empty.png")
        assert problems == [], f"{problems}: {tmp_path / 'empty.png'}"
        display.xdotool("key", "q")
        assert terminal.wait_for_status() == 0
        lines = [json.loads(line) for line in decisions.read_text().splitlines() if line.strip()]
        assert [(line["index"], line["action"]) for line in lines] == [(0, "right"), (1, "right")]
    finally:
        terminal.close()

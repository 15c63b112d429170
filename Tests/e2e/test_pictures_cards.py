"""Picture cards (issue 30, points 1, 3, 5, 6): an item naming a PNG file is drawn as half blocks
(▀, foreground the top pixel, background the bottom one) with its file name under it; a bad input
(a directory, a FIFO, other bytes under a .png name, a truncated PNG) is a card that says what is
wrong; the deck's JSON `item` is the path; `--pictures none` keeps paths as text."""
import json
import os
import re
import struct
import subprocess
import time
import zlib

import pyte
from PIL import Image

from conftest import exit_code, clean_environment

# 8 × 4 pixels: on an 8 × 3 card the picture area is 8 × 2 cells, 8 × 4 half-block pixels, one
# pixel each (fit: min(8/8, 2·2/4) = 1).
WIDTH, HEIGHT = 8, 4


def pixel(x, y):
    return (x * 30, y * 60, 200 - x * 20)


def make_png(path):
    image = Image.new("RGB", (WIDTH, HEIGHT))
    for x in range(WIDTH):
        for y in range(HEIGHT):
            image.putpixel((x, y), pixel(x, y))
    image.save(path)


def png_claiming(width, height):
    """A PNG signature and an IHDR (8-bit RGBA) declaring `width` × `height`, and no pixels."""
    body = b"IHDR" + struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + body + struct.pack(">I", zlib.crc32(body))


def make_jpeg(path):
    """A 64 × 32 JPEG: red above, blue below."""
    image = Image.new("RGB", (64, 32), (220, 20, 20))
    image.paste((20, 20, 220), (0, 16, 64, 32))
    image.save(path, quality=95, subsampling=0)


def render(foldcycle, *args, fmt="ansi"):
    env = clean_environment(COLORTERM="truecolor", TERM="xterm-256color")
    proc = subprocess.run([foldcycle, "render", "--format", fmt, "--color", "always", "--frames", "2",
                           "--width", "8", "--height", "3", *args], capture_output=True, env=env, timeout=30)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


def screen_of(stream):
    screen = pyte.Screen(20, 5)
    pyte.ByteStream(screen).feed(stream)
    return screen


def hex_colour(rgb):
    return "%02x%02x%02x" % rgb


def test_a_png_is_half_blocks_with_its_name_under_it(foldcycle, tmp_path):
    path = tmp_path / "a.png"
    make_png(path)
    # The last of two frames is the second item, settled.
    screen = screen_of(render(foldcycle, "x", str(path)))
    for row in range(2):
        for x in range(WIDTH):
            cell = screen.buffer[row][x]
            assert (cell.data, cell.fg, cell.bg) == ("▀", hex_colour(pixel(x, 2 * row)),
                                                     hex_colour(pixel(x, 2 * row + 1))), (row, x)
    assert screen.display[2][:8] == " a.png  "


def near(hex_text, rgb, tolerance=12):
    return all(abs(int(hex_text[2 * i:2 * i + 2], 16) - rgb[i]) <= tolerance for i in range(3))


def test_a_jpeg_fills_its_card_and_keeps_its_aspect(foldcycle, tmp_path):
    # 64 × 32 (2:1) in 16 × 4 cells (16 × 8 square half-block pixels, 2:1): the whole area, red
    # above blue, the caption under it.
    path = tmp_path / "photo.jpg"
    make_jpeg(path)
    env = clean_environment(COLORTERM="truecolor", TERM="xterm-256color")
    stream = subprocess.run([foldcycle, "render", "--format", "ansi", "--color", "always", "--frames", "2",
                             "--width", "16", "--height", "5", "x", str(path)], capture_output=True, env=env,
                            timeout=30).stdout
    screen = pyte.Screen(20, 6)
    pyte.ByteStream(screen).feed(stream)
    # Rows 0 and 3 are away from the edge between the colours (where the JPEG's blocks blur it).
    for row, colour in [(0, (220, 20, 20)), (3, (20, 20, 220))]:
        for x in range(16):
            cell = screen.buffer[row][x]
            assert near(cell.bg, colour), (row, x, cell)
            assert cell.data == " " or near(cell.fg, colour), (row, x, cell)
    assert screen.display[4][:16] == "   photo.jpg    "


def bad_inputs(tmp_path):
    (tmp_path / "folder.png").mkdir()
    os.mkfifo(tmp_path / "pipe.png")
    (tmp_path / "text.png").write_text("hello\n")
    good = tmp_path / "good.png"
    make_png(good)
    (tmp_path / "truncated.png").write_bytes(good.read_bytes()[:40])
    photo = tmp_path / "photo.jpg"
    make_jpeg(photo)
    (tmp_path / "truncated.jpg").write_bytes(photo.read_bytes()[:200])
    (tmp_path / "bomb.png").write_bytes(png_claiming(100_000, 100_000))
    return {
        "bomb.png": "PNG too large: 100000×100000 pixels",
        "truncated.jpg": "truncated JPEG",
        "folder.png": "is a directory",
        "pipe.png": "is a named pipe (FIFO), not a file",
        "text.png": "not a PNG or JPEG picture",
        "truncated.png": "truncated PNG",
        # Never made: a mistyped path (docs/decisions/0230-a-missing-picture-path-is-a-failure-card.md).
        "missing.png": "no such file or directory",
    }


def test_each_bad_input_is_a_card_that_says_why(foldcycle, tmp_path):
    for name, reason in bad_inputs(tmp_path).items():
        proc = subprocess.run([foldcycle, "render", "--format", "plain", "--frames", "2", "--width", "60",
                               "--height", "3", str(tmp_path / name), "x"], capture_output=True, timeout=30)
        assert proc.returncode == 0, proc.stderr.decode()
        lines = proc.stdout.decode().splitlines()
        assert reason in lines[1], (name, lines)
        assert lines[3].strip() == name, (name, lines)


def test_pictures_none_keeps_paths_as_text(foldcycle, tmp_path):
    path = tmp_path / "a.png"
    make_png(path)
    proc = subprocess.run([foldcycle, "render", "--format", "plain", "--frames", "2", "--pictures", "none",
                           "--width", "300", "--height", "3", str(path), "x"], capture_output=True, timeout=30)
    assert proc.stdout.decode().splitlines()[2].strip() == str(path)


def test_the_deck_shows_pictures_from_stdin_and_names_them_by_path(foldcycle, pty_run, tmp_path):
    bad_inputs(tmp_path)
    paths = [str(tmp_path / name) for name in ["photo.jpg", "folder.png"]]
    run = pty_run([foldcycle, "deck", "--protocol", "jsonl", "--no-mouse", "--background", "black",
                   "--color", "always", "--width", "20", "--height", "3"], cols=60, rows=16,
                  env=dict(COLORTERM="truecolor"), stdin_bytes=("\n".join(paths) + "\n").encode(),
                  capture_stdout=True)

    def shows_photo():
        # The photo's red half on the top card, its caption under it.
        cells = [cell for line in run.screen.buffer.values() for cell in line.values()]
        return "photo.jpg" in run.text() and any(near(cell.bg, (220, 20, 20)) for cell in cells)

    assert run.pump_until(shows_photo, 5), run.text()
    run.write(b"l")
    assert run.pump_until(lambda: "is a" in run.text(), 5), run.text()
    run.write(b"q")
    assert exit_code(run.wait()) == 0
    events = [json.loads(line) for line in run.stdout_bytes().decode().splitlines()]
    swiped = [event for event in events if event.get("event") == "swiped"]
    assert swiped[0]["item"] == paths[0]


def red_rows(run):
    """The rows of the screen with a cell of the red picture (a solid colour: its half blocks are
    drawn as cells of that background)."""
    return sorted(y for y, line in run.screen.buffer.items()
                  if any(near(cell.bg, (220, 20, 20)) for cell in line.values()))


def stack_at_rest(run):
    """Whether the screen shows a whole frame of the deck's stack at rest. Whole: every frame is
    one synchronized update, and the last one begun has ended (a read may stop in the middle of
    a frame: the rows after it still show the frame before). At rest: its cards stand on whole
    cells (the layout steps each card beneath in by whole columns and one row down), so no
    block element is drawn (the solid picture is drawn as backgrounds); a card entering or
    moving to its place has eighth blocks at its edges."""
    raw = bytes(run.raw)
    if raw.rfind(b"\x1b[?2026h") > raw.rfind(b"\x1b[?2026l"):
        return False
    return not any("\u2580" <= cell.data <= "\u259f" for line in run.screen.buffer.values() for cell in line.values())


def test_a_picture_deck_sizes_its_card_to_the_terminal_and_follows_a_resize(foldcycle, pty_run, tmp_path):
    # Two 64 × 48 pictures of one name in two folders: the captions tell them apart by folder
    # and give the file's size. With no --width/--height the card is the terminal but a column
    # each side, the footer (2 rows), a row above and below the stack and a row per card peeking
    # beneath (1): in 60 × 20, 58 × 15 cards, a picture area of 14 rows; fitted (4:3 in 58 × 28
    # half-block pixels), the picture is 14 rows high. Then 100 × 30: 24 rows; then 50 × 14: 8.
    # Screens are compared whole and at rest: the cards enter (0.25 s) from a random offset, and
    # a resize during the entry moves the entering card with its place; a frame of that motion,
    # or one read in part, is no screen of a deck at rest and differs from the one it comes to.
    for folder in ("dup1", "dup2"):
        (tmp_path / folder).mkdir()
        Image.new("RGB", (64, 48), (220, 20, 20)).save(tmp_path / folder / "IMG_0001.png")
    def start(cols, rows):
        return pty_run([foldcycle, "deck", "--fullscreen", "--no-mouse", "--background", "black", "--color",
                        "always", str(tmp_path / "dup1" / "IMG_0001.png"), str(tmp_path / "dup2" / "IMG_0001.png")],
                       cols=cols, rows=rows, env=dict(COLORTERM="truecolor"))

    def looks(run):
        return [[(cell.data, cell.bg) for cell in (run.screen.buffer[y][x] for x in range(run.screen.columns))]
                for y in range(run.screen.lines)]

    def stack_rows(run):
        """The top card's caption row and the row of the card peeking beneath (its caption)."""
        lines = run.lines()
        return [next((y for y, line in enumerate(lines) if f"{folder}/IMG_0001.png" in line), None)
                for folder in ("dup1", "dup2")]

    run = start(60, 20)
    assert run.pump_until(lambda: len(red_rows(run)) == 14 and stack_at_rest(run), 10), (red_rows(run), run.text())
    assert "dup1/IMG_0001.png · 64×48" in run.text(), run.text()
    caption_row = stack_rows(run)[0]
    assert caption_row == red_rows(run)[-1] + 1
    for (cols, rows), high in (((100, 30), 24), ((50, 14), 8), ((60, 20), 14)):
        run.resize(cols, rows)
        assert run.pump_until(lambda: len(red_rows(run)) == high and stack_at_rest(run), 10), \
            ((cols, rows), red_rows(run), run.text())
        # The stack (rows - 2 footer rows, the card and one row peeking, centred, extra space
        # below) at its rows: the top card's caption on its last row, the card beneath's under
        # it, the rows below blank up to the footer.
        card_rows = rows - 2 - 2 - 1
        top = (rows - 2 - (card_rows + 1)) // 2
        assert stack_rows(run) == [top + card_rows - 1, top + card_rows], ((cols, rows), run.text())
        assert all(not line.strip() for line in run.lines()[top + card_rows + 1:rows - 2]), run.text()
        # The stack beneath follows too: the screen is the one a deck started at that size shows.
        fresh = start(cols, rows)
        assert fresh.pump_until(lambda: stack_at_rest(fresh) and looks(fresh) == looks(run), 10), \
            (run.text(), fresh.text())
        fresh.write(b"q")
        assert exit_code(fresh.wait()) == 0
    run.write(b"q")
    assert exit_code(run.wait()) == 0


def test_a_slideshow_sizes_its_card_to_the_terminal_and_follows_a_resize(foldcycle, pty_run, tmp_path):
    # The live cycler's card is every column and every row but the footer's two: in 60 × 20 a
    # 60 × 18 card, its picture area 17 rows; the 4:3 picture fitted in 60 × 34 half-block pixels
    # is 17 rows high. Then 100 × 30: 27 rows; then 50 × 14: 11; then back.
    for name in ("a.png", "b.png"):
        Image.new("RGB", (64, 48), (220, 20, 20)).save(tmp_path / name)
    run = pty_run([foldcycle, "--fullscreen", "--interval", "60", "--background", "black", "--color", "always",
                   str(tmp_path / "a.png"), str(tmp_path / "b.png")],
                  cols=60, rows=20, env=dict(COLORTERM="truecolor"), stdin_pty=True)
    assert run.pump_until(lambda: len(red_rows(run)) == 17, 10), (red_rows(run), run.text())
    assert "a.png · 64×48" in run.text(), run.text()
    for (cols, rows), high in (((100, 30), 27), ((50, 14), 11), ((60, 20), 17)):
        run.resize(cols, rows)
        assert run.pump_until(lambda: len(red_rows(run)) == high, 10), ((cols, rows), red_rows(run), run.text())
    run.write(b"q")
    assert exit_code(run.wait()) == 0


def test_a_slideshow_shows_its_first_pictures_while_the_rest_decode(foldcycle, pty_run, tmp_path):
    # `foldcycle photos/*.png` decodes one chunk of pictures (one a core) before the first card,
    # the rest while it plays (docs/decisions/0195-pictures-decoded-as-a-stream.md): every footer
    # counts the whole list (record 0250); captions are told apart among the whole list
    # (d1/p03.png and d2/p03.png sit in different chunks).
    paths = []
    for folder in ("d1", "d2"):
        (tmp_path / folder).mkdir()
        for index in range(12):
            path = tmp_path / folder / f"p{index:02}.png"
            Image.new("RGB", (64, 48), (20 * index, 100, 200 if folder == "d1" else 50)).save(path)
            paths.append(str(path))
    run = pty_run([foldcycle, "--interval", "0.2", "--color", "always", *paths], cols=60, rows=20,
                  env=dict(COLORTERM="truecolor"))
    captions, counts, whole = set(), set(), False
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and not ("24" in counts and whole and len(captions) >= 12):
        run.pump(0.05)
        for line in run.lines():
            if "·" in line and "64×48" in line:
                captions.add(line.split("·")[0].strip())
            if "item " in line:
                counts.add(line.split("item ")[1].split("/")[1].split()[0])
                whole = whole or re.search(r"item \d+/24 · ", line) is not None
    # The list is named: its count is known while its pictures decode, never "so far"
    # (docs/decisions/0250-streamed-counts-and-waits-in-the-footer.md).
    first = re.search(r"item 1/(\d+)( so far)? · ", bytes(run.raw).decode("utf-8", "replace"))
    assert first.group(1, 2) == ("24", None), first.group(0)
    assert "24" in counts and whole, counts
    assert len(captions) >= 12 and all(re.fullmatch(r"d[12]/p\d\d\.png", caption) for caption in captions), captions
    run.write(b"q")
    assert exit_code(run.wait()) == 0

"""`render --format svg` in a real browser (issue 11): the SVG is valid, self-contained XML, and
headless Chromium (Debian's package, installed by scripts/test) shows, at chosen times, each
frame's cell colours at the cells' centres and the fold's edge at the pixel the frame's block
eighths say, for a vertical and a horizontal fold; the animation loops."""
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree

import pyte
import pytest
from PIL import Image

CELL_W, CELL_H = 12, 24  # An eighth of a cell is a whole number of pixels: 1.5 x 3.
FPS, DURATION, HOLD = 10, 2, 1
# Block elements in the items' text too: drawn as exact rectangles in the text's colour over the
# card's, so every frame has edges inside cells to find, whatever colours the fold's edges carry.
ITEMS = ["FoldCycle ▁▂▃▄▅▆▇", "Search ▏▎▍▌▋▊▉ email"]
END = b"\x1b[?2026l"
LOWER = "▁▂▃▄▅▆▇"
LEFT = "▏▎▍▌▋▊▉"
GAP = 8


def render(foldcycle, fmt, direction, *extra):
    env = dict(os.environ, COLORTERM="truecolor", TERM="xterm-256color")
    proc = subprocess.run(
        [foldcycle, "render", "--format", fmt, "--direction", direction, "--fps", str(FPS), "--duration",
         str(DURATION), "--width", "40", "--height", "5", "--color", "always", *extra, *ITEMS],
        capture_output=True, env=env, timeout=30)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


def frame_cells(foldcycle, direction):
    """Each frame's cells as a terminal shows them: (char, fg, bg) with colours as RGB tuples
    (default background black, default foreground white: the SVG's defaults)."""
    screen = pyte.Screen(40, 6)
    stream = pyte.ByteStream(screen)
    frames = []
    for chunk in render(foldcycle, "ansi", direction).split(END)[:-1]:
        stream.feed(chunk + END)
        frames.append([[cell_colors(screen.buffer[y][x]) for x in range(40)] for y in range(5)])
    return frames


def rgb(name, default):
    if name == "default":
        return default
    assert re.fullmatch(r"[0-9a-f]{6}", name), name
    return tuple(int(name[i:i + 2], 16) for i in (0, 2, 4))


def cell_colors(cell):
    fg, bg = rgb(cell.fg, (255, 255, 255)), rgb(cell.bg, (0, 0, 0))
    if cell.reverse:
        fg, bg = bg, fg
    return cell.data, fg, bg


def chromium():
    path = shutil.which("chromium")
    assert path, "scripts/test installs Debian's chromium package; it is missing"
    return path


def screenshots(svg, times, tmp_path):
    """The SVG as Chromium draws it at each of `times` (seconds): one page of images, each a
    copy of the SVG with its animation paused at that time, in one screenshot."""
    width = int(re.search(r'width="(\d+)"', svg).group(1))
    height = int(re.search(r'height="(\d+)"', svg).group(1))
    images = []
    for index, seconds in enumerate(times):
        paused = svg.replace(
            "</style>", "#s{animation-play-state:paused!important;animation-delay:-%.6fs!important}</style>" % seconds,
            1)
        (tmp_path / f"at{index}.svg").write_text(paused, encoding="utf-8")
        images.append(f'<img src="at{index}.svg" style="display:block;margin:0 0 {GAP}px 0">')
    page = tmp_path / "page.html"
    page.write_text('<!doctype html><html><body style="margin:0;background:#808080">' + "".join(images)
                    + "</body></html>", encoding="utf-8")
    shot = tmp_path / "shot.png"
    proc = subprocess.run(
        [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--force-device-scale-factor=1", f"--window-size={width},{(height + GAP) * len(times)}",
         f"--screenshot={shot}", page.as_uri()],
        capture_output=True, timeout=120)
    assert shot.exists(), proc.stderr.decode(errors="replace")
    picture = Image.open(shot).convert("RGB")
    return [picture.crop((0, i * (height + GAP), width, i * (height + GAP) + height)) for i in range(len(times))]


def near(pixel, color, tolerance=3):
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, color))


def closer(pixel, a, b):
    return sum((p - q) ** 2 for p, q in zip(pixel, a)) < sum((p - q) ** 2 for p, q in zip(pixel, b))


def check_frame(image, cells):
    """Background cells show their colour at their centres; a block element in two colours puts
    its edge at the pixel the frame says (where the filled part begins or ends), one in a single
    colour shows that colour. Returns how many block cells were checked, and how many of them
    had two colours."""
    blocks = two_colour = 0
    for y, row in enumerate(cells):
        for x, (char, fg, bg) in enumerate(row):
            left, top = x * CELL_W, y * CELL_H
            cx, cy = left + CELL_W // 2, top + CELL_H // 2
            if char in LOWER + LEFT:
                blocks += 1
            if char == " " or (char in LOWER + LEFT and fg == bg):
                assert near(image.getpixel((cx, cy)), bg), (x, y, char, image.getpixel((cx, cy)), bg)
            elif char in LOWER:
                filled = LOWER.index(char) + 1
                edge = top + (8 - filled) * CELL_H // 8
                column = [image.getpixel((cx, top + dy)) for dy in range(CELL_H)]
                first = next(dy for dy, pixel in enumerate(column) if closer(pixel, fg, bg))
                assert top + first == edge, (x, y, char, top + first, edge)
                assert near(column[0], bg) and near(column[-1], fg), (x, y, column[0], column[-1])
                two_colour += 1
            elif char in LEFT:
                filled = LEFT.index(char) + 1
                edge = left + filled * CELL_W / 8
                line = [image.getpixel((left + dx, cy)) for dx in range(CELL_W)]
                last = max(dx for dx, pixel in enumerate(line) if closer(pixel, fg, bg))
                # The filled part ends at the edge (a half pixel is anti-aliased either way).
                assert abs(left + last + 1 - edge) <= 0.5, (x, y, char, left + last + 1, edge)
                assert near(line[0], fg) and near(line[-1], bg), (x, y, line[0], line[-1])
                two_colour += 1
    return blocks, two_colour


def fold_edge(cells, direction):
    """The row (up) or column (left) of the fold's edge cells: the one full of block eighths."""
    if direction == "up":
        return [y for y, row in enumerate(cells) if all(char in LOWER for char, _, _ in row)]
    return [x for x in range(len(cells[0])) if all(row[x][0] in LEFT for row in cells)]


@pytest.mark.parametrize("direction", ["up", "left"])
def test_browser_shows_the_frames_cells_and_edges(foldcycle, tmp_path, direction):
    svg = render(foldcycle, "svg", direction, "--hold", str(HOLD), "--cell-size", f"{CELL_W}x{CELL_H}").decode()
    frames = frame_cells(foldcycle, direction)
    assert len(frames) == FPS * DURATION + 1
    # Mid-frame times (no keyframe boundary), the held last frame, and a time in the second loop.
    chosen = [4, 7, 9, 13, 16]
    times = [(k + 0.5) / FPS for k in chosen] + [DURATION + HOLD / 2, DURATION + HOLD + (chosen[0] + 0.5) / FPS]
    expected = [frames[k] for k in chosen] + [frames[-1], frames[chosen[0]]]
    images = screenshots(svg, times, tmp_path)
    counts = [check_frame(image, cells) for image, cells in zip(images, expected)]
    # Every frame has the items' own block elements (two colours: ink over card) to find.
    assert all(two_colour >= 7 for _, two_colour in counts[:1] + counts[5:]), counts
    # Mid-transition, the fold's edge crosses the card where the frame says, one row or column
    # of block eighths, checked cell by cell above.
    for k in chosen[1:4]:
        assert len(fold_edge(frames[k], direction)) == 1, (k, direction)


def test_svg_is_valid_self_contained_xml(foldcycle):
    svg = render(foldcycle, "svg", "down", "--background", "#102030", "--font-family", "'Courier New', monospace").decode()
    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("400", "100", "0 0 400 100")
    tags = {element.tag.split("}")[1] for element in root.iter()}
    assert tags == {"svg", "style", "rect", "g", "path", "text"}
    for forbidden in ("<script", "href", "url(", "@import", "@font-face", "<image", "<foreignObject"):
        assert forbidden not in svg
    style = root.find("{http://www.w3.org/2000/svg}style").text
    assert "font-family:'Courier New', monospace;" in style
    assert "step-end infinite" in style and "@keyframes p{0%{transform:translateX(0)}" in style
    page = root.find("{http://www.w3.org/2000/svg}rect")
    assert re.search(r"\.%s\{fill:#102030\}" % page.get("class"), style)


def _render_limited(foldcycle, *arguments):
    """`render` under `ulimit -v 2000000` (2 GB of address space), as the issue ran it."""
    return subprocess.run(["sh", "-c", 'ulimit -v 2000000 && exec "$@"', "sh", foldcycle, "render", *arguments],
                          capture_output=True, timeout=120)


def test_svg_memory_is_bounded_a_clear_exit_or_a_complete_file(foldcycle):
    """Issue 24: every value within its range, the SVG writer kept every frame and aborted at
    7.9 GiB with nothing written. Now: refused before any work, or built from distinct frames."""
    done = _render_limited(foldcycle, "--format", "svg", "--fps", "240", "--duration", "3600", "--width", "200",
                           "--height", "50", "A", "B")
    assert done.returncode == 64
    assert done.stdout == b""
    assert done.stderr.decode().splitlines()[0] == (
        "Error: --format svg: 864001 frames of 200x50 cells are more than an SVG holds (20000000 cells in all: "
        "2000 frames of this size); lower --fps or --duration (or the card's size), or use --format asciicast")
    script = ",".join(["right", "undo"] * 499)
    deck = _render_limited(foldcycle, "--format", "svg", "--deck", script, "--fps", "60", "a", "b", "c", "d")
    assert deck.returncode == 64
    assert deck.stdout == b""
    assert "lower --fps or shorten the --deck script, or use --format asciicast" in deck.stderr.decode()
    # Within the bound: a complete document.
    done = _render_limited(foldcycle, "--format", "svg", "--fps", "240", "--duration", "2", "--width", "200",
                           "--height", "50", "A", "B")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"<svg ") and done.stdout.endswith(b"</svg>\n")
    ElementTree.fromstring(done.stdout)

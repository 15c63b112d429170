"""A sixel terminal's limit (XTSMGRAPHICS, record 0221) is asked again after a resize: xterm's
is its window, so the limit asked at launch would keep a grown card's settled picture at the old
window's size, with half blocks around it (a new user's trial). The test is the terminal: it
answers the launch's questions as a VT340-like xterm with 10 × 20-pixel cells. A cell's size is
asked again too (`CSI 16 t`, record 0248): a font change keeps the window's cells and changes
their pixels."""
import re

from PIL import Image

SIXEL_GEOMETRY_QUERY = b"\x1b[?2;1;0S"
DA1_QUERY = b"\x1b[c"
# A sixel image's raster attributes: `"Pan;Pad;Ph;Pv` (its width and height in pixels).
RASTER = re.compile(rb'\x1bP[0-9;]*q"1;1;(\d+);(\d+)')


def gradient(path):
    image = Image.new("RGB", (160, 120))
    image.putdata([(x * 255 // 159, y * 255 // 119, 128) for y in range(120) for x in range(160)])
    image.save(path)


def sixel_widths(raw):
    return [int(width) for width, _ in RASTER.findall(bytes(raw))]


def test_a_grown_window_asks_the_sixel_limit_again(foldcycle, pty_run, tmp_path):
    gradient(tmp_path / "a.png")
    run = pty_run([foldcycle, "deck", str(tmp_path / "a.png")], cols=40, rows=12,
                  env={"TERM": "xterm-256color"})
    assert run.pump_until(lambda: DA1_QUERY in run.raw, 5), bytes(run.raw)
    assert SIXEL_GEOMETRY_QUERY in run.raw
    # A cell of 10 × 20 pixels, a limit of the 40 × 12 window, sixel in DA1.
    run.write(b"\x1b[6;20;10t\x1b[?2;0;400;240S\x1b[?62;4c")
    assert run.pump_until(lambda: sixel_widths(run.raw), 10), bytes(run.raw)[-300:]
    assert max(sixel_widths(run.raw)) <= 400
    asked = run.raw.count(SIXEL_GEOMETRY_QUERY)
    mark = len(run.raw)
    run.resize(80, 24)
    # Asked again after the resize; the grown window's limit answered.
    assert run.pump_until(lambda: run.raw.count(SIXEL_GEOMETRY_QUERY) > asked, 5), bytes(run.raw[mark:])
    run.write(b"\x1b[?2;0;800;480S")
    assert run.pump_until(lambda: any(width > 400 for width in sixel_widths(run.raw[mark:])), 10), \
        sixel_widths(run.raw[mark:])
    run.write(b"q")
    assert run.wait(timeout=10) == 0


CELL_SIZE_QUERY = b"\x1b[16t"


def test_a_font_change_asks_the_cell_size_again(foldcycle, pty_run, tmp_path):
    # xterm's font menu keeps the window's cells and changes their pixels (SIGWINCH with the
    # same rows and columns): the cell size answered at launch is stale, and the settled picture
    # must be drawn for the new one, over the same cells (record 0248).
    gradient(tmp_path / "a.png")
    run = pty_run([foldcycle, "deck", str(tmp_path / "a.png")], cols=40, rows=12,
                  env={"TERM": "xterm-256color"})
    assert run.pump_until(lambda: DA1_QUERY in run.raw, 5), bytes(run.raw)
    run.write(b"\x1b[6;20;10t\x1b[?2;0;400;240S\x1b[?62;4c")
    assert run.pump_until(lambda: sixel_widths(run.raw), 10), bytes(run.raw)[-300:]
    (width, height), = set(RASTER.findall(bytes(run.raw)))
    columns, rows = int(width) // 10, int(height) // 20
    assert (columns * 10, rows * 20) == (int(width), int(height))
    asked = run.raw.count(CELL_SIZE_QUERY)
    mark = len(run.raw)
    run.resize(40, 12)
    assert run.pump_until(lambda: run.raw.count(CELL_SIZE_QUERY) > asked, 5), bytes(run.raw[mark:])
    # A font of 12 × 24-pixel cells; the window's limit grew with it.
    run.write(b"\x1b[6;24;12t\x1b[?2;0;480;288S")
    expected = (str(columns * 12).encode(), str(rows * 24).encode())
    assert run.pump_until(lambda: expected in RASTER.findall(bytes(run.raw[mark:])), 10), \
        RASTER.findall(bytes(run.raw[mark:]))
    run.write(b"q")
    assert run.wait(timeout=10) == 0

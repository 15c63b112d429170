"""`render --format svg` embeds a settled card's picture as a PNG image (issue 30 point 5,
docs/decisions/0236-svg-embeds-resting-pictures.md), written by FoldCycle's own PNG encoder
(0235): Pillow reads each embedded PNG exactly as FoldCycle's decoder does (`foldcycle-fuzz
--decode`), the image covers the picture's area at the SVG's cell size and holds the source
picture exactly as reduced to it (PNG: area-averaged; JPEG: DCT-scaled), the output is the same on every run, and `--pictures cells`
keeps the half-block cells."""
import base64
import os
import random
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest
from PIL import Image

from conftest import ROOT, clean_environment

FUZZ = os.path.join(ROOT, ".build", "debug", "foldcycle-fuzz")
SVG = "{http://www.w3.org/2000/svg}"
# A card of 20 x 8 cells: its picture area is 20 x 7 (the caption takes a row), 200 x 140
# pixels at the SVG's default cell of 10 x 20; a source of 400 x 280 fills it exactly.
CARD = ["--width", "20", "--height", "8"]
AREA = (200, 140)


def photo(path, seed, fmt):
    rng = random.Random(seed)
    image = Image.new("RGB", (400, 280))
    image.putdata([(x * 255 // 399, y * 255 // 279, (x // 40 + y // 40) % 2 * 160 + rng.randrange(40))
                   for y in range(280) for x in range(400)])
    image.save(path, fmt, **({"quality": 95} if fmt == "JPEG" else {}))
    return image


def render(foldcycle, *args):
    proc = subprocess.run([foldcycle, "render", "--format", "svg", "--fps", "10", "--duration", "0.5",
                           "--hold", "0.5", *CARD, *args], capture_output=True, env=clean_environment(), timeout=60)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    folder = tmp_path_factory.mktemp("svg-pictures")
    sources = {}
    for name, seed, fmt in [("one.png", 1, "PNG"), ("two.jpg", 2, "JPEG")]:
        path = str(folder / name)
        photo(path, seed, fmt)
        with Image.open(path) as image:
            if fmt == "JPEG":
                image.draft("RGB", AREA)
                sources[path] = image.convert("RGB")
            else:
                sources[path] = image.convert("RGB").reduce(2)
        assert sources[path].size == AREA
    return folder, sources


def images(svg):
    root = ElementTree.fromstring(svg)
    return [element.attrib for element in root.iter(SVG + "image")]


def test_each_resting_picture_is_one_png_that_pillow_and_our_decoder_read_alike(foldcycle, pictures):
    assert os.access(FUZZ, os.X_OK), f"build foldcycle-fuzz first: {FUZZ} is missing"
    folder, sources = pictures
    svg = render(foldcycle, *sources)
    found = images(svg)
    # The first item at rest (frame 0) and the second where it lands (the last frame).
    assert len(found) == 2
    for attributes, source in zip(found, sources.values()):
        assert (attributes["x"], attributes["y"], attributes["width"], attributes["height"]) == ("0", "0", "200", "140")
        assert attributes["preserveAspectRatio"] == "none"
        prefix = "data:image/png;base64,"
        assert attributes["href"].startswith(prefix)
        png = base64.b64decode(attributes["href"][len(prefix):], validate=True)
        path = folder / "embedded.png"
        path.write_bytes(png)
        with Image.open(path) as image:
            assert image.format == "PNG" and image.mode == "RGB" and image.size == AREA
            pillow = image.convert("RGBA").tobytes()
        proc = subprocess.run([FUZZ, "--decode", str(path)], capture_output=True, timeout=60)
        assert proc.returncode == 0, proc.stderr.decode()
        header, _, ours = proc.stdout.partition(b"\n")
        assert header.split() == [b"200", b"140"]
        assert ours == pillow
        # The source at the area's size, exactly: the PNG halved by Pillow's box reduction (the
        # area average), the JPEG decoded at half scale as Pillow's draft() does (the decoder's
        # DCT scaling matches it exactly: test_jpeg_decoder.py).
        assert Image.open(path).convert("RGB").tobytes() == source.tobytes()


def test_the_svg_is_the_same_on_every_run_and_cells_without_images(foldcycle, pictures):
    _, sources = pictures
    first = render(foldcycle, *sources)
    assert render(foldcycle, *sources) == first
    cells = render(foldcycle, "--pictures", "cells", *sources)
    assert images(cells) == []
    assert b"<image" not in cells

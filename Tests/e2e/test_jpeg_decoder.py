"""The JPEG decoder against Pillow (issue 30): a corpus made here with Pillow (baseline and
progressive; 4:4:4, 4:2:2, 4:2:0 and grayscale; restart markers; qualities 50, 90 and 100; odd
sizes; Exif orientations 1-8), decoded by `foldcycle-fuzz --decode FILE [W H]` and compared with
Pillow's own decode (libjpeg-turbo: islow IDCT, fancy upsampling), per channel.

The decoder uses libjpeg's integer arithmetic (docs/decisions/0152-jpeg-decoder.md), so the stated
tolerance is exact: 0 levels at full size and at every DCT scale (compared with Pillow's draft(),
libjpeg's own scaling). Each test prints its file count, worst deviation and mean."""
import os
import subprocess

import pytest
from PIL import Image, ImageDraw, ImageOps

from conftest import ROOT

DECODER = os.path.join(ROOT, ".build", "debug", "foldcycle-fuzz")
# The largest per-channel difference allowed from Pillow, full size and scaled.
TOLERANCE = 0

SAMPLINGS = {"444": 0, "422": 1, "420": 2}
SIZES = [(1, 1), (17, 13), (33, 65), (64, 48), (100, 75)]


@pytest.fixture(scope="module")
def decoder():
    assert os.access(DECODER, os.X_OK), f"build foldcycle-fuzz first: {DECODER} is missing"
    return DECODER


def photo(width, height):
    """A photo-like picture: gradients, noise, a disc and a diagonal (edges for the IDCT)."""
    noise = Image.effect_noise((width, height), 40).convert("L")
    red = Image.blend(Image.linear_gradient("L").resize((width, height)), noise, 0.4)
    green = Image.blend(Image.linear_gradient("L").rotate(90).resize((width, height)), noise, 0.3)
    blue = Image.radial_gradient("L").resize((width, height))
    image = Image.merge("RGB", (red, green, blue))
    draw = ImageDraw.Draw(image)
    draw.ellipse((width // 4, height // 4, 3 * width // 4, 3 * height // 4), fill=(200, 30, 60))
    draw.line((0, 0, width, height), fill=(10, 220, 40), width=max(1, width // 20))
    return image


def decode(decoder, path, fit=None):
    arguments = [decoder, "--decode", str(path)] + ([str(fit[0]), str(fit[1])] if fit else [])
    result = subprocess.run(arguments, capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr.decode()
    head, _, pixels = result.stdout.partition(b"\n")
    width, height = map(int, head.split())
    assert len(pixels) == width * height * 4
    return width, height, pixels


def deviation(decoded, reference):
    """(worst, sum, samples) of |ours − Pillow's| over R, G, B; every alpha must be 255."""
    width, height, pixels = decoded
    assert (width, height) == reference.size
    expected = reference.convert("RGB").tobytes()
    assert pixels[3::4] == b"\xff" * (width * height)
    differences = [abs(a - b) for a, b in zip(bytes(p for i, p in enumerate(pixels) if i % 4 != 3), expected)]
    return max(differences), sum(differences), len(differences)


class Tally:
    def __init__(self):
        self.files = 0
        self.worst = 0
        self.total = 0
        self.samples = 0

    def add(self, result):
        worst, total, samples = result
        self.files += 1
        self.worst = max(self.worst, worst)
        self.total += total
        self.samples += samples

    def report(self, what):
        print(f"{what}: {self.files} files, worst deviation {self.worst}, mean {self.total / self.samples:.4f}")
        assert self.worst <= TOLERANCE


def corpus(tmp_path):
    """(name, path, saved-with) for every kind of file the issue names."""
    files = []
    for width, height in SIZES:
        image = photo(width, height)
        for progressive in (False, True):
            for sampling, code in SAMPLINGS.items():
                for quality in (50, 90, 100):
                    name = f"{'prog' if progressive else 'base'}-{sampling}-q{quality}-{width}x{height}.jpg"
                    image.save(tmp_path / name, quality=quality, subsampling=code, progressive=progressive)
                    files.append(tmp_path / name)
            name = f"{'prog' if progressive else 'base'}-gray-{width}x{height}.jpg"
            image.convert("L").save(tmp_path / name, quality=90, progressive=progressive)
            files.append(tmp_path / name)
            for option, value in (("restart_marker_blocks", 3), ("restart_marker_rows", 1)):
                name = f"{'prog' if progressive else 'base'}-{option}-{width}x{height}.jpg"
                image.save(tmp_path / name, quality=90, subsampling=1, progressive=progressive, **{option: value})
                files.append(tmp_path / name)
    return files


def test_full_size_decodes_match_pillow(decoder, tmp_path):
    tally = Tally()
    for path in corpus(tmp_path):
        tally.add(deviation(decode(decoder, path), Image.open(path)))
    assert tally.files == 2 * len(SIZES) * (3 * 3 + 1 + 2)
    tally.report("full size")


def test_scaled_decodes_match_pillows_draft(decoder, tmp_path):
    tally = Tally()
    for path in corpus(tmp_path):
        image = Image.open(path)
        for scale in (2, 4, 8):
            request = (max(1, image.width // scale), max(1, image.height // scale))
            reference = Image.open(path)
            reference.draft(reference.mode, request)
            # Fitted to Pillow's scaled size, the decoder picks the same DCT scale.
            tally.add(deviation(decode(decoder, path, reference.size), reference))
    tally.report("scaled (draft)")


@pytest.mark.parametrize("progressive", [False, True])
def test_exif_orientations_match_exif_transpose(decoder, tmp_path, progressive):
    tally = Tally()
    image = photo(40, 24)
    for orientation in range(1, 9):
        exif = Image.Exif()
        exif[0x0112] = orientation
        path = tmp_path / f"orientation-{orientation}.jpg"
        image.save(path, quality=90, exif=exif, progressive=progressive)
        tally.add(deviation(decode(decoder, path), ImageOps.exif_transpose(Image.open(path))))
        # Fitted: the fit is the shown picture's, so a quarter turn swaps its axes for the DCT scale.
        reference = Image.open(path)
        reference.draft("RGB", (5, 3))
        reference = ImageOps.exif_transpose(reference)
        tally.add(deviation(decode(decoder, path, reference.size), reference))
    assert tally.files == 16
    tally.report(f"orientation ({'progressive' if progressive else 'baseline'})")

"""The PNG decoder against Pillow (issue 30): a corpus generated here — files Pillow writes in
every mode it writes, and files this test's own minimal encoder writes for every PNG colour type
and bit depth, interlaced and not, with tRNS for palette, grey and RGB and every filter type — is
decoded by `foldcycle-fuzz --decode` and compared pixel-exactly with Pillow's decode converted to
RGBA.

tRNS below 8 bits: Pillow compares the key with the grey sample after scaling it to 0-255 (an
L picture), so its key never matches a 2-bit sample of 1; the spec (and libpng) compare the
unscaled sample, as the decoder does: for those files the alpha reference is the samples'.

16-bit samples: the decoder keeps the high byte (docs/decisions/0151-png-16-bit-and-bombs.md).
Pillow does the same for RGB, RGBA and LA (its `;16B` unpackers), so those compare with
`convert("RGBA")` directly; grey 16 opens as `I;16`, whose conversion to 8 bits clips instead,
so its reference is the `I;16` value shifted right by 8. A 16-bit tRNS key is compared at 16
bits (the spec's rule); Pillow's 8-bit RGB picture cannot, so for those files the alpha
reference is the encoder's own samples (and the colour is still Pillow's).
"""
import os
import random
import struct
import subprocess
import zlib

import pytest
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FUZZ = os.path.join(ROOT, ".build", "debug", "foldcycle-fuzz")

# PNG's colour types and the bit depths each allows (ISO/IEC 15948 table 11.1).
DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
SIZES = [(1, 1), (3, 2), (7, 5), (13, 9), (33, 17)]


@pytest.fixture(scope="module")
def fuzz():
    assert os.access(FUZZ, os.X_OK), f"build foldcycle-fuzz first: {FUZZ} is missing"
    return FUZZ


def decode(fuzz, path, fit=()):
    """(width, height, RGBA bytes) from the decoder (fitted to `fit`, a (width, height), when
    given), or raises with its error line."""
    proc = subprocess.run([fuzz, "--decode", path, *map(str, fit)], capture_output=True, timeout=60)
    assert proc.returncode == 0, f"{path}: {proc.stderr.decode()}"
    header, _, pixels = proc.stdout.partition(b"\n")
    width, height = map(int, header.split())
    return width, height, pixels


# ---- a minimal PNG encoder ----------------------------------------------------------------------


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def pack_row(samples, depth):
    """One row's samples (flat, channel-interleaved) as bytes at `depth` bits."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, bits = bytearray(), 0, 0
    for sample in samples:
        acc = acc << depth | sample
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filter_row(kind, row, previous, bpp):
    out = bytearray([kind])
    for i, x in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = previous[i] if previous else 0
        c = previous[i - bpp] if previous and i >= bpp else 0
        predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
        out.append((x - predictor) & 0xFF)
    return bytes(out)


def encode(width, height, colour, depth, pixels, interlace, extra=b"", rng=None):
    """A PNG file of `pixels` (rows of per-pixel sample tuples), each row filtered with a filter
    type drawn from `rng` (all five appear across the corpus)."""
    bpp = max(1, CHANNELS[colour] * depth // 8)
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    raw = bytearray()
    for x0, y0, dx, dy in passes:
        previous = None
        for y in range(y0, height, dy):
            samples = [s for x in range(x0, width, dx) for s in pixels[y][x]]
            if not samples:
                continue
            row = pack_row(samples, depth)
            raw += filter_row(rng.randrange(5), row, previous, bpp)
            previous = row
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


def expected_alpha(colour, depth, pixels, key):
    """The spec's alpha for grey/RGB with a tRNS key: 0 where every sample equals the key."""
    return [0 if key is not None and tuple(p) == key else 255 for row in pixels for p in row]


def hand_made_cases(rng):
    """(name, file bytes, samples, colour, depth, key) for every colour type, depth, interlace."""
    for colour, depths in DEPTHS.items():
        for depth in depths:
            for interlace in (0, 1):
                for width, height in SIZES:
                    top = (1 << depth) - 1
                    extra, key = b"", None
                    if colour == 3:
                        entries = min(1 << depth, 1 + rng.randrange(1 << depth))
                        palette = bytes(rng.randrange(256) for _ in range(3 * entries))
                        extra = chunk(b"PLTE", palette)
                        if rng.random() < 0.7:
                            extra += chunk(b"tRNS", bytes(rng.randrange(256) for _ in range(rng.randrange(1, entries + 1))))
                        top = entries - 1
                    pixels = [[tuple(rng.randint(0, top) for _ in range(CHANNELS[colour])) for _ in range(width)] for _ in range(height)]
                    if colour in (0, 2) and width * height > 1:
                        # Key on a colour that some pixels have.
                        key = pixels[rng.randrange(height)][rng.randrange(width)]
                        extra = chunk(b"tRNS", b"".join(struct.pack(">H", s) for s in key))
                        for _ in range(width * height // 3):
                            pixels[rng.randrange(height)][rng.randrange(width)] = key
                    name = f"hand-c{colour}-d{depth}-i{interlace}-{width}x{height}"
                    yield name, encode(width, height, colour, depth, pixels, interlace, extra, rng), pixels, colour, depth, key


# ---- Pillow's references ------------------------------------------------------------------------


def pillow_rgba(path):
    """Pillow's decode as RGBA bytes, with the 16-bit grey rule (I;16 value >> 8)."""
    with Image.open(path) as image:
        image.load()
        if image.mode == "I;16":
            data = image.tobytes()
            values = struct.unpack(f"<{len(data) // 2}H", data)
            key = image.info.get("transparency")
            out = bytearray()
            for value in values:
                grey = value >> 8
                out += bytes((grey, grey, grey, 0 if key is not None and value == key else 255))
            return bytes(out)
        return image.convert("RGBA").tobytes()


def photo_like(mode, width, height, rng):
    """A gradient with noise in `mode`."""
    image = Image.new("RGB", (width, height))
    image.putdata([
        ((x * 255 // max(1, width - 1) + rng.randrange(-20, 21)) % 256, (y * 255 // max(1, height - 1)) % 256, rng.randrange(256))
        for y in range(height) for x in range(width)
    ])
    return image


def pillow_cases(tmp, rng):
    """Files Pillow writes: every mode it saves as PNG."""
    for width, height in [(1, 1), (5, 3), (31, 17), (64, 40)]:
        base = photo_like("RGB", width, height, rng)
        alpha = Image.linear_gradient("L").resize((width, height))
        rgba = base.copy()
        rgba.putalpha(alpha)
        made = {
            "rgb": (base, {}),
            "rgba": (rgba, {}),
            "l": (base.convert("L"), {}),
            "l-trns": (base.convert("L"), {"transparency": base.convert("L").getpixel((0, 0))}),
            "la": (rgba.convert("LA"), {}),
            "1": (base.convert("1"), {}),
            "p": (base.quantize(200), {}),
            "p-trns": (base.quantize(200), {"transparency": 3}),
            "rgb-trns": (base, {"transparency": base.getpixel((0, 0))}),
            "i16": (Image.frombytes("I;16", (width, height), bytes(rng.randrange(256) for _ in range(2 * width * height))), {}),
        }
        for colours in (2, 4, 16):
            bits = {2: 1, 4: 2, 16: 4}[colours]
            made[f"p{bits}"] = (base.quantize(colours), {"bits": bits})
            made[f"p{bits}-trns"] = (base.quantize(colours), {"bits": bits, "transparency": bytes([0, 128])})
        for name, (image, options) in made.items():
            path = os.path.join(tmp, f"pillow-{name}-{width}x{height}.png")
            image.save(path, **options)
            yield path


# ---- tests --------------------------------------------------------------------------------------


def test_pillow_written_files_match_pillow(fuzz, tmp_path, record_property):
    rng = random.Random(30)
    compared = 0
    for path in pillow_cases(str(tmp_path), rng):
        with Image.open(path) as image:
            size = image.size
        width, height, pixels = decode(fuzz, path)
        assert (width, height) == size, path
        assert pixels == pillow_rgba(path), path
        compared += 1
    print(f"Pillow-written PNG files compared pixel-exactly: {compared}")
    record_property("pillow_written_compared", compared)
    assert compared == 4 * 16


def test_every_colour_type_depth_and_interlace_matches_pillow(fuzz, tmp_path, record_property):
    rng = random.Random(15948)
    compared = 0
    for name, data, pixels, colour, depth, key in hand_made_cases(rng):
        path = str(tmp_path / f"{name}.png")
        with open(path, "wb") as out:
            out.write(data)
        width, height, got = decode(fuzz, path)
        assert (width, height) == (len(pixels[0]), len(pixels)), name
        reference = bytearray(pillow_rgba(path))
        if key is not None and (depth == 16 and colour == 2 or depth < 8):
            # Pillow's 8-bit RGB picture has lost the low bytes the key compares, and its L
            # picture from 1-4 bit grey compares the scaled sample with the unscaled key (so
            # never matches): the spec's alpha.
            reference[3::4] = bytes(expected_alpha(colour, depth, pixels, key))
        assert got == bytes(reference), name
        compared += 1
    print(f"hand-encoded PNG files (every colour type, depth, interlace, filter) compared pixel-exactly: {compared}")
    record_property("hand_encoded_compared", compared)
    assert compared == sum(len(d) for d in DEPTHS.values()) * 2 * len(SIZES)


def box_downsample(rgba, width, height, factor):
    """The decoder's documented downsampling: the mean of each factor × factor box (partial at the
    edges), colour weighted by alpha, rounded to nearest."""
    out_width, out_height = -(-width // factor), -(-height // factor)
    out = bytearray()
    for by in range(out_height):
        for bx in range(out_width):
            sums, count = [0, 0, 0, 0], 0
            for y in range(by * factor, min(height, (by + 1) * factor)):
                for x in range(bx * factor, min(width, (bx + 1) * factor)):
                    r, g, b, a = rgba[(y * width + x) * 4:(y * width + x) * 4 + 4]
                    sums = [sums[0] + r * a, sums[1] + g * a, sums[2] + b * a, sums[3] + a]
                    count += 1
            total = sums[3]
            out += bytes([(c + total // 2) // total if total else 0 for c in sums[:3]] + [(total + count // 2) // count])
    return out_width, out_height, bytes(out)


def test_fitted_decoding_is_the_box_mean_of_pillows_pixels(fuzz, tmp_path, record_property):
    rng = random.Random(2)
    compared = 0
    for name, data, pixels, colour, depth, key in hand_made_cases(rng):
        if not name.endswith("33x17") or key is not None and (depth < 8 or depth == 16 and colour == 2):
            continue
        path = str(tmp_path / f"{name}.png")
        with open(path, "wb") as out:
            out.write(data)
        # 33 × 17 fitted to 10 × 4: factor min(3, 4) = 3, 11 × 6 pixels.
        assert decode(fuzz, path, (10, 4)) == box_downsample(pillow_rgba(path), 33, 17, 3), name
        compared += 1
    print(f"fitted decodes compared with Pillow's pixels box-downsampled: {compared}")
    record_property("fitted_compared", compared)
    # 15 colour type × depth pairs, interlaced and not, less the 8 whose tRNS Pillow cannot key.
    assert compared == 22


def test_bad_files_exit_1_with_one_line(fuzz, tmp_path):
    rng = random.Random(1)
    good = encode(4, 4, 2, 8, [[(1, 2, 3)] * 4] * 4, 0, b"", rng)
    bad_crc = bytearray(good)
    bad_crc[29] ^= 0xFF
    cases = {
        "truncated": (good[: len(good) - 20], "truncated PNG (the data ends early)"),
        "bad-crc": (bytes(bad_crc), "corrupt PNG: bad CRC in IHDR chunk"),
        "bomb": (
            b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(10_000_000), 9)) + chunk(b"IEND", b""),
            "corrupt PNG: IDAT: image data is longer than the 2 bytes the header declares",
        ),
        "huge": (
            b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100_000, 100_000, 8, 6, 0, 0, 0)),
            "PNG too large: 100000×100000 pixels",
        ),
    }
    for name, (data, message) in cases.items():
        path = tmp_path / f"{name}.png"
        path.write_bytes(data)
        proc = subprocess.run([fuzz, "--decode", str(path)], capture_output=True, timeout=60)
        assert proc.returncode == 1, name
        assert proc.stdout == b"", name
        lines = proc.stderr.decode().splitlines()
        assert len(lines) == 1 and message in lines[0], (name, lines)


def test_pictures_larger_than_the_streaming_room_match_pillow(fuzz, tmp_path, record_property):
    # A non-interlaced PNG is unfiltered row by row as its data inflates, in pieces of at most
    # 256 KiB (docs/decisions/0197-png-rows-as-they-inflate.md): pictures whose image data spans
    # several pieces, each row's filter chosen by Pillow's encoder, decode exactly as Pillow's,
    # whole and fitted.
    rng = random.Random(197)
    compared = 0
    for mode, (width, height) in [("RGB", (400, 300)), ("RGBA", (333, 251)), ("P", (640, 480))]:
        base = photo_like("RGB", width, height, rng)
        image = {"RGB": base, "RGBA": base.convert("RGBA"), "P": base.quantize(256)}[mode]
        if mode == "RGBA":
            image.putalpha(Image.linear_gradient("L").resize((width, height)))
        path = str(tmp_path / f"large-{mode}.png")
        image.save(path)
        reference = pillow_rgba(path)
        assert decode(fuzz, path) == (width, height, reference), path
        factor = min(width // 40, height // 24)
        assert decode(fuzz, path, (40, 24)) == box_downsample(reference, width, height, factor), path
        compared += 2
    record_property("large_compared", compared)
    assert compared == 6

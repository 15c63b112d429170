#!/usr/bin/env python3
"""Writes the photo-like pictures the bench's decode cases read (foldcycle-bench --picture-files,
docs/PERFORMANCE.md): a sky gradient, a sun, a hill and seeded noise (a photo's texture), as
a 24-megapixel baseline JPEG (6000 x 4000, quality 90, 4:2:0), the same as a progressive JPEG,
a 6-megapixel PNG (3000 x 2000, RGB, 8-bit) and the 24-megapixel picture as a PNG. Needs Pillow (tests only: .venv).

    .venv/bin/python scripts/gen_bench_pictures.py DIR
"""
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter


def photo(width, height, seed):
    image = Image.linear_gradient("L").resize((width, height))
    sky = Image.merge("RGB", (image.point(lambda v: 60 + v * 120 // 255), image.point(lambda v: 110 + v * 60 // 255),
                               image.point(lambda v: 220 - v * 120 // 255)))
    draw = ImageDraw.Draw(sky)
    r = height * 0.18
    draw.ellipse((width * 0.3 - r, height * 0.35 - r, width * 0.3 + r, height * 0.35 + r), fill=(250, 210, 60))
    draw.polygon([(0, height * 0.75), (width * 0.5, height * 0.62), (width, height * 0.8), (width, height), (0, height)],
                 fill=(40, 140, 50))
    rng = random.Random(seed)
    noise = Image.frombytes("RGB", (width // 4, height // 4), rng.randbytes(3 * (width // 4) * (height // 4)))
    noise = noise.resize((width, height), Image.NEAREST).filter(ImageFilter.GaussianBlur(1))
    return Image.blend(sky, noise, 0.12)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen_bench_pictures.py DIR")
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    big = photo(6000, 4000, 1)
    big.save(os.path.join(directory, "photo-24mp.jpg"), quality=90, subsampling=2)
    big.save(os.path.join(directory, "photo-24mp-progressive.jpg"), quality=90, subsampling=2, progressive=True)
    big.save(os.path.join(directory, "photo-24mp.png"))
    photo(3000, 2000, 2).save(os.path.join(directory, "photo-6mp.png"))
    for name in sorted(os.listdir(directory)):
        print(name, os.path.getsize(os.path.join(directory, name)))


if __name__ == "__main__":
    main()

"""Takes the issue 29 link screenshot described in README.md: a Markdown tip with a link in a live
run in kitty under Xvfb (the real-emulator lane's kitty: DejaVu Sans Mono 12, software OpenGL),
white (top) and black (bottom), at rest (left) and with the pointer over the link (right), where
kitty underlines the OSC 8 hyperlink in its own link style; combined with Pillow.

    .venv/bin/python docs/screenshots/take_issue29_link.py FOLDCYCLE

Needs kitty, Xvfb and xdotool. The tip is written in /tmp."""
import os
import shlex
import subprocess
import sys
import time

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "Tests", "e2e"))
import emulator_driver as drv  # noqa: E402  (the lane's driver)

WORK = "/tmp/foldcycle-issue29-link"
TIP = "Read **the guide**: [FoldCycle docs](https://example.org/foldcycle) then `foldcycle deck`\n"
CARD = ["--width", "60", "--height", "5"]
NAME = "kitty-markdown-link-osc8.png"


def link_cell(foldcycle, tips):
    """Where the link's text starts on the card at rest (column, row), as `render` draws it."""
    stream = subprocess.run([foldcycle, "render", "--format", "ansi", "--color", "always", "--frames", "2", *CARD,
                             "--file", tips], capture_output=True, check=True,
                            env=dict(os.environ, COLORTERM="truecolor")).stdout
    for row, line in enumerate(drv.model(stream).display):
        if "FoldCycle docs" in line:
            return line.index("FoldCycle docs"), row
    raise SystemExit("the link is not on the card")


def shots(display, foldcycle, tips, bg):
    command = " ".join(shlex.quote(part) for part in [foldcycle, "--interval", "3600", *CARD, "--file", tips])
    terminal = drv.Terminal(display, "kitty", bg, os.path.join(WORK, bg), command=command,
                            env={"COLORTERM": "truecolor"})
    try:
        window = terminal.window()
        shot, problems = terminal.wait_for_screen(
            lambda shot: [] if drv.bounding_box(shot, (0, 128, 0)) else ["no card"])
        assert not problems, terminal.read_log()
        time.sleep(1)
        geometry = dict(line.split("=") for line in display.xdotool("getwindowgeometry", "--shell", window).split())
        width, height = int(geometry["WIDTH"]) / drv.COLS, int(geometry["HEIGHT"]) / drv.ROWS
        crop = (0, 0, int(70 * width), int(8 * height))
        rest = display.screenshot().crop(crop)
        column, row = link_cell(foldcycle, tips)
        display.xdotool("windowfocus", "--sync", window)
        # Two moves: the pointer may already be where the link is (the other window's shot), and
        # kitty looks for a link under it on motion only.
        display.xdotool("mousemove", str(int((column + 2.5) * width)), str(int((row + 0.5) * height)))
        time.sleep(0.3)
        display.xdotool("mousemove", str(int((column + 3.5) * width)), str(int((row + 0.5) * height)))
        time.sleep(1.5)
        return rest, display.screenshot().crop(crop)
    finally:
        terminal.close()


def main():
    foldcycle = os.path.abspath(sys.argv[1])
    os.makedirs(WORK, exist_ok=True)
    tips = os.path.join(WORK, "tips.md")
    with open(tips, "w") as handle:
        handle.write(TIP)
    display = drv.XDisplay()
    try:
        rows = [shots(display, foldcycle, tips, bg) for bg in ("white", "black")]
    finally:
        display.close()
    width, height = rows[0][0].size
    gap = 8
    out = Image.new("RGB", (2 * width + gap, 2 * height + gap), (128, 128, 128))
    for y, pair in enumerate(rows):
        for x, image in enumerate(pair):
            out.paste(image, (x * (width + gap), y * (height + gap)))
    out.save(os.path.join(HERE, NAME), optimize=True)
    print(os.path.join(HERE, NAME))


if __name__ == "__main__":
    main()

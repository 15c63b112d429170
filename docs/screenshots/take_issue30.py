"""Takes the issue 30 screenshots (a photo-triage deck) described in README.md: xterm 379 under
Xvfb (DejaVu Sans Mono 12, 80x30), `ls *.jpg | foldcycle deck > decisions.jsonl` on six generated
1600x1200 photos, swiped with the mouse (xdotool: a held drag, a fling) and with the keys, in cells
(plain xterm, TERM=xterm-256color, COLORTERM=truecolor) and in sixel (`xterm -ti vt340`), on black
and on white; combined side by side with Pillow.

    .venv/bin/python docs/screenshots/take_issue30.py FOLDCYCLE        # the screenshots
    .venv/bin/python docs/screenshots/take_issue30.py FOLDCYCLE bad    # the bad-input cards' lines

Needs xterm, Xvfb, ImageMagick (import), xdotool. The photos are made in /tmp/fc-photos."""
import os
import random
import signal
import struct
import subprocess
import sys
import time
import zlib

from PIL import Image, ImageDraw, ImageFilter, ImageGrab

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from take_issue29 import grid  # noqa: E402  (the same side-by-side grid)

HERE = os.path.dirname(os.path.abspath(__file__))
RAW = "/tmp/foldcycle-issue30-shots"
PHOTOS = "/tmp/fc-photos"
BAD = "/tmp/fc-bad"
WIDTH, HEIGHT = 1600, 1200
# Seconds after the release or the key at which the deck is stopped for the mid-motion capture.
FLING_FREEZE = 0.03
KEY_FREEZE = 0.12


def gradient(top, bottom):
    mask = Image.linear_gradient("L").resize((WIDTH, HEIGHT))
    return Image.composite(Image.new("RGB", (WIDTH, HEIGHT), bottom), Image.new("RGB", (WIDTH, HEIGHT), top), mask)


def make_photos():
    """Six photo-like JPEGs (gradients, shapes, blur, noise), 1600x1200, quality 88, fixed seed."""
    rng = random.Random(30)
    photos = {}
    image = gradient((255, 150, 60), (40, 20, 80))
    draw = ImageDraw.Draw(image)
    draw.ellipse((600, 500, 1000, 900), fill=(255, 220, 120))
    draw.polygon([(0, 1200), (0, 850), (500, 700), (900, 880), (1600, 650), (1600, 1200)], fill=(30, 40, 50))
    photos["sunrise"] = image
    image = gradient((120, 190, 255), (230, 240, 255))
    draw = ImageDraw.Draw(image)
    for i in range(5):
        peak = 500 + rng.randint(-100, 100)
        draw.polygon([(i * 400 - 300, 1200), (i * 400 + 100, peak), (i * 400 + 500, 1200)],
                     fill=(60 + i * 10, 90 + i * 8, 110))
    draw.polygon([(0, 1200), (0, 1000), (1600, 950), (1600, 1200)], fill=(40, 120, 50))
    photos["mountains"] = image
    image = gradient((10, 40, 90), (0, 140, 160))
    draw = ImageDraw.Draw(image)
    for _ in range(40):
        x, y, r = rng.randint(0, WIDTH), rng.randint(0, HEIGHT), rng.randint(10, 60)
        draw.ellipse((x - r, y - r, x + r, y + r), outline=(200, 240, 255), width=4)
    draw.ellipse((500, 400, 1100, 800), fill=(255, 120, 40))
    draw.polygon([(1100, 600), (1300, 450), (1300, 750)], fill=(255, 120, 40))
    photos["reef"] = image
    image = gradient((30, 90, 30), (120, 200, 80))
    draw = ImageDraw.Draw(image)
    for _ in range(60):
        x, y = rng.randint(0, WIDTH), rng.randint(0, HEIGHT)
        colour = rng.choice([(230, 50, 60), (250, 220, 40), (240, 240, 240), (180, 80, 200)])
        for k in range(5):
            draw.ellipse((x - 30 + k * 5, y - 30 + k * 5, x + 30 - k * 5, y + 30 - k * 5),
                         fill=colour if k % 2 == 0 else (255, 255, 200))
    photos["meadow"] = image
    image = gradient((20, 20, 30), (60, 30, 60))
    draw = ImageDraw.Draw(image)
    for i in range(12):
        x, h = 60 + i * 130, rng.randint(300, 900)
        draw.rectangle((x, HEIGHT - h, x + 110, HEIGHT), fill=(40, 40, 55))
        for wy in range(HEIGHT - h + 20, HEIGHT - 20, 40):
            for wx in range(x + 10, x + 100, 30):
                if rng.random() < 0.5:
                    draw.rectangle((wx, wy, wx + 15, wy + 22), fill=(255, 210, 90))
    draw.ellipse((1300, 100, 1450, 250), fill=(240, 240, 220))
    photos["city-night"] = image
    image = Image.new("RGB", (WIDTH, HEIGHT), (245, 240, 230))
    draw = ImageDraw.Draw(image)
    for i in range(8):
        draw.rectangle((i * 200, 0, i * 200 + 100, HEIGHT), fill=(200 + i * 5, 60 + i * 20, 60))
    draw.ellipse((400, 200, 1200, 1000), fill=(30, 110, 200))
    draw.ellipse((600, 400, 1000, 800), fill=(250, 250, 250))
    photos["stripes"] = image
    subprocess.run(["rm", "-rf", PHOTOS], check=True)
    os.makedirs(PHOTOS)
    noise = Image.effect_noise((WIDTH, HEIGHT), 18).convert("RGB")
    for number, (name, image) in enumerate(photos.items(), start=1):
        image = Image.blend(image.filter(ImageFilter.GaussianBlur(2)), noise, 0.12)
        image.save(f"{PHOTOS}/{number:02d}-{name}.jpg", quality=88)


def start_display():
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1600x1000x24", "-nolisten", "tcp",
                             "-noreset"], pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    number = b""
    with os.fdopen(read_fd, "rb") as pipe:
        while not number.endswith(b"\n"):
            chunk = pipe.read(1)
            assert chunk, "Xvfb exited before it reported its display"
            number += chunk
    return proc, ":" + number.decode().strip()


def idle(pid, task):
    """Whether the thread is outside write, writev and pwrite64 (x86_64 numbers)."""
    with open(f"/proc/{pid}/task/{task}/syscall") as f:
        call = f.read().split()[0]
    return call not in ("1", "18", "20")


class Session:
    """One xterm running the deck on the photos; `x` drives it with xdotool, `shot` captures it."""

    def __init__(self, display, foldcycle, name, bg, sixel):
        self.env = dict(os.environ, DISPLAY=display)
        self.name = name
        inner = (f"cd {PHOTOS}; export TERM=xterm-256color COLORTERM=truecolor; "
                 f"ls *.jpg | {foldcycle} deck > decisions.jsonl; echo '$ cat decisions.jsonl'; "
                 "cat decisions.jsonl; sleep 60")
        argv = ["xterm", "-display", display, "-fa", "DejaVu Sans Mono", "-fs", "12", "-geometry", "80x30+0+0",
                "-bg", bg, "-fg", "black" if bg == "white" else "white", "+sb", "-title", "shot-" + name,
                "-xrm", "XTerm*cursorBlink: false", "-xrm", "XTerm*allowTitleOps: false"]
        if sixel:
            argv += ["-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256"]
        self.proc = subprocess.Popen(argv + ["-e", "bash", "-c", inner], env=self.env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.window = subprocess.run(["xdotool", "search", "--sync", "--name", "shot-" + name], env=self.env,
                                     capture_output=True, text=True, check=True).stdout.split()[0]
        time.sleep(2.5)  # the first picture decoded, the sixel query answered, at rest
        geometry = dict(line.split("=") for line in subprocess.run(
            ["xdotool", "getwindowgeometry", "--shell", self.window], env=self.env, capture_output=True, text=True,
            check=True).stdout.split())
        left, top = int(geometry["X"]), int(geometry["Y"])
        self.bbox = (left, top, left + int(geometry["WIDTH"]), top + int(geometry["HEIGHT"]))
        self.x("windowfocus", "--sync", self.window)

    def x(self, *args):
        subprocess.run(["xdotool", *args], env=self.env, check=True)

    def shot(self, tag):
        path = f"{RAW}/{self.name}-{tag}.png"
        self.grab().save(path)
        return path

    def grab(self):
        return ImageGrab.grab(bbox=self.bbox, xdisplay=self.env["DISPLAY"])

    def frozen(self, tag, after):
        """Stops the deck (SIGSTOP) `after` s into its motion, between two frames (no thread in a
        write), lets xterm draw what it was sent, captures it and lets the deck go on. xterm has no
        synchronized output and a frame is larger than the pty's buffer, so a capture while frames
        arrive (or a stop inside a write) catches one half drawn."""
        pid = self.deck_pid()
        time.sleep(after)
        for _ in range(2000):
            # Stopped only while no thread is inside a write: a SIGCONT that lands in the
            # middle of a frame's write can mix what the deck draws on resuming into that frame.
            if not all(idle(pid, task) for task in os.listdir(f"/proc/{pid}/task")):
                time.sleep(0.001)
                continue
            os.kill(pid, signal.SIGSTOP)
            time.sleep(0.005)
            if all(idle(pid, task) for task in os.listdir(f"/proc/{pid}/task")):
                break
            os.kill(pid, signal.SIGCONT)
        else:
            raise RuntimeError("the deck never stopped between two frames")
        time.sleep(0.6)
        try:
            return self.shot(tag)
        finally:
            os.kill(pid, signal.SIGCONT)

    def deck_pid(self):
        """The foldcycle process: the child of xterm's bash."""
        shell = subprocess.run(["ps", "-o", "pid=", "--ppid", str(self.proc.pid)], capture_output=True,
                               text=True).stdout.split()
        for pid in shell:
            for child in subprocess.run(["ps", "-o", "pid=,comm=", "--ppid", pid], capture_output=True,
                                        text=True).stdout.splitlines():
                child_pid, name = child.split(None, 1)
                if name.strip() == "foldcycle":
                    return int(child_pid)
        raise RuntimeError("no foldcycle process under " + str(self.proc.pid))

    def close(self):
        self.proc.terminate()
        self.proc.wait()


def fling(session):
    s = session
    s.x("mousemove", "--window", s.window, "300", "250", "mousedown", "1")
    for x in (340, 400, 470, 550):  # fast sideways
        s.x("mousemove", "--window", s.window, str(x), "255")
        time.sleep(0.008)
    s.x("mouseup", "1")


def deck_scenes(session):
    """Rest, a held drag and its spring back, a fling right (at rest after it), undo, the fling again
    stopped mid-motion, a key left stopped mid-motion, undo, the key left again (at rest after it),
    then keys to the end. Each swipe stopped mid-motion is done again without a stop for the picture
    at rest: after the stop the deck can stay on the stopped frame until the next key (see README)."""
    s = session
    shots = {"rest": s.shot("rest")}
    s.x("mousemove", "--window", s.window, "380", "250", "mousedown", "1")
    for x in range(390, 560, 10):
        s.x("mousemove", "--window", s.window, str(x), "262")
        time.sleep(0.03)
    time.sleep(0.4)
    shots["drag"] = s.shot("drag")
    for x in range(550, 470, -10):  # slowly back: it springs back, no decision
        s.x("mousemove", "--window", s.window, str(x), "262")
        time.sleep(0.05)
    time.sleep(0.3)
    s.x("mouseup", "1")
    time.sleep(1.0)
    fling(s)
    time.sleep(2.5)
    shots["rest2"] = s.shot("rest2")
    s.x("key", "u")
    time.sleep(2.0)
    fling(s)
    shots["fling"] = s.frozen("fling", FLING_FREEZE)
    time.sleep(1.5)
    s.x("key", "Left")
    shots["left"] = s.frozen("left", KEY_FREEZE)
    time.sleep(1.5)
    s.x("key", "u")
    time.sleep(2.0)
    s.x("key", "Left")
    time.sleep(2.5)
    shots["rest3"] = s.shot("rest3")
    for key in ("Right", "Right", "Left", "Right"):
        s.x("key", key)
        time.sleep(0.9)
    time.sleep(1.5)
    shots["end"] = s.shot("end")
    return shots


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def bad_inputs():
    """Issue 30 point 6: one made-up file per bad input, in /tmp/fc-bad; the name says the case."""
    subprocess.run(["rm", "-rf", BAD], check=True)
    os.makedirs(BAD)
    image = Image.open(f"{PHOTOS}/01-sunrise.jpg").resize((64, 48))
    image.save(f"{BAD}/good.png")
    image.save(f"{BAD}/good.jpg", quality=90)
    png = open(f"{BAD}/good.png", "rb").read()
    jpeg = open(f"{BAD}/good.jpg", "rb").read()
    sof = jpeg.index(b"\xff\xc0")
    dht = jpeg.index(b"\xff\xc4")
    files = {
        "truncated.png": png[: len(png) // 2],
        "truncated.jpg": jpeg[: len(jpeg) // 2],
        "corrupt-crc.png": png[:29] + bytes([png[29] ^ 0xFF]) + png[30:],  # a byte of IHDR's CRC
        "corrupt-huffman.jpg": jpeg[: dht + 5] + b"\xff" * 16 + jpeg[dht + 21:],  # code counts past 256
        "lossless-sof3.jpg": jpeg[:sof] + b"\xff\xc3" + jpeg[sof + 2:],
        "arithmetic-sof9.jpg": jpeg[:sof] + b"\xff\xc9" + jpeg[sof + 2:],
        "gif-named.png": b"GIF89a" + bytes(20),
        "text.jpg": b"hello, not a picture\n",
        "empty.png": b"",
        "bomb-100000x100000.png": b"\x89PNG\r\n\x1a\n" + png_chunk(
            b"IHDR", struct.pack(">IIBBBBB", 100_000, 100_000, 8, 6, 0, 0, 0)) + png_chunk(b"IEND", b""),
        "bomb-65535x65535.jpg": jpeg[: sof + 5] + struct.pack(">HH", 65535, 65535) + jpeg[sof + 9:],
        "unreadable.png": png,
    }
    for name, data in files.items():
        with open(f"{BAD}/{name}", "wb") as f:
            f.write(data)
    os.chmod(f"{BAD}/unreadable.png", 0)
    os.mkdir(f"{BAD}/folder.jpg")
    os.mkfifo(f"{BAD}/pipe.png")
    return list(files) + ["folder.jpg", "pipe.png", "missing.png"]


def bad_input_messages(foldcycle):
    """Prints each bad file's card line (render --format plain, the card's first frame) as a
    Markdown table row; run as nobody (uid 65534) when root, or the mode-0 file would be readable."""
    names = bad_inputs()
    prefix = []
    if os.getuid() == 0:
        subprocess.run(["chmod", "-R", "a+rX", BAD], check=True)
        os.chmod(f"{BAD}/unreadable.png", 0)
        prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    for name in names:
        started = time.monotonic()
        proc = subprocess.run(prefix + [foldcycle, "render", "--format", "plain", "--frames", "2", "--width", "120",
                                        "--height", "3", f"{BAD}/{name}", "next"], capture_output=True, timeout=60)
        lines = proc.stdout.decode().splitlines()
        print(f"| `{name}` | {lines[1].strip() if len(lines) > 1 else proc.stderr.decode().strip()} | "
              f"{proc.returncode} | {time.monotonic() - started:.2f} s |")


def main():
    foldcycle = os.path.abspath(sys.argv[1])
    if sys.argv[2:] == ["bad"]:
        bad_input_messages(foldcycle)
        return
    os.makedirs(RAW, exist_ok=True)
    make_photos()
    xvfb, display = start_display()
    taken = {}
    try:
        for mode, sixel in (("cells", False), ("sixel", True)):
            for bg in ("black", "white"):
                session = Session(display, foldcycle, f"{mode}-{bg}", bg, sixel)
                try:
                    taken[mode, bg] = deck_scenes(session)
                finally:
                    session.close()
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
    for mode in ("cells", "sixel"):
        black, white = taken[mode, "black"], taken[mode, "white"]
        grid([[black["rest"], black["drag"]], [white["rest"], white["drag"]]],
             os.path.join(HERE, f"xterm-{mode}-deck-photos-rest-drag.png"))
        grid([[black["fling"], black["rest2"]], [white["left"], white["rest3"]]],
             os.path.join(HERE, f"xterm-{mode}-deck-photos-swipe-rest.png"))
    grid([[taken["cells", "black"]["end"], taken["sixel", "white"]["end"]]],
         os.path.join(HERE, "xterm-deck-photos-decisions-jsonl.png"))


if __name__ == "__main__":
    main()

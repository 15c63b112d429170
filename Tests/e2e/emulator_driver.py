"""Real terminal emulators under Xvfb for the end-to-end tests (issue 21's real-emulator lane).

An `XDisplay` is one Xvfb server on a display of its own (Xvfb picks a free number: -displayfd).
A `Terminal` is one emulator window on it, running a small bash loop: it clears the screen, draws
a calibration pattern (the first and the last cell in two known colours, from which the cell grid
is measured in the screenshot) and then, for each line written to its FIFO, clears the screen and
writes that file's bytes (a prefix of what `foldcycle render --format ansi` wrote, cut after one
frame, so that frame stays on screen). `Terminal.command` instead runs one command in the window
and writes its exit status to a file from the wrapper shell.

What the program computed is read back through pyte (the same bytes); `cell_checks` and
`edge_checks` compare it with the screenshot's pixels. Nothing waits on a sleep alone: every wait
polls the screen (or a file) until it holds, with a deadline."""
import os
import re
import shlex
import shutil
import subprocess
import time

import pyte

# The screen's size and the font every emulator gets.
COLS, ROWS = 80, 24
FONT_FAMILY, FONT_SIZE = "DejaVu Sans Mono", 12
CAL_FIRST = (255, 0, 255)  # the first cell's background in the calibration pattern
CAL_LAST = (0, 255, 255)  # the last cell's

# xterm's default 16-colour palette (pyte's names), for streams that use SGR 30-37/40-47.
XTERM_16 = {
    "black": (0, 0, 0), "red": (205, 0, 0), "green": (0, 205, 0), "brown": (205, 205, 0),
    "blue": (0, 0, 238), "magenta": (205, 0, 205), "cyan": (0, 205, 205), "white": (229, 229, 229),
    "brightblack": (127, 127, 127), "brightred": (255, 0, 0), "brightgreen": (0, 255, 0),
    "brightbrown": (255, 255, 0), "brightblue": (92, 92, 255), "brightmagenta": (255, 0, 255),
    "brightcyan": (0, 255, 255), "brightwhite": (255, 255, 255),
}

# Block elements: the fraction of the cell the glyph covers, as (x0, y0, x1, y1) in [0, 1].
BLOCKS = {"█": (0, 0, 1, 1), "▀": (0, 0, 1, 0.5), "▐": (0.5, 0, 1, 1), "▔": (0, 0, 1, 0.125),
          "▕": (0.875, 0, 1, 1)}
for k, ch in enumerate("▁▂▃▄▅▆▇", start=1):
    BLOCKS[ch] = (0, 1 - k / 8, 1, 1)
for k, ch in enumerate("▏▎▍▌▋▊▉", start=1):
    BLOCKS[ch] = (0, 0, k / 8, 1)
# The eighths that are edges (a part of the cell is outside whatever the glyph draws).
EDGE_GLYPHS = set("▁▂▃▄▅▆▇▏▎▍▌▋▊▉▀▐▔▕")


def hex_rgb(text):
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


class XDisplay:
    """One Xvfb server, 1280x800x24, on a display number Xvfb chose."""

    def __init__(self):
        read_fd, write_fd = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_fd)
        number = b""
        with os.fdopen(read_fd, "rb") as pipe:
            while not number.endswith(b"\n"):
                chunk = pipe.read(1)
                assert chunk, "Xvfb exited before it reported its display"
                number += chunk
        self.name = ":" + number.decode().strip()

    def screenshot(self):
        from PIL import ImageGrab
        return ImageGrab.grab(xdisplay=self.name).convert("RGB")

    def xdotool(self, *args):
        return subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=self.name),
                              capture_output=True, text=True, check=True).stdout

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def xterm_version():
    return subprocess.run(["xterm", "-version"], capture_output=True, text=True).stdout.strip()


def sakura_version():
    vte = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libvte-2.91-0"], capture_output=True,
                         text=True).stdout.strip()
    sakura = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "sakura"], capture_output=True,
                            text=True).stdout.strip()
    return f"sakura {sakura} (VTE {vte})"


def xterm_argv(display, workdir, bg, fg, command):
    return ["xterm", "-display", display, "-fa", FONT_FAMILY, "-fs", str(FONT_SIZE), "-geometry",
            f"{COLS}x{ROWS}+0+0", "-bg", bg, "-fg", fg, "+sb", "-xrm", "XTerm*cursorBlink: false",
            "-e", "bash", "-c", command]


def xterm_vt340_argv(display, workdir, bg, fg, command):
    """xterm as a VT340: sixel graphics (DA1 lists 4), 256 colour registers (its default is 16)."""
    argv = xterm_argv(display, workdir, bg, fg, command)
    return argv[:1] + ["-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256"] + argv[1:]


def mlterm_version():
    return subprocess.run(["mlterm", "--version"], capture_output=True, text=True).stdout.strip()


def mlterm_argv(display, workdir, bg, fg, command):
    """mlterm (sixel graphics, and iTerm2 inline images though it does not answer XTVERSION): no
    scrollbar, the font size in points, the cursor steady."""
    return ["mlterm", "--display", display, "-g", f"{COLS}x{ROWS}+0+0", "--deffont", FONT_FAMILY, "-w",
            str(FONT_SIZE), "--point=true", "--sb=false", "-O", "none", "--blink=false", "--bg", bg, "--fg", fg,
            "-e", "bash", "-c", command]


def kitty_version():
    return subprocess.run(["kitty", "--version"], capture_output=True, text=True).stdout.strip()


def kitty_argv(display, workdir, bg, fg, command, options=()):
    """kitty (the kitty graphics protocol), with Mesa's software OpenGL under Xvfb; `options`,
    `NAME=VALUE` settings, are passed as more `-o`."""
    extra = [part for option in options for part in ("-o", option)]
    return ["env", "LIBGL_ALWAYS_SOFTWARE=1", "kitty", "--config", "NONE", *extra, "-o", f"font_family={FONT_FAMILY}",
            "-o", f"font_size={FONT_SIZE}", "-o", f"initial_window_width={COLS}c", "-o",
            f"initial_window_height={ROWS}c", "-o", "remember_window_size=no", "-o", f"background={bg}", "-o",
            f"foreground={fg}", "-o", "cursor_blink_interval=0", "-o", "window_padding_width=0",
            "bash", "-c", command]


def sakura_argv(display, workdir, bg, fg, command):
    config_home = os.path.join(workdir, "config")
    os.makedirs(os.path.join(config_home, "sakura"), exist_ok=True)
    with open(os.path.join(config_home, "sakura", "sakura.conf"), "w") as conf:
        conf.write(f"""[sakura]
colorset1_fore={fg}
colorset1_back={bg}
colorset1_curs={fg}
colorset1_scheme=0
last_colorset=1
bold_is_bright=false
font={FONT_FAMILY} {FONT_SIZE}
show_tab_bar=never
scrollbar=false
less_questions=true
blinking_cursor=No
window_columns={COLS}
window_rows={ROWS}
""")
    return ["env", f"XDG_CONFIG_HOME={config_home}", "NO_AT_BRIDGE=1", "sakura", f"--display={display}",
            "-c", str(COLS), "-r", str(ROWS), "-f", f"{FONT_FAMILY} {FONT_SIZE}", "-x",
            "bash -c " + shlex.quote(command)]


EMULATORS = {
    "xterm": {"version": xterm_version, "argv": xterm_argv, "binary": "xterm",
              "colours": {"white": "white", "black": "black"}},
    "xterm-vt340": {"version": xterm_version, "argv": xterm_vt340_argv, "binary": "xterm",
                    "colours": {"white": "white", "black": "black"}},
    "mlterm": {"version": mlterm_version, "argv": mlterm_argv, "binary": "mlterm",
               "colours": {"white": "#ffffff", "black": "#000000"}},
    "kitty": {"version": kitty_version, "argv": kitty_argv, "binary": "kitty",
              "colours": {"white": "#ffffff", "black": "#000000"}},
    "sakura": {"version": sakura_version, "argv": sakura_argv, "binary": "sakura",
               "colours": {"white": "rgb(255,255,255)", "black": "rgb(0,0,0)"}},
}
BACKGROUNDS = {"white": ((255, 255, 255), (0, 0, 0)), "black": ((0, 0, 0), (255, 255, 255))}

LOOP = r"""
printf '\033[?25l\033[0m\033[H\033[2J\033[48;2;255;0;255m \033[24;80H\033[48;2;0;255;255m \033[0m'
exec 3<>"$1"
while IFS= read -r path <&3; do
  printf '\033[0m\033[?25l\033[H\033[2J'
  cat "$path"
  printf '\033[?25l'
done
"""


def tmux_wrapped(workdir, shell):
    """`shell` run in a tmux pane that fills the window: a private server and socket, no status
    line, truecolour passed on to the emulator (its TERM is xterm: the `Tc` override)."""
    conf = os.path.join(workdir, "tmux.conf")
    with open(conf, "w") as handle:
        handle.write("set -g status off\nset -g default-terminal tmux-256color\n"
                     "set -ga terminal-overrides ',xterm*:Tc'\n")
    socket = os.path.join(workdir, "tmux.socket")
    return (f"tmux -S {shlex.quote(socket)} -f {shlex.quote(conf)} new-session "
            + shlex.quote(shell))


class Terminal:
    """One emulator window (80x24, DejaVu Sans Mono 12) on `display`, background `bg`
    ("white" or "black"). Without `command`, it runs the frame loop (`show`); with it, bash runs
    that command and writes its exit status to `self.status_path`."""

    def __init__(self, display, emulator, bg, workdir, command=None, env=None, inside_tmux=False, options=()):
        self.display, self.emulator, self.bg_name, self.workdir = display, emulator, bg, workdir
        self.bg, self.fg = BACKGROUNDS[bg]
        self.tmux_socket = None
        os.makedirs(workdir, exist_ok=True)
        self.fifo = os.path.join(workdir, "frames.fifo")
        self.status_path = os.path.join(workdir, "status")
        spec = EMULATORS[emulator]
        colours = spec["colours"]
        fg_name = "black" if bg == "white" else "white"
        if command is None:
            os.mkfifo(self.fifo)
            loop = os.path.join(workdir, "loop.sh")
            with open(loop, "w") as script:
                script.write(LOOP)
            shell = f"bash {shlex.quote(loop)} {shlex.quote(self.fifo)}"
            if inside_tmux:
                shell = tmux_wrapped(workdir, shell)
                self.tmux_socket = os.path.join(workdir, "tmux.socket")
        else:
            # The wrapper shell outlives the command's signals (a trap, reset in the child), so
            # it writes the status even when the window closes (SIGHUP) or Ctrl-C is typed.
            # Before the status appears, `stty -a` records the terminal's modes (the window still open).
            shell = ("trap : INT HUP TERM; printf '\\033[?25l\\033[H\\033[2J'; " + command
                     + f"; echo $? > {shlex.quote(self.status_path)}.tmp; "
                     + f"stty -a > {shlex.quote(self.status_path)}.stty 2>&1; "
                     + f"mv {shlex.quote(self.status_path)}.tmp {shlex.quote(self.status_path)}; "
                     # The window stays until closed; a hung-up terminal ends the read.
                     + "read -r -t 120 _")
        # `options`: the emulator's own settings (kitty's `-o NAME=VALUE`; only kitty takes them).
        extra = {"options": options} if options else {}
        argv = spec["argv"](display.name, workdir, colours[bg], colours[fg_name], shell, **extra)
        full_env = dict(os.environ, DISPLAY=display.name)
        for name in ("NO_COLOR", "CI", "ACCESSIBLE", "REDUCED_MOTION"):
            full_env.pop(name, None)
        full_env.update(env or {})
        self.log = open(os.path.join(workdir, "emulator.log"), "wb")
        self.proc = subprocess.Popen(argv, env=full_env, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        self.grid = None

    # -- the window and its cell grid

    def window(self, timeout=20):
        """The emulator's top-level window id (xdotool search by pid; sakura runs in the env
        process's place, so the pid is the same)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                ids = self.display.xdotool("search", "--onlyvisible", "--pid", str(self.proc.pid)).split()
            except subprocess.CalledProcessError:
                ids = []
            if ids:
                return ids[-1]
            assert self.proc.poll() is None, f"{self.emulator} exited ({self.proc.returncode}): {self.read_log()}"
            assert time.monotonic() < deadline, f"no {self.emulator} window after {timeout} s"
            time.sleep(0.05)

    def read_log(self):
        self.log.flush()
        with open(self.log.name, "rb") as log:
            return log.read().decode(errors="replace")[-2000:]

    def calibrate(self, timeout=20):
        """Waits for the calibration pattern and measures the grid from it: the origin of cell
        (0, 0) and the cell's width and height in pixels."""
        deadline = time.monotonic() + timeout
        while True:
            shot = self.display.screenshot()
            first = bounding_box(shot, CAL_FIRST)
            last = bounding_box(shot, CAL_LAST)
            if first and last:
                x0, y0, x1, y1 = first
                lx0, ly0, lx1, ly1 = last
                width, height = x1 - x0, y1 - y0
                if (lx1 - x0) == COLS * width and (ly1 - y0) == ROWS * height:
                    self.grid = (x0, y0, width, height)
                    return self.grid
            assert self.proc.poll() is None, f"{self.emulator} exited: {self.read_log()}"
            assert time.monotonic() < deadline, (
                f"{self.emulator}: no calibration pattern on screen after {timeout} s (first {first}, last {last})")
            time.sleep(0.05)

    def show(self, path):
        with open(self.fifo, "w") as fifo:
            fifo.write(path + "\n")

    def cell_box(self, col, row):
        x0, y0, w, h = self.grid
        return (x0 + col * w, y0 + row * h, x0 + (col + 1) * w, y0 + (row + 1) * h)

    def wait_for_screen(self, predicate, timeout=15):
        """Screenshots until predicate(shot) returns an empty list of problems, or the deadline;
        returns (shot, problems) of the last screenshot."""
        deadline = time.monotonic() + timeout
        while True:
            shot = self.display.screenshot()
            problems = predicate(shot)
            if not problems or time.monotonic() >= deadline:
                return shot, problems
            time.sleep(0.05)

    def wait_for_status(self, timeout=15):
        deadline = time.monotonic() + timeout
        while not os.path.exists(self.status_path):
            assert time.monotonic() < deadline, f"no exit status after {timeout} s: {self.read_log()}"
            time.sleep(0.05)
        with open(self.status_path) as status:
            return int(status.read().strip())

    def close(self):
        if self.tmux_socket is not None:
            subprocess.run(["tmux", "-S", self.tmux_socket, "kill-server"], capture_output=True)
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def bounding_box(image, colour):
    """The bounding box (x0, y0, x1, y1), exclusive ends, of the pixels exactly `colour`."""
    from PIL import Image, ImageChops
    solid = Image.new("RGB", image.size, colour)
    difference = ImageChops.difference(image, solid).convert("L")
    mask = difference.point(lambda value: 255 if value == 0 else 0)
    return mask.getbbox()


# -- what the program computed


def frame_prefix(stream, index):
    """The stream's bytes through the end of frame `index` (0-based): each frame is one
    synchronized update, ESC[?2026h … ESC[?2026l."""
    end = 0
    for _ in range(index + 1):
        end = stream.index(b"\x1b[?2026l", end) + len(b"\x1b[?2026l")
    return stream[:end]


# IL, DL, ICH and DCH (`CSI n L`, `M`, `@`, `P`): the encoder's line and character moves.
MOVES = {"lines": re.compile(rb"\x1b\[[0-9]*[LM]"), "characters": re.compile(rb"\x1b\[[0-9]*[@P]")}


def frames_of(stream):
    """The stream cut after each frame's ESC[?2026l (what follows the last frame joins it)."""
    end = b"\x1b[?2026l"
    chunks, start = [], 0
    while (index := stream.find(end, start)) >= 0:
        chunks.append(stream[start:index + len(end)])
        start = index + len(end)
    if chunks and start < len(stream):
        chunks[-1] += stream[start:]
    return chunks


def cells(screen, rows):
    """What each cell of `rows` shows, as pyte has it: glyph, colours and attributes (a space's
    foreground and bold do not show, unless it is reversed)."""
    def shown(c):
        blank = c.data == " " and not c.reverse and not c.underscore
        return (c.data, None if blank else c.fg, c.bg, False if blank else c.bold, c.reverse)
    return [[shown(screen.buffer[y][x]) for x in range(screen.columns)] for y in rows]


class RepeatingScreen(pyte.Screen):
    """pyte's screen with REP (`CSI n b`: the last glyph drawn, n more times), which pyte 0.8.2
    lacks and the live player sends in xterm, VTE, kitty and mlterm
    (docs/decisions/0255-rep-for-runs-of-one-glyph-where-the-terminal-takes-it.md)."""

    last = " "

    def draw(self, data):
        super().draw(data)
        if data:
            self.last = data[-1]

    def repeat_last(self, count=None):
        self.draw(self.last * (count or 1))


class RepeatingStream(pyte.ByteStream):
    csi = dict(pyte.ByteStream.csi, b="repeat_last")


def screen_and_stream(cols=None, rows=None, repeats=True):
    """A pyte screen (`RepeatingScreen` unless `repeats` is false) and a byte stream feeding it."""
    cols, rows = cols or COLS, rows or ROWS
    if not repeats:
        screen = pyte.Screen(cols, rows)
        return screen, pyte.ByteStream(screen)
    screen = RepeatingScreen(cols, rows)
    return screen, RepeatingStream(screen)


def model(prefix, repeats=True):
    """The pyte screen of what the loop writes: a clear, then the prefix (REP read unless
    `repeats` is false)."""
    screen, stream = screen_and_stream(repeats=repeats)
    stream.feed(b"\x1b[0m\x1b[H\x1b[2J" + prefix)
    return screen


def resolve(colour, default):
    if colour == "default":
        return default
    if colour in XTERM_16:
        return XTERM_16[colour]
    return hex_rgb(colour)


def cell_colours(char, window_bg, window_fg):
    fg = resolve(char.fg, window_fg)
    bg = resolve(char.bg, window_bg)
    if char.reverse:
        fg, bg = bg, fg
    return fg, bg


def near(a, b, tolerance=24):
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


def on_segment(p, a, b, tolerance=24):
    """Whether p is (within tolerance) a blend of a and b: antialiased glyph edges."""
    length = sum((y - x) ** 2 for x, y in zip(a, b))
    if length == 0:
        return near(p, a, tolerance)
    s = sum((q - x) * (y - x) for q, x, y in zip(p, a, b)) / length
    s = min(1.0, max(0.0, s))
    closest = tuple(x + s * (y - x) for x, y in zip(a, b))
    return near(p, closest, tolerance)


def centre_sample(box, glyph):
    """The cell's centre, moved to the middle of the larger part when a block element's edge
    passes within 2 px of it (the centre pixel of a half block is not defined)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    inside = None
    if glyph in BLOCKS:
        gx0, gy0, gx1, gy1 = BLOCKS[glyph]
        px0, py0 = x0 + gx0 * (x1 - x0), y0 + gy0 * (y1 - y0)
        px1, py1 = x0 + gx1 * (x1 - x0), y0 + gy1 * (y1 - y0)
        inside = px0 <= cx + 0.5 < px1 and py0 <= cy + 0.5 < py1
        # The distance from the centre to the glyph's nearest inner edge.
        for axis, edge, lo, hi, centre in (("x", px0, x0, x1, cx), ("x", px1, x0, x1, cx),
                                           ("y", py0, y0, y1, cy), ("y", py1, y0, y1, cy)):
            if lo < edge < hi and abs(centre + 0.5 - edge) < 2:
                middle = int((lo + edge) / 2 if edge - lo > hi - edge else (edge + hi) / 2)
                if axis == "x":
                    cx = middle
                else:
                    cy = middle
                inside = px0 <= cx + 0.5 < px1 and py0 <= cy + 0.5 < py1
    return (cx, cy), inside


def cell_checks(terminal, screen, rows, cols):
    """Problems (a list of strings) with the screenshot against the model: in every cell of
    rows x cols, the centre's colour (a space's background, a block element's foreground or
    background by where the centre falls), and a text cell's most common colour its background."""
    def predicate(shot):
        pixels = shot.load()
        problems = []
        for row in rows:
            for col in cols:
                char = screen.buffer[row][col]
                fg, bg = cell_colours(char, terminal.bg, terminal.fg)
                box = terminal.cell_box(col, row)
                glyph = char.data or " "
                if glyph == " " or glyph in BLOCKS:
                    (x, y), inside = centre_sample(box, glyph)
                    want = fg if inside else bg
                    got = pixels[x, y]
                    if not near(got, want):
                        problems.append(f"cell ({col},{row}) {glyph!r}: centre {got}, expected {want}")
                else:
                    counts = {}
                    for y in range(box[1], box[3]):
                        for x in range(box[0], box[2]):
                            counts[pixels[x, y]] = counts.get(pixels[x, y], 0) + 1
                    common = max(counts, key=counts.get)
                    if not near(common, bg):
                        problems.append(f"cell ({col},{row}) {glyph!r}: most pixels {common}, expected {bg}")
        return problems
    return predicate


def card_colours(terminal, screen):
    """The colours the cards show in the frame: every non-default background of a cell that is
    not an edge cell (a face's colour, shaded or not). The outside of the cards is the default."""
    colours = set()
    for row in screen.buffer.values():
        for char in row.values():
            if char.data not in EDGE_GLYPHS and char.bg != "default" and not char.reverse:
                colours.add(resolve(char.bg, terminal.bg))
    return colours


def edge_checks(terminal, screen, shot, card_colours):
    """Problems with the edge cells (block-element eighths): every pixel of one is a card
    colour the cell uses, the window's background, or a blend of two of them. A part of the
    cell outside the card drawn in any other colour (a literal black) is a problem."""
    pixels = shot.load()
    problems = []
    for row in range(ROWS):
        for col in range(COLS):
            char = screen.buffer[row][col]
            if char.data not in EDGE_GLYPHS:
                continue
            fg, bg = cell_colours(char, terminal.bg, terminal.fg)
            allowed = [c for c in (fg, bg) if c in card_colours] + [terminal.bg]
            box = terminal.cell_box(col, row)
            bad = 0
            example = None
            for y in range(box[1], box[3]):
                for x in range(box[0], box[2]):
                    p = pixels[x, y]
                    if not any(on_segment(p, a, b) for a in allowed for b in allowed):
                        bad += 1
                        example = example or ((x, y), p)
            if bad:
                problems.append(f"edge cell ({col},{row}) {char.data!r} fg {fg} bg {bg}: {bad} pixels neither the "
                                f"card's colour nor the window's background {terminal.bg}, e.g. {example}")
    return problems


def require_tools():
    """The lane needs these; a missing one fails the lane (scripts/test installs them)."""
    missing = [tool for tool in ("Xvfb", "xdotool", "xterm", "sakura") if shutil.which(tool) is None]
    assert not missing, f"missing {', '.join(missing)}: scripts/test installs them (Debian: xvfb xdotool xterm sakura)"

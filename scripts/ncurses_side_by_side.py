#!/usr/bin/env python3
"""Bytes per frame of ncurses against FoldCycle on the same frames (issue 33's side-by-side run).

For each case (transition, direction, colour depth) at 80×24, on the bench's two cards of mixed
CJK and ASCII words (the text of scripts/callgrind_counts.py, BenchText's):

1. The frames. `foldcycle render --format ansi --encoder full` (a whole frame each, no moves) is
   replayed through pyte; each frame is the screen after its synchronized update, as cells
   (glyph, foreground, background, bold, italic, underline, reverse).
2. FoldCycle's bytes. `foldcycle render --format ansi --encoder diff` on the same arguments: each
   frame's bytes run from its `ESC[?2026h` to the next one's (the last to its `ESC[?2026l`). The
   stream is replayed too, and every frame must equal the full stream's.
3. ncurses' bytes. This script, run again with `--child` in a pseudo-terminal of 80×24, draws
   each frame with Python's `curses` (the system's ncursesw: `addstr` per run of one style,
   colour pairs made as needed, `leaveok` and an invisible cursor so that it does not send the
   cursor home, then `refresh`: ncurses' own diff, hash-based scrolling included) and writes a
   marker (an APC string, not counted) after each `refresh`. The bytes between two markers are
   that frame's. At 256 colours TERM=xterm-256color (colour pairs over the 256 indexes); at
   truecolor TERM=xterm-direct (ncurses' only direct-colour entry: colours are 24-bit values).
   The bytes are replayed through pyte (with SU, SD, REP and background-colour erase added to
   it, as xterm does them) and every frame must equal the frame from step 1.

Bytes per frame are the means over the diff frames (the first frame, drawn whole, left out), for
both. Colours compare as pyte's hex values (a named colour as xterm's palette value), and a
blank's foreground and bold do not count (they do not show).

    scripts/ncurses_side_by_side.py --foldcycle .build/release/foldcycle [--frames 115] [--rep] \\
        [--write docs/PERFORMANCE.md]

--rep renders FoldCycle's diff with `--rep` (REP for runs of one glyph, docs/decisions/0255) and
adds a column of its bytes and ratio beside those without.

--write replaces the table between `<!-- ncurses:side-by-side:begin -->` and
`<!-- ncurses:side-by-side:end -->`. Needs pyte (the e2e venv's). Not run by scripts/test; a test
tool, not product code.
"""
import argparse
import curses
import json
import os
import pty
import re
import select
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from callgrind_counts import item  # noqa: E402  (the bench's card text)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_block import write_block  # noqa: E402  (a sibling script)

COLS, ROWS = 80, 24
FOLDS = [("fold", d) for d in ("up", "down", "left", "right")]
SLIDES = [(t, d) for t in ("push", "move-in", "reveal") for d in ("up", "down", "left", "right")]
DEPTHS = {
    # (FoldCycle's environment, the TERM ncurses is given)
    "256": ({"COLORTERM": "", "TERM": "xterm-256color"}, "xterm-256color"),
    "truecolor": ({"COLORTERM": "truecolor", "TERM": "xterm-256color"}, "xterm-direct"),
}
FRAME_START = b"\x1b[?2026h"
FRAME_END = b"\x1b[?2026l"
MARKER = re.compile(rb"\x1b_fc-frame-(\d+)\x1b\\")
MOVE = re.compile(rb"\x1b\[[0-9]*[LM@PST]")


# -- the model (pyte, with what ncurses and FoldCycle send that pyte 0.8.2 lacks)


def model_screen(columns, lines):
    import pyte

    class Screen(pyte.Screen):
        """pyte's screen with SU, SD and REP, and new blank lines and characters in the current
        background (xterm's background-colour erase)."""

        last = " "

        def blank(self):
            return self.default_char._replace(bg=self.cursor.attrs.bg)

        def draw(self, data):
            super().draw(data)
            if data:
                self.last = data[-1]

        def _unwrap(self):
            # pyte keeps a pending wrap as x == columns; xterm keeps the cursor on the last
            # column with a flag that any cursor move clears.
            self.cursor.x = min(self.cursor.x, self.columns - 1)

        def cursor_to_line(self, line=None):
            self._unwrap()
            super().cursor_to_line(line)

        def cursor_up(self, count=None):
            self._unwrap()
            super().cursor_up(count)

        def cursor_down(self, count=None):
            self._unwrap()
            super().cursor_down(count)

        def repeat_last(self, count=None):
            self.draw(self.last * (count or 1))

        def _fill_rows(self, rows):
            for y in rows:
                self.buffer[y] = pyte.screens.StaticDefaultDict(self.blank())

        def _scroll(self, count, up):
            top, bottom = self.margins or (0, self.lines - 1)
            count = min(count or 1, bottom - top + 1)
            rows = [self.buffer[y] for y in range(top, bottom + 1)]
            rows = rows[count:] + [None] * count if up else [None] * count + rows[:-count]
            for offset, row in enumerate(rows):
                y = top + offset
                if row is None:
                    self._fill_rows([y])
                else:
                    self.buffer[y] = row
            self.dirty.update(range(self.lines))

        def scroll_up(self, count=None):
            self._scroll(count, True)

        def scroll_down(self, count=None):
            self._scroll(count, False)

        def index(self):
            self._unwrap()
            top, bottom = self.margins or (0, self.lines - 1)
            if self.cursor.y == bottom:
                self._scroll(1, True)
            else:
                self.cursor_down()

        def reverse_index(self):
            self._unwrap()
            top, bottom = self.margins or (0, self.lines - 1)
            if self.cursor.y == top:
                self._scroll(1, False)
            else:
                self.cursor_up()

        def insert_lines(self, count=None):
            top, bottom = self.margins or (0, self.lines - 1)
            if top <= self.cursor.y <= bottom:
                saved = self.margins
                self.margins = pyte.screens.Margins(self.cursor.y, bottom)
                self._scroll(count or 1, False)
                self.margins = saved
                self.carriage_return()

        def delete_lines(self, count=None):
            top, bottom = self.margins or (0, self.lines - 1)
            if top <= self.cursor.y <= bottom:
                saved = self.margins
                self.margins = pyte.screens.Margins(self.cursor.y, bottom)
                self._scroll(count or 1, True)
                self.margins = saved
                self.carriage_return()

        def insert_characters(self, count=None):
            count = count or 1
            line = self.buffer[self.cursor.y]
            cells = [line[x] for x in range(self.columns)]
            x0 = self.cursor.x
            cells[x0:] = [self.blank()] * min(count, self.columns - x0) + cells[x0:]
            for x in range(self.columns):
                line[x] = cells[x]
            self.dirty.add(self.cursor.y)

        def delete_characters(self, count=None):
            count = count or 1
            line = self.buffer[self.cursor.y]
            cells = [line[x] for x in range(self.columns)]
            x0 = self.cursor.x
            cells[x0:] = cells[x0 + count:] + [self.blank()] * min(count, self.columns - x0)
            for x in range(self.columns):
                line[x] = cells[x]
            self.dirty.add(self.cursor.y)

        def erase_characters(self, count=None):
            line = self.buffer[self.cursor.y]
            for x in range(self.cursor.x, min(self.cursor.x + (count or 1), self.columns)):
                line[x] = self.blank()
            self.dirty.add(self.cursor.y)

    class Stream(pyte.ByteStream):
        csi = dict(pyte.ByteStream.csi, S="scroll_up", T="scroll_down", b="repeat_last")

    screen = Screen(columns, lines)
    return screen, Stream(screen)


def colon_colours(data):
    """`38:2::r:g:b` and `38:2:r:g:b` (ncurses' xterm-direct) as pyte reads them, `38;2;r;g;b`."""
    return re.sub(rb"([34]8):2:(?::)?(\d+):(\d+):(\d+)", rb"\1;2;\2;\3;\4", data)


def palette():
    import pyte.graphics as g
    names = ["black", "red", "green", "brown", "blue", "magenta", "cyan", "white"]
    table = {name: g.FG_BG_256[i] for i, name in enumerate(names)}
    table.update({"bright" + name: g.FG_BG_256[i + 8] for i, name in enumerate(names)})
    return table


PALETTE = None


def cell(char):
    """A cell as it shows: (glyph, fg, bg, bold, italic, underline, reverse); colours as hex."""
    global PALETTE
    PALETTE = PALETTE or palette()
    fg, bg = PALETTE.get(char.fg, char.fg), PALETTE.get(char.bg, char.bg)
    glyph = char.data
    if glyph == " " and not char.underscore and not char.reverse:
        return (glyph, None, bg, False, False, False, False)
    return (glyph, fg, bg, char.bold, char.italics, char.underscore, char.reverse)


def snapshot(screen, rows=ROWS):
    return [[cell(screen.buffer[y][x]) for x in range(screen.columns)] for y in range(rows)]


# -- FoldCycle


def render(foldcycle, transition, direction, depth, frames, encoder, rep=False):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update(DEPTHS[depth][0])
    args = [foldcycle, "render", "--transition", transition, "--format", "ansi", "--encoder", encoder, "--frames",
            str(frames), "--width", str(COLS), "--height", str(ROWS), "--color", "always", item(0), item(1)]
    if rep:
        args[-2:-2] = ["--rep"]
    if transition != "fade":
        args[4:4] = ["--direction", direction]
    return subprocess.run(args, capture_output=True, env=env, check=True).stdout


def frame_bytes(stream):
    """Each frame's bytes: from its synchronized-update start to the next one's (the last to its
    end)."""
    starts = [m.start() for m in re.finditer(re.escape(FRAME_START), stream)]
    last_end = stream.rindex(FRAME_END) + len(FRAME_END)
    return [stream[s:e] for s, e in zip(starts, starts[1:] + [last_end])], stream[:starts[0]]


def replay(head, frames):
    """The screen after each frame (rows 0…23 of a taller screen: the inline region starts at
    the cursor, the top-left of a cleared screen)."""
    screen, stream = model_screen(COLS, ROWS + 4)
    stream.feed(head)
    shots = []
    for data in frames:
        stream.feed(data)
        shots.append(snapshot(screen))
    return shots


# -- ncurses


def child(frames_path):
    """Run in the pseudo-terminal: draws each frame of the JSON file with curses."""
    with open(frames_path) as f:
        frames = json.load(f)

    def main(stdscr):
        curses.start_color()
        curses.use_default_colors()
        curses.curs_set(0)
        stdscr.leaveok(True)
        stdscr.scrollok(False)
        direct = curses.COLORS >= 1 << 24
        pairs = {}  # (fg, bg) → pair number; at most 255 (a chtype holds 8 bits of pair)
        last_used = {}
        hex_index = {}
        import pyte.graphics as g
        for index in range(255, -1, -1):
            hex_index[g.FG_BG_256[index]] = index  # the lowest index of a value wins; see colour()

        def colour(value):
            if value is None or value == "default":
                return -1
            if direct:
                return int(value, 16)
            # Indexes 16–255 first: an index below 16 is sent as SGR 30–37/90–97 and reads back
            # as a palette name, which compares as the same value anyway.
            for index in range(16, 256):
                if g.FG_BG_256[index] == value:
                    return index
            return hex_index[value]

        def pair(fg, bg, frame):
            key = (fg, bg)
            if key not in pairs:
                if len(pairs) < 255:
                    number = len(pairs) + 1
                else:
                    # A pair neither this frame nor the one on screen uses (redefining a pair
                    # on screen would make ncurses redraw its cells).
                    old = min((k for k in pairs if last_used[k] < frame - 1), key=lambda k: last_used[k])
                    number = pairs.pop(old)
                curses.init_pair(number, colour(fg), colour(bg))
                pairs[key] = number
            last_used[key] = frame
            return curses.color_pair(pairs[key])

        for index, frame in enumerate(frames):
            for y, row in enumerate(frame):
                x = 0
                while x < len(row):
                    # A blank's foreground and bold do not show: it joins the run around it
                    # (its style is the next inked cell's on its background, if any).
                    style = tuple(row[x][1:])
                    if style[0] is None:
                        ahead = next((tuple(c[1:]) for c in row[x:] if c[1] is not None or c[2] != style[1]),
                                     style)
                        style = ahead if ahead[1] == style[1] and ahead[0] is not None else style
                    fg, bg, bold, italic, underline, reverse = style
                    text = ""
                    start = x
                    while x < len(row) and (tuple(row[x][1:]) == style or (row[x][1] is None and row[x][2] == bg)):
                        if row[x][0] != "":
                            text += row[x][0]
                        x += 1
                    attr = pair(fg, bg, index)
                    if bold:
                        attr |= curses.A_BOLD
                    if italic:
                        attr |= curses.A_ITALIC
                    if underline:
                        attr |= curses.A_UNDERLINE
                    if reverse:
                        attr |= curses.A_REVERSE
                    try:
                        stdscr.addstr(y, start, text, attr)
                    except curses.error:
                        # The bottom-right cell: written, but the cursor cannot advance past it.
                        if y != ROWS - 1:
                            raise
            stdscr.refresh()
            os.write(1, b"\x1b_fc-frame-%d\x1b\\" % index)

    curses.wrapper(main)


def ncurses_bytes(frames, term):
    """ncurses' bytes for each frame (curses in a pty of 80×24 with TERM=term)."""
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "frames.json")
        with open(path, "w") as f:
            json.dump(frames, f)
        pid, master = pty.fork()
        if pid == 0:
            import fcntl
            import struct
            import termios
            fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
            env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS", "COLORTERM")}
            env["TERM"] = term
            os.execve(sys.executable, [sys.executable, os.path.abspath(__file__), "--child", path], env)
        data = b""
        while True:
            ready, _, _ = select.select([master], [], [], 60)
            if not ready:
                raise SystemExit("ncurses child: no output for 60 s")
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
        _, status = os.waitpid(pid, 0)
        os.close(master)
    if status != 0:
        raise SystemExit(f"ncurses child failed ({status}): {data[-2000:]!r}")
    marks = list(MARKER.finditer(data))
    if [int(m.group(1)) for m in marks] != list(range(len(frames))):
        raise SystemExit(f"ncurses child: markers {[m.group(1) for m in marks]}")
    pieces, start = [], 0
    for m in marks:
        pieces.append(data[start:m.start()])
        start = m.end()
    return pieces


# -- the comparison


def foldcycle_bytes(foldcycle, transition, direction, depth, frames, truth, rep):
    """FoldCycle's diff frames (checked against `truth`, the whole frames' screens)."""
    diff_frames, diff_head = frame_bytes(render(foldcycle, transition, direction, depth, frames, "diff", rep))
    if len(diff_frames) != len(truth):
        raise SystemExit(f"{transition} {direction} {depth}: {len(diff_frames)} diff frames, {len(truth)} full")
    for index, shot in enumerate(replay(diff_head, diff_frames)):
        if shot != truth[index]:
            raise SystemExit(f"{transition} {direction} {depth}: FoldCycle's diff frame {index} replays wrong"
                             f"{' (--rep)' if rep else ''}")
    return diff_frames


def run_case(foldcycle, transition, direction, depth, frames, rep=False):
    full_frames, full_head = frame_bytes(render(foldcycle, transition, direction, depth, frames, "full"))
    truth = replay(full_head, full_frames)
    diff_frames = foldcycle_bytes(foldcycle, transition, direction, depth, frames, truth, False)
    rep_frames = foldcycle_bytes(foldcycle, transition, direction, depth, frames, truth, True) if rep else None
    pieces = ncurses_bytes(truth, DEPTHS[depth][1])
    screen, stream = model_screen(COLS, ROWS)
    for index, piece in enumerate(pieces):
        stream.feed(colon_colours(piece))
        shot = snapshot(screen)
        if shot != truth[index]:
            wrong = [(x, y, shot[y][x], truth[index][y][x]) for y in range(ROWS) for x in range(COLS)
                     if shot[y][x] != truth[index][y][x]]
            raise SystemExit(f"{transition} {direction} {depth}: ncurses' frame {index} replays wrong at "
                             f"{len(wrong)} cells, e.g. {wrong[:3]}")
    mean = lambda chunks: sum(len(f) for f in chunks[1:]) / (len(chunks) - 1)  # noqa: E731
    fc = mean(diff_frames)
    nc = mean(pieces)
    fc_rep = mean(rep_frames) if rep else None
    fc_moves = sum(1 for f in diff_frames[1:] if MOVE.search(f))
    nc_moves = sum(1 for p in pieces[1:] if MOVE.search(colon_colours(p)) or b"\x1bM" in p)
    return fc, nc, fc_moves, nc_moves, fc_rep


def table(args):
    ncurses = ".".join(str(part) for part in curses.ncurses_version)
    rep = " [--rep]" if args.rep else ""
    rows = [
        f"Written by `scripts/ncurses_side_by_side.py --frames {args.frames}{' --rep' if args.rep else ''}`: bytes per "
        f"diff frame (the mean over frames 2…{args.frames}; the first, drawn whole, left out) of `foldcycle render "
        f"--format ansi --encoder diff{rep}` and of ncurses {ncurses} (Python's curses, `refresh` per frame) drawing "
        f"the same frames at 80×24 on the bench's cards; 256 colours: TERM=xterm-256color for both; truecolor: "
        f"FoldCycle with COLORTERM=truecolor, ncurses with TERM=xterm-direct. Every frame of every stream replays "
        f"through pyte (SU, SD, REP and background-colour erase added) to the frame. Frames with a move: "
        f"FoldCycle's (without REP) with IL, DL, ICH or DCH; ncurses' with those, SU, SD or RI (a scroll by a line "
        f"feed at the bottom margin is not counted)."
        + (" With REP: FoldCycle's diff with `--rep` (runs of one glyph as the glyph and `CSI n b`, "
           "docs/decisions/0255); ncurses sent no REP." if args.rep else ""),
        "",
    ]
    if args.rep:
        rows += [
            "| transition | direction | depth | FoldCycle | with REP | ncurses | ratio | with REP | frames with a move "
            "(FoldCycle / ncurses) |",
            "|---|---|---|---:|---:|---:|---:|---:|---:|",
        ]
    else:
        rows += [
            "| transition | direction | depth | FoldCycle | ncurses | ratio | frames with a move (FoldCycle / ncurses) |",
            "|---|---|---|---:|---:|---:|---:|",
        ]
    worst = {}
    worst_rep = {}
    for transition, direction in FOLDS + SLIDES:
        for depth in ["256", "truecolor"]:
            fc, nc, fc_moves, nc_moves, fc_rep = run_case(args.foldcycle, transition, direction, depth, args.frames,
                                                          args.rep)
            ratio = fc / nc
            group = "fold" if transition == "fold" else "push, move-in, reveal"
            worst[group] = max(worst.get(group, 0), ratio)
            if args.rep:
                worst_rep[group] = max(worst_rep.get(group, 0), fc_rep / nc)
                rows.append(f"| {transition} | {direction} | {depth} | {fc:.0f} | {fc_rep:.0f} | {nc:.0f} | "
                            f"{ratio:.2f}× | {fc_rep / nc:.2f}× | {fc_moves} / {nc_moves} |")
            else:
                rows.append(f"| {transition} | {direction} | {depth} | {fc:.0f} | {nc:.0f} | {ratio:.2f}× | "
                            f"{fc_moves} / {nc_moves} |")
            print(rows[-1], file=sys.stderr)
    rows.append("")
    rows.append("Largest ratio: " + "; ".join(f"{group} {ratio:.2f}×" for group, ratio in worst.items())
                + ("; with REP: " + "; ".join(f"{group} {ratio:.2f}×" for group, ratio in worst_rep.items())
                   if args.rep else "") + ".")
    return "\n".join(rows)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child(sys.argv[2])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--foldcycle", required=True)
    parser.add_argument("--frames", type=int, default=115, help="frames per transition (the bench's 115)")
    parser.add_argument("--rep", action="store_true", help="also FoldCycle's diff with --rep (REP)")
    parser.add_argument("--write", metavar="FILE")
    args = parser.parse_args()
    text = table(args)
    if not args.write:
        print(text)
        return 0
    return write_block(args.write, "ncurses:side-by-side", text)


if __name__ == "__main__":
    sys.exit(main())

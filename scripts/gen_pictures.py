#!/usr/bin/env python3
"""The README's and docs' pictures, made by the built `foldcycle` from its own frames
(docs/DESIGN.md#pictures): an animated SVG of each transition `foldcycle render
--list-transitions` names (so a new kind gets its pictures when it lands), in a vertical and a
horizontal direction (one picture when both are the same, as for the fade), and of the swipe
deck driven by a script (`render --deck`, docs/DESIGN.md#deck-pictures); the gallery blocks in
README.md and docs/PICTURES.md and the deck section's block in README.md; and the sizes table
(bytes of the SVG of a 40x5 card and a 2-second transition at 30 fps, bytes per frame of
asciicast recordings), measured here, never typed.

Run after `swift build` (FOLDCYCLE_BIN names another binary):
    python3 scripts/gen_pictures.py            print the generated blocks
    python3 scripts/gen_pictures.py --write    write docs/pictures/*.svg and the blocks
    python3 scripts/gen_pictures.py --check    exit 0 when everything committed is what this makes
                                               today, else exit 1 naming what differs
    --root DIR                                 check or write the files under DIR instead (tests)
Standard library only.
"""
import argparse
import difflib
import json
import os
import subprocess
import sys

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = REPOSITORY
PICTURES = "docs/pictures"
ITEMS = ["FoldCycle · 折叠切换", "Search by name or email"]
CARD = ["--width", "40", "--height", "5"]
# The pictures: a 1.5-second transition at 30 frames per second, held 1 s, in 10 x 20 px cells.
PICTURE_ARGS = ["--format", "svg", "--fps", "30", "--duration", "1.5", "--hold", "1", *CARD]
DIRECTIONS = ["up", "left"]
# The sizes the README states: a 2-second transition at 30 fps of a 40x5 card.
SIZE_ARGS = ["--fps", "30", "--duration", "2", *CARD]
# The deck's pictures (file name, title, render arguments): a triage of three files (a key swipe
# right, a mouse fling left, an undo), and flashcards turned over (Space) and kept.
DECK_PICTURES = [
    ("deck-triage.svg", "deck",
     ["--deck", "right,drag(-0.45,0.08,0.15),undo", "--format", "svg", "README.md", "build.log", "notes.txt"]),
    ("deck-flashcards.svg", "flashcards",
     ["--deck", "flip,right,flip", "--format", "svg", "--file", "Examples/flashcards.txt"]),
]


def binary():
    path = os.environ.get("FOLDCYCLE_BIN")
    if not path:
        bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPOSITORY, capture_output=True, text=True,
                                 check=True).stdout.strip()
        path = os.path.join(bin_dir, "foldcycle")
    if not os.access(path, os.X_OK):
        sys.exit(f"gen_pictures: build foldcycle first ({path} is missing)")
    return path


def foldcycle(*args):
    # A fixed environment: the output must not depend on the machine's terminal.
    env = {"PATH": os.environ.get("PATH", ""), "TERM": "xterm-256color", "COLORTERM": "truecolor"}
    proc = subprocess.run([binary(), *args], capture_output=True, env=env, cwd=REPOSITORY)
    if proc.returncode != 0:
        sys.exit(f"gen_pictures: foldcycle {' '.join(args)} failed: {proc.stderr.decode()}")
    return proc.stdout


def command_text(args):
    def quoted(arg):
        return "'" + arg + "'" if any(c in arg for c in " ·()") else arg
    return "foldcycle render " + " ".join(quoted(arg) for arg in args)


def kinds():
    return foldcycle("render", "--list-transitions").decode().split()


def pictures():
    """(file name, kind, render arguments, SVG bytes) for every picture: the transitions in
    registry order, then the deck's."""
    made = []
    for kind in kinds():
        variants = []
        for direction in DIRECTIONS:
            args = ["--transition", kind, "--direction", direction, *PICTURE_ARGS, *ITEMS]
            variants.append((f"{kind}-{direction}.svg", kind, args, foldcycle("render", *args)))
        if all(variant[3] == variants[0][3] for variant in variants):
            # Direction makes no difference (a fade): one picture, named by the kind alone.
            args = ["--transition", kind, *PICTURE_ARGS, *ITEMS]
            made.append((f"{kind}.svg", kind, args, foldcycle("render", *args)))
        else:
            made += variants
    for name, title, args in DECK_PICTURES:
        made.append((name, title, args, foldcycle("render", *args)))
    return made


def sizes_table():
    """Markdown lines: per transition, the SVG's bytes and distinct frames, and the asciicast's
    bytes and bytes per frame (events of the ansi stream after the header)."""
    lines = [
        "| transition (down) | SVG bytes | SVG frames drawn | asciicast bytes | asciicast bytes per frame |",
        "|---|---:|---:|---:|---:|",
    ]
    for kind in kinds():
        args = ["--transition", kind, "--hold", "1", *SIZE_ARGS, *ITEMS]
        svg = foldcycle("render", "--format", "svg", *args)
        drawn = svg.count(b"<g>") + svg.count(b'<g transform="translate(')
        cast = foldcycle("render", "--format", "asciicast", *args)
        events = [json.loads(line) for line in cast.decode().splitlines()[1:]]
        frames = [event for event in events if event[1] == "o"][:-1]  # The last is the end, not a frame.
        per_frame = sum(len(json.dumps(event, ensure_ascii=False).encode()) + 1 for event in frames) / len(frames)
        lines.append(f"| {kind} | {len(svg):,} | {drawn} | {len(cast):,} | {per_frame:,.0f} |")
    return lines


def readme_block(made):
    """The README's gallery: the fold and the cube, and where the rest are."""
    lines = ["", "<!-- generated by scripts/gen_pictures.py; do not edit -->", ""]
    shown = {}
    for name, kind, args, _ in made:
        shown.setdefault(kind, (name, args))  # The first direction (up), or the one picture.
    for kind in ("fold", "cube"):
        name, args = shown[kind]
        lines += [f"![{kind}]({PICTURES}/{name})", ""]
    lines += [
        "The fold and the cube, as `foldcycle render --format svg` draws them. Every transition in both "
        "directions, the deck, the commands that make them and their sizes: [docs/PICTURES.md](docs/PICTURES.md).",
        "",
    ]
    return lines


def pictures_doc(made):
    lines = [
        "# Pictures",
        "",
        "<!-- generated by scripts/gen_pictures.py; do not edit -->",
        "",
        "Animated SVGs that `foldcycle render --format svg` writes from the compositor's own cell buffers "
        "(docs/DESIGN.md#pictures): no script and no font embedded, each frame at its real time, looping "
        "after the transition (or the deck's script, `--deck`: docs/DESIGN.md#deck-pictures) and a one-second "
        "hold. The test command checks that these files are what `scripts/gen_pictures.py` makes today.",
        "",
    ]
    for name, _, args, svg in made:
        lines += [f"## {name[:-4]}", "", f"`{command_text(args)}` — {len(svg):,} bytes", "", f"![{name[:-4]}](pictures/{name})", ""]
    lines += [
        "## Sizes",
        "",
        "For a 40×5 card and a 2-second transition at 30 frames per second, held 1 s "
        f"(`{command_text(['--format', 'svg', '--transition', 'T', '--hold', '1', *SIZE_ARGS, *ITEMS])}`, and "
        "`--format asciicast` alike); an asciicast frame is one `[time, \"o\", data]` line of the diff stream, "
        "the SVG draws each distinct frame once:",
        "",
    ]
    lines += sizes_table()
    lines.append("")
    return lines


def deck_block(made):
    """The deck section's block: the command that makes the triage picture, and the picture."""
    name, _, args, _ = next(entry for entry in made if entry[0] == DECK_PICTURES[0][0])
    return ["", "<!-- generated by scripts/gen_pictures.py; do not edit -->", "", "```sh",
            command_text(args) + " > triage.svg", "```", "", f"![deck]({PICTURES}/{name})", ""]


GALLERY = ("<!-- pictures:gallery:begin -->", "<!-- pictures:gallery:end -->")
DECK = ("<!-- pictures:deck:begin -->", "<!-- pictures:deck:end -->")


def with_block(text, block, markers=GALLERY):
    begin, end = markers
    if text.count(begin) != 1 or text.count(end) != 1:
        sys.exit(f"gen_pictures: README.md needs exactly one {begin} and one {end}")
    head, rest = text.split(begin)
    _, tail = rest.split(end)
    return head + begin + "\n" + "\n".join(block) + "\n" + end + tail


def outputs():
    """Every generated file: path → bytes."""
    made = pictures()
    files = {os.path.join(PICTURES, name): svg for name, _, _, svg in made}
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        files["README.md"] = with_block(with_block(f.read(), readme_block(made)), deck_block(made), DECK).encode()
    files["docs/PICTURES.md"] = ("\n".join(pictures_doc(made)).rstrip("\n") + "\n").encode()
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--root", default=REPOSITORY)
    options = parser.parse_args()
    global ROOT
    ROOT = os.path.abspath(options.root)
    files = outputs()
    if options.write:
        os.makedirs(os.path.join(ROOT, PICTURES), exist_ok=True)
        for name in os.listdir(os.path.join(ROOT, PICTURES)):
            # Subdirectories (emulators/: the real-emulator lane's screenshots) are not made here.
            if os.path.isfile(os.path.join(ROOT, PICTURES, name)) and os.path.join(PICTURES, name) not in files:
                os.remove(os.path.join(ROOT, PICTURES, name))
        for path, data in files.items():
            with open(os.path.join(ROOT, path), "wb") as f:
                f.write(data)
        return 0
    if options.check:
        failures = []
        committed = {os.path.join(PICTURES, name) for name in os.listdir(os.path.join(ROOT, PICTURES))
                     if os.path.isfile(os.path.join(ROOT, PICTURES, name))}
        for stale in sorted(committed - set(files)):
            failures.append(f"{stale}: committed but no longer made")
        for path, data in files.items():
            try:
                with open(os.path.join(ROOT, path), "rb") as f:
                    current = f.read()
            except FileNotFoundError:
                failures.append(f"{path}: missing")
                continue
            if current != data:
                failures.append(f"{path}: differs from what the script makes today")
                if not path.endswith(".svg"):
                    sys.stdout.writelines(difflib.unified_diff(
                        current.decode().splitlines(True), data.decode().splitlines(True), path, "generated"))
        for failure in failures:
            print("FAIL:", failure)
        if failures:
            print("Run: python3 scripts/gen_pictures.py --write")
        return 1 if failures else 0
    print("\n".join(readme_block(pictures())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

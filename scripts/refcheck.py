"""The command line every reference-value generator shares: print, --check or --write.

A generator builds its output as a list of lines, in memory, deterministically, and names where
the committed copy lives: a whole file (a generated Swift table) or a block of lines inside a
test file (a literal table the test freezes). Then:

    python scripts/gen_X.py            print the output (as the generators always did)
    python scripts/gen_X.py --check    exit 0 when the committed copy is identical, else exit 1
                                       and print a unified diff (committed → generated)
    python scripts/gen_X.py --write    replace the committed copy with the output
    --target PATH                      compare with / write to PATH instead (tests use a copy)

Exit status 2: the committed file or its block cannot be found (the message says which).
"""
import argparse
import difflib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Block:
    """Where a generated block sits inside a file.

    The block is the lines after the first line that starts with `after` (that line itself is not
    part of it), up to the first later line equal to `until`; `until_included` says whether that
    closing line belongs to the block (the generator prints it) or not."""

    def __init__(self, after, until, until_included):
        self.after = after
        self.until = until
        self.until_included = until_included

    def locate(self, lines, path):
        """(start, end) line indices of the block in `lines`; raises LookupError when absent."""
        starts = [i for i, line in enumerate(lines) if line.startswith(self.after)]
        if len(starts) != 1:
            raise LookupError(
                f"{path}: expected exactly one line starting with {self.after!r}, found {len(starts)}")
        start = starts[0] + 1
        for end in range(start, len(lines)):
            if lines[end] == self.until:
                return start, end + 1 if self.until_included else end
        raise LookupError(f"{path}: no line {self.until!r} after {self.after!r}")


def main(description, generate, target, block=None, argv=None):
    """Runs a generator's command line.

    generate: () -> list of lines (no newlines). target: the committed file, relative to the
    repository root. block: a Block inside that file, or None for the whole file."""
    parser = argparse.ArgumentParser(description=description)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true",
                      help="compare with the committed copy: exit 0 if identical, 1 with a diff if not")
    mode.add_argument("--write", action="store_true", help="replace the committed copy")
    parser.add_argument("--target", default=os.path.join(ROOT, target),
                        help=f"the committed copy (default: {target})")
    args = parser.parse_args(argv)

    generated = generate()
    if not (args.check or args.write):
        sys.stdout.write("".join(line + "\n" for line in generated))
        return 0

    try:
        with open(args.target, encoding="utf-8", newline="") as handle:
            text = handle.read()
    except OSError as error:
        print(f"error: cannot read the committed copy {args.target}: {error.strerror}", file=sys.stderr)
        return 2
    lines = text.split("\n")
    trailing_newline = lines[-1] == ""
    if trailing_newline:
        lines.pop()
    try:
        start, end = block.locate(lines, args.target) if block else (0, len(lines))
    except LookupError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    committed = lines[start:end]
    name = os.path.relpath(args.target, ROOT) if args.target.startswith(ROOT) else args.target

    if args.write:
        lines[start:end] = generated
        with open(args.target, "w", encoding="utf-8", newline="") as handle:
            handle.write("\n".join(lines) + ("\n" if trailing_newline or block is None else ""))
        print(f"wrote {name}", file=sys.stderr)
        return 0

    if committed == generated and (block is not None or trailing_newline):
        print(f"ok: {name} matches {os.path.basename(sys.argv[0])}")
        return 0
    # Diff the whole file with the block replaced, so the hunks carry the file's line numbers.
    regenerated = lines[:start] + generated + lines[end:]
    diff = difflib.unified_diff(
        [line + "\n" for line in lines], [line + "\n" for line in regenerated],
        fromfile=f"{name} (committed)", tofile=f"{name} (generated)")
    sys.stdout.writelines(diff)
    if committed == generated:
        print(f"{name}: the file does not end with a newline")
    print(f"FAIL: {name} differs from what {os.path.basename(sys.argv[0])} generates "
          f"(run it with --write to regenerate)", file=sys.stderr)
    return 1

"""Writes a generated table between a document's marker comments, for the measurement scripts
(callgrind_counts.py, ncurses_side_by_side.py): `<!-- NAME:begin -->` … `<!-- NAME:end -->`."""
import sys


def write_block(path, name, text):
    """Replaces what stands between `<!-- NAME:begin -->` and `<!-- NAME:end -->` in `path` with
    `text` (a blank line either side). Returns 0, or 1 after saying on stderr that the file has no
    single, ordered pair of markers."""
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    with open(path) as f:
        doc = f.read()
    if doc.count(begin) != 1 or doc.count(end) != 1 or doc.index(begin) > doc.index(end):
        print(f"{path}: needs one {begin} … {end} block", file=sys.stderr)
        return 1
    head, rest = doc.split(begin)
    _, tail = rest.split(end)
    with open(path, "w") as f:
        f.write(head + begin + "\n\n" + text + "\n\n" + end + tail)
    return 0

#!/usr/bin/env python3
"""The library's public API as one declaration per line, from the symbol graph.

    scripts/public_api.py            regenerate api/public-api.txt
    scripts/public_api.py --check    fail (exit 1, with a diff) when the public API differs from it

Reads the symbol graphs `swift package dump-symbol-graph --skip-synthesized-members` writes for
FoldCycle, FoldCycleCore and FoldCycleImageIO (FoldCycle re-exports both): every public or open symbol,
as its kind, its path and its declaration. The list changes only on purpose: a change to the
public API must come with the regenerated list in the same commit.
"""
import difflib
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = os.path.join(ROOT, "api", "public-api.txt")
MODULES = ("FoldCycle", "FoldCycleCore", "FoldCycleImageIO")


def symbol_graph_dir():
    subprocess.run(
        ["swift", "package", "dump-symbol-graph", "--skip-synthesized-members"],
        cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(os.path.dirname(bin_path), "symbolgraph")


def declarations(directory):
    lines = set()
    for module in MODULES:
        for path in glob.glob(os.path.join(directory, f"{module}.symbols.json")) + glob.glob(
                os.path.join(directory, f"{module}@*.symbols.json")):
            graph = json.load(open(path, encoding="utf-8"))
            for symbol in graph["symbols"]:
                if symbol["accessLevel"] not in ("public", "open"):
                    continue
                declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
                declaration = " ".join(declaration.split())
                kind = symbol["kind"]["identifier"].removeprefix("swift.")
                lines.add(f"{'.'.join(symbol['pathComponents'])}\t{kind}\t{declaration}")
    return sorted(lines)


def main():
    check = "--check" in sys.argv[1:]
    current = declarations(symbol_graph_dir())
    header = [f"# The public API of FoldCycle, FoldCycleCore and FoldCycleImageIO: {len(current)} declarations.",
              "# Written by scripts/public_api.py from the symbol graph; regenerate it on purpose."]
    text = "\n".join(header + current) + "\n"
    if not check:
        os.makedirs(os.path.dirname(LIST), exist_ok=True)
        open(LIST, "w", encoding="utf-8").write(text)
        print(f"api/public-api.txt: {len(current)} public declarations")
        return 0
    committed = open(LIST, encoding="utf-8").read() if os.path.exists(LIST) else ""
    if committed == text:
        print(f"public API unchanged: {len(current)} declarations (api/public-api.txt)")
        return 0
    sys.stdout.writelines(difflib.unified_diff(
        committed.splitlines(True), text.splitlines(True), "api/public-api.txt (committed)", "public API (built)"))
    print("FAIL: the public API differs from api/public-api.txt; if the change is on purpose, run "
          "scripts/public_api.py and commit the list with it", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())

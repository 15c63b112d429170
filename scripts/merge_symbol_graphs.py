#!/usr/bin/env python3
"""Merges FoldCycleCore's and FoldCycleImageIO's symbol graphs into FoldCycle's, for DocC.

    scripts/merge_symbol_graphs.py SYMBOLGRAPH_DIR OUTPUT_DIR

FoldCycle re-exports FoldCycleCore and FoldCycleImageIO (`@_exported import`), so `import
FoldCycle` gives a user all three modules' symbols; the archive documents them as one module,
FoldCycle. Public symbols only: the symbol graph of each module, and FoldCycle's extensions of
the others' types (`FoldCycle@FoldCycleCore`, `FoldCycle@FoldCycleImageIO`), become one
`FoldCycle.symbols.json`.
"""
import json
import os
import sys


def main(source, output):
    base = json.load(open(os.path.join(source, "FoldCycle.symbols.json"), encoding="utf-8"))
    for name in ("FoldCycleCore.symbols.json", "FoldCycle@FoldCycleCore.symbols.json",
                 "FoldCycleImageIO.symbols.json", "FoldCycle@FoldCycleImageIO.symbols.json"):
        path = os.path.join(source, name)
        if not os.path.exists(path):
            continue
        graph = json.load(open(path, encoding="utf-8"))
        base["symbols"] += graph["symbols"]
        base["relationships"] += graph["relationships"]
    base["symbols"] = [s for s in base["symbols"] if s["accessLevel"] in ("public", "open")]
    kept = {s["identifier"]["precise"] for s in base["symbols"]}
    base["relationships"] = [
        r for r in base["relationships"] if r["source"] in kept and (r["target"] in kept or "targetFallback" in r)]
    os.makedirs(output, exist_ok=True)
    json.dump(base, open(os.path.join(output, "FoldCycle.symbols.json"), "w", encoding="utf-8"))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

#!/usr/bin/env python3
"""The index of the decision records: docs/decisions/README.md, made from the records' headers.

Each record is docs/decisions/NNNN-short-title.md and starts with

    # NNNN: Title
    Status: accepted                       (or: superseded by [MMMM](MMMM-other-title.md))
    Date: 2026-12-01                       (optional: free text after the date)
    Reading: architecture                  (optional: the record is on the half-hour path)

followed by the sections `## Context`, `## Decision` and `## Consequences`. The index lists every
record in number order with its title, status and a one-line summary: the first sentence of its
Decision section (so write that sentence as the summary). Before the table, it lists the records
marked `Reading: architecture`, the live architectural decisions, which must be accepted and
readable in half an hour together (ARCHITECTURE_MINUTES at WORDS_PER_MINUTE); what else a record
decides is for when its code is touched. A record that breaks this form is named
with what is wrong, and the generator exits 2.

Run: python3 scripts/gen_decision_index.py [--check | --write]   (see scripts/refcheck.py)
"""
import os
import re
import sys

import refcheck

DIRECTORY = "docs/decisions"
INDEX = DIRECTORY + "/README.md"
SECTIONS = ["## Context", "## Decision", "## Consequences"]
WORDS_PER_MINUTE = 250
ARCHITECTURE_MINUTES = 30
READINGS = ("architecture",)
FILE_NAME = re.compile(r"^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$")
TITLE = re.compile(r"^# (\d{4}): (\S.*)$")
SUPERSEDED = re.compile(r"^superseded by \[(\d{4})\]\(((\d{4})-[a-z0-9-]+\.md)\)$")


class RecordError(Exception):
    pass


def first_sentence(text):
    """The first sentence of a section: its lines joined, a leading list bullet dropped, up to the
    first full stop that ends a sentence (followed by a space or the end)."""
    flat = " ".join(line.strip() for line in text.strip().splitlines())
    flat = re.sub(r"^[-*] ", "", flat)
    match = re.search(r"\.(\s|$)", flat)
    return flat[:match.start() + 1] if match else flat


def read_record(directory, name):
    """(number, title, status, date, summary, words) of one record; RecordError when malformed."""
    number = FILE_NAME.match(name).group(1)
    with open(os.path.join(directory, name), encoding="utf-8") as handle:
        text = handle.read()
    lines = text.split("\n")
    title = TITLE.match(lines[0]) if lines else None
    if not title:
        raise RecordError(f"{name}: the first line must be '# {number}: Title', found {lines[0]!r}")
    if title.group(1) != number:
        raise RecordError(f"{name}: the title's number {title.group(1)} is not the file's {number}")
    headers = {}
    for line in lines[1:]:
        if line.startswith("## "):
            break
        key, colon, value = line.partition(": ")
        if colon and key in ("Status", "Date", "Reading"):
            headers[key] = value.strip()
    status = headers.get("Status")
    if status is None:
        raise RecordError(f"{name}: no 'Status:' line before the first section "
                          "(allowed: 'Status: accepted' or 'Status: superseded by [NNNN](NNNN-title.md)')")
    superseded = SUPERSEDED.match(status)
    if status != "accepted" and not superseded:
        raise RecordError(f"{name}: status {status!r} is neither 'accepted' nor "
                          "'superseded by [NNNN](NNNN-title.md)'")
    if superseded:
        link_number, target, target_number = superseded.groups()
        if link_number != target_number or not os.path.exists(os.path.join(directory, target)):
            raise RecordError(f"{name}: 'superseded by' links {target}, which is not the record "
                              f"{link_number} in {DIRECTORY}")
    positions = []
    for section in SECTIONS:
        if section not in lines:
            raise RecordError(f"{name}: no '{section}' section (each record has "
                              f"{', '.join(repr(s) for s in SECTIONS)}, in that order)")
        positions.append(lines.index(section))
    if positions != sorted(positions):
        raise RecordError(f"{name}: the sections must come in the order {', '.join(SECTIONS)}")
    decision = "\n".join(lines[positions[1] + 1:positions[2]])
    summary = first_sentence(decision)
    if not summary:
        raise RecordError(f"{name}: the Decision section is empty")
    reading = headers.get("Reading")
    if reading is not None and reading not in READINGS:
        raise RecordError(f"{name}: 'Reading: {reading}' is not a reading path (allowed: {', '.join(READINGS)})")
    if reading is not None and status != "accepted":
        raise RecordError(f"{name}: a superseded record is not on the architecture path; its successor is")
    return number, title.group(2), status, headers.get("Date", ""), summary, len(text.split()), reading


def cell(text):
    return text.replace("|", "\\|")


def generate(directory=None):
    directory = directory or os.path.join(refcheck.ROOT, DIRECTORY)
    names = sorted(n for n in os.listdir(directory) if n != "README.md" and n.endswith(".md"))
    strays = [n for n in names if not FILE_NAME.match(n)]
    try:
        if strays:
            raise RecordError(f"{strays[0]}: a record's file name is NNNN-short-title.md "
                              "(four digits, then lower-case words joined by '-')")
        records = [read_record(directory, name) for name in names]
        numbers = [r[0] for r in records]
        duplicates = sorted({n for n in numbers if numbers.count(n) > 1})
        if duplicates:
            raise RecordError(f"record number {duplicates[0]} is used by more than one file")
    except RecordError as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(2)
    words = sum(r[5] for r in records)
    accepted = sum(1 for r in records if r[2] == "accepted")
    path = [r for r in records if r[6] == "architecture"]
    path_words = sum(r[5] for r in path)
    if path_words > ARCHITECTURE_MINUTES * WORDS_PER_MINUTE:
        print(f"error: the architecture path ({len(path)} records marked 'Reading: architecture') is {path_words:,} "
              f"words, about {path_words / WORDS_PER_MINUTE:.1f} minutes; the aim is {ARCHITECTURE_MINUTES} minutes "
              f"({ARCHITECTURE_MINUTES * WORDS_PER_MINUTE:,} words): shorten a record or take one off the path",
              file=sys.stderr)
        raise SystemExit(2)
    lines = [
        "# Decision records",
        "",
        "Why FoldCycle is the way it is: one record per decision that still shapes the code, and the",
        "records it replaced, marked superseded. Each has a Context, the Decision and its Consequences.",
        "What broke on the way and how it was found is in [CHANGELOG.md's History](../../CHANGELOG.md#history).",
        "",
        "A new decision is a new record, `NNNN-short-title.md`, in the same form (`# NNNN: Title`,",
        "`Status:`, `Date:`, the three sections; the first sentence of its Decision is its summary",
        "below). A record that reverses another sets the older one's status to",
        "`superseded by [NNNN](NNNN-short-title.md)`.",
        "",
        "This file is generated from the records' headers: `python3 scripts/gen_decision_index.py --write`",
        "(`scripts/test` runs its `--check`).",
        "",
        f"{len(records)} records ({accepted} accepted, {len(records) - accepted} superseded), "
        f"{words:,} words: about {round(words / WORDS_PER_MINUTE)} minutes at {WORDS_PER_MINUTE} words a minute.",
        "",
        "## The architecture in half an hour",
        "",
        f"Read these {len(path)} first ({path_words:,} words, about {round(path_words / WORDS_PER_MINUTE)} minutes): "
        "the decisions that shape",
        "every change. The others decide one feature's details; read them when you touch its code. A",
        "record is on this path when its header says `Reading: architecture`; the generator refuses a",
        f"path longer than {ARCHITECTURE_MINUTES} minutes.",
        "",
    ]
    for number, title, _, _, _, record_words, _ in path:
        name = next(n for n in names if n.startswith(number + "-"))
        lines.append(f"1. [{number}]({name}) {title} ({round(record_words / WORDS_PER_MINUTE, 1):g} min)")
    lines += [
        "",
        "## Every record",
        "",
        "| Record | Title | Status | Summary |",
        "|---|---|---|---|",
    ]
    for number, title, status, date, summary, _, _ in records:
        name = next(n for n in names if n.startswith(number + "-"))
        lines.append(f"| [{number}]({name}) | {cell(title)} | {cell(status)} | {cell(summary)} |")
    return lines


if __name__ == "__main__":
    raise SystemExit(refcheck.main(__doc__, generate, INDEX))

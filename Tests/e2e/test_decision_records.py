"""The decision records (docs/decisions/) and their index (scripts/gen_decision_index.py): every
record is in the index, a malformed record is named with what is wrong, and every citation of a
record in the tree names a record that exists. The index's --check and --write are tested with the
other generators in test_reference_generators.py."""
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import gen_decision_index  # noqa: E402

DECISIONS = os.path.join(ROOT, "docs", "decisions")
RECORD = """# {number}: {title}

Status: {status}
Date: 2026-12-06

## Context

Why.

## Decision

The one-line summary. More detail after it.

## Consequences

What follows.
"""
# Folders and files whose comments and prose may cite a record by its path.
CITING = ["Sources", "Tests", "Examples", "scripts", "docs", "README.md", "CHANGELOG.md", "DECISIONS.md",
          "Package.swift"]
CITATION = re.compile(r"(?:docs/)?decisions/(\d{4}-[a-z0-9-]+\.md)")


def write_record(directory, name, title="A title", status="accepted"):
    (directory / name).write_text(RECORD.format(number=name[:4], title=title, status=status), encoding="utf-8")


def generate_in(directory, capsys):
    """The generator's exit status and message for the records in `directory` (0 and '' when it
    made an index)."""
    try:
        gen_decision_index.generate(str(directory))
    except SystemExit as exit:
        return exit.code, capsys.readouterr().err
    return 0, ""


def test_the_index_lists_every_record_once():
    records = sorted(n for n in os.listdir(DECISIONS) if n != "README.md")
    index = open(os.path.join(DECISIONS, "README.md"), encoding="utf-8").read()
    listed = re.findall(r"^\| \[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\) \|", index, re.MULTILINE)
    assert [name for _, name in listed] == records
    assert all(name.startswith(number + "-") for number, name in listed)


def test_a_row_holds_the_title_the_status_and_the_decisions_first_sentence(tmp_path):
    write_record(tmp_path, "0001-first.md", title="The first")
    write_record(tmp_path, "0002-second.md", title="The second | piped",
                 status="superseded by [0001](0001-first.md)")
    rows = [line for line in gen_decision_index.generate(str(tmp_path)) if line.startswith("| [")]
    assert rows == [
        "| [0001](0001-first.md) | The first | accepted | The one-line summary. |",
        "| [0002](0002-second.md) | The second \\| piped | superseded by [0001](0001-first.md) "
        "| The one-line summary. |",
    ]


@pytest.mark.parametrize("name,text,message", [
    ("0001-no-status.md", RECORD.format(number="0001", title="T", status="accepted").replace("Status: accepted\n", ""),
     "0001-no-status.md: no 'Status:' line before the first section (allowed: 'Status: accepted' or "
     "'Status: superseded by [NNNN](NNNN-title.md)')"),
    ("0001-proposed.md", RECORD.format(number="0001", title="T", status="proposed"),
     "0001-proposed.md: status 'proposed' is neither 'accepted' nor 'superseded by [NNNN](NNNN-title.md)'"),
    ("0001-dangling.md", RECORD.format(number="0001", title="T", status="superseded by [0009](0009-gone.md)"),
     "0001-dangling.md: 'superseded by' links 0009-gone.md, which is not the record 0009 in docs/decisions"),
    ("0001-wrong-number.md", RECORD.format(number="0002", title="T", status="accepted"),
     "0001-wrong-number.md: the title's number 0002 is not the file's 0001"),
    ("0001-no-consequences.md",
     RECORD.format(number="0001", title="T", status="accepted").replace("## Consequences", "## After"),
     "0001-no-consequences.md: no '## Consequences' section (each record has '## Context', '## Decision', "
     "'## Consequences', in that order)"),
    ("1-short.md", "", "1-short.md: a record's file name is NNNN-short-title.md"),
])
def test_a_malformed_record_is_named_with_what_is_allowed(name, text, message, tmp_path, capsys):
    (tmp_path / name).write_text(text, encoding="utf-8")
    status, error = generate_in(tmp_path, capsys)
    assert status == 2
    assert error.startswith("error: " + message)


def test_the_architecture_path_lists_the_marked_records_with_their_reading_time(tmp_path):
    write_record(tmp_path, "0001-first.md", title="The first")
    write_record(tmp_path, "0002-second.md", title="The second")
    marked = (tmp_path / "0002-second.md").read_text().replace("Status: accepted\n",
                                                               "Status: accepted\nReading: architecture\n")
    (tmp_path / "0002-second.md").write_text(marked + "word " * 474, encoding="utf-8")
    lines = gen_decision_index.generate(str(tmp_path))
    path = [line for line in lines if line.startswith("1. ")]
    assert path == ["1. [0002](0002-second.md) The second (2 min)"]  # 26 words of record and 474 more: 500
    assert "Read these 1 first (500 words, about 2 minutes): the decisions that shape" in lines


def test_the_committed_architecture_path_is_readable_in_half_an_hour():
    index = open(os.path.join(DECISIONS, "README.md"), encoding="utf-8").read()
    minutes = [float(m) for m in re.findall(r"^1\. \[\d{4}\]\(\S+\) .* \((\d+(?:\.\d)?) min\)$", index, re.MULTILINE)]
    assert len(minutes) >= 10
    assert sum(minutes) <= gen_decision_index.ARCHITECTURE_MINUTES + 0.05 * len(minutes)  # rounding to 0.1 min


@pytest.mark.parametrize("reading,status,message", [
    ("everything", "accepted", "0001-path.md: 'Reading: everything' is not a reading path (allowed: architecture)"),
    ("architecture", "superseded by [0002](0002-next.md)",
     "0001-path.md: a superseded record is not on the architecture path; its successor is"),
])
def test_a_wrong_reading_is_named_with_what_is_allowed(reading, status, message, tmp_path, capsys):
    write_record(tmp_path, "0002-next.md")
    text = RECORD.format(number="0001", title="T", status=status)
    (tmp_path / "0001-path.md").write_text(text.replace("Date:", f"Reading: {reading}\nDate:"), encoding="utf-8")
    assert generate_in(tmp_path, capsys) == (2, "error: " + message + "\n")


def test_an_architecture_path_over_half_an_hour_is_refused(tmp_path, capsys):
    for number in ("0001", "0002"):
        text = RECORD.format(number=number, title="T", status="accepted").replace("Date:", "Reading: architecture\nDate:")
        (tmp_path / f"{number}-long.md").write_text(text + "word " * 3_800, encoding="utf-8")
    status, error = generate_in(tmp_path, capsys)
    assert status == 2
    assert error == ("error: the architecture path (2 records marked 'Reading: architecture') is 7,650 words, about "
                     "30.6 minutes; the aim is 30 minutes (7,500 words): shorten a record or take one off the path\n")


def test_two_records_with_one_number_are_refused(tmp_path, capsys):
    write_record(tmp_path, "0003-one.md")
    write_record(tmp_path, "0003-other.md")
    assert generate_in(tmp_path, capsys) == (2, "error: record number 0003 is used by more than one file\n")


def test_the_command_line_prints_the_index_of_the_committed_records():
    result = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "gen_decision_index.py")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == open(os.path.join(DECISIONS, "README.md"), encoding="utf-8").read()


def citations():
    """(file, cited record) for every record path cited in the tree's sources, tests and docs."""
    found = []
    for entry in CITING:
        path = os.path.join(ROOT, entry)
        files = [path] if os.path.isfile(path) else [
            os.path.join(folder, name) for folder, _, names in os.walk(path) for name in names
            if not any(part.startswith(".") for part in os.path.relpath(folder, ROOT).split(os.sep))]
        for file in files:
            try:
                text = open(file, encoding="utf-8").read()
            except (UnicodeDecodeError, OSError):
                continue
            found += [(os.path.relpath(file, ROOT), cited) for cited in CITATION.findall(text)]
    return found


def test_every_cited_record_exists():
    cited = citations()
    assert len(cited) >= 10, "the tree cites records by path (docs/decisions/NNNN-title.md)"
    missing = [(file, record) for file, record in cited if not os.path.exists(os.path.join(DECISIONS, record))]
    assert missing == []


def test_links_between_records_resolve():
    for name in sorted(os.listdir(DECISIONS)):
        text = open(os.path.join(DECISIONS, name), encoding="utf-8").read()
        for target in re.findall(r"\]\((\d{4}-[a-z0-9-]+\.md)\)", text):
            assert os.path.exists(os.path.join(DECISIONS, target)), f"{name} links {target}"

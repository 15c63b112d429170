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

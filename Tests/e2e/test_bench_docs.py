"""foldcycle-bench's docs blocks: --check-docs on the committed docs and on broken copies, and
--write-docs on a copy (a tiny run): only the lines between the markers change, every block is
filled, and a second write keeps the text outside the markers byte for byte."""
import os
import re
import shutil
import subprocess

import pytest

from conftest import ROOT, binary

BLOCKS = {
    "docs/PERFORMANCE.md": ["summary-frames", "performance-results", "performance-targets"],
}
TINY_RUN = ["--frames", "4", "--frames-per-transition", "4", "--idle-seconds", "0.1", "--ticks", "3",
            "--transitions", "100", "--spawns", "1", "--run-bytes", "65536"]


@pytest.fixture(scope="module")
def bench():
    path = os.path.join(os.path.dirname(binary()), "foldcycle-bench")
    assert os.access(path, os.X_OK), f"build foldcycle-bench first: {path} is missing"
    return path


@pytest.fixture
def docs(tmp_path):
    """A copy of the package's docs/PERFORMANCE.md."""
    (tmp_path / "docs").mkdir()
    for name in BLOCKS:
        shutil.copy(os.path.join(ROOT, name), tmp_path / name)
    return tmp_path


def run(bench, *args, timeout=120):
    return subprocess.run([bench, *args], capture_output=True, text=True, timeout=timeout)


def outside_markers(text):
    """The text with every block's content removed (marker lines kept)."""
    return re.sub(r"(<!-- bench:([a-z-]+):begin -->\n).*?(<!-- bench:\2:end -->)", r"\1\3", text, flags=re.S)


def test_the_committed_docs_are_well_formed(bench):
    result = run(bench, "--check-docs", "--docs-root", ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ("foldcycle-bench: the docs' markers are well-formed "
                             "(summary-frames, performance-results, performance-targets)\n")


BROKEN = [
    ("missing end", "<!-- bench:summary-frames:end -->\n", "",
     "docs/PERFORMANCE.md:{begin}: block 'summary-frames' is never closed "
     "(add a line '<!-- bench:summary-frames:end -->')"),
    ("missing block", "<!-- bench:summary-frames:begin -->\n", "",
     "docs/PERFORMANCE.md:{end_after_removal}: end of 'summary-frames' without its begin"),
    ("malformed", "<!-- bench:summary-frames:begin -->", "<!-- bench:summary-frame:begin -->",
     "docs/PERFORMANCE.md:{begin}: malformed marker '<!-- bench:summary-frame:begin -->'"),
]


@pytest.mark.parametrize("name,old,new,message", BROKEN, ids=[b[0] for b in BROKEN])
def test_check_docs_names_the_broken_marker(bench, docs, name, old, new, message):
    readme = docs / "docs" / "PERFORMANCE.md"
    text = readme.read_text(encoding="utf-8")
    lines = text.split("\n")
    begin = lines.index("<!-- bench:summary-frames:begin -->") + 1
    end = lines.index("<!-- bench:summary-frames:end -->") + 1
    assert text.count(old) == 1
    readme.write_text(text.replace(old, new), encoding="utf-8")
    result = run(bench, "--check-docs", "--docs-root", str(docs))
    assert result.returncode == 1
    assert "Error: " + message.format(begin=begin, end_after_removal=end - 1) in result.stderr


def test_check_docs_flags_an_empty_block_and_a_duplicate(bench, docs):
    path = docs / "docs" / "PERFORMANCE.md"
    text = outside_markers(path.read_text(encoding="utf-8"))
    text += "\n<!-- bench:performance-results:begin -->\nx\n<!-- bench:performance-results:end -->\n"
    path.write_text(text, encoding="utf-8")
    result = run(bench, "--check-docs", "--docs-root", str(docs))
    assert result.returncode == 1
    assert re.search(r"docs/PERFORMANCE.md:\d+: a second block 'performance-results'", result.stderr)
    assert re.search(r"docs/PERFORMANCE.md:\d+: block 'performance-targets' is empty", result.stderr)


def test_check_docs_names_an_unreadable_root(bench, tmp_path):
    result = run(bench, "--check-docs", "--docs-root", str(tmp_path / "missing"))
    assert result.returncode == 66
    assert f"cannot read {tmp_path / 'missing'}/docs/PERFORMANCE.md" in result.stderr


def test_write_docs_fails_before_measuring_when_a_marker_is_broken(bench, docs):
    readme = docs / "docs" / "PERFORMANCE.md"
    text = readme.read_text(encoding="utf-8")
    readme.write_text(text.replace("<!-- bench:summary-frames:end -->\n", ""), encoding="utf-8")
    result = run(bench, "--write-docs", "--docs-root", str(docs), *TINY_RUN)
    assert result.returncode == 1
    assert "is never closed" in result.stderr
    assert "memory:" not in result.stderr  # nothing was measured
    assert readme.read_text(encoding="utf-8") == text.replace("<!-- bench:summary-frames:end -->\n", "")


def test_write_docs_needs_the_full_set_of_cases(bench, docs):
    result = run(bench, "--write-docs", "--docs-root", str(docs), "--sections", "frames")
    assert result.returncode == 64
    assert "'--write-docs' needs every section" in result.stderr


def test_write_docs_fills_every_block_and_nothing_else(bench, docs, tmp_path):
    """One measured write, then a second from its report (--from-report): both fill every block,
    change nothing outside the markers, and the second writes exactly what the first did."""
    before = {name: (docs / name).read_text(encoding="utf-8") for name in BLOCKS}
    written = []
    report = tmp_path / "report.txt"
    for source in ([*TINY_RUN], ["--from-report", str(report)]):
        result = run(bench, "--write-docs", "--docs-root", str(docs), *source)
        assert result.returncode == 0, result.stderr
        if not report.exists():
            report.write_text(result.stdout, encoding="utf-8")
        else:
            assert "memory:" not in result.stderr  # nothing was measured
        for name, blocks in BLOCKS.items():
            text = (docs / name).read_text(encoding="utf-8")
            written.append(text)
            assert outside_markers(text) == outside_markers(before[name])
            for block in blocks:
                body = re.search(rf"<!-- bench:{block}:begin -->\n(.*?)<!-- bench:{block}:end -->", text, re.S)
                assert body, block
                content = body.group(1)
                assert content.startswith("\n") and content.endswith("\n\n")
                if block.endswith("targets"):
                    assert "| target | limit | measured | |" in content
                else:
                    assert content.startswith("\nMeasured by `foldcycle-bench --write-docs --docs-root")
                    # The paragraph is wrapped, at a place that moves with the docs root's length.
                    assert "4 frames per case" in " ".join(content.split())
    assert written[0] == written[1]
    result = run(bench, "--check-docs", "--docs-root", str(docs))
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("content,message", [
    (None, "cannot read '{path}' (--from-report)"),
    ("table\n{\"frames\": 3}\n", "'{path}' (--from-report): its last line is not a foldcycle-bench report"),
])
def test_from_report_names_a_file_it_cannot_use(bench, docs, tmp_path, content, message):
    path = tmp_path / "report.txt"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    text = (docs / "docs" / "PERFORMANCE.md").read_text(encoding="utf-8")
    result = run(bench, "--write-docs", "--docs-root", str(docs), "--from-report", str(path))
    assert result.returncode == 66
    assert result.stderr.startswith("Error: " + message.format(path=path))
    assert (docs / "docs" / "PERFORMANCE.md").read_text(encoding="utf-8") == text


def test_from_report_of_some_sections_prints_them_but_writes_no_docs(bench, docs, tmp_path):
    measured = run(bench, "--sections", "timer", "--ticks", "3")
    assert measured.returncode == 0, measured.stderr
    report = tmp_path / "report.txt"
    report.write_text(measured.stdout, encoding="utf-8")
    again = run(bench, "--from-report", str(report))
    assert (again.returncode, again.stdout) == (0, measured.stdout)
    result = run(bench, "--write-docs", "--docs-root", str(docs), "--from-report", str(report))
    assert result.returncode == 66
    assert result.stderr == (f"Error: '{report}' (--from-report) has no memory, frames, pictures, styled, idle, "
                             "startup, run figures; --write-docs needs a run of every section\n")


def test_markdown_prints_the_blocks_then_the_json_line(bench):
    result = run(bench, "--markdown", "--sections", "frames", "--sizes", "20x5", "--directions", "down",
                 "--frames", "2", "--frames-per-transition", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.rstrip("\n").split("\n")
    assert lines[0] == "<!-- bench:summary-frames:begin -->"
    assert lines[-1].startswith("{") and '"frames":[' in lines[-1]
    assert ("| 20×5 | diff, truecolor | diff, 256 colours | diff, 16 colours | full, worst "
            "| slowest / fastest direction | diff bytes / floor |") in lines
    markers = [line for line in lines if line.startswith("<!-- bench:")]
    assert markers == [f"<!-- bench:{b}:{k} -->" for b in sum(BLOCKS.values(), []) for k in ("begin", "end")]


def test_the_run_section_measures_a_command_directly_and_under_foldcycle_run(bench):
    """Both runs read every byte the command printed (LF as CR LF through the pty), foldcycle run
    adds its card's, both exit 0, and the JSON line carries the figures the targets judge."""
    import json
    result = run(bench, "--sections", "run", "--run-bytes", "65536", "--foldcycle", binary())
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.rstrip("\n").split("\n")[-1])["run"]
    assert figures["commandBytes"] == 65536
    assert (figures["directStatus"], figures["runStatus"]) == ("exit 0", "exit 0")
    assert figures["directBytesRead"] == 65536 + 65536 // 64
    assert figures["runBytesRead"] > figures["directBytesRead"]
    assert figures["runPeakKiB"] > 0
    names = [t["name"] for t in json.loads(result.stdout.rstrip("\n").split("\n")[-1])["targets"]]
    assert names == ["foldcycle run, 65,536 bytes printed: time over the direct run's",
                     "foldcycle run, 65,536 bytes printed: peak RSS"]

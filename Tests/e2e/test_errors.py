"""Every usage and file error: message, usage line, help hint and exit code (issue 4)."""
import os
import subprocess

import pytest

from conftest import format_names

LIVE_USAGE = "Usage: foldcycle [OPTIONS] [ITEM ...]\n  See 'foldcycle --help' for more information.\n"
RENDER_USAGE = "Usage: foldcycle render [OPTIONS] [ITEM ...]\n  See 'foldcycle render --help' for more information.\n"

# Every usage error's text is checked in-process by FoldCycleCLITests/UsageErrorTests.swift; these
# runs of the binary show that the text reaches stderr, with nothing on stdout and exit 64.
USAGE_CASES = [
    (["--bogus"], "unknown option '--bogus'"),
    (["--direction", "sideways"], "invalid value 'sideways' for '--direction' (values: down, up, left, right)"),
]


@pytest.mark.parametrize("args,message", USAGE_CASES, ids=[" ".join(c[0]) for c in USAGE_CASES])
def test_usage_errors(foldcycle, args, message):
    proc = subprocess.run([foldcycle, "A", "B", *args], capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
    assert proc.returncode == 64
    assert proc.stdout == b""
    assert proc.stderr.decode() == f"Error: {message}\n" + LIVE_USAGE


RENDER_CASES = [
    (["--format", "gif"], f"invalid value 'gif' for '--format' (values: {', '.join(format_names())})"),
]


@pytest.mark.parametrize("args,message", RENDER_CASES, ids=[" ".join(c[0]) for c in RENDER_CASES])
def test_render_usage_errors(foldcycle, args, message):
    proc = subprocess.run([foldcycle, "render", *args, "A", "B"], capture_output=True, timeout=10)
    assert proc.returncode == 64
    assert proc.stderr.decode() == f"Error: {message}\n" + RENDER_USAGE


@pytest.mark.parametrize("args,word", [(["rendr", "A", "B"], "rendr"), (["Render", "A"], "Render")])
def test_mistyped_subcommand(foldcycle, args, word):
    """A first argument close to a subcommand's name is a usage error, not a card (case cli-typo-subcommand)."""
    proc = subprocess.run([foldcycle, *args], capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
    assert proc.returncode == 64
    assert proc.stdout == b""
    assert proc.stderr.decode() == f"Error: unknown subcommand '{word}' (did you mean 'render'?)\n" + LIVE_USAGE


@pytest.mark.parametrize("word", ["rendr", "render"])
def test_double_dash_makes_a_subcommand_like_word_an_item(foldcycle, word):
    proc = subprocess.run([foldcycle, "--", word, "A"], input=b"quit\n", capture_output=True, timeout=10)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, f"{word}\n".encode(), b"")


def test_render_without_items(foldcycle):
    proc = subprocess.run([foldcycle, "render"], capture_output=True, timeout=10)
    assert proc.returncode == 64
    assert proc.stderr.decode() == "Error: no items: give items as arguments or with '--file <path>'\n" + RENDER_USAGE


def test_file_errors(foldcycle, tmp_path):
    missing = tmp_path / "missing.txt"
    directory = tmp_path / "dir"
    directory.mkdir()
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes(b"caf\xe9\n")
    blank = tmp_path / "blank.txt"
    blank.write_text("\n  \n\t\n")
    unreadable = tmp_path / "secret.txt"
    unreadable.write_text("A\n")
    unreadable.chmod(0)
    cases = [
        (missing, f"cannot read file '{missing}': no such file or directory"),
        (directory, f"cannot read file '{directory}': is a directory"),
        (latin1, f"file '{latin1}' is not valid UTF-8 text"),
        (blank, f"file '{blank}' has no items (it is empty or only white space)"),
    ]
    if os.geteuid() != 0:  # root reads any file
        cases.append((unreadable, f"cannot read file '{unreadable}': permission denied"))
    for path, message in cases:
        for prefix in ([], ["render"]):
            proc = subprocess.run([foldcycle, *prefix, "--file", str(path)], capture_output=True,
                                  stdin=subprocess.DEVNULL, timeout=10)
            assert proc.returncode == 66, (path, proc.stderr)
            assert proc.stderr.decode() == f"Error: {message}\n"


def test_file_items_are_split_on_blank_lines(foldcycle, tmp_path):
    path = tmp_path / "items.txt"
    path.write_bytes("\ufefffirst\r\nstill first\r\n\r\n\r\nsecond\n   \nthird".encode())
    proc = subprocess.run([foldcycle, "--file", str(path), "--cycles", "2", "--interval", "0.05"],
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
    assert proc.returncode == 0
    # Written back in the --file format: an item spans several lines, so blank lines separate all.
    assert proc.stdout.decode() == "first\nstill first\n\nsecond\n\nthird\n"


def test_help_and_version(foldcycle):
    proc = subprocess.run([foldcycle, "--help"], capture_output=True, timeout=10)
    assert proc.returncode == 0
    text = proc.stdout.decode()
    assert text.startswith("OVERVIEW: Cycle text cards through animated transitions (a fold by default), live in the terminal.\n\n"
                           "USAGE: foldcycle [OPTIONS] [ITEM ...]\n       foldcycle render [OPTIONS] [ITEM ...]\n")
    assert "  --direction <direction> Direction content moves in. (values: down, up, left, right; default: down)\n" in text
    proc = subprocess.run([foldcycle, "render", "-h"], capture_output=True, timeout=10)
    assert proc.returncode == 0 and proc.stdout.decode().startswith("OVERVIEW: Print the frames")
    proc = subprocess.run([foldcycle, "--version"], capture_output=True, timeout=10)
    assert proc.returncode == 0 and proc.stdout.decode().startswith("foldcycle ")


def test_file_from_stdin_and_pipes(foldcycle, tmp_path):
    proc = subprocess.run([foldcycle, "--file", "-", "--cycles", "1", "--interval", "0.05"],
                          input=b"one\n\ntwo\n", capture_output=True, timeout=10)
    assert (proc.returncode, proc.stdout) == (0, b"one\ntwo\n")
    proc = subprocess.run(["bash", "-c", f"{foldcycle} render --file <(printf 'a\\n\\nb') --frames 2"],
                          capture_output=True, timeout=10)
    assert proc.returncode == 0 and proc.stdout.startswith(b"# frame 1/2"), proc.stderr
    proc = subprocess.run([foldcycle, "--file", "/dev/null"], capture_output=True, stdin=subprocess.DEVNULL,
                          timeout=10)
    assert proc.returncode == 66
    assert proc.stderr == b"Error: file '/dev/null' has no items (it is empty or only white space)\n"

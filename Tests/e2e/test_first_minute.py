"""What a new user tripped on in the first minute (issue 34, items 8, 11, 14): piped lines are the
cards when no items are named (/work/shared/cases/pipe-lines-without-file.md), a piped line that is
no command ends the run, typed q quits on a dumb terminal, `--record` refuses a format it does not
write, and a mistyped value gets "did you mean"."""
import subprocess
import termios

import pytest

from conftest import clean_environment

LIVE_USAGE = "Usage: foldcycle [OPTIONS] [ITEM ...]\n  See 'foldcycle --help' for more information.\n"


@pytest.mark.parametrize("split,stdin,cards", [
    ("auto", b"1\n2\n3\n", ["1", "2", "3"]),
    ("paragraphs", b"one\ntwo\n\nthree\n", ["one", "three"]),
])
def test_piped_lines_are_the_cards_when_no_items_are_named(foldcycle, pty_run, split, stdin, cards):
    run = pty_run([foldcycle, "--interval", "0.3", "--duration", "0.1", "--color", "never", "--split", split],
                  cols=60, rows=12, stdin_bytes=stdin)
    assert run.pump_until(lambda: f"item 1/{len(cards)}" in run.text(), 5), run.text()
    assert "unknown command" not in run.text()
    seen = set()
    assert run.pump_until(lambda: seen.update(line.strip() for line in run.lines()[:4]) or set(cards) <= seen, 5)
    # Keys come from the terminal: q quits.
    assert "type a command and Enter (help)" in run.text()
    run.write(b"q")
    assert run.wait() == 0
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_a_redirected_file_is_the_cards(foldcycle, tmp_path):
    tips = tmp_path / "tips.txt"
    tips.write_text("tip one\ntip two\n")
    with open(tips, "rb") as stdin:
        proc = subprocess.run([foldcycle, "--cycles", "2", "--interval", "0.05"], stdin=stdin, capture_output=True,
                              env=clean_environment(), timeout=10)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"tip one\ntip two\ntip one\n", b"")


def test_with_items_named_stdin_carries_commands(foldcycle):
    proc = subprocess.run([foldcycle, "--interval", "30", "A", "B", "C"], input=b"next\nstatus\nquit\n",
                          capture_output=True, env=clean_environment(), timeout=10)
    assert proc.returncode == 0
    assert b"state=running item=2/3" in proc.stderr + proc.stdout


def test_protocol_jsonl_always_reads_requests(foldcycle):
    proc = subprocess.run([foldcycle, "--protocol", "jsonl", "--interval", "30"], input=b'{"id":1,"cmd":"quit"}\n',
                          capture_output=True, env=clean_environment(), timeout=10)
    assert proc.returncode == 0
    assert b'"id":1' in proc.stdout and b'"ok":true' in proc.stdout


def test_the_first_piped_line_that_is_no_command_ends_the_run(foldcycle):
    proc = subprocess.run([foldcycle, "--interval", "30", "A", "B"], input=b"pause\n1\n2\n3\n",
                          capture_output=True, env=clean_environment(), timeout=10)
    assert proc.returncode == 64
    assert proc.stderr.decode().count("unknown command") == 1
    # The reply to pause, then the one error.
    assert proc.stderr.decode().startswith("paused\nError: standard input: unknown command '1' (commands: start, pause,")
    assert proc.stderr.decode().endswith(LIVE_USAGE)


def test_typed_q_quits_on_a_dumb_terminal(foldcycle, pty_run):
    run = pty_run([foldcycle, "--interval", "30", "A", "B"], cols=60, rows=10, env={"TERM": "dumb"})
    assert run.pump_until(lambda: "A" in run.text(), 3), run.text()
    run.write(b"q\r")
    assert run.wait(timeout=5) == 0
    assert "unknown command" not in run.text() and "piped" not in run.text()


@pytest.mark.parametrize("name,suffix", [("demo.gif", "gif"), ("tips.txt", "txt"), ("x.CAST.json", "json")])
def test_record_refuses_a_format_it_does_not_write(foldcycle, pty_run, tmp_path, name, suffix):
    path = tmp_path / name
    run = pty_run([foldcycle, "--record", str(path), "A", "B"], cols=400, rows=10)
    assert run.wait() == 64
    text = run.text().replace("\n", "")
    assert "Error: cannot record to '" in text
    assert ("': --record writes asciicast v2 (.cast) or an animated SVG (.svg), "
            f"not .{suffix}Usage: foldcycle") in text
    assert not path.exists()


@pytest.mark.parametrize("argv,message", [
    (["render", "--transition", "cub", "A", "B"],
     "invalid value 'cub' for '--transition' (did you mean 'cube'? values: "),
    (["--direction", "lfet", "A"], "invalid value 'lfet' for '--direction' (did you mean 'left'? values: "),
    (["render", "--format", "svgg", "A", "B"], "invalid value 'svgg' for '--format' (did you mean 'svg'? values: "),
    (["--palette", "red,gren", "A"], "invalid colour 'gren' in '--palette' (did you mean 'green'? values: "),
])
def test_a_mistyped_value_gets_did_you_mean(foldcycle, argv, message):
    proc = subprocess.run([foldcycle, *argv], capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
    assert proc.returncode == 64
    assert proc.stderr.decode().startswith("Error: " + message), proc.stderr


def test_a_typed_setting_gets_did_you_mean(foldcycle):
    proc = subprocess.run([foldcycle, "--interval", "30", "A", "B"], input=b"transition cub\nquit\n",
                          capture_output=True, env=clean_environment(), timeout=10)
    assert proc.returncode == 0
    assert b"invalid transition 'cub' (did you mean 'cube'? values: " in proc.stderr + proc.stdout

"""`foldcycle run -- COMMAND` (issue 31): a real command in a pseudo-terminal of its own, its
output above a card that shows its latest line, a summary where the card was, its exit status
passed through; plain pass-through where nothing is drawn."""
import json
import os
import re
import subprocess
import termios

from conftest import clean_environment, exit_code

SUMMARY_OK = "✓ "
SUMMARY_FAILED = "✗ "


def summary_line(run):
    return next((line for line in run.lines() if line.startswith((SUMMARY_OK, SUMMARY_FAILED))), None)


def test_slow_lines_fold_into_the_card_and_scroll_above_it(foldcycle, pty_run):
    run = pty_run(
        [foldcycle, "run", "--min-show", "0", "--title", "slow", "--", "sh", "-c",
         "echo one; sleep 0.6; echo two; sleep 0.6"],
        cols=60, rows=12)
    # The first line above the card, and on it.
    assert run.pump_until(lambda: run.lines()[0] == "one" and "one" in run.lines()[1], 3), run.text()
    assert "slow · running" in run.text()
    assert run.pump_until(lambda: run.lines()[1] == "two" and "two" in run.lines()[2], 3), run.text()
    assert exit_code(run.wait()) == 0
    lines = run.lines()
    assert lines[:2] == ["one", "two"]
    assert lines[2].startswith("✓ slow · ") and lines[2].endswith(" s"), lines
    # Nothing of the card is left: the summary took its place.
    assert all(line == "" for line in lines[3:]), lines
    assert termios.tcgetattr(run.slave) == run.termios_before
    assert not run.screen.cursor.hidden


def test_the_command_runs_in_its_own_terminal_as_the_foreground_job(foldcycle, pty_run):
    run = pty_run(
        [foldcycle, "run", "--", "sh", "-c",
         "test -t 0 && test -t 1 && echo tty-ok; ps -o pid=,sid=,tpgid= -p $$"],
        cols=60, rows=12)
    assert exit_code(run.wait()) == 0
    text = run.text()
    assert "tty-ok" in text, text
    pid, sid, tpgid = next(line.split() for line in run.lines() if line.strip()[:1].isdigit())
    # A session leader whose group is its terminal's foreground group.
    assert pid == sid == tpgid, text


def test_a_progress_line_shows_its_last_segment(foldcycle, pty_run):
    run = pty_run(
        [foldcycle, "run", "--min-show", "0", "--title", "bar", "--", "sh", "-c",
         r"for i in 1 2 3; do printf '\r[%s] %d%%' $i $((i*33)); sleep 0.4; done; printf '\r\033[Kdone 100%%\n'; sleep 0.5"],
        cols=60, rows=12)
    assert run.pump_until(lambda: "[2] 66%" in run.lines()[0], 3), run.text()
    # The card shows the segment after the last \r, without the control bytes.
    assert run.lines()[0].strip().endswith("[2] 66%") and "[1]" not in run.lines()[0]
    assert exit_code(run.wait()) == 0
    assert run.lines()[0] == "done 100%"
    assert run.lines()[1].startswith("✓ bar · ")


def test_a_failing_command_with_quiet_shows_its_output_and_status(foldcycle, pty_run):
    run = pty_run(
        [foldcycle, "run", "--quiet", "--tail", "2", "--title", "tests", "--", "sh", "-c",
         "echo first; echo second; echo third; exit 2"],
        cols=60, rows=12)
    assert exit_code(run.wait()) == 2
    lines = [line for line in run.lines() if line]
    assert lines[0] == "second"
    assert lines[1] == "third"
    assert lines[2].startswith("✗ tests · exit 2 · ") and lines[2].endswith(" s"), lines
    assert "first" not in run.text()
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_a_succeeding_command_with_quiet_shows_only_the_summary(foldcycle, pty_run):
    run = pty_run([foldcycle, "run", "-q", "--title", "quiet", "--", "sh", "-c", "echo hidden"], cols=60, rows=12)
    assert exit_code(run.wait()) == 0
    assert [line for line in run.lines() if line][0].startswith("✓ quiet · ")
    assert "hidden" not in run.text()


def test_exit_status_and_signal_death_pass_through(foldcycle, pty_run):
    for script, status, text in [("exit 7", 7, "exit 7"), ("kill -TERM $$", 143, "SIGTERM")]:
        run = pty_run([foldcycle, "run", "--title", "job", "--", "sh", "-c", script], cols=60, rows=12)
        assert exit_code(run.wait()) == status
        assert summary_line(run).startswith(f"✗ job · {text} · "), run.text()
        assert termios.tcgetattr(run.slave) == run.termios_before


def test_a_command_not_found_is_127_and_not_executable_126(foldcycle, pty_run):
    run = pty_run([foldcycle, "run", "--", "foldcycle-no-such-command"], cols=100, rows=12)
    assert exit_code(run.wait()) == 127
    # One message, not also a summary line saying the same.
    assert "Error: cannot run 'foldcycle-no-such-command': No such file or directory" in run.text()
    assert "✗" not in run.text() and "not found" not in run.text()
    run = pty_run([foldcycle, "run", "--", "/etc/passwd"], cols=100, rows=12)
    assert exit_code(run.wait()) == 126
    assert "Error: cannot run '/etc/passwd': Permission denied" in run.text()
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_output_that_is_no_terminal_passes_straight_through(foldcycle):
    proc = subprocess.run(
        [foldcycle, "run", "--title", "plain", "--", "sh", "-c",
         r"printf 'a\033[31mred\033[0m\n'; test -t 1 || echo not-a-tty; exit 3"],
        capture_output=True, env=clean_environment(TERM="xterm-256color"), timeout=20)
    assert proc.returncode == 3
    # The command's own bytes, untouched, and nothing of ours.
    assert proc.stdout == b"a\x1b[31mred\x1b[0m\nnot-a-tty\n"
    stderr = proc.stderr.decode()
    assert stderr.startswith("✗ plain · exit 3 · ") and stderr.endswith(" s\n"), stderr
    assert b"\x1b" not in proc.stderr


def test_dumb_terminal_gets_no_escape_sequence(foldcycle, pty_run):
    run = pty_run([foldcycle, "run", "--title", "dumb", "--", "echo", "hello"], cols=60, rows=12,
                  env={"TERM": "dumb"})
    assert exit_code(run.wait()) == 0
    assert b"\x1b" not in run.raw
    assert run.lines()[0] == "hello"
    assert run.lines()[1].startswith("✓ dumb · ")


def test_ctrl_c_goes_to_the_command_and_the_terminal_is_restored(foldcycle, pty_run):
    run = pty_run(
        [foldcycle, "run", "--title", "long", "--", "sh", "-c",
         "trap 'echo got-int; exit 130' INT; echo ready; while :; do sleep 0.1; done"],
        cols=60, rows=12)
    assert run.pump_until(lambda: "ready" in run.text(), 3), run.text()
    run.write(b"\x03")
    assert exit_code(run.wait()) == 130
    assert "got-int" in run.text(), run.text()
    assert summary_line(run) is not None and summary_line(run).startswith("✗ long · exit 130 · "), run.text()
    assert termios.tcgetattr(run.slave) == run.termios_before
    assert not run.screen.cursor.hidden


def test_typed_input_reaches_the_command(foldcycle, pty_run):
    run = pty_run(
        [foldcycle, "run", "--title", "ask", "--", "sh", "-c", "printf 'name? '; read name; echo \"hi $name\""],
        cols=60, rows=12)
    run.pump(0.5)
    run.write(b"ada\r")
    assert exit_code(run.wait()) == 0
    assert "hi ada" in run.text(), run.text()
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_no_command_is_a_usage_error(foldcycle):
    proc = subprocess.run([foldcycle, "run", "--quiet"], capture_output=True, timeout=10)
    assert proc.returncode == 64
    assert proc.stderr.decode().startswith("Error: no command to run: give it after '--'")
    assert "Usage: foldcycle run [OPTIONS] -- <COMMAND> [ARG ...]" in proc.stderr.decode()


def test_the_window_size_is_handed_on_less_the_card_rows(foldcycle, pty_run):
    run = pty_run(
        [foldcycle, "run", "--title", "size", "--", "sh", "-c",
         "trap 'stty size; exit 0' WINCH; stty size; while :; do sleep 0.1; done"],
        cols=60, rows=12)
    # The card and its footer take 2 rows.
    assert run.pump_until(lambda: "10 60" in run.text(), 3), run.text()
    run.resize(50, 16)
    assert exit_code(run.wait()) == 0
    assert "14 50" in run.text(), run.text()


def test_tips_cycle_in_the_card_while_the_output_scrolls_above(foldcycle, pty_run, tmp_path):
    tips = tmp_path / "tips.txt"
    tips.write_text("first tip\nsecond tip\n")
    run = pty_run(
        [foldcycle, "run", "--tips", str(tips), "--interval", "0.5", "--title", "tips", "--", "sh", "-c",
         "echo building; sleep 1.5"],
        cols=60, rows=12)
    assert run.pump_until(lambda: "first tip" in run.text(), 3), run.text()
    assert run.pump_until(lambda: "second tip" in run.text(), 3), run.text()
    assert run.lines()[0] == "building"
    assert exit_code(run.wait()) == 0
    assert run.lines()[1].startswith("✓ tips · ")
    assert "tip" not in "\n".join(run.lines()[2:])


def test_piped_stdin_reaches_the_command(foldcycle, pty_run):
    run = pty_run(
        [foldcycle, "run", "--title", "reader", "--", "sh", "-c", "read line; echo \"got $line\""],
        cols=60, rows=12, stdin_bytes=b"piped words\n")
    assert exit_code(run.wait()) == 0
    assert run.lines()[0] == "got piped words", run.text()
    assert run.lines()[1].startswith("✓ reader · ")


def test_a_flood_is_written_whole_and_the_card_ends_on_its_last_line(foldcycle, pty_run):
    run = pty_run([foldcycle, "run", "--title", "flood", "--", "seq", "1", "200000"], cols=60, rows=12)
    assert exit_code(run.wait(timeout=60)) == 0
    lines = [line for line in run.lines() if line]
    assert lines[-2:-1] == ["200000"], lines
    assert lines[-1].startswith("✓ flood · ")
    # Every number reached the terminal (the card's copies of some lines besides).
    plain = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", bytes(run.raw)).decode(errors="replace")
    found = {int(word) for word in plain.replace("\r", "\n").split("\n") if word.strip().isdigit()}
    assert set(range(1, 200001)) <= found


def test_ctrl_z_stops_the_command_too_and_fg_resumes_both(foldcycle, pty_run):
    from test_job_control import PROMPT, Shell
    shell = Shell(pty_run(["bash", "--norc", "--noprofile", "-i"], cols=100, rows=30,
                          env={"PS1": PROMPT, "FC": foldcycle, "HISTFILE": "/dev/null", "PROMPT_COMMAND": ""}))
    shell.type(b"$FC run --title ticks -- sh -c 'i=0; while [ $i -lt 30 ]; do i=$((i+1)); echo tick-$i; sleep 0.1; done'\n")
    assert shell.pty.pump_until(lambda: "tick-3" in shell.since_mark(), 10), shell.since_mark()
    shell.type(b"\x1a")
    assert shell.pty.pump_until(lambda: PROMPT in shell.since_mark(), 10), shell.since_mark()
    assert "Stopped" in shell.since_mark(), shell.since_mark()
    stopped_at = max(int(n) for n in re.findall(r"tick-(\d+)", bytes(shell.pty.raw).decode(errors="replace")))
    # The command is stopped with us: nothing more comes while the shell has the terminal.
    listing = shell.run("sleep 0.5; jobs -l")
    assert not re.search(r"tick-\d", listing), listing
    assert stopped_at < 30
    shell.type(b"fg\n")
    assert shell.pty.pump_until(lambda: "✓ ticks · " in shell.since_mark(), 15), shell.since_mark()
    assert "tick-30" in shell.since_mark()
    assert "rc=0" in shell.run("echo rc=$?")
    assert termios.tcgetattr(shell.pty.slave) == shell.prompt_modes


def test_no_pty_runs_the_command_with_pipes(foldcycle, pty_run):
    run = pty_run(
        [foldcycle, "run", "--no-pty", "--title", "piped", "--", "sh", "-c",
         "test -t 1 || echo out-is-a-pipe; echo to-stderr >&2; exit 1"],
        cols=60, rows=12)
    assert exit_code(run.wait()) == 1
    assert run.lines()[:3] == ["out-is-a-pipe", "to-stderr", run.lines()[2]]
    assert run.lines()[2].startswith("✗ piped · exit 1 · "), run.text()
    assert termios.tcgetattr(run.slave) == run.termios_before


def test_record_keeps_the_output_and_the_card_and_is_refused_without_a_terminal(foldcycle, pty_run, tmp_path):
    cast = tmp_path / "run.cast"
    run = pty_run([foldcycle, "run", "--record", str(cast), "--title", "rec", "--", "sh", "-c", "echo recorded-line"],
                  cols=60, rows=12)
    assert exit_code(run.wait()) == 0
    lines = cast.read_text().splitlines()
    assert json.loads(lines[0])["version"] == 2
    shown = "".join(json.loads(line)[2] for line in lines[1:] if json.loads(line)[1] == "o")
    assert "recorded-line" in shown and "rec · running" in shown
    # Without a terminal nothing of ours is shown: nothing to record, and the command never starts.
    marker = tmp_path / "started"
    proc = subprocess.run([foldcycle, "run", "--record", str(tmp_path / "no.cast"), "--", "touch", str(marker)],
                          capture_output=True, timeout=10)
    assert proc.returncode == 1
    assert "cannot record" in proc.stderr.decode()
    assert not marker.exists() and not (tmp_path / "no.cast").exists()


def test_ctrl_c_ending_the_command_by_sigint_ends_us_by_sigint(foldcycle, pty_run):
    run = pty_run([foldcycle, "run", "--title", "sleeper", "--", "sh", "-c", "echo ready; exec sleep 30"],
                  cols=60, rows=12)
    assert run.pump_until(lambda: "ready" in run.text(), 3), run.text()
    run.write(b"\x03")
    # Dies of SIGINT as the command did, as a shell's `for` loop needs to stop.
    assert run.wait() == -2
    assert summary_line(run).startswith("✗ sleeper · SIGINT · "), run.text()
    assert termios.tcgetattr(run.slave) == run.termios_before
    assert not run.screen.cursor.hidden

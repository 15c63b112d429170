"""The JSON-lines protocol end to end (issue 14): a script that adds, removes and replaces items
mid-transition and reads the events in order; where the lines go (stdout, a descriptor, never
the card's terminal); the deck's events; errors."""
import json
import os
import subprocess

import pytest

from conftest import PtyRun, clean_environment
from control_helpers import JsonlRun


def kinds(values):
    return [value.get("event", "reply") for value in values]


@pytest.fixture
def jsonl(foldcycle):
    runs = []

    def start(*arguments):
        run = JsonlRun([foldcycle, "--protocol", "jsonl", *arguments])
        runs.append(run)
        return run

    yield start
    for run in runs:
        run.close()


def test_items_changed_mid_transition_events_in_order(jsonl):
    # Paused, only the script's steps move the card (a step plays while paused): the order of
    # every line is fixed. Each change is sent as soon as the transition it meets has begun.
    run = jsonl("--paused", "--duration", "0.8", "--timing", "linear", "A", "B", "C")
    assert run.out.until(lambda v: v.get("event") == "item-settled") == [
        {"event": "started"}, {"event": "paused"}, {"event": "item-settled", "index": 0, "item": "A"}]

    # Replace the item the card is turning to: it lands on the old text, then the new one comes in.
    run.send({"id": 1, "cmd": "next"})
    assert run.out.until(lambda v: v.get("event") == "transition-began") == [
        {"id": 1, "ok": True, "result": {"changed": True, "state": "paused", "index": 1}},
        {"event": "transition-began", "from": 0, "to": 1, "transition": "fold", "direction": "down"}]
    run.send({"id": 2, "cmd": "replace", "index": 1, "value": "B2"})
    assert run.out.until(lambda v: v.get("item") == "B2" and v.get("event") == "item-settled") == [
        {"id": 2, "ok": True, "result": {"index": 1, "previous": "B", "count": 3}},
        {"event": "item-replaced", "index": 1, "item": "B2", "previous": "B", "count": 3},
        {"event": "transition-ended", "from": 0, "to": 1, "transition": "fold", "direction": "down", "index": 1},
        {"event": "item-settled", "index": 1, "item": "B"},
        {"event": "transition-began", "from": 1, "to": 1, "transition": "fold", "direction": "down"},
        {"event": "transition-ended", "from": 1, "to": 1, "transition": "fold", "direction": "down", "index": 1},
        {"event": "item-settled", "index": 1, "item": "B2"}]

    # Remove the item the card is turning to: it turns back to the one it left.
    run.send({"id": 3, "cmd": "next"})
    assert kinds(run.out.until(lambda v: v.get("event") == "transition-began")) == ["reply", "transition-began"]
    run.send({"id": 4, "cmd": "remove", "index": 2})
    assert run.out.until(lambda v: v.get("event") == "item-settled") == [
        {"id": 4, "ok": True, "result": {"index": 2, "item": "C", "count": 2}},
        {"event": "item-removed", "index": 2, "item": "C", "count": 2},
        {"event": "transition-reversed", "from": 1, "to": 2, "transition": "fold", "direction": "down", "toward": 1},
        {"event": "transition-ended", "from": 1, "to": 2, "transition": "fold", "direction": "down", "index": 1},
        {"event": "item-settled", "index": 1, "item": "B2"}]

    # Add before both slots mid-transition: the indices move, nothing on screen jumps.
    run.send({"id": 5, "cmd": "next"})
    assert run.out.until(lambda v: v.get("event") == "transition-began")[-1] == {
        "event": "transition-began", "from": 1, "to": 0, "transition": "fold", "direction": "down"}
    run.send({"id": 6, "cmd": "add", "value": "Z", "index": 0})
    assert run.out.until(lambda v: v.get("event") == "item-settled") == [
        {"id": 6, "ok": True, "result": {"index": 0, "count": 3}},
        {"event": "item-added", "index": 0, "item": "Z", "count": 3},
        {"event": "transition-ended", "from": 2, "to": 1, "transition": "fold", "direction": "down", "index": 1},
        {"event": "item-settled", "index": 1, "item": "A"}]

    run.send({"id": 7, "cmd": "items"})
    run.send({"id": 8, "cmd": "goto", "index": 9})
    run.send({"id": [8, "quit"], "cmd": "quit"})
    assert run.out.until(lambda v: v.get("id") == [8, "quit"]) == [
        {"id": 7, "ok": True, "result": {"items": ["Z", "A", "B2"], "index": 1, "count": 3}},
        {"id": 8, "ok": False, "error": {"type": "bad-value",
                                         "message": "index 9 is out of range for 'goto' (a whole number from 0 to 2)"}},
        {"id": [8, "quit"], "ok": True, "result": {}}]
    assert run.wait() == 0
    assert run.out.next_line() is None
    assert run.err.next_line() is None  # Nothing on stderr: no card without a terminal, no error.


def test_replies_and_errors_in_request_order_with_ids_echoed(jsonl):
    run = jsonl("--interval", "60", "A", "B")
    run.out.until(lambda v: v.get("event") == "item-settled")
    huge = '{"id":true,"cmd":"add","value":"x" ' + " " * 70_000 + "}"
    for line in ['{"id":null,"cmd":"status"}', "not json", '{"id":{"a":[1,2]},"cmd":"nxet"}', "",
                 '{"id":"s","cmd":"direction","value":"up","extra":1}', '{"id":2.5,"cmd":"interval","value":-1}',
                 huge, '{"id":3,"cmd":"help"}']:
        run.send(line)
    replies = run.out.until(lambda v: v.get("id") == 3)
    assert [reply.get("id", "none") for reply in replies if "ok" in reply] == [None, "none", {"a": [1, 2]}, "s", 2.5,
                                                                               "none", 3]
    assert [reply["error"]["type"] for reply in replies if reply.get("ok") is False] == [
        "bad-json", "unknown-command", "bad-value", "bad-value", "bad-json"]
    too_long = [reply for reply in replies if reply.get("ok") is False][-1]
    assert too_long["error"]["message"] == f"a line of {len(huge)} bytes is longer than the limit of 65536 bytes"
    run.send('{"cmd":"quit"}')
    assert run.wait() == 0


def test_jsonl_on_stdout_draws_the_card_on_the_terminal_of_stderr(foldcycle, pty_run):
    run = pty_run([foldcycle, "--protocol", "jsonl", "--interval", "0.4", "--duration", "0.2", "--cycles", "2",
                   "--color", "never", "AAAA", "BBBB", "CCCC"],
                  cols=40, rows=10, stdin_bytes=b'{"id":1,"cmd":"status"}\n', capture_stdout=True)
    assert run.wait(timeout=10) == 0
    lines = run.stdout_bytes().decode().splitlines()
    values = [json.loads(line) for line in lines]  # Every line is JSON: no frame bytes, no prose.
    assert values[0] == {"event": "started"}
    assert {"event": "item-settled", "index": 2, "item": "CCCC"} in values
    assert any(value.get("id") == 1 and value["ok"] for value in values)
    # The card went to the pty (stderr), and stays with its last item.
    assert "CCCC" in run.text()
    assert b"{" not in bytes(run.raw)


def test_protocol_fd_when_stdout_is_the_terminal(foldcycle):
    import pty
    master, slave = pty.openpty()
    read_end, write_end = os.pipe()
    proc = subprocess.Popen(
        [foldcycle, "--protocol", "jsonl", "--protocol-fd", str(write_end), "--interval", "0.3", "--duration",
         "0.1", "--cycles", "1", "--color", "never", "A", "B"],
        stdin=subprocess.PIPE, stdout=slave, stderr=slave, pass_fds=(write_end,), env=clean_environment(
            TERM="xterm-256color"))
    os.close(write_end)
    proc.stdin.write(b'{"id":"x","cmd":"status"}\n')
    proc.stdin.flush()
    events = os.fdopen(read_end, "rb")
    lines = []
    for line in iter(events.readline, b""):
        lines.append(json.loads(line))
    assert proc.wait(timeout=10) == 0
    assert [value.get("event") for value in lines if "event" in value] == [
        "started", "item-settled", "transition-began", "transition-ended", "item-settled"]
    assert [value["id"] for value in lines if "ok" in value] == ["x"]
    os.close(master)
    os.close(slave)


@pytest.mark.parametrize("arguments, message", [
    (["--protocol", "jsonl"],
     "Error: standard output is the terminal the cards are drawn on: JSON replies and events would land on them; "
     "send them to a pipe or a file, or name another descriptor with '--protocol-fd N' (for example 3>events.jsonl)"),
    (["--protocol-fd", "3"], "Error: '--protocol-fd 3' needs '--protocol jsonl' (the word protocol's replies are prose)"),
    (["--protocol", "jsonl", "--protocol-fd", "9"],
     "Error: descriptor 9 for '--protocol-fd' is not open for writing (open it in the shell: 9>events.jsonl)"),
    (["--protocol", "xml"], "Error: invalid value 'xml' for '--protocol' (values: words, jsonl)"),
    (["--listen", ""], "Error: '--listen' needs a socket path (for example /tmp/foldcycle.sock)"),
])
def test_usage_errors(foldcycle, pty_run, arguments, message):
    run = pty_run([foldcycle, *arguments, "A", "B"], cols=250, rows=8)
    assert run.wait() == 64
    assert run.lines()[0] == message
    assert run.lines()[1] == "Usage: foldcycle [OPTIONS] [ITEM ...]"


def test_word_protocol_item_changes(foldcycle):
    proc = subprocess.run(
        [foldcycle, "--interval", "60", "A", "B"],
        input=b"add C\ninsert 1 First one\nreplace 2 a!\nremove 3\nitems\ngoto 3\nremove 9\nquit\n",
        capture_output=True, timeout=10, env=clean_environment())
    assert proc.returncode == 0
    assert proc.stderr.decode().splitlines() == [
        "added as item 3/3", "inserted as item 1/4", "replaced item 2", "removed item 3 (3 left)",
        "items (3):", "  1  First one", "▶ 2  a!", "  3  C", "goto: item 3/3",
        "Error: item 9 is out of range for 'remove' (a whole number from 1 to 3)"]
    # Plain output: each item once it has settled (the run quits before the last ones do).
    assert proc.stdout.decode().splitlines()[0] == "A"


def test_deck_events_and_requests(foldcycle, pty_run):
    requests = b"".join(json.dumps(r).encode() + b"\n" for r in [
        {"id": 1, "cmd": "right"}, {"id": 2, "cmd": "add", "value": "D"}, {"id": 3, "cmd": "undo"},
        {"id": 4, "cmd": "status"}, {"id": 5, "cmd": "bogus"}, {"id": 6, "cmd": "quit"}])
    run = pty_run([foldcycle, "deck", "--protocol", "jsonl", "--no-mouse", "--color", "never", "A", "B", "C"],
                  cols=60, rows=16, stdin_bytes=requests, capture_stdout=True)
    assert run.wait(timeout=10) == 0
    values = [json.loads(line) for line in run.stdout_bytes().decode().splitlines()]
    assert values[:5] == [
        {"id": 1, "ok": True, "result": {"changed": True, "top": 1}},
        {"event": "swiped", "index": 0, "item": "A", "side": "right", "by": "key", "velocity": None},
        {"event": "needs-more-data", "remaining": 2, "count": 3},
        {"id": 2, "ok": True, "result": {"index": 3, "count": 4}},
        {"event": "item-added", "index": 3, "item": "D", "count": 4}]
    assert {"id": 3, "ok": True, "result": {"changed": True, "top": 0}} in values
    assert {"event": "undone", "index": 0, "item": "A", "from": "right"} in values
    status = next(value for value in values if value.get("id") == 4)
    assert status["result"]["kept"] == 0 and status["result"]["count"] == 4
    assert next(value for value in values if value.get("id") == 5)["error"]["type"] == "unknown-command"
    assert values[-1] == {"id": 6, "ok": True, "result": {}}


def test_readme_example_is_what_the_program_prints(foldcycle):
    # docs/CLI.md's Scripting section's example: its command (the two lines after ```sh) and the
    # text block after it, which must be this run's output exactly.
    readme = open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                               "docs", "CLI.md")).read()
    start = readme.index("## Scripting: JSON lines, a socket, status lines")
    command = readme[readme.index("```sh\n", start) + 6:]
    command = "\n".join(line for line in command[:command.index("```")].splitlines() if not line.startswith("#"))
    expected = readme[readme.index("```text\n", start) + 8:]
    expected = expected[:expected.index("```")]
    done = subprocess.run(["sh", "-c", command.replace("foldcycle ", foldcycle + " ", 1)], capture_output=True,
                          timeout=10, env=clean_environment())
    assert done.returncode == 0
    assert done.stdout.decode() == expected

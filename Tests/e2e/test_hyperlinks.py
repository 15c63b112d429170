"""Links in items sent as OSC 8 hyperlinks (issue 29 point 4; docs/decisions/0180): only where the
terminal is known to take them (`--hyperlinks auto`), always closed before a frame ends, and the
target percent-encoded so that no control byte in it reaches the terminal. `render --format
ansi` sends them only under `--hyperlinks always`."""
import re
import subprocess

from conftest import exit_code

ESC = "\x1b"
OPEN = re.compile(rb"\x1b\]8;;([^\x1b]*)\x1b\\")
# No variable that names a terminal taking OSC 8, and not inside tmux.
NO_LINK_TERMINAL = {name: "" for name in ("TMUX", "STY", "KITTY_WINDOW_ID", "WT_SESSION", "TERM_PROGRAM",
                                          "VTE_VERSION")}


def render(foldcycle, *args):
    proc = subprocess.run([foldcycle, "render", "--format", "ansi", "--color", "always", "--frames", "2",
                           "--width", "30", "--height", "3", *args],
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_render_sends_a_markdown_link_under_always_only(foldcycle):
    item = "see [the docs](https://example.org/é?q=1)"
    linked = render(foldcycle, "--markdown", "always", "--hyperlinks", "always", item)
    # The target's non-ASCII bytes are percent-encoded; the link opens before its text and closes
    # right after it (the padding is not linked).
    assert OPEN.findall(linked) == [b"https://example.org/%C3%A9?q=1", b""]
    assert b"\x1b]8;;https://example.org/%C3%A9?q=1\x1b\\the docs\x1b[24m\x1b]8;;\x1b\\" in linked
    for choice in ([], ["--hyperlinks", "auto"], ["--hyperlinks", "never"]):
        assert b"\x1b]8" not in render(foldcycle, "--markdown", "always", *choice, item)


def test_render_keeps_an_ansi_link_and_drops_controls_in_its_target(foldcycle):
    item = f"{ESC}]8;;https://example.org/a\x01b{ESC}\\x{ESC}]8;;{ESC}\\ {ESC}]8;;https://e.org/ok{ESC}\\ok{ESC}]8;;{ESC}\\"
    out = render(foldcycle, "--hyperlinks", "always", item)
    targets = OPEN.findall(out)
    assert targets == [b"https://e.org/ok", b""]
    assert all(0x21 <= byte <= 0x7E for target in targets for byte in target)


def test_live_run_sends_links_where_the_terminal_takes_them(foldcycle, pty_run, tmp_path):
    tips = tmp_path / "tips.md"
    tips.write_text("Read [the docs](https://example.org/docs)\n")
    for env, expected in ((dict(NO_LINK_TERMINAL, KITTY_WINDOW_ID="1"), True),
                          (dict(NO_LINK_TERMINAL, TERM="xterm"), False),
                          (dict(NO_LINK_TERMINAL, KITTY_WINDOW_ID="1", TMUX="/tmp/t,1,0"), False)):
        run = pty_run([foldcycle, "--file", str(tips), "--interval", "60", "--width", "30", "--background", "black"],
                      cols=60, rows=12, env=env)
        assert run.pump_until(lambda: "the docs" in run.text(), 5), run.text()
        run.write(b"q")
        assert exit_code(run.wait()) == 0
        raw = bytes(run.raw)
        assert (b"\x1b]8;;https://example.org/docs\x1b\\" in raw) == expected
        # Every link opened is closed: the last OSC 8 is the closing one.
        assert OPEN.findall(raw)[-1:] == ([b""] if expected else [])

"""`foldcycle status` end to end (issue 14): each format at a chosen epoch and time, the recipes
the README gives (a tmux status line read back from a real tmux, a shell prompt), and --follow."""
import json
import os
import subprocess
import time

import pytest

from conftest import clean_environment
from tmux_driver import private_socket

EPOCH = "2026-12-01T00:00:00Z"


def status(foldcycle, *arguments, env=None, stdin=None):
    """Runs `foldcycle status`; stdin is /dev/null unless `stdin` gives the bytes piped to it."""
    return subprocess.run([foldcycle, "status", *arguments], capture_output=True, timeout=10,
                          env=env or clean_environment(TERM="xterm-256color", COLORTERM="truecolor"),
                          **({"input": stdin} if stdin is not None else {"stdin": subprocess.DEVNULL}))


@pytest.mark.parametrize("format, at, expected", [
    ("plain", "2026-12-01T00:00:00Z", b"Tip one \xc2\xb7 more\n"),
    ("plain", "2026-12-01T00:01:00Z", b"Tip two & <b>#1</b>\n"),
    ("plain", "2026-11-30T23:59:59Z", b"Tip three\n"),
    ("ansi", "2026-12-01T00:00:59.9Z", b"\x1b[1;38;2;255;255;255m\x1b[48;2;0;128;0mTip one \xc2\xb7 more\x1b[0m\n"),
    ("ansi", "@1796083260", b"\x1b[1;38;2;255;255;255m\x1b[48;2;0;0;255mTip two & <b>#1</b>\x1b[0m\n"),
    ("tmux", "2026-12-01T00:02:00Z", b"#[fg=#000000,bg=#ffff00,bold]Tip three#[default]\n"),
    ("tmux", "2026-12-01T00:01:30Z", b"#[fg=#ffffff,bg=#0000ff,bold]Tip two & <b>###[]1</b>#[default]\n"),
    ("waybar", "2026-12-01T00:01:00Z",
     b'{"text":"Tip two &amp; &lt;b&gt;#1&lt;/b&gt;","tooltip":"Tip two &amp; &lt;b&gt;#1&lt;/b&gt;\\nitem 2 of 3",'
     b'"class":"color-1"}\n'),
])
def test_each_format_at_a_chosen_time(foldcycle, format, at, expected):
    done = status(foldcycle, "--format", format, "--interval", "60", "--epoch", EPOCH, "--at", at,
                  "Tip one\nmore", "Tip two & <b>#1</b>", "Tip three")
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected
    assert done.stderr == b""


def test_items_piped_to_stdin(foldcycle):
    # A new user's trial: `git log --oneline | foldcycle status` read nothing without `--file -`.
    piped = b"a1 first\n\x1b[33mb2\x1b[m second\nc3 third\n"
    for at, expected in (("2026-12-01T00:00:00Z", b"a1 first\n"), ("2026-12-01T00:01:00Z", b"b2 second\n")):
        done = status(foldcycle, "--interval", "60", "--epoch", EPOCH, "--at", at, stdin=piped)
        assert (done.returncode, done.stdout, done.stderr) == (0, expected, b"")
    # Its own colours are kept where the format has colour (--ansi keep), as with --file.
    done = status(foldcycle, "--format", "tmux", "--interval", "60", "--epoch", EPOCH, "--at", "@1796083260",
                  stdin=piped)
    assert done.stdout == status(foldcycle, "--format", "tmux", "--interval", "60", "--epoch", EPOCH,
                                 "--at", "@1796083260", "--file", "-", stdin=piped).stdout
    assert done.stdout == b"#[fg=colour3,bg=#0000ff,bold]b2#[fg=#ffffff,bg=#0000ff,bold] second#[default]\n"
    # Items named: stdin is not read (a pipe that never ends would hang a status line).
    named = status(foldcycle, "--interval", "60", "--epoch", EPOCH, "--at", EPOCH, "X", stdin=piped)
    assert named.stdout == b"X\n"
    # An empty pipe is unreadable input, as with --file -.
    empty = status(foldcycle, stdin=b"")
    assert (empty.returncode, empty.stderr) == (66, b"Error: standard input has no items (it is empty or only white space)\n")


def test_no_color_and_the_default_epoch(foldcycle, tmp_path):
    tips = tmp_path / "tips.txt"
    tips.write_text("one\n\ntwo\n\nthree\n")
    env = clean_environment(NO_COLOR="1", TERM="xterm-256color")
    assert status(foldcycle, "--format", "ansi", "--file", str(tips), env=env).stdout in (b"one\n", b"two\n",
                                                                                         b"three\n")
    assert status(foldcycle, "--format", "tmux", "--file", str(tips), env=env).stdout in (b"one\n", b"two\n",
                                                                                         b"three\n")
    # The default epoch is the start of today in UTC: with a one-day interval, today is item 0.
    assert status(foldcycle, "--interval", "86400", "--file", str(tips)).stdout == b"one\n"
    # Stateless: two calls at the same moment agree.
    first = status(foldcycle, "--interval", "3600", "--file", str(tips)).stdout
    assert status(foldcycle, "--interval", "3600", "--file", str(tips)).stdout == first


def test_errors(foldcycle):
    done = status(foldcycle)
    assert done.returncode == 64
    assert done.stderr.decode().splitlines() == [
        "Error: no items: give them as arguments, with '--file <path>', or on piped stdin",
        "Usage: foldcycle status [OPTIONS] [ITEM ...]",
        "  See 'foldcycle status --help' for more information."]
    bad = status(foldcycle, "--at", "noon", "A")
    assert bad.returncode == 64
    assert bad.stderr.decode().splitlines()[0] == (
        "Error: invalid value 'noon' for '--at' (an ISO 8601 time such as 2026-12-01T08:30:00Z or 20261201T083000Z, "
        "a date such as 2026-12-01 or 20261201, or Unix seconds after @ such as @1796083200)")
    # Issue 34 point 7: an ISO 8601 basic date is a date, not 20,261,201 seconds (1970-08-23).
    basic = status(foldcycle, "--interval", "86400", "--epoch", "2026-11-30", "--at", "20261201", "A", "B", "C")
    assert basic.returncode == 0 and basic.stdout == b"B\n"
    bare = status(foldcycle, "--at", "20261201000000", "A")
    assert bare.returncode == 64
    assert status(foldcycle, "--file", "/no/such/file").returncode == 66


def test_follow_writes_one_line_per_change_until_the_reader_goes(foldcycle):
    proc = subprocess.Popen([foldcycle, "status", "--follow", "--interval", "0.3", "--epoch", "@0", "A", "B", "C"],
                            stdout=subprocess.PIPE, env=clean_environment())
    lines = [proc.stdout.readline() for _ in range(4)]
    # Successive items, in order, whichever came first.
    order = [b"A\n", b"B\n", b"C\n"]
    start = order.index(lines[0])
    assert lines == [order[(start + k) % 3] for k in range(4)]
    proc.stdout.close()
    assert proc.wait(timeout=5) == 0


def test_follow_waybar_lines_are_json(foldcycle):
    proc = subprocess.Popen([foldcycle, "status", "--format", "waybar", "--follow", "--interval", "0.2", "A", "B"],
                            stdout=subprocess.PIPE, env=clean_environment())
    values = [json.loads(proc.stdout.readline()) for _ in range(3)]
    proc.kill()
    proc.wait()
    assert [value["class"] for value in values] in (["color-0", "color-1", "color-0"],
                                                    ["color-1", "color-0", "color-1"])


def tmux_with_status(foldcycle, pty_run, tmp_path, tips, name):
    """A real tmux (its own socket, `name`) in an 80 × 10 pty whose status line is the README's
    recipe over `tips`: the socket's name (kill its server after) and the run."""
    config = tmp_path / "tmux.conf"
    config.write_text(
        "set -g status-interval 1\n"
        "set -g status-right-length 60\n"
        f"set -g status-right '#({foldcycle} status --format tmux --interval 86400 --file {tips})'\n")
    socket_name = private_socket(name)
    run = pty_run(["tmux", "-L", socket_name, "-f", str(config), "new-session", "sh"], cols=80, rows=10,
                  env={"TERM": "xterm-256color"})
    return socket_name, run


def test_tmux_status_line_recipe(foldcycle, pty_run, tmp_path):
    # The README's recipe in a real tmux: the status line shows the item in its card's colours,
    # its '#' shown as itself.
    tips = tmp_path / "tips.txt"
    tips.write_text("Tip #1: fold\n\nTip #2: cube\n")
    socket_name, run = tmux_with_status(foldcycle, pty_run, tmp_path, tips, "foldcycle-status")
    try:
        assert run.pump_until(lambda: "Tip #1: fold" in run.lines()[-1], 10), run.lines()[-1]
        row = run.screen.buffer[9]
        column = run.lines()[-1].index("Tip #1: fold")
        assert row[column].bg != "default" and row[column].bold
    finally:
        subprocess.run(["tmux", "-L", socket_name, "kill-server"], capture_output=True)


def test_tmux_draws_an_items_palette_colours_as_the_terminals_own(foldcycle, pty_run, tmp_path):
    """An item's own styles in the README's recipe, drawn by a real tmux: a 16-colour run as
    `colour3` (tmux sends SGR 33, the theme's yellow; `#cdcd00` would have been `38;5;184`), a
    256-colour run as `colour208` (`38;5;208`), and tmux's italics, underscore, dim,
    strikethrough and reverse on the runs that have them, and on no other."""
    tips = tmp_path / "tips.txt"
    tips.write_bytes(b"\x1b[33;40mYEL\x1b[0;3;4;38;5;208;48;5;16mORA\x1b[0;2;9;7;97;44mREV\x1b[m tail\n")
    # A run without an attribute of the run before starts with `none`: tmux adds attributes up.
    expected = b"#[fg=colour3,bg=colour0,bold]YEL#[fg=colour208,bg=colour16,bold,italics,underscore]ORA" \
        + b"#[fg=colour15,bg=colour4,none,bold,dim,strikethrough,reverse]REV" \
        + b"#[fg=#ffffff,bg=#008000,none,bold] tail#[default]\n"
    assert status(foldcycle, "--format", "tmux", "--file", str(tips)).stdout == expected
    socket_name, run = tmux_with_status(foldcycle, pty_run, tmp_path, tips, "foldcycle-status-styles")
    try:
        assert run.pump_until(lambda: "YELORAREV tail" in run.lines()[-1], 10), run.lines()[-1]
        row = run.screen.buffer[9]
        start = run.lines()[-1].index("YELORAREV tail")

        def shown(offset):
            cell = row[start + offset]
            return (cell.data, cell.fg, cell.bg, cell.bold, cell.italics, cell.underscore, cell.strikethrough,
                    cell.reverse)

        # The card's RGB green #008000 is tmux's own downsampling to 256 colours (colour28, #008700);
        # pyte keeps no dim.
        assert [shown(offset) for offset in (0, 3, 6, 9, 10)] == [
            ("Y", "brown", "black", True, False, False, False, False),
            ("O", "ff8700", "000000", True, True, True, False, False),
            ("R", "brightwhite", "blue", True, False, False, True, True),
            (" ", "ffffff", "008700", True, False, False, False, False),
            ("t", "ffffff", "008700", True, False, False, False, False),
        ]
    finally:
        subprocess.run(["tmux", "-L", socket_name, "kill-server"], capture_output=True)


def test_shell_prompt_recipe(foldcycle, tmp_path):
    tips = tmp_path / "tips.txt"
    tips.write_text("first tip\n\nsecond tip\n")
    script = (f'PS1="[$({foldcycle} status --interval 86400 --file {tips})] $ "\n'
              'printf "%s" "$PS1"\n')
    done = subprocess.run(["sh", "-c", script], capture_output=True, timeout=10, env=clean_environment())
    assert done.stdout == b"[first tip] $ "


# Items a tmux status line must show as written (issue 24): every run of 1 to 200 '#' before a
# word, Markdown headings, and text that would be tmux formats, styles or commands if unescaped.
HASH_ITEMS = ["#" * n + " end" for n in range(1, 201)] + [
    "### Run make test before pushing", "## end", "# Title", "#### h4 #tag ##", "a#b##c###d",
    "#{session_name} #(echo pwned) #[fg=red]red ##[ ###[x] #, #} #", "###"]


def _status_rows(items, width):
    """The items in status lines of at most `width` columns, as `(row of indices)` lists."""
    rows, row, used = [], [], 0
    for index, item in enumerate(items):
        if row and used + len(item) + 1 > width:
            rows.append(row)
            row, used = [], 0
        row.append(index)
        used += len(item) + 1
    return rows + [row]


def _shown_in_tmux(config, lines, width, tmp_path, until):
    """The last `lines` lines a tmux client with `config` shows in an outer tmux pane of `width`
    columns, once `until(lines)` holds or after 30 s; fails as soon as the inner server dies."""
    inner, outer = private_socket("fc-hash-in"), private_socket("fc-hash-out")
    environment = {key: value for key, value in os.environ.items() if key != "TMUX"}
    # The inner server is up before its client attaches, so any death after is seen as one.
    subprocess.run(["tmux", "-L", inner, "-f", str(config), "new-session", "-d", "sh"], check=True, env=environment)
    subprocess.run(["tmux", "-L", outer, "-f", "/dev/null", "new-session", "-d", "-x", str(width), "-y",
                    str(lines + 2), f"env TERM=xterm-256color tmux -L {inner} attach"], check=True, env=environment)
    try:
        shown = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            alive = subprocess.run(["tmux", "-L", inner, "has-session"], capture_output=True).returncode == 0
            assert alive, f"the tmux server died; last status lines: {shown}"
            capture = subprocess.run(["tmux", "-L", outer, "capture-pane", "-p"], capture_output=True,
                                     text=True).stdout.splitlines()
            shown = [line.rstrip() for line in capture[-lines:]]
            if until(shown):
                break
            time.sleep(0.2)
        assert subprocess.run(["tmux", "-L", inner, "has-session"], capture_output=True).returncode == 0
        return shown
    finally:
        subprocess.run(["tmux", "-L", inner, "kill-server"], capture_output=True)
        subprocess.run(["tmux", "-L", outer, "kill-server"], capture_output=True)


def test_tmux_shows_every_run_of_hashes_as_written(foldcycle, tmp_path):
    """The README's `#(foldcycle status --format tmux ...)` recipe in a real tmux, one `#()` per
    item on up to five status lines: the server stays up and each item shows exactly as written.
    Each `#` used to be written `##`: tmux 3.3a showed `## end` as `# end`."""
    width = 4600
    rows = _status_rows(HASH_ITEMS, width - 10)
    assert len(rows) <= 5
    formats = []
    for number, row in enumerate(rows):
        parts = []
        for index in row:
            tips = tmp_path / f"tips-{index}.txt"
            tips.write_text(HASH_ITEMS[index] + "\n")
            parts.append(f"#({foldcycle} status --format tmux --interval 30 --file {tips})")
        formats.append(f"set -g status-format[{number}] '{'|'.join(parts)}|'\n")
    config = tmp_path / "tmux.conf"
    config.write_text(f"set -g status {len(rows)}\nset -g status-interval 1\n" + "".join(formats))
    expected = ["|".join(HASH_ITEMS[index] for index in row) + "|" for row in rows]
    assert _shown_in_tmux(config, len(rows), width, tmp_path, lambda shown: shown == expected) == expected


def test_tmux_survives_a_markdown_heading(foldcycle, tmp_path):
    """The user's case (/work/shared/cases/tmux-hash-run.md): `### Run make test before pushing`
    in the README's status-right recipe aborted tmux 3.3a (a double free) when `#` was `##`."""
    tips = tmp_path / "tips.txt"
    tips.write_text("### Run make test before pushing\n")
    config = tmp_path / "tmux.conf"
    config.write_text("set -g status-interval 1\nset -g status-right-length 80\n"
                      f"set -g status-right '#({foldcycle} status --format tmux --interval 30 --file {tips})'\n")
    shown = _shown_in_tmux(config, 1, 120, tmp_path,
                           lambda shown: shown[0].endswith("### Run make test before pushing"))
    assert shown[0].endswith(" ### Run make test before pushing")


def test_bidi_and_invisible_characters_never_reach_a_line(foldcycle):
    """Issue 24: an RLO (U+202E) in an item reversed the rest of a prompt; the cards dropped it,
    `status` and plain output did not. One rule now: clusters of width 0 are dropped."""
    item = "\u202esafe\u2066 \u2069tip\u200b\u061c"
    done = status(foldcycle, "--format", "plain", item)
    assert done.stdout == b"safe tip\n"
    live = subprocess.run([foldcycle, "--cycles", "1", "--interval", "0.2", "--duration", "0.1", item, "B"],
                          capture_output=True, timeout=10, stdin=subprocess.DEVNULL, env=clean_environment())
    assert live.returncode == 0
    assert live.stdout == b"safe tip\nB\n"

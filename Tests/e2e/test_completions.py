"""`foldcycle --generate-completion-script bash|zsh|fish` and `--generate-manual`: the bash script
completes in a real bash (its completion function driven through COMP_WORDS, as readline does),
every option and value list help shows is offered, fish's completes through `complete -C`, zsh's
loads after compinit and completes in an interactive zsh (zsh/zpty), and the manual is lint-clean for mandoc and renders with `man -l`."""
import os
import re
import shutil
import subprocess

import pytest

from conftest import format_names, subcommand_names, transition_names

SUBCOMMANDS = subcommand_names()


def help_options(foldcycle, command):
    """`(option words, {option: values})` from the OPTIONS section of the command's help."""
    argv = [foldcycle] + ([command] if command else []) + ["--help"]
    text = subprocess.run(argv, capture_output=True, check=True, timeout=10).stdout.decode()
    options = text.split("\nOPTIONS:\n", 1)[1].split("\n\n", 1)[0]
    words, values = [], {}
    # A long option's description is on the next line, indented to the description column.
    for line in options.replace("\n" + " " * 26, " ").splitlines():
        match = re.match(r"  (?:(-\w), )?(--[\w-]+)", line)
        if not match:
            continue
        words += [word for word in match.groups() if word]
        listed = re.search(r"\(values: ([^;)]+(?:\([^)]*\)[^;)]*)?)[;)]", line)
        if listed:
            names = [name.strip() for name in listed.group(1).split(", ")]
            values[match.group(2)] = [name for name in names if "(" not in name and "#" not in name]
    return words, values


@pytest.fixture(scope="module")
def bash_script(foldcycle, tmp_path_factory):
    proc = subprocess.run([foldcycle, "--generate-completion-script", "bash"], capture_output=True, timeout=10)
    assert proc.returncode == 0 and proc.stderr == b""
    path = tmp_path_factory.mktemp("bash") / "foldcycle.bash"
    path.write_bytes(proc.stdout)
    return path


def bash_complete(script, words, cwd=None):
    """What the script's completion offers for the command line `words` (the last is the word
    being completed), one reply per line, in a real non-interactive bash."""
    driver = (
        'source "$1"; shift\n'
        "complete -p foldcycle >&2\n"
        'COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=()\n'
        "_foldcycle\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n')
    proc = subprocess.run(["bash", "-c", driver, "bash", str(script)] + words, capture_output=True, timeout=10,
                          cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b"complete -F _foldcycle foldcycle\n"
    return [line for line in proc.stdout.decode().splitlines() if line]


def test_bash_completes_the_subcommands(bash_script):
    assert bash_complete(bash_script, ["foldcycle", ""]) == SUBCOMMANDS + ["help"]
    assert bash_complete(bash_script, ["foldcycle", "re"]) == ["render"]
    assert bash_complete(bash_script, ["foldcycle", "s"]) == ["status", "send"]


@pytest.mark.parametrize("command", [None] + SUBCOMMANDS)
def test_bash_offers_every_option_and_value_help_lists(foldcycle, bash_script, command):
    words, values = help_options(foldcycle, command)
    prefix = ["foldcycle"] + ([command] if command else [])
    assert bash_complete(bash_script, prefix + ["-"]) == words
    for option, names in values.items():
        assert bash_complete(bash_script, prefix + [option, ""]) == names, option
        assert bash_complete(bash_script, prefix + [option, "=", ""]) == names, option


def test_bash_value_lists_by_name(bash_script):
    assert bash_complete(bash_script, ["foldcycle", "--transition", ""]) == transition_names()
    assert bash_complete(bash_script, ["foldcycle", "render", "--direction", "u"]) == ["up"]
    assert bash_complete(bash_script, ["foldcycle", "--timing", "ease-i"]) == ["ease-in", "ease-in-out"]
    assert bash_complete(bash_script, ["foldcycle", "render", "--format", ""]) == format_names()
    assert bash_complete(bash_script, ["foldcycle", "--motion", ""]) == ["auto", "full", "reduced", "none"]
    assert bash_complete(bash_script, ["foldcycle", "--generate-completion-script", ""]) == ["bash", "zsh", "fish"]
    # A number is typed by hand: neither options nor files are offered for it.
    assert bash_complete(bash_script, ["foldcycle", "--interval", ""]) == []


def test_bash_completes_files_where_a_path_goes(bash_script, tmp_path):
    (tmp_path / "cards.txt").write_text("a\n")
    (tmp_path / "cast.cast").write_text("")
    for words in (["foldcycle", "--file", "ca"], ["foldcycle", "deck", "--file", "ca"],
                  ["foldcycle", "--record", "ca"], ["foldcycle", "send", "ca"],
                  ["foldcycle", "send", "--timeout", "5", "ca"]):
        assert sorted(bash_complete(bash_script, words, cwd=tmp_path)) == ["cards.txt", "cast.cast"], words
    # send's requests after the socket are typed by hand; items are never files.
    assert bash_complete(bash_script, ["foldcycle", "send", "sock", "ca"], cwd=tmp_path) == []
    assert bash_complete(bash_script, ["foldcycle", "render", "A", "ca"], cwd=tmp_path) == []


def test_bash_script_registers_with_complete(foldcycle):
    proc = subprocess.run(["bash", "-c", f'source <("{foldcycle}" --generate-completion-script bash); complete -p foldcycle'],
                          capture_output=True, timeout=10)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"complete -F _foldcycle foldcycle\n", b"")


def test_fish_completes(foldcycle, tmp_path):
    assert shutil.which("fish"), "fish is installed by scripts/test"
    script = tmp_path / "foldcycle.fish"
    script.write_bytes(subprocess.run([foldcycle, "--generate-completion-script", "fish"], capture_output=True,
                                      check=True, timeout=10).stdout)
    (tmp_path / "cards.txt").write_text("a\n")

    def complete(line):
        proc = subprocess.run(["fish", "--no-config", "-c", f"source {script}; complete -C '{line}'"],
                              capture_output=True, timeout=20, cwd=tmp_path)
        assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
        return [row.split("\t")[0] for row in proc.stdout.decode().splitlines()]

    assert complete("foldcycle re") == ["render"]
    assert complete("foldcycle --transition ") == sorted(transition_names())
    assert complete("foldcycle render --format ") == sorted(format_names())
    assert complete("foldcycle deck --no-") == ["--no-mouse"]
    assert complete("foldcycle --file car") == ["cards.txt"]


def test_zsh_script_loads(foldcycle, tmp_path):
    assert shutil.which("zsh"), "zsh is installed by scripts/test"
    script = tmp_path / "_foldcycle"
    script.write_bytes(subprocess.run([foldcycle, "--generate-completion-script", "zsh"], capture_output=True,
                                      check=True, timeout=10).stdout)
    assert script.read_text().startswith("#compdef foldcycle\n")
    proc = subprocess.run(
        ["zsh", "-f", "-c", f"autoload -U compinit; compinit -u -d {tmp_path}/zcompdump; source {script}; "
         "print -r -- $_comps[foldcycle]; (( $+functions[_foldcycle] )) && print defined"],
        capture_output=True, timeout=20)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"_foldcycle\ndefined\n", b"")
    # As a file in $fpath, compinit finds it by its #compdef line.
    proc = subprocess.run(
        ["zsh", "-f", "-c", f"fpath=({tmp_path} $fpath); autoload -U compinit; compinit -u -d {tmp_path}/zcompdump2; "
         "print -r -- $_comps[foldcycle]"], capture_output=True, timeout=20)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"_foldcycle\n", b"")


ZSH_DRIVER = r"""
zmodload zsh/zpty
zpty z 'zsh -f -i'
zpty -w z "PS1='> '; fpath=($1 \$fpath); autoload -U compinit; compinit -u -d $1/zcompdump; unsetopt beep; print READY"
zpty -r z line '*READY*'
zpty -w -n z "$2"$'\t'
zpty -r z out "*$3*"
print -r -- "$out"
zpty -d z
"""


@pytest.mark.parametrize("line, last, names", [
    ("foldcycle --transition ", max(transition_names()), sorted(transition_names())),
    ("foldcycle render --format ", max(format_names()), sorted(format_names())),
    ("foldcycle status --format ", "waybar", ["ansi", "plain", "tmux", "waybar"]),
])
def test_zsh_completes_in_an_interactive_zsh(foldcycle, tmp_path, line, last, names):
    """A real interactive zsh in a pty (zsh/zpty) with the script in $fpath: Tab lists the names."""
    (tmp_path / "_foldcycle").write_bytes(subprocess.run(
        [foldcycle, "--generate-completion-script", "zsh"], capture_output=True, check=True, timeout=10).stdout)
    proc = subprocess.run(["zsh", "-f", "-c", ZSH_DRIVER, "zsh", str(tmp_path), line, last], capture_output=True,
                          timeout=30, env={**os.environ, "TERM": "xterm", "PATH": os.path.dirname(foldcycle) + ":"
                                           + os.environ["PATH"]})
    assert proc.returncode == 0, proc.stderr
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", " ", proc.stdout.decode(errors="replace"))
    listed = text.rsplit(line.strip(), 1)[1].split()
    assert listed == names


def test_an_unknown_shell_is_a_usage_error(foldcycle):
    proc = subprocess.run([foldcycle, "--generate-completion-script", "tcsh"], capture_output=True, timeout=10)
    assert proc.returncode == 64 and proc.stdout == b""
    assert proc.stderr.decode().startswith(
        "Error: invalid value 'tcsh' for '--generate-completion-script' (values: bash, zsh, fish)\n")


@pytest.fixture(scope="module")
def manual(foldcycle, tmp_path_factory):
    proc = subprocess.run([foldcycle, "--generate-manual"], capture_output=True, timeout=10)
    assert proc.returncode == 0 and proc.stderr == b""
    path = tmp_path_factory.mktemp("man") / "foldcycle.1"
    path.write_bytes(proc.stdout)
    return path


def test_the_manual_is_lint_clean(manual):
    assert shutil.which("mandoc"), "mandoc is installed by scripts/test"
    # -T lint reports every level down to style; the page has none of them.
    proc = subprocess.run(["mandoc", "-T", "lint", str(manual)], capture_output=True, timeout=10)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b"")


def test_the_manual_renders_every_command_and_option(foldcycle, manual):
    proc = subprocess.run(["man", "-l", str(manual)], capture_output=True, timeout=20,
                          env={**os.environ, "MANWIDTH": "80", "MAN_KEEP_FORMATTING": "", "LC_ALL": "C.UTF-8"})
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    text = re.sub(r".\x08", "", proc.stdout.decode())
    lines = text.splitlines()
    assert lines[0].split() == ["FOLDCYCLE(1)", "User", "Commands", "FOLDCYCLE(1)"]
    assert lines[2:5] == [
        "NAME", "       foldcycle - cycle text cards through animated transitions in a terminal", ""]
    for heading in ["SYNOPSIS", "DESCRIPTION", "OPTIONS", "FOLDCYCLE RENDER", "FOLDCYCLE DECK", "FOLDCYCLE STATUS",
                    "FOLDCYCLE SEND", "EXIT STATUS"]:
        assert heading in lines, heading
    for command in [None] + SUBCOMMANDS:
        words, _ = help_options(foldcycle, command)
        for word in words:
            assert re.search(rf"^ +(-\w, )?{re.escape(word)}\b", text, re.M) or f"-h, {word}" in text, (command, word)

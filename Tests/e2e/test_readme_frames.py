"""The README's and docs/TRANSITIONS.md's frame sequences are what `foldcycle render` prints:
every ```text block that starts with `$ foldcycle render …` (a trailing backslash continues the
command) is run and compared line by line, trailing blanks ignored (editors strip them)."""
import os
import re
import shlex
import subprocess

import pytest

from conftest import ROOT, transition_names


DOCUMENTS = ("README.md", os.path.join("docs", "TRANSITIONS.md"))


def examples(documents=DOCUMENTS):
    text = "".join(open(os.path.join(ROOT, name), encoding="utf-8").read() for name in documents)
    found = []
    for block in re.findall(r"```text\n(.*?)```", text, re.S):
        lines = block.split("\n")
        if not lines[0].startswith("$ foldcycle render "):
            continue
        command, index = lines[0], 0
        while command.endswith("\\"):
            index += 1
            command = command[:-1] + " " + lines[index].strip()
        expected = [line.rstrip() for line in lines[index + 1:]]
        while expected and expected[-1] == "":
            expected.pop()
        found.append(pytest.param(shlex.split(command[2:])[2:], expected, id=command[20:70]))
    return found


def test_the_readme_shows_a_transition_frame_by_frame():
    assert examples(("README.md",))


def test_the_docs_have_an_example_of_every_transition():
    kinds = {args[args.index("--transition") + 1] if "--transition" in args else "fold"
             for args, _ in (p.values for p in examples())}
    assert kinds == set(transition_names())


@pytest.mark.parametrize("args,expected", examples())
def test_readme_example_is_what_render_prints(foldcycle, args, expected):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    proc = subprocess.run([foldcycle, "render", *args], capture_output=True, env=env, timeout=30)
    assert proc.returncode == 0, proc.stderr.decode()
    actual = [line.rstrip() for line in proc.stdout.decode().split("\n")]
    while actual and actual[-1] == "":
        actual.pop()
    assert actual == expected

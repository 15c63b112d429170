"""Every `foldcycle` command in the README's ```sh blocks runs as written: in bash, in a pseudo-
terminal, with the built `foldcycle` first on PATH, in a scratch folder holding the package's
Examples (and a ~/.tips file). A live card or deck is quit with `q` once it has drawn; each must
exit 0 and print no error. Commands of the two-commands and install sections (`swift run`,
`scripts/test`, `scripts/install`, the tarball) are left to CI itself and to test_release.py."""
import os
import re
import shlex
import shutil
import subprocess

import pytest

from conftest import ROOT, PtyRun, clean_environment

SETUP_WORDS = ("swift ", "scripts/", "tar ", "cd ", "cp ")


def readme_commands():
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        joined = block.replace("\\\n", " ")
        for line in joined.split("\n"):
            line = line.strip()
            if not line or line.startswith("#") or line.startswith(SETUP_WORDS):
                continue
            if line.startswith(("set -g", "PS1=")):
                commands.append(line)
                continue
            if "foldcycle" in line:
                commands.append(line)
    return commands


def test_the_readme_has_commands_to_run():
    commands = readme_commands()
    assert any(c.startswith("foldcycle deck") or "| foldcycle deck" in c for c in commands)
    assert any("foldcycle render" in c for c in commands)
    assert any("foldcycle status" in c for c in commands)


@pytest.fixture
def scratch(tmp_path, foldcycle):
    shutil.copytree(os.path.join(ROOT, "Examples"), tmp_path / "Examples",
                    ignore=shutil.ignore_patterns(".build"))
    shutil.copytree(os.path.join(ROOT, "Sources", "FoldCycle", "Scene"), tmp_path / "Sources" / "FoldCycle" / "Scene")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m",
                    "first commit"], cwd=tmp_path, check=True)
    home = tmp_path / "home"
    home.mkdir()
    (home / ".tips").write_text("tip: one\ntip: two\n", encoding="utf-8")
    env = clean_environment(HOME=str(home), PATH=os.path.dirname(foldcycle) + os.pathsep + os.environ["PATH"],
                            TERM="xterm-256color")
    return tmp_path, env


@pytest.mark.parametrize("command", readme_commands())
def test_readme_command_runs(command, scratch):
    folder, env = scratch
    if command.startswith("set -g"):
        # A tmux line: its #(…) command, as tmux runs it.
        inner = re.search(r"#\((.*)\)", command).group(1)
        proc = subprocess.run(["bash", "-c", inner], cwd=folder, env=env, capture_output=True, text=True,
                              timeout=20)
        assert proc.returncode == 0, proc.stderr
        # The text without tmux's style markup: one item of the file, one line per item.
        assert re.sub(r"#\[[^\]]*\]", "", proc.stdout).strip() in ("tip: one", "tip: two"), proc.stdout
        return
    if command.startswith("PS1="):
        inner = re.search(r"\$\((.*?)\)", command).group(1)
        proc = subprocess.run(["bash", "-c", inner], cwd=folder, env=env, capture_output=True, text=True,
                              timeout=20)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.strip() in ("tip: one", "tip: two")
        return
    shown = command.split("#")[0].strip() if " # " in command else command
    run = PtyRun(["bash", "-c", f"cd {shlex.quote(str(folder))} && {shown}"], cols=100, rows=30, env=env)
    try:
        drew = run.pump_until(lambda: run.proc.poll() is not None or any(line.strip() for line in run.lines()), 15)
        assert drew, run.text()
        if run.proc.poll() is None:
            run.pump(0.5)
            run.write(b"q")
        status = run.wait(timeout=20)
        assert status == 0, run.text()
        assert "Error" not in run.text(), run.text()
    finally:
        run.close()

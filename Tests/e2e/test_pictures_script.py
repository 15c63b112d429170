"""scripts/gen_pictures.py --check (issue 11): exit 0 when the committed pictures and blocks are
what the built binary makes today, 1 naming the file when one differs, is missing or is stale.
Each case runs on a copy (--root), never on the committed files."""
import os
import shutil
import subprocess
import sys

from conftest import ROOT


def copy_tree(tmp_path):
    shutil.copy(os.path.join(ROOT, "README.md"), tmp_path / "README.md")
    shutil.copytree(os.path.join(ROOT, "docs"), tmp_path / "docs")
    return tmp_path


def check(foldcycle, root):
    return subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "gen_pictures.py"), "--check", "--root",
                           str(root)], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, FOLDCYCLE_BIN=foldcycle))


def test_check_accepts_the_committed_pictures(foldcycle, tmp_path):
    result = check(foldcycle, copy_tree(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_names_a_changed_missing_or_stale_picture_and_a_changed_block(foldcycle, tmp_path):
    root = copy_tree(tmp_path)
    pictures = root / "docs" / "pictures"
    svg = pictures / "fold-up.svg"
    svg.write_bytes(svg.read_bytes().replace(b"step-end", b"linear"))
    (pictures / "fade.svg").unlink()
    (pictures / "old.svg").write_text("<svg/>")
    readme = root / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8").replace("![cube]", "![cube!]"), encoding="utf-8")
    result = check(foldcycle, root)
    assert result.returncode == 1
    assert "FAIL: docs/pictures/old.svg: committed but no longer made" in result.stdout
    assert "FAIL: docs/pictures/fold-up.svg: differs from what the script makes today" in result.stdout
    assert "FAIL: docs/pictures/fade.svg: missing" in result.stdout
    assert "FAIL: README.md: differs from what the script makes today" in result.stdout
    assert "-![cube!](docs/pictures/cube-up.svg)" in result.stdout
    assert "+![cube](docs/pictures/cube-up.svg)" in result.stdout


def test_check_names_a_changed_deck_picture_or_deck_block(foldcycle, tmp_path):
    root = copy_tree(tmp_path)
    svg = root / "docs" / "pictures" / "deck-triage.svg"
    svg.write_bytes(svg.read_bytes().replace(b"step-end", b"linear"))
    readme = root / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8").replace("> triage.svg", "> deck.svg"), encoding="utf-8")
    result = check(foldcycle, root)
    assert result.returncode == 1
    assert "FAIL: docs/pictures/deck-triage.svg: differs from what the script makes today" in result.stdout
    assert "FAIL: README.md: differs from what the script makes today" in result.stdout
    assert "+foldcycle render --deck 'right,drag(-0.45,0.08,0.15),undo' --format svg README.md build.log notes.txt " \
        "> triage.svg" in result.stdout

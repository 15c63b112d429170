"""scripts/lint_platform: the tree has no Glibc/Darwin import or call, /proc, setlocale or wcwidth
binding outside the Platform folders, and each kind of offender elsewhere fails the lint, listed
by file and line (run on a copy of the script in a temporary tree)."""
import os
import shutil
import subprocess

import pytest

from conftest import ROOT

SCRIPT = os.path.join(ROOT, "scripts", "lint_platform")


def lint(root):
    return subprocess.run([os.path.join(root, "scripts", "lint_platform")], capture_output=True, text=True,
                          timeout=60)


def test_the_tree_is_clean():
    result = lint(ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: ")


@pytest.mark.parametrize("line", [
    "import Glibc", "    import Darwin", "let n = Glibc.write(1, nil, 0)", "_ = Darwin.close(3)",
    'let path = "/proc/self/fd/3"', '_ = setlocale(LC_ALL, "C.UTF-8")', '@_silgen_name("wcwidth")',
    "let w = wcwidth(0x41)", "_ = send(fd, bytes, count, Int32(MSG_NOSIGNAL))",
    "let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)",
    "action.__sigaction_handler.sa_handler = handler", "action.__sigaction_u.__sa_handler = handler",
    "address.sun_len = 106", "_ = ioctl(fd, UInt(TIOCGWINSZ), &size)",
    "guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }",
])
def test_each_offender_outside_platform_fails(tmp_path, line):
    (tmp_path / "scripts").mkdir()
    shutil.copy(SCRIPT, tmp_path / "scripts" / "lint_platform")
    (tmp_path / "Examples").mkdir()
    source = tmp_path / "Sources" / "Lib"
    source.mkdir(parents=True)
    (source / "Code.swift").write_text(f"// {line} in a comment is prose\n{line}\n", encoding="utf-8")
    platform = source / "Platform"
    platform.mkdir()
    (platform / "Platform.swift").write_text(f"{line}\n", encoding="utf-8")
    result = lint(str(tmp_path))
    assert result.returncode == 1
    assert result.stderr.splitlines()[1:] == [f"Sources/Lib/Code.swift:2:{line}"]


@pytest.mark.parametrize("line", [
    "import FoldCyclePlatform", "public import FoldCyclePlatform", "@_exported import FoldCyclePlatform",
    "    @_exported import Glibc",
])
def test_an_import_that_would_give_embedders_the_c_library_fails(tmp_path, line):
    (tmp_path / "scripts").mkdir()
    shutil.copy(SCRIPT, tmp_path / "scripts" / "lint_platform")
    (tmp_path / "Examples").mkdir()
    source = tmp_path / "Sources" / "FoldCyclePlatform"
    source.mkdir(parents=True)
    (source / "Platform.swift").write_text("@_exported import Glibc\n", encoding="utf-8")
    library = tmp_path / "Sources" / "Lib" / "Platform"
    library.mkdir(parents=True)
    (library / "Code.swift").write_text(f"internal import FoldCyclePlatform\npackage import FoldCyclePlatform\n{line}\n",
                                        encoding="utf-8")
    result = lint(str(tmp_path))
    assert result.returncode == 1
    assert result.stderr.splitlines()[1:] == [f"Sources/Lib/Platform/Code.swift:3:{line}"]


def test_internal_and_package_imports_of_the_platform_target_pass(tmp_path):
    (tmp_path / "scripts").mkdir()
    shutil.copy(SCRIPT, tmp_path / "scripts" / "lint_platform")
    (tmp_path / "Examples").mkdir()
    source = tmp_path / "Sources" / "Lib"
    source.mkdir(parents=True)
    (source / "Code.swift").write_text("internal import FoldCyclePlatform\npackage import FoldCyclePlatform\n",
                                       encoding="utf-8")
    result = lint(str(tmp_path))
    assert result.returncode == 0, result.stderr

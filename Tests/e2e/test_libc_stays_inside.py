"""Issue 28 point 2: `import FoldCycle` gives FoldCycle's public API and not the C library. A module
outside the package (no `-package-name`, so as a dependent package sees FoldCycle) that imports only
FoldCycle and calls `getpid()` does not compile: "cannot find 'getpid' in scope". Typechecked
against the modules of the build under test (FOLDCYCLE_BIN's folder), the fixture beside this file."""
import os
import shutil
import subprocess

from conftest import ROOT, binary

FIXTURE = os.path.join(ROOT, "Tests", "e2e", "fixtures", "libc-client", "main.swift")


def typecheck(tmp_path, source):
    modules = os.path.join(os.path.dirname(binary()), "Modules")
    assert os.path.isfile(os.path.join(modules, "FoldCycle.swiftmodule")), f"build the package first: {modules}"
    path = tmp_path / "main.swift"
    path.write_text(source, encoding="utf-8")
    swiftc = shutil.which("swiftc")
    assert swiftc, "swiftc is not on PATH"
    return subprocess.run([swiftc, "-typecheck", "-swift-version", "6", "-I", modules, str(path)],
                          capture_output=True, text=True, timeout=300)


def test_a_module_that_imports_only_foldcycle_cannot_call_getpid(tmp_path):
    with open(FIXTURE, encoding="utf-8") as fixture:
        source = fixture.read()
    result = typecheck(tmp_path, source)
    assert result.returncode != 0
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert [line.split(": error: ", 1)[1] for line in errors] == ["cannot find 'getpid' in scope"]


def test_the_same_module_without_the_libc_call_compiles(tmp_path):
    with open(FIXTURE, encoding="utf-8") as fixture:
        source = fixture.read()
    result = typecheck(tmp_path, source.replace("print(getpid())\n", ""))
    assert result.returncode == 0, result.stderr

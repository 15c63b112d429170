"""The release archive (scripts/release) and scripts/install: the archive holds the static,
stripped binary, its man page and completions, and its SHA-256 checks. Extracted into an empty
folder, the binary runs with no Swift on PATH and an empty LD_LIBRARY_PATH (--version, a render, a
live run in a pty) and needs only the C and C++ runtime libraries. scripts/install puts the same
files under a prefix and --uninstall removes exactly them.

scripts/test makes the archive once and passes it in FOLDCYCLE_RELEASE_ARCHIVE; without it, the
fixture runs scripts/release (a static release build: minutes the first time)."""
import os
import re
import shutil
import subprocess
import tarfile

import pytest

from conftest import ROOT

PAYLOAD = [
    "bin/foldcycle",
    "share/bash-completion/completions/foldcycle",
    "share/fish/vendor_completions.d/foldcycle.fish",
    "share/man/man1/foldcycle.1",
    "share/zsh/site-functions/_foldcycle",
]
# The C and C++ runtime: what a static Swift runtime leaves to the system.
ALLOWED_LIBRARIES = {"linux-vdso.so.1", "libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1",
                     "ld-linux-x86-64.so.2", "libpthread.so.0", "libdl.so.2", "librt.so.1"}
NO_SWIFT = {"PATH": "/usr/bin:/bin", "LD_LIBRARY_PATH": ""}


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    path = os.environ.get("FOLDCYCLE_RELEASE_ARCHIVE")
    if not path:
        output = tmp_path_factory.mktemp("dist")
        proc = subprocess.run([os.path.join(ROOT, "scripts", "release"), "--output", str(output)],
                              capture_output=True, timeout=1800)
        assert proc.returncode == 0, proc.stderr.decode()[-4000:]
        path = proc.stdout.decode().splitlines()[-1]
    return path


@pytest.fixture(scope="module")
def extracted(archive, tmp_path_factory):
    folder = tmp_path_factory.mktemp("empty")
    assert os.listdir(folder) == []
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    (top,) = os.listdir(folder)
    return folder / top


def test_the_archive_is_named_by_version_and_platform_and_checks(archive):
    name = os.path.basename(archive)
    assert re.fullmatch(r"foldcycle-\d+\.\d+\.\d+-linux-x86_64\.tar\.gz", name), name
    proc = subprocess.run(["sha256sum", "-c", name + ".sha256"], cwd=os.path.dirname(archive), capture_output=True,
                          timeout=30)
    assert (proc.returncode, proc.stdout.decode()) == (0, f"{name}: OK\n")


def test_the_archive_holds_the_payload_under_one_folder(archive):
    top = os.path.basename(archive)[: -len(".tar.gz")]
    with tarfile.open(archive) as tar:
        members = tar.getmembers()
    files = sorted(m.name[len(top) + 1:] for m in members if m.isfile())
    assert files == sorted(PAYLOAD + ["CHANGELOG.md", "DECISIONS.md", "README.md"])
    assert all(m.name == top or m.name.startswith(top + "/") for m in members)
    assert all((m.uid, m.gid) == (0, 0) for m in members)
    assert {m.name[len(top) + 1:]: m.mode for m in members if m.isfile()}["bin/foldcycle"] == 0o755


def test_it_runs_from_an_empty_folder_without_swift(extracted, foldcycle):
    binary = str(extracted / "bin" / "foldcycle")
    assert shutil.which("swift", path=NO_SWIFT["PATH"]) is None
    env = {**NO_SWIFT, "HOME": str(extracted), "LC_ALL": "C.UTF-8", "COLORTERM": "truecolor"}
    proc = subprocess.run([binary, "--version"], capture_output=True, env=env, cwd=extracted, timeout=10)
    assert proc.returncode == 0 and proc.stderr == b""
    assert re.fullmatch(rb"foldcycle \d+\.\d+\.\d+ \(commit [0-9a-f]{7,40}(-dirty)?\)\n", proc.stdout), proc.stdout
    # A render is byte for byte what the development build writes.
    argv = ["render", "--transition", "cube", "--direction", "left", "--frames", "3", "--format", "ansi",
            "--color", "always", "Hello", "世界"]
    released = subprocess.run([binary] + argv, capture_output=True, env=env, cwd=extracted, timeout=20)
    built = subprocess.run([foldcycle] + argv, capture_output=True, env=env, timeout=20)
    assert released.returncode == 0 and released.stderr == b""
    assert released.stdout == built.stdout and len(released.stdout) > 300


def test_it_runs_live_in_a_pty_without_swift(extracted, pty_run):
    run = pty_run([str(extracted / "bin" / "foldcycle"), "--interval", "0.2", "--cycles", "2", "--color", "never",
                   "A", "B", "C"], cols=40, rows=10, env=NO_SWIFT)
    assert run.wait(timeout=10) == 0
    assert run.text().strip() == "C"
    assert not run.screen.cursor.hidden


def test_it_needs_only_the_c_and_cpp_runtime(extracted):
    proc = subprocess.run(["ldd", str(extracted / "bin" / "foldcycle")], capture_output=True, timeout=10)
    assert proc.returncode == 0
    libraries = {os.path.basename(line.split()[0]) for line in proc.stdout.decode().splitlines() if line.strip()}
    assert libraries <= ALLOWED_LIBRARIES, libraries - ALLOWED_LIBRARIES
    assert {"libc.so.6", "libstdc++.so.6"} <= libraries
    proc = subprocess.run(["file", "-L", str(extracted / "bin" / "foldcycle")], capture_output=True, timeout=10)
    if proc.returncode == 0:
        assert b", stripped" in proc.stdout


# The shipped binary links FoundationEssentials, not Foundation: no CoreFoundation and no ICU data
# (docs/decisions/0012-foundation-essentials.md). Any NSString-bridged or NSObject API (NSLock, Thread,
# JSONSerialization, String(format:), CharacterSet, DateFormatter, Foundation's CGPoint) would
# bring back both: 60 MB, where the binary is 16.
LARGEST_BINARY = 20_000_000


def test_the_binary_is_small_and_has_no_icu_or_corefoundation(extracted):
    binary = extracted / "bin" / "foldcycle"
    size = binary.stat().st_size
    assert size <= LARGEST_BINARY, f"{size} bytes stripped, over {LARGEST_BINARY}"
    data = binary.read_bytes()
    # ICU's data is named icudtNNl; CoreFoundation's strings name CFString.
    for marker in (b"icudt", b"CFString", b"__CFConstantStringClassReference"):
        assert marker not in data, f"{marker.decode()} is in the binary: Foundation's CoreFoundation/ICU came back"


def test_the_archived_manual_and_completions_are_the_binarys(extracted):
    binary = str(extracted / "bin" / "foldcycle")
    for path, argv in [("share/man/man1/foldcycle.1", ["--generate-manual"]),
                       ("share/bash-completion/completions/foldcycle", ["--generate-completion-script", "bash"]),
                       ("share/zsh/site-functions/_foldcycle", ["--generate-completion-script", "zsh"]),
                       ("share/fish/vendor_completions.d/foldcycle.fish", ["--generate-completion-script", "fish"])]:
        generated = subprocess.run([binary] + argv, capture_output=True, env=NO_SWIFT, check=True, timeout=10).stdout
        assert (extracted / path).read_bytes() == generated, path
    proc = subprocess.run(["mandoc", "-T", "lint", str(extracted / "share/man/man1/foldcycle.1")],
                          capture_output=True, timeout=10)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b"")


def test_install_and_uninstall_under_a_prefix(tmp_path, archive):
    prefix = tmp_path / "prefix"
    (prefix / "share").mkdir(parents=True)
    (prefix / "share" / "theirs.txt").write_text("not foldcycle's\n")
    install = os.path.join(ROOT, "scripts", "install")
    proc = subprocess.run([install, "--prefix", str(prefix)], capture_output=True, timeout=1800)
    assert proc.returncode == 0, proc.stderr.decode()[-4000:]
    installed = sorted(str(p.relative_to(prefix)) for p in prefix.rglob("*") if p.is_file())
    assert installed == sorted(PAYLOAD + ["share/foldcycle/install-manifest.txt", "share/theirs.txt"])
    assert os.access(prefix / "bin" / "foldcycle", os.X_OK)
    version = subprocess.run([str(prefix / "bin" / "foldcycle"), "--version"], capture_output=True, env=NO_SWIFT,
                             check=True, timeout=10).stdout
    assert os.path.basename(archive).startswith(f"foldcycle-{version.split()[1].decode()}-")
    # Installing again is the same install (the manifest still lists the folders it created).
    proc = subprocess.run([install, "--prefix", str(prefix)], capture_output=True, timeout=1800)
    assert proc.returncode == 0, proc.stderr.decode()[-4000:]
    proc = subprocess.run([install, "--prefix", str(prefix), "--uninstall"], capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    left = sorted(str(p.relative_to(prefix)) for p in prefix.rglob("*"))
    assert left == ["share", "share/theirs.txt"]
    proc = subprocess.run([install, "--prefix", str(prefix), "--uninstall"], capture_output=True, timeout=60)
    assert proc.returncode == 66 and b"nothing was installed" in proc.stderr


def test_install_rejects_unknown_arguments():
    proc = subprocess.run([os.path.join(ROOT, "scripts", "install"), "--prefx", "/tmp/x"], capture_output=True,
                          timeout=10)
    assert proc.returncode == 64
    assert proc.stderr == b"Error: unknown argument '--prefx'\nUsage: scripts/install [--prefix DIR] [--uninstall]\n"


def _fake_install(prefix, manifest_entries):
    """A prefix holding the payload and a manifest of `manifest_entries` (what an install wrote)."""
    for file in PAYLOAD:
        (prefix / file).parent.mkdir(parents=True, exist_ok=True)
        (prefix / file).write_text("installed\n")
    manifest = prefix / "share" / "foldcycle" / "install-manifest.txt"
    manifest.parent.mkdir(parents=True, exist_ok=True)
    manifest.write_text("".join(f"{kind}\t{path}\n" for kind, path in manifest_entries))


@pytest.mark.parametrize("absolute", [False, True])
def test_uninstalling_a_copied_prefix_removes_only_under_it(tmp_path, absolute):
    """Issue 34, finding 9: a copied prefix's manifest held the original's absolute paths, and
    uninstalling the copy removed the original's files. Entries are relative to the prefix now;
    an older manifest's absolute paths elsewhere are left, named, and the exit is 1."""
    original, copy = tmp_path / "original", tmp_path / "copy"
    folders = ["bin", "share/foldcycle", "share/man"]
    for prefix in (original, copy):
        base = f"{original}/" if absolute else ""
        _fake_install(prefix, [("folder", base + f) for f in folders] + [("file", base + f) for f in PAYLOAD])
    proc = subprocess.run([os.path.join(ROOT, "scripts", "install"), "--prefix", str(copy), "--uninstall"],
                          capture_output=True, timeout=60)
    kept = sorted(str(p.relative_to(original)) for p in original.rglob("*") if p.is_file())
    assert kept == sorted(PAYLOAD + ["share/foldcycle/install-manifest.txt"])
    left = sorted(str(p.relative_to(copy)) for p in copy.rglob("*") if p.is_file())
    if absolute:
        assert proc.returncode == 1
        assert proc.stderr.decode() == "".join(
            f"Error: left {original}/{f}: the manifest names it, but it is not under {copy}\n" for f in PAYLOAD)
        assert left == sorted(PAYLOAD + ["share/foldcycle/install-manifest.txt"])
    else:
        assert proc.returncode == 0, proc.stderr
        assert left == []

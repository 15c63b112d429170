"""Takes the issue 29 screenshots (styled cards) described in README.md: xterm under Xvfb
(DejaVu Sans Mono 16, white and black) and tmux inside the black xterm, each before (--ansi show
or --markdown never) and after, combined side by side with Pillow.

    .venv/bin/python docs/screenshots/take_issue29.py FOLDCYCLE [NAME ...]

Needs xterm, Xvfb, ImageMagick (import), xdotool, tmux, git, ripgrep (rg). The inputs are made in /tmp."""
import os
import shlex
import subprocess
import sys
import time

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
RAW = "/tmp/foldcycle-issue29-shots"
GIT_MESSAGES = ["Add the fold transition", "Read colours from piped input", "Markdown cards: emphasis and code",
                "Fix: keep hue at 16 colours", "Docs: screenshots for styled cards"]


def make_inputs():
    """A git repository of five commits (fixed author and dates, a tag), a directory for ls, files for grep."""
    subprocess.run("rm -rf /tmp/fc-git /tmp/fc-ls /tmp/fc-grep && mkdir /tmp/fc-git /tmp/fc-ls /tmp/fc-grep",
                   shell=True, check=True)
    git = ["git", "-C", "/tmp/fc-git", "-c", "user.name=Ada", "-c", "user.email=a@b.c"]
    subprocess.run(git + ["init", "-q", "-b", "main"], check=True)
    env = dict(os.environ, GIT_AUTHOR_DATE="2026-12-01T10:00:00", GIT_COMMITTER_DATE="2026-12-01T10:00:00")
    for message in GIT_MESSAGES:
        with open("/tmp/fc-git/log.txt", "a") as log:
            log.write(message + "\n")
        subprocess.run(git + ["add", "log.txt"], check=True)
        subprocess.run(git + ["commit", "-qm", message], check=True, env=env)
    subprocess.run(git + ["tag", "v0.3", "HEAD~2"], check=True)
    subprocess.run("cd /tmp/fc-ls && mkdir Sources Tests docs && touch README.md Package.swift notes.txt"
                   " && printf '#!/bin/sh\\n' > build.sh && chmod +x build.sh && ln -s README.md LINK.md"
                   " && tar czf archive.tar.gz README.md", shell=True, check=True)
    with open("/tmp/fc-grep/Fold.swift", "w") as f:
        f.write("let a = 1 // TODO: name this\nfunc fold() {}\n// TODO: handle resize\n")
    with open("/tmp/fc-grep/notes.md", "w") as f:
        f.write("# TODO list\nnothing here\n")


def start_display():
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1600x1000x24", "-nolisten", "tcp",
                             "-noreset"], pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    number = b""
    with os.fdopen(read_fd, "rb") as pipe:
        while not number.endswith(b"\n"):
            chunk = pipe.read(1)
            assert chunk, "Xvfb exited before it reported its display"
            number += chunk
    return proc, ":" + number.decode().strip()


def shoot(display, name, command, bg, cols, rows, delay, tmux=False):
    """Runs `command` in an xterm (in tmux inside it with `tmux`), captures the window `delay` s after it maps."""
    env = dict(os.environ, DISPLAY=display)
    title = "shot-" + name
    inner = f"cd {REPO}; eval \"$(dircolors -b)\"; export COLORTERM=truecolor; {command}; sleep 30"
    if tmux:
        inner = (f"tmux -L shots-{name} -f /dev/null new-session -x {cols} -y {rows - 1} "
                 + shlex.quote("bash -c " + shlex.quote(inner)))
    argv = ["xterm", "-display", display, "-fa", "DejaVu Sans Mono", "-fs", "16", "-geometry", f"{cols}x{rows}+0+0",
            "-bg", bg, "-fg", "black" if bg == "white" else "white", "+sb", "-title", title,
            "-xrm", "XTerm*cursorBlink: false", "-xrm", "XTerm*allowTitleOps: false", "-e", "bash", "-c", inner]
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    window = subprocess.run(["xdotool", "search", "--sync", "--name", title], env=env, capture_output=True,
                            text=True, check=True).stdout.split()[0]
    time.sleep(delay)
    path = f"{RAW}/{name}.png"
    subprocess.run(["import", "-window", window, path], env=env, check=True)
    proc.terminate()
    proc.wait()
    if tmux:
        subprocess.run(["tmux", "-L", "shots-" + name, "kill-server"], stderr=subprocess.DEVNULL)
    return path


def grid(rows, out, scale=1.0):
    """Pastes the screenshots row by row on grey, 12 px apart, each scaled by `scale` first; 128
    colours, no dithering."""
    images = [[Image.open(p).convert("RGB") for p in row] for row in rows]
    if scale != 1.0:
        images = [[i.resize((round(i.width * scale), round(i.height * scale)), Image.Resampling.LANCZOS)
                   for i in row] for row in images]
    gap = 12
    width = max(sum(i.width for i in row) + gap * (len(row) - 1) for row in images)
    height = sum(max(i.height for i in row) for row in images) + gap * (len(images) - 1)
    canvas = Image.new("RGB", (width, height), (128, 128, 128))
    y = 0
    for row in images:
        x = 0
        for image in row:
            canvas.paste(image, (x, y))
            x += image.width + gap
        y += max(i.height for i in row) + gap
    canvas.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(out, optimize=True)
    print(out, os.path.getsize(out))


def main():
    foldcycle = os.path.abspath(sys.argv[1])
    live = f"{foldcycle} --interval 1.5 --width 60"
    # name: (after, before, columns, rows, seconds after the window maps)
    scenes = {
        "git-log": (f"git -C /tmp/fc-git log --color=always --oneline --decorate -5 | {live}", " --ansi show", 64, 8, 0.7),
        "grep": (f"(cd /tmp/fc-grep && grep --color=always -rn TODO .) | {live}", " --ansi show", 64, 8, 0.7),
        "rg": (f"(cd /tmp/fc-grep && rg --color=always TODO) | {live} --file -", " --ansi show", 64, 8, 0.7),
        "ls": (f"ls --color=always /tmp/fc-ls | {live}", " --ansi show", 64, 8, 0.7),
        "markdown-tips": (f"{live} --height 6 --file Examples/tips.md", " --markdown never", 64, 11, 3.9),
    }
    only = sys.argv[2:] or list(scenes) + ["render"]
    os.makedirs(RAW, exist_ok=True)
    make_inputs()
    xvfb, display = start_display()
    try:
        for name, (after, extra, cols, rows, delay) in scenes.items():
            if name not in only:
                continue
            pairs = []
            for bg, tmux in (("white", False), ("black", False), ("black", True)):
                tag = f"{name}-{'tmux' if tmux else bg}"
                size = rows + (1 if tmux else 0)
                pairs.append([shoot(display, tag + "-before", after + extra, bg, cols, size, delay, tmux),
                              shoot(display, tag + "-after", after, bg, cols, size, delay, tmux)])
            kind = "ansi" if name != "markdown-tips" else "md"
            grid(pairs, os.path.join(HERE, f"xterm-tmux-{name}{'-ansi' if kind == 'ansi' else ''}-before-after.png"))
        if "render" in only:
            pairs = []
            for mode, extra in (("before", " --ansi show"), ("after", "")):
                raw = subprocess.run(
                    "git -C /tmp/fc-git log --color=always --oneline --decorate -3 | "
                    f"{foldcycle} render --format ansi --encoder full --frames 5 --color always --width 56 --height 5"
                    f" --file -{extra}", shell=True, capture_output=True, check=True).stdout
                frames = raw.split(b"\x1b[?2026h")  # the preamble, then one synchronized update per frame
                with open(f"{RAW}/render-{mode}.ans", "wb") as f:
                    f.write(b"\x1b[?25l\r\n" + frames[0] + b"\x1b[?2026h" + frames[3].split(b"\x1b[?2026l")[0]
                            + b"\x1b[0m\x1b[?2026l\r\n\r\n")  # frames[3]: t = 2/4
            for bg in ("white", "black"):
                pairs.append([shoot(display, f"render-{bg}-{mode}",
                                    f"printf 'render --frames 5, t = 0.5\\n'; cat {RAW}/render-{mode}.ans",
                                    bg, 60, 9, 0.6) for mode in ("before", "after")])
            grid(pairs, os.path.join(HERE, "xterm-render-ansi-git-log-fold-before-after.png"))
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


if __name__ == "__main__":
    main()

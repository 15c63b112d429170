"""Takes the issue 29 SVG screenshot described in README.md: `foldcycle render --format svg` of the
styled inputs (the three pipes, a Rainbow-styled string, the Markdown tips), each before
(`--ansi show`, `--markdown never`) and after, drawn by headless Chromium and combined side by side.

    .venv/bin/python docs/screenshots/take_issue29_svg.py FOLDCYCLE

Needs chromium, git. The inputs are made in /tmp as for take_issue29.py."""
import os
import subprocess
import sys

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import take_issue29  # noqa: E402  (its inputs)

RAW = "/tmp/foldcycle-issue29-svg"
RENDER = "render --format svg --frames 2 --width 60 --height 6"
# What Rainbow writes for `"Tip".green.bold + ": " + "Rainbow".underline + " strings keep their styles"`.
RAINBOW = r"printf '\033[32;1mTip\033[0m: \033[4mRainbow\033[0m strings keep their styles'"
CASES = [
    ("git-log", "git -C /tmp/fc-git log --color=always --oneline --decorate -5 | {fc} {render} --file - {show}"),
    ("grep", "cd /tmp/fc-grep && grep --color=always -rn TODO . | {fc} {render} --file - {show}"),
    ("ls", "ls --color=always /tmp/fc-ls | {fc} {render} --file - {show}"),
    ("rainbow", "{fc} {render} {show} \"$(" + RAINBOW + ")\""),
    ("markdown-tips", "{fc} {render} --file Examples/tips.md --from-item 3 {markdown}"),
]


def shoot(name, command):
    svg, png = f"{RAW}/{name}.svg", f"{RAW}/{name}.png"
    with open(svg, "wb") as out:
        subprocess.run(["bash", "-c", command], cwd=take_issue29.REPO, stdout=out, check=True,
                       env=dict(os.environ, COLORTERM="truecolor"))
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--screenshot={png}", "--window-size=600,120", "file://" + svg],
                   capture_output=True, check=True)
    return png


def main():
    foldcycle = os.path.abspath(sys.argv[1])
    os.makedirs(RAW, exist_ok=True)
    take_issue29.make_inputs()
    rows = []
    for name, command in CASES:
        pair = []
        for kind, show, markdown in (("before", "--ansi show", "--markdown never"), ("after", "", "")):
            pair.append(shoot(f"{name}-{kind}", command.format(fc=foldcycle, render=RENDER, show=show,
                                                               markdown=markdown)))
        rows.append(pair)
    take_issue29.grid(rows, os.path.join(HERE, "chromium-render-svg-styled-before-after.png"))


if __name__ == "__main__":
    main()

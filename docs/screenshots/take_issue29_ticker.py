"""Takes the issue 29 Rainbow screenshot described in README.md: the embedding example
(`foldcycle-ticker-example`, PseudoFoldCycler with a Rainbow-styled first tip) in xterm under Xvfb
(DejaVu Sans Mono 16), white, black, and in tmux inside the black xterm, stacked; with a second
build, that build's picture on the left of each row ("before").

    .venv/bin/python docs/screenshots/take_issue29_ticker.py TICKER_EXAMPLE [BEFORE_EXAMPLE]

Needs xterm, Xvfb, ImageMagick (import), xdotool, tmux."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import take_issue29  # noqa: E402  (its xterm, tmux and grid)


def main():
    builds = [os.path.abspath(path) for path in reversed(sys.argv[1:3])]  # before (if given), then after
    os.makedirs(take_issue29.RAW, exist_ok=True)
    xvfb, display = take_issue29.start_display()
    try:
        rows = [[take_issue29.shoot(display, f"ticker-{'tmux' if tmux else bg}-{index}", example, bg, 48, 8 + tmux,
                                    0.35, tmux)
                 for index, example in enumerate(builds)]
                for bg, tmux in (("white", False), ("black", False), ("black", True))]
    finally:
        xvfb.terminate()
        xvfb.wait()
    take_issue29.grid(rows, os.path.join(HERE, "xterm-tmux-pseudofoldcycler-rainbow.png"))


if __name__ == "__main__":
    main()

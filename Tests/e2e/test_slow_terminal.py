"""A slow terminal never makes frames queue (issue 30, point 7; docs/decisions/0156): a pty whose
reader stops reading for a while, under a picture deck cycling at 60 fps. While the writes block,
memory stays bounded; after the reader comes back, fewer frames were sent than to a reader that
never paused (frames were dropped, not queued), and the screen ends exactly as the unpaused run's."""
import os
import time

from conftest import PtyRun

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PICTURES = [os.path.join(ROOT, "Examples", "pictures", name) for name in ("sunset.png", "card.jpg")]
COLUMNS, ROWS = 160, 48
PAUSE = 2.5


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cells(run):
    """Every cell's character and colours: the screen as the reader finally sees it."""
    return [[(cell.data, cell.fg, cell.bg) for cell in (run.screen.buffer[row][column] for column in range(COLUMNS))]
            for row in range(ROWS)]


def play(foldcycle, pause):
    argv = [foldcycle, "--interval", "0.4", "--duration", "0.3", "--transition", "cube", "--cycles", "8",
            "--width", "120", "--height", "40", *PICTURES]
    run = PtyRun(argv, cols=COLUMNS, rows=ROWS)
    try:
        run.pump(0.6)
        samples = [rss_kib(run.proc.pid)]
        if pause:
            # The reader stops: the pty's buffer fills and the player's writes block.
            deadline = time.monotonic() + PAUSE
            while time.monotonic() < deadline:
                time.sleep(0.1)
                samples.append(rss_kib(run.proc.pid))
        assert run.wait(timeout=20) == 0, run.text()
        return run, samples
    finally:
        run.close()


def test_a_paused_reader_drops_frames_and_the_last_frame_is_exact(foldcycle):
    steady, _ = play(foldcycle, pause=False)
    paused, samples = play(foldcycle, pause=True)
    figures = f"RSS while paused {samples} KiB; bytes {len(paused.raw)} paused vs {len(steady.raw)} steady"
    print(figures)
    # Frames were dropped while the writes blocked, not queued: less was sent.
    assert len(paused.raw) < len(steady.raw), figures
    # Memory stays where it was when the reader stopped (no frames piling up).
    assert max(samples) - samples[0] < 4 * 1024, figures
    # The last frame is exact: the same cells as a reader that never paused.
    assert cells(paused) == cells(steady)
    assert paused.lines() == steady.lines()

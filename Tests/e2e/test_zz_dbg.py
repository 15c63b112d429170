import sys, time
from test_deck_pointer import *
def test_dbg(foldcycle, pty_run):
    for attempt in range(12):
        script = 'printf "%s" "$1" > /dev/tty; shift; exec "$0" deck "$@"'
        lines = "".join("shell line %d\n" % n for n in range(14))
        log = []
        run = pty_run(["sh", "-c", script, foldcycle, lines, *CARD], cols=60, rows=16,
                                     stdin_bytes=ITEMS, capture_stdout=True)
        def answer(text):
            log.append((len(run.raw), text, run.screen.cursor.y))
            os.write(run.master, text.encode())
        run.screen.write_process_input = answer
        assert run.pump_until(lambda: "card 1 of 3" in run.text(), 5), run.text()
        run.pump(0.4)
        row = [index for index, line in enumerate(run.lines()) if "alpha.txt" in line][0]
        for above_or_below in [row - 2, row + 2]:
            tap(run, 30, above_or_below)
        run.pump(0.3)
        d = decisions(run)
        if d:
            raw = bytes(run.raw)
            print("FAIL attempt", attempt, d, "row", row, log)
            import re
            for m in re.finditer(rb"\x1b\[6n", raw):
                print(m.start(), repr(raw[max(0,m.start()-300):m.start()+10]))
            break
        run.write(b"q"); run.wait()

"""Frame cost of the Spades table on the laptop: the time of a typical frame update
(a cursor move, a card played) and the pixels it redrew, measured on the Headless
display (its refresh areas are displayio's dirty areas).

    python tools/bench_spades_frame.py [--repeat N]

A cursor move should redraw only the two cards it touches (2 x 20 x 30 pixels at
most). The last line: `result: cursor_ms=<x> cursor_px=<n> play_ms=<y> play_px=<m>`.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT, os.path.join(ROOT, "host_tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)


def table_at_my_first_card(level="normal"):
    """(hw, app, table): a four-player match with the human to play a full hand."""
    from engine.tricks import PLAY
    from spades_ui_support import app_with, launch, human_keys
    hw, app = app_with(level=level)
    t = launch(hw, app, 4)
    for _ in range(3000):
        if t.m.phase == PLAY and t.m.to_move == 0 and not t.trick_shown and t.bot is None:
            break
        for k in human_keys(app):
            hw.press(k)
            app.step()
        hw.advance(300)
        app.step()
    app.step()
    return hw, app, t


def measure(repeat=20):
    from ui import keys
    hw, app, t = table_at_my_first_card()
    disp = hw.display
    cursor_ms = []
    cursor_px = []
    for i in range(repeat):
        hw.press(keys.RIGHT if i % 8 < 4 else keys.LEFT)
        t0 = time.perf_counter()
        app.step()
        cursor_ms.append((time.perf_counter() - t0) * 1000)
        cursor_px.append(disp.last_pixels)
    hw.press(keys.A)
    t0 = time.perf_counter()
    app.step()
    play_ms = (time.perf_counter() - t0) * 1000
    play_px = disp.last_pixels
    hw.close()
    cursor_ms.sort()
    return cursor_ms[len(cursor_ms) // 2], max(cursor_px), play_ms, play_px


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args(argv)
    cm, cp, pm, pp = measure(args.repeat)
    print("cursor move: %.2f ms (median), %d pixels redrawn (max), of %d on screen" % (cm, cp, 160 * 128))
    print("card played: %.2f ms, %d pixels redrawn" % (pm, pp))
    print("result: cursor_ms=%.2f cursor_px=%d play_ms=%.2f play_px=%d" % (cm, cp, pm, pp))
    return 0


if __name__ == "__main__":
    sys.exit(main())

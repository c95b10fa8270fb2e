"""Frame cost of the Spades table: a cursor move, a card played, a frame of a card
sliding to the trick, of a finished trick sliding off, of the deal.

Two measures:
- pixels redrawn per frame, on the Headless display under CPython (its refresh areas
  are displayio's dirty areas; the badge sends these pixels over SPI);
- board ms of the frame's Python (keys, the table's tick, no display driver), under
  the real MicroPython with the stand-in displayio (host_tests/mpy_ui_fakes), timed
  against pystone in the same process (tools/pystone.py: board = host * pps / 1500).

    python tools/bench_spades_frame.py [--repeat N]

A cursor move should redraw only the two cards it touches (2 x 20 x 30 pixels at
most). Budgets on the board: a cursor move <= 20 board ms, any other frame <= 60.
The last line: `result: cursor_ms=<x> cursor_px=<n> play_ms=<y> play_px=<m>
slide_px=<p> collect_px=<q> deal_px=<r> cursor_board_ms=<a> other_board_ms=<b>`.
"""
import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT, os.path.join(ROOT, "host_tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

FRAME_MS = 16
DEBUG = 0  # a frame's step of the clock while cards move


def table_at_my_first_card(level="normal"):
    """(hw, app, table): a four-player match with the human to play a full hand."""
    from engine.tricks import PLAY
    from spades_ui_support import app_with, launch, human_keys
    hw, app = app_with(level=level)
    t = launch(hw, app, 4)
    for _ in range(3000):
        if t.m.phase == PLAY and t.m.to_move == 0 and not t.trick_shown and t.bot is None \
                and not t.motion.active:
            break
        for k in human_keys(app):
            hw.press(k)
            app.step()
        hw.advance(300)
        app.step()
    app.step()
    return hw, app, t


def _moving_px(hw, app, t, disp, until):
    """The most pixels one frame redrew while the table's cards moved, until `until()`."""
    most = 0
    for _ in range(400):
        if until():
            break
        hw.advance(FRAME_MS)
        disp.last_pixels = 0  # a frame that refreshes nothing leaves the last count
        app.step()
        if t.motion.active or disp.last_pixels:
            most = max(most, disp.last_pixels)
    return most


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
    slide_px = _moving_px(hw, app, t, disp, lambda: not t.motion.active)
    # on to the end of the trick, then its slide to the winner
    for _ in range(2000):
        if t.trick_shown:
            break
        hw.advance(50)
        app.step()
    hw.press(keys.A)  # seen: off it goes
    app.step()
    collect_px = _moving_px(hw, app, t, disp, lambda: not t.trick_shown)
    # a new match's deal
    from spades_ui_support import app_with, launch
    hw.close()
    hw, app = app_with()
    t = launch(hw, app, 4)
    hw.advance(FRAME_MS)
    app.step()  # the first refresh after a new screen counts its areas twice over
    deal_px = _moving_px(hw, app, t, hw.display, lambda: not t.motion.active)
    hw.close()
    cursor_ms.sort()
    return cursor_ms[len(cursor_ms) // 2], max(cursor_px), play_ms, play_px, slide_px, collect_px, deal_px


BOARD_SCRIPT = r'''
import gc
import time
import pystone
from ui import keys
from ui.app import App
from ui.menu import Menu
from engine import options
from engine.tricks import PLAY
from board_twin import Hw

hw = Hw()
app = App(hw)
o = options.Options()
o.bot_speed = options.NORMAL
app.options = o
app.home_screen = Menu(app)
app.show(app.home_screen)
app.step()
app.launch("ui.spades_game", 4)
t = app.screen
us = {"cursor": [], "play": [], "slide": [], "collect": [], "deal": []}


def timed(kind):
    """One frame, timed; a frame of motion counts while cards still move after it
    (the frame that ends a motion also runs the game on, a bot's move: not motion)."""
    t0 = time.ticks_us()
    app.step()
    d = time.ticks_diff(time.ticks_us(), t0)
    if DEBUG:
        print("#", kind, d)
    if kind in ("cursor", "play") or t.motion.active:
        us[kind].append(d)


while t.motion.active or t.banner_until:  # the deal of the first hand
    hw.now += 16
    timed("deal")


def mine():
    return t.m.phase == PLAY and t.m.to_move == 0 and not t.trick_shown and t.bot is None and not t.motion.active


for _ in range(3000):
    if mine():
        break
    if t.m.to_move == 0 and t.bot is None and not t.trick_shown and not t.motion.active:
        hw.press(keys.A)
        app.step()
    hw.now += 300
    app.step()
gc.collect()
for i in range(REPEAT):
    hw.press(keys.RIGHT if i % 8 < 4 else keys.LEFT)
    timed("cursor")
hw.press(keys.A)
timed("play")
while t.motion.active:
    hw.now += 16
    timed("slide")
for _ in range(2000):
    if t.trick_shown:
        break
    hw.now += 50
    app.step()
hw.press(keys.A)
app.step()
while t.trick_shown:
    hw.now += 16
    timed("collect")
pps = pystone.pystones_per_second()
for k in ("cursor", "play", "slide", "collect", "deal"):
    v = us[k]
    v.sort()
    print("%s %.2f %.2f" % (k, v[len(v) // 2] * pps / 1500 / 1000, v[-1] * pps / 1500 / 1000))
'''


def board_ms(repeat=20):
    """Worst board ms per kind of frame, under MicroPython; None if it is missing."""
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(exe):
        return None
    import tempfile
    fakes = os.path.join(ROOT, "host_tests", "mpy_ui_fakes")
    with tempfile.TemporaryDirectory() as d:
        script = os.path.join(d, "bench_spades_board.py")
        with open(script, "w") as f:
            f.write("REPEAT = %d\nDEBUG = %d\n" % (repeat, DEBUG) + BOARD_SCRIPT)
        env = dict(os.environ, MICROPYPATH=os.pathsep.join((fakes, ROOT, os.path.join(ROOT, "tools"))))
        r = subprocess.run([exe, "-X", "heapsize=512K", script], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=600)
    if r.returncode != 0:
        raise RuntimeError(r.stdout + r.stderr)
    out = {}
    for line in r.stdout.splitlines():
        if line.startswith("#"):
            print(line)
            continue
        k, med, worst = line.split()
        out[k] = float(worst)
        out[k + "_median"] = float(med)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args(argv)
    cm, cp, pm, pp, sp, kp, dp = measure(args.repeat)
    print("cursor move: %.2f ms (median), %d pixels redrawn (max), of %d on screen" % (cm, cp, 160 * 128))
    print("card played: %.2f ms, %d pixels redrawn" % (pm, pp))
    print("a frame of motion, most pixels redrawn: card to the trick %d, trick to its winner %d, deal %d"
          % (sp, kp, dp))
    b = board_ms(args.repeat)
    if b is None:
        print("board ms: no micropython in the venv")
        b = {"cursor": -1, "play": -1, "slide": -1, "collect": -1, "deal": -1}
    else:
        for k, what in (("cursor", "cursor move"), ("play", "card played"), ("slide", "card sliding"),
                        ("collect", "trick sliding off"), ("deal", "deal")):
            print("board ms, Python side (MicroPython vs pystone), %s: median %.1f, worst %.1f"
                  % (what, b[k + "_median"], b[k]))
    other = max(b["play"], b["slide"], b["collect"], b["deal"])
    print("result: cursor_ms=%.2f cursor_px=%d play_ms=%.2f play_px=%d slide_px=%d collect_px=%d deal_px=%d "
          "cursor_board_ms=%.1f other_board_ms=%.1f" % (cm, cp, pm, pp, sp, kp, dp, b["cursor"], other))
    return 0


if __name__ == "__main__":
    sys.exit(main())

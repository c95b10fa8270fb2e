"""The Spades screens under a real MicroPython (the stand-in displayio, terminalio and
keypad of host_tests/mpy_ui_fakes/): a complete four-player and a complete
two-player match from key presses, the heap the game takes printed. Catches
CPython-only code in ui/spades_*.py before it reaches the badge."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAKES = os.path.join(ROOT, "host_tests", "mpy_ui_fakes")

SCRIPT = r'''
import gc
import sys
import keypad
from ui import keys
from ui.app import App
from ui.menu import Menu
from engine import options
from engine.tricks import BIDDING, EXCHANGE, PLAY, DECLARE, DRAW, DISCARDING

N = int(sys.argv[1])

from board_twin import Hw

hw = Hw()
app = App(hw)
o = options.Options()
o.target = 200
o.bot_speed = options.FAST
app.options = o
menu = Menu(app)
app.home_screen = menu
app.show(menu)
app.step()
gc.collect()
base = gc.mem_alloc()
app.launch("ui.spades_game", N)
t = app.screen
gc.collect()
built = gc.mem_alloc() - base
peak = 0
presses = 0

def human():
    s = app.screen
    if type(s).__name__ == "Page":  # ui/spades_pages.py is loaded again each hand
        return (keys.A,)
    m = t.m
    if s is not t or m.to_move != 0 or t.trick_shown or t.bot is not None:
        return ()
    ph = m.phase
    if ph == EXCHANGE:
        return (keys.A, keys.RIGHT, keys.A, keys.RIGHT, keys.A, keys.SELECT)
    if ph == DISCARDING:
        return (keys.SELECT,)
    if ph == DRAW:
        return (keys.A,) if t.v.drawn % 13 >= 6 or t.v.drawn >= 39 else (keys.B,)
    return (keys.A,)

import time
steps_us = []
def timed_step():
    t0 = time.ticks_us()
    app.step()
    steps_us.append(time.ticks_diff(time.ticks_us(), t0))

for i in range(30000):
    if app.screen is menu:
        break
    for k in human():
        hw.press(k)
        timed_step()
        presses += 1
    hw.now += 300
    timed_step()
    if i % 25 == 0:
        gc.collect()
        a = gc.mem_alloc() - base
        if a > peak:
            peak = a
assert app.screen is menu, "the match did not end"
assert t.m.winner in (0, 1)
print("spades%d: %d hands, %d presses, %d refreshes; heap above the menu: table built %d bytes, most live %d bytes "
      "(64-bit, from source, stand-in bitmaps a byte per pixel)"
      % (N, t.m.hand_no, presses, hw.display.refreshes, built, peak))
import pystone
pps = pystone.pystones_per_second()
steps_us.sort()
k = len(steps_us)
def board_ms(us):
    return us * pps / 1500 / 1000
print("frames (Python side, no display driver): median %.1f, p95 %.1f, worst %.1f board ms (%d frames, %d pystones/s here)"
      % (board_ms(steps_us[k // 2]), board_ms(steps_us[k * 95 // 100]), board_ms(steps_us[-1]), k, pps))
print("spades_smoke: ok")
'''


def micropython():
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    return exe if os.path.exists(exe) else "micropython"


def run(n, tmp_path):
    script = os.path.join(str(tmp_path), "spades_smoke.py")
    with open(script, "w") as f:
        f.write(SCRIPT)
    env = dict(os.environ, MICROPYPATH=os.pathsep.join((FAKES, ROOT, os.path.join(ROOT, "tools"))))
    r = subprocess.run([micropython(), "-X", "heapsize=512K", script, str(n)], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    print(r.stdout)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().endswith("spades_smoke: ok")


def test_four_player_match_under_micropython(tmp_path):
    run(4, tmp_path)


def test_two_player_match_under_micropython(tmp_path):
    run(2, tmp_path)


MOTION = r'''
import gc
from ui.spades_motion import Motion


class Grid:
    x = 0
    y = 0


grids = [Grid() for _ in range(13)]
m = Motion(13)
for i in range(13):
    m.add(grids[i], 70, -60, i * 11, 4, i * 25)
m.begin(0, 200)


def frames():
    """Frames until every card rests: (frames, bytes allocated meanwhile)."""
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    now = 0
    moving = True
    while moving:
        now += 16
        moving = m.step(now)
    grown = gc.mem_alloc() - before
    gc.enable()
    return now // 16, grown


k, grown = frames()
assert (grids[12].x, grids[12].y) == (132, 4), (grids[12].x, grids[12].y)
print("motion frames to the end: %d, bytes allocated: %d" % (k, grown))
assert grown == 0
print("motion: ok")
'''


def test_a_motion_frame_allocates_nothing_under_micropython(tmp_path):
    script = os.path.join(str(tmp_path), "motion.py")
    with open(script, "w") as f:
        f.write(MOTION)
    env = dict(os.environ, MICROPYPATH=os.pathsep.join((FAKES, ROOT)))
    r = subprocess.run([micropython(), "-X", "heapsize=256K", script], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=60)
    print(r.stdout)
    assert r.returncode == 0 and r.stdout.strip().endswith("motion: ok"), r.stdout + r.stderr

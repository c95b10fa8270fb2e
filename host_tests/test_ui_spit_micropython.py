"""ui/spit_screen.py under a real MicroPython (the stand-in displayio, terminalio and
keypad of host_tests/mpy_ui_fakes/): a round played by two bots through the screen,
the results, the next round; idle frames allocate nothing; heap figures printed."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAKES = os.path.join(ROOT, "host_tests", "mpy_ui_fakes")

SCRIPT = r"""
import gc
gc.collect()
base = gc.mem_alloc()
import keypad
from ui import keys
from ui.app import App
from ui import spit_screen as SS
from engine import spit as S
from engine.bots.spit_bot import SpitBot
gc.collect()
code = gc.mem_alloc() - base


from board_twin import Hw

hw = Hw()
app = App(hw)
scr = SS.new_match(app, 12345, 3, "standard")
app.step()
gc.collect()
with_screen = gc.mem_alloc() - base


def run(cond, limit=20000):
    for _ in range(limit):
        if cond():
            return
        hw.now += 40
        app.step()
    raise AssertionError("not reached")


run(lambda: scr.game.phase == S.PH_PLAY)
# idle frames: no bot move due, no key: nothing allocated, nothing refreshed
scr.tab.bots[1] = None
scr.tab.when[1] = -1
for _ in range(5):
    hw.now += 16
    app.step()
r = hw.display.refreshes
gc.collect()
gc.disable()
a0 = gc.mem_alloc()
for _ in range(200):
    hw.now += 16
    app.step()
idle_alloc = gc.mem_alloc() - a0
gc.enable()
assert hw.display.refreshes == r, "an idle frame refreshed"
print("idle frames: %d bytes allocated over 200 frames" % idle_alloc)
assert idle_alloc == 0, idle_alloc
# both seats played by bots through the screen, to the round's results and on
scr.tab.bots[1] = scr.bot
scr.tab.idle[1] = False
scr.tab.bots[0] = SpitBot(5, 3)
peak = 0
for rnd in range(2):
    run(lambda: scr.mode == SS.M_ROUND or scr.mode == SS.M_MATCH)
    gc.collect()
    peak = max(peak, gc.mem_alloc() - base)
    assert scr.lines[7].text in ("A: next round", "A: back to the menu"), scr.lines[7].text
    if scr.mode == SS.M_MATCH:
        break
    hw.now += SS.GUARD_MS  # the page takes keys after a moment
    hw.press(keys.A)
    app.step()
    assert scr.mode == SS.M_TABLE
hw.press(keys.START)
app.step()
assert scr.mode == SS.M_PAUSE
print("heap: spit ui+engine code from source %d bytes, with the screen built %d, peak %d "
      "(64-bit MicroPython; stand-in bitmaps take a byte per pixel)" % (code, with_screen, peak))
print("spit_ui: ok")
"""


def micropython():
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    return exe if os.path.exists(exe) else "micropython"


def test_spit_screen_runs_under_micropython_and_idle_frames_allocate_nothing(tmp_path):
    script = tmp_path / "spit_ui.py"
    script.write_text(SCRIPT)
    env = dict(os.environ, MICROPYPATH=FAKES + os.pathsep + ROOT)
    r = subprocess.run([micropython(), "-X", "heapsize=256K", str(script)],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    print(r.stdout)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().endswith("spit_ui: ok")

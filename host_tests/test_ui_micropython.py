"""The board-side ui modules (keys, app, menu, sprites, widgets, tinyfont) under a real
MicroPython, with small stand-ins for displayio, terminalio and keypad
(host_tests/mpy_ui_fakes/): catches CPython-only code before it reaches the badge."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAKES = os.path.join(ROOT, "host_tests", "mpy_ui_fakes")


def micropython():
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    return exe if os.path.exists(exe) else "micropython"


def test_ui_runs_under_micropython():
    env = dict(os.environ, MICROPYPATH=FAKES + os.pathsep + ROOT)
    r = subprocess.run([micropython(), "-X", "heapsize=256K", os.path.join(FAKES, "ui_smoke.py")],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    print(r.stdout)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().endswith("ui_smoke: ok")

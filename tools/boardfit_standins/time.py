# Stand-in for time: the board VM's own time module (ticks_cpu, ticks_diff, ...), with a
# sleep() that never sleeps. ui/hardware_board.py sleeps the rest of each frame; on the VM
# the clock is the scripted player's, so the sleep is only recorded: by boardfit_pace.py
# (tools/battery.py), which moves its board-time clock by it, and not at all otherwise.
# Importing `time` with no path finds the built-in module (MicroPython's way of extending
# a built-in one from a file of the same name).
import sys

_path = sys.path
sys.path = ()
try:
    from time import *  # noqa: F401,F403
finally:
    sys.path = _path
    del _path


def sleep(seconds):
    pace = sys.modules.get("boardfit_pace")
    if pace is not None:
        pace.sleep(seconds)

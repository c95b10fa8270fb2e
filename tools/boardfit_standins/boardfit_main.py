# The board VM's main file for tools/boardfit.py, run in dist/CIRCUITPY (the bundle as
# `make bundle` writes it): argv plan, timing flag. It prints the heap before and after
# the stand-ins, then runs code.py unchanged (as the badge does: from source) with the
# scripted player pressing the keys.
import gc
import sys

gc.collect()
print("heap_start=%d" % gc.mem_alloc())
import boardfit_player  # noqa: E402
import board  # noqa: E402,F401
import terminalio  # noqa: E402,F401
import microcontroller  # noqa: E402,F401
import keypad  # noqa: E402,F401
import digitalio  # noqa: E402,F401
import audioio  # noqa: E402,F401
import audiocore  # noqa: E402,F401
import neopixel_write  # noqa: E402,F401
import supervisor  # noqa: E402,F401

code = {"__name__": "__main__"}
boardfit_player.setup(code, sys.argv[1], len(sys.argv) > 2 and sys.argv[2] == "timing")
boardfit_player.profile = len(sys.argv) > 2 and sys.argv[2] == "profile"
gc.collect()
print("heap_standins=%d" % gc.mem_alloc())
if sys.argv[1] != "standins":
    with open("code.py") as f:
        src = f.read()
    exec(src, code)
    src = None
    code = None
    gc.collect()
    print("boardfit: done frames=%d" % boardfit_player.frames)
    if boardfit_player.timing:
        boardfit_player.report()
        import pystone_cpu
        print("pystones_per_cpu_s=%d" % pystone_cpu.rate())

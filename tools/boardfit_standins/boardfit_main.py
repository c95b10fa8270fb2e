# The board VM's main file for tools/boardfit.py, run in dist/CIRCUITPY (the bundle as
# `make bundle` writes it): argv plan, timing/profile/-, code file, "resume" when the
# player goes on from the VM before. It prints the heap before and after the
# stand-ins, then runs the code file unchanged (as the badge does: from source) with
# the scripted player pressing the keys. supervisor.reload() ends the VM here:
# `boardfit: reload <file>` tells tools/boardfit.py what the next VM runs.
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
import supervisor  # noqa: E402

code = {"__name__": "__main__"}
boardfit_player.setup(code, sys.argv[1], sys.argv[2], sys.argv[4] == "resume")
gc.collect()
print("heap_standins=%d" % gc.mem_alloc())
import micropython  # noqa: E402
micropython.qstr_info()  # the stand-ins' and the player's own interned names
if sys.argv[1] != "standins" and not sys.argv[2].startswith("standins"):  # the harness's own heap only
    with open(sys.argv[3]) as f:
        src = f.read()
    try:
        exec(src, code)
        reloaded = False
    except supervisor.ReloadException:
        reloaded = True
    except Exception as e:  # any exception fails the run: the plan (a random player's seed) and the frame
        gc.collect()
        print("boardfit: FAIL in %s at frame %d: %s %s (then %d bytes free)"
              % (sys.argv[1], boardfit_player.frames, type(e).__name__, e, gc.mem_free()))
        micropython.qstr_info()  # "allocating 1280 bytes" with 6 pools: the 7th name pool (1,280 names)
        raise
    src = None
    code = None
    gc.collect()
    if boardfit_player.timing:
        boardfit_player.report()
    boardfit_player.keep()
    micropython.qstr_info()  # the VM's interned names at its end (never freed: its peak)
    if reloaded:
        print("boardfit: reload %s" % (supervisor.next_code_file or "code.py"))
    else:
        print("boardfit: done frames=%d" % boardfit_player.frames)
        if boardfit_player.timing:
            import pystone_cpu
            print("pystones_per_cpu_s=%d" % pystone_cpu.rate())

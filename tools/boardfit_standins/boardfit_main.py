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
import micropython  # noqa: E402


def _badge_pools(shared):
    """The name pools as the badge has them for the game. There the game's are the only
    interned names (the built-in modules' are in flash); here the harness's come first,
    and the seventh pool (1,280 names) would come about 180 game names early. So names
    that no game uses fill the first six pools and `shared` + 19 slots of the seventh,
    where `shared` counts the harness's names the game interns too (tools/boardfit.py
    shared_names): the game has 1,260 slots before the eighth pool, as on the badge.
    The pools' own heap is the harness's; the badge's six pools are charged to the game
    (_pools below)."""
    i = 0
    a = gc.mem_alloc()
    while True:  # up to the seventh pool: the one name that makes the heap jump 7.7 KB
        getattr(0, "\x7f%d" % i, None)  # a name no game has: interned, never freed
        i += 1
        b = gc.mem_alloc()
        if b - a > 6000:
            break
        a = b
    for j in range(shared + 19):
        getattr(0, "\x7f%d" % (i + j), None)


badge_pools = len(sys.argv) > 5  # tools/boardfit.py with BOARDFIT_BADGE_POOLS=1
if badge_pools:
    _badge_pools(int(sys.argv[5]))
gc.collect()
print("heap_standins=%d" % gc.mem_alloc())
micropython.qstr_info()  # the stand-ins' and the player's own interned names (and the padding)
# the badge's six name pools, charged to the game: 1,260 names of 6 bytes, and their heads
_pools = bytearray(7656) if badge_pools else None
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

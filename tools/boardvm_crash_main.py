# The board VM's main file for tools/boardvm_crash.py: boardfit's scripted player
# (tools/boardfit_standins/boardfit_player.py) plays the plan, and at the first frame
# from frame N with a game on screen a MemoryError strikes in that game's VM:
#   "raise": raised at the frame's key poll (inside App.step);
#   "hog":   the heap is filled with blocks hung on the game's screen, so that the
#            game's own next allocation fails wherever it comes (the crash screen then
#            has only what letting the game go frees).
# Then it checks, one line each (`crash: ...`), that the crash screen comes up, that nvm
# is byte for byte what it was when the MemoryError struck (no write, nothing lost), and,
# after A, that the next VM (play_continue.py) resumes the saved game exactly: the
# game on screen is the saved one, rebuilt as Continue rebuilds it.
# argv: plan, N, mode, code file, "resume" when going on from the VM before.
import gc
import sys

gc.collect()
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

AT = int(sys.argv[2])
MODE = sys.argv[3]
phase = 0  # 0 playing; 1 struck, the crash screen awaited; 2 A pressed: Continue's VM
struck_at = 0
_orig = boardfit_player.frame
_buf = bytearray(256)


def _same(a, b):
    """Whether two files hold the same bytes (read through one small buffer)."""
    nvm = microcontroller.nvm
    if nvm.f is not None:
        nvm.f.flush()
    other = bytearray(256)
    with open(a, "rb") as fa:
        with open(b, "rb") as fb:
            while True:
                n = fa.readinto(_buf)
                m = fb.readinto(other)
                if n != m or _buf[:n] != other[:m]:
                    return False
                if not n:
                    return True


def _fail(why):
    print("crash: FAIL %s" % why)
    sys.exit(4)


def _app():
    app = boardfit_player.g.get("app")
    return app if app is not None and app.screen is not None else None


_the_app = None
_snap = None  # nvm-crash.bin, open: the saves the game still makes before it fails go into it too
saves = 0


def _watch(app):
    """Follow nvm writes from the strike on: the game's own (a save point reached on the
    heap the game frees) go into the snapshot; one from App.crash on is a failure."""
    global _snap
    _snap = open("nvm-crash.bin", "r+b")
    cls = type(microcontroller.nvm)
    put = cls.__setitem__

    def setitem(self, i, data):
        global saves
        if _the_app.crashed:  # App.frame sets it before anything else of the crash runs
            _fail("nvm written by the crash's handling")
        put(self, i, data)
        _snap.seek(i.start if isinstance(i, slice) else i)
        _snap.write(data if isinstance(i, slice) else bytes((data,)))
        _snap.flush()
        saves += 1

    cls.__setitem__ = setitem
    global _the_app
    _the_app = app


def _strike(app):
    global phase, struck_at
    boardfit_player._nvm_copy("nvm.bin", "nvm-crash.bin")
    _watch(app)
    phase = 1
    struck_at = boardfit_player.frames
    print("crash: MemoryError (%s) at frame %d on %s in %s" % (
        MODE, struck_at, type(app.screen).__name__, app.game))
    if MODE == "raise":
        raise MemoryError()
    hog = []
    app.screen.crash_hog = hog
    hog.append(None)
    size = 4096
    while size >= 16:
        try:
            hog.append(bytearray(size))
        except MemoryError:
            size //= 2
    hog = None


def _continued(app):
    """The first frame of Continue's VM: the game shown is the save, rebuilt."""
    from engine.storage import Storage
    saved = Storage(microcontroller.nvm).load_game()
    if saved is None:
        _fail("no saved game after the crash")
    game_id, level, blob = saved
    s = app.screen
    if game_id == 2:
        from engine import spit
        g0 = spit.Spit.from_bytes(blob)
        g = s.game
        same = g.to_bytes() == blob if g0.phase != spit.PH_ROUND_OVER else (
            g.scores == g0.scores and g.mode == g0.mode)
    else:  # the match's bytes, then what the table keeps (ui/spades_keep.py)
        from ui.spades_keep import split
        blob, kept, _ = split(blob)  # Continue resumes the match, never a replay saved after it
        m0 = s.m.from_bytes(blob)
        from engine.tricks import HAND_OVER
        if m0.phase == HAND_OVER:  # Continue deals the next hand (ui/spades_game.py resume)
            from engine.lazy import call
            call("spades_record", "next_hand", m0)
        same = s.m.to_bytes() == m0.to_bytes() and (kept is None or bytes(s.why) == kept[:108])  # the reasons too
    if not same:
        _fail("Continue's game is not the saved one (game %d)" % game_id)
    if not _same("nvm.bin", "nvm-crash.bin"):
        _fail("nvm changed between the crash and Continue")
    print("crash: resumed the saved game %d exactly (%d bytes), nvm as the last save left it" % (game_id, len(blob)))
    app.running = False


def frame():
    global phase
    app = _app()
    if phase == 0:
        _orig()
        if app is not None and boardfit_player.frames >= AT and app.game_vm and app.game is not None \
                and type(app.screen).__name__ != "Crash":
            _strike(app)
        return
    if phase == 1:
        if app is not None and type(app.screen).__name__ == "Crash":
            if not _same("nvm.bin", "nvm-crash.bin"):
                _fail("nvm is not what the game's last save left")
            gc.collect()
            print("crash: the crash screen after %d frames and %d saves (%s), nvm as the last save left it; "
                  "%d bytes of heap in use, %d without the stand-ins" % (
                      boardfit_player.frames - struck_at, saves, app.screen.lines[1].text, gc.mem_alloc(),
                      gc.mem_alloc() - standins))
            if _snap is not None:  # None in play_crash0.py's VM (the strike's VM kept it)
                _snap.close()
            boardfit_player.frames += 1
            boardfit_player.now += 33
            boardfit_player._qn = 0
            boardfit_player._qi = 0
            boardfit_player._press(1)  # A: continue
            phase = 2
            return
        if boardfit_player.frames - struck_at > 20000:
            _fail("no crash screen %d frames after the MemoryError" % (boardfit_player.frames - struck_at))
        _orig()
        return
    boardfit_player._qn = 0
    boardfit_player._qi = 0
    if app is not None and (getattr(app.screen, "m", None) is not None or getattr(app.screen, "game", None)
                            is not None):
        _continued(app)
    elif boardfit_player.frames - struck_at > 20000:
        _fail("Continue's game did not come up")
    boardfit_player.frames += 1
    boardfit_player.now += 33


def _load():
    global phase, struck_at
    try:
        with open("crash.state") as f:
            phase, struck_at = [int(x) for x in f.read().split()]
    except OSError:
        pass


def _keep():
    with open("crash.state", "w") as f:
        f.write("%d %d\n" % (phase, struck_at))


code = {"__name__": "__main__"}
boardfit_player.setup(code, sys.argv[1], "-", sys.argv[5] == "resume")
if sys.argv[5] == "resume":
    _load()
boardfit_player.frame = frame
gc.collect()
standins = gc.mem_alloc()
with open(sys.argv[4]) as f:
    src = f.read()
try:
    exec(src, code)
    reloaded = False
except supervisor.ReloadException:
    reloaded = True
src = None
code = None
gc.collect()
boardfit_player.keep()
_keep()
if reloaded:
    print("boardfit: reload %s" % (supervisor.next_code_file or "code.py"))
else:
    print("boardfit: done frames=%d" % boardfit_player.frames)

# The scripted player of tools/boardfit.py, on the board VM. code.py runs unchanged;
# the stand-in keypad calls frame() at the first key poll of every frame and take()
# for the keys. The player reads the screens' public state (app.screen, the title
# menu's entries, a Spades table's match, a Spit screen's view) and presses one key
# at a time, like a quick human. It keeps no reference to a screen or a game module
# between frames, so it holds nothing of a game alive after the game has gone home.
#
# Plans: "all" (title -> four-player Spades to the end of a match -> two-player,
# one hand -> Spit, a whole match -> Options, Statistics, Rules -> Continue of the
# four-player match as saved after its first hand), "spades4", "spit". The
# four-player match replays its first hand once (Select on its end page), so the
# heap of a replay (two matches alive) is measured too.
# With timing on, each frame's Python work is timed with time.ticks_cpu() and filed
# by kind in fixed histograms (no allocation per frame); pystone runs at the end.
# With profile on, the live heap is printed each time it reaches a new high (every
# 25 frames, after gc.collect()) and after each stage: where the heap goes.
# With pace on ("pace", "pace0": tools/battery.py) the clock is board time and each
# frame's time and sleep are filed by kind (boardfit_pace.py); plan "pace" idles on the
# title menu until it dims and waits at each of the player's turns.
import sys
import time

from micropython import const

_FRAME_MS = const(33)  # virtual ms per frame: the clock is the player's, not the host's
_BUCKET_US = const(10)  # histogram bucket (VM microseconds)
_BUCKETS = const(1024)
KINDS = ("cursor_move", "card_played", "bot_card_shown", "trick_taken", "spit_move", "bot_thinking", "other",
         "save_point")
_CURSOR = const(0)
_PLAYED = const(1)
_BOT_CARD = const(2)
_TRICK = const(3)
_SPIT = const(4)
_THINK = const(5)
_OTHER = const(6)
_SLOW_US = const(1200)  # VM us: about 120 board-ms (the VM runs 85-100 times the board; tools/boardfit.py SLOW_US)
_SAVE = const(7)  # a frame that wrote the nvm (whatever else it did)
_NONE = const(8)
# keys (ui/keys.py)
_B = const(0)
_A = const(1)
_START = const(2)
_SELECT = const(3)
_RIGHT = const(4)
_DOWN = const(5)
_UP = const(6)
_LEFT = const(7)

PLANS = {
    "all": ("menu:Spades", "spades:0", "menu:Spades for two", "spades:1", "menu:Spit", "spit",
            "menu:Options", "keys:options", "menu:Statistics", "keys:stats", "menu:Rules", "keys:rules",
            "menu:Continue", "spades:2", "end"),
    "spades4": ("menu:Spades", "spades:0", "end"),
    "spit": ("menu:Spit", "spit", "end"),
    "pace": ("idle", "menu:Spades", "spades:1", "end"),
}
KEYS = {"options": bytes((_DOWN, _DOWN, _DOWN, _UP, _UP, _UP, _B)),
        "stats": bytes((_RIGHT, _RIGHT, _LEFT, _B)),
        "rules": bytes((_DOWN, _DOWN, _RIGHT, _DOWN, _B))}
MAX_FRAMES = 3000000

now = 0
frames = 0
g = None  # code.py's globals: the player finds `app` there
plan = ()
stage = 0
timing = False
hist = None
worst = None
_q = bytearray(4)
_qn = 0
_qi = 0
_stage_frames = 0
_step = 0  # progress inside a stage
_hands = 0  # hand ends seen in a Spades stage
_first_hand = -1
_snapped = False
_replayed = 0  # 0: not yet; 1: Select on the next hand's end page; 2: replayed
# the state before the frame being timed, to tell its kind afterwards
_key = -1
_hist_len = -1
_was = ""  # the kind of screen before the frame (slow frames name it; not the screen: it would outlive its frame)
_shown = False
_piles = -1
_busy = False
_t_end = 0
_t_vm = 0  # this VM's start (the player set up): its first frame prints how long it took
_buf = bytearray(256)
_writes = 0  # the nvm's writes when the frame began


_STATE = ("stage", "_step", "frames", "now", "_stage_frames", "_snapped", "_first_hand", "_hands", "_sub", "_replayed",
          "_pps")
_pps = 0  # the VM's pystones a CPU second, in pace mode (boardfit_pace.py)
pace = None  # boardfit_pace, in pace mode


def clock():
    """The millisecond clock (the stand-in supervisor.ticks_ms)."""
    if pace is not None:
        pace.accrue()
    return now


def setup(globals_, plan_name, mode, resume):
    """`mode`: "timing", "profile" or "-"; `resume`: go on from the VM before (its
    state is in player.state: the badge reloaded into a fresh VM)."""
    global g, plan, timing, hist, worst, profile, pace, _t_vm
    g = globals_
    plan = PLANS.get(plan_name, ())
    if not plan:  # the full plan and the random player: their own module
        import boardfit_full
        plan = boardfit_full.plan(plan_name)
    timing = mode.endswith("timing")
    profile = mode == "profile"
    if resume:
        mod = sys.modules[__name__]
        with open("player.state") as f:
            for line in f:
                k, v = line.split("=")
                if k[0] == "+":  # the full plan's state (boardfit_full.S)
                    sys.modules["boardfit_full"].S[int(k[1:])] = int(v)
                else:
                    setattr(mod, k, int(v))
    if timing:
        import array
        hist = [array.array("H", bytes(2 * _BUCKETS)) for _ in KINDS]
        worst = array.array("i", bytes(4 * len(KINDS)))
    if timing:
        _t_vm = time.ticks_cpu()
    if mode == "pace" or mode == "pace0":
        import boardfit_pace
        pace = boardfit_pace
        pace.setup(mode)


def keep():
    """The player's state for the next VM (after a reload)."""
    mod = sys.modules[__name__]
    with open("player.state", "w") as f:
        for k in _STATE:
            f.write("%s=%d\n" % (k, int(getattr(mod, k))))
        full = sys.modules.get("boardfit_full")
        if full is not None:
            for i in range(len(full.S)):
                f.write("+%d=%d\n" % (i, full.S[i]))
    if pace is not None:
        pace.report()


def take():
    global _qi
    if _qi < _qn:
        _qi += 1
        return _q[_qi - 1]
    return -1


def _press(k):
    global _qn, _qi, _key
    _q[0] = k
    _qn = 1
    _qi = 0
    _key = k


def fail(why):
    print("boardfit: FAIL at %s (frame %d): %s" % (plan[stage] if stage < len(plan) else "end", frames, why))
    sys.exit(3)


def frame():
    """The frame boundary: time the frame just done, then choose this frame's key."""
    global now, frames, _t_end, _qn, _qi, _key, _t_vm
    t0 = time.ticks_cpu()
    if timing and _t_end:
        _file(time.ticks_diff(t0, _t_end))
    if timing and _t_vm:  # a fresh VM's start: the imports and its first screen built
        print("vm start us=%d" % time.ticks_diff(t0, _t_vm))
        _t_vm = 0
    if pace is not None:
        pace.frame_start()
    else:
        now += _FRAME_MS
    frames += 1
    if frames > MAX_FRAMES:
        fail("too many frames")
    _qn = 0
    _qi = 0
    _key = -1
    app = g.get("app")
    if app is not None and not _marked:
        _mark_frames(app.hw)
    if app is not None and app.screen is not None:
        _decide(app)
        if profile and frames % 25 == 0:
            _profile()
        if pace is not None:
            pace.frame_end(app)
    _t_end = time.ticks_cpu()


peak = 0
profile = False
_marked = False


def _mark_frames(hw):
    """Each frame_done() ends a frame: the next key poll is the next frame's boundary."""
    global _marked
    import keypad
    done = hw.frame_done
    q = keypad.queue

    def frame_done(busy=False):
        done(busy)
        q.fresh = True
    hw.frame_done = frame_done
    _marked = True


def _profile():
    global peak
    import gc
    gc.collect()
    a = gc.mem_alloc()
    if a > peak:
        peak = a
        print("peak %d at %s frame %d" % (a, plan[stage], frames))
        if frames % 2000 == 0 or plan[stage] == "spades:2":
            print(sorted(sys.modules))


def _file(us):
    global _writes
    import microcontroller
    w = microcontroller.nvm.writes
    k = _SAVE if w != _writes else _kind()
    _writes = w
    if k == _NONE:
        return
    b = us // _BUCKET_US
    h = hist[k]
    if b >= _BUCKETS:
        b = _BUCKETS - 1
    if h[b] < 65535:
        h[b] += 1
    if us > worst[k]:
        worst[k] = us
    if us > _SLOW_US:  # tools/boardfit.py names the slowest frames: what the screen was doing
        s = g["app"].screen
        m = getattr(s, "m", None)
        print("slow frame %d %s us=%d %s phase=%d hist=%d stage=%s key=%d was=%s" % (
            frames, KINDS[k], us, type(s).__name__, m.phase if m is not None else -1,
            len(m.history) if m is not None else -1, plan[stage], _key,
            _was if _was != type(s).__name__ else "same"))


def _kind():
    """What the frame just done showed, from the state before it and now."""
    app = g.get("app")
    if app is None:
        return _NONE
    s = app.screen
    m = getattr(s, "m", None)
    if m is not None and _hist_len >= 0:
        h = len(m.history)
        if _key == _LEFT or _key == _RIGHT:
            return _CURSOR
        if h > _hist_len:
            return _PLAYED if _key == _A else _BOT_CARD
        if _shown and not s.trick_shown:
            return _TRICK
        if _busy or s.bot is not None:
            return _THINK
        return _OTHER
    game = getattr(s, "tab", None) and getattr(s, "game", None)
    if game is not None and _piles >= 0:
        if _key == _LEFT or _key == _RIGHT:
            return _CURSOR
        if len(game.piles[0]) + len(game.piles[1]) != _piles:
            return _SPIT
        return _OTHER
    return _OTHER


def _before(s):
    """Remember what the next frame's kind is told against."""
    global _hist_len, _shown, _piles, _busy, _was
    _was = type(s).__name__
    m = getattr(s, "m", None)
    _hist_len = len(m.history) if m is not None else -1
    _shown = bool(getattr(s, "trick_shown", False))
    _busy = getattr(s, "bot", None) is not None and m is not None
    game = getattr(s, "game", None) if getattr(s, "tab", None) is not None else None
    _piles = len(game.piles[0]) + len(game.piles[1]) if game is not None else -1


def _next_stage():
    global stage, _stage_frames, _step, _hands, _first_hand
    if profile:
        import gc
        gc.collect()
        print("heap %d after stage %s" % (gc.mem_alloc(), plan[stage]))
    print("stage %s: %d frames" % (plan[stage], _stage_frames))
    stage += 1
    _stage_frames = 0
    _step = 0
    _hands = 0
    _first_hand = -1


def _decide(app):
    global _stage_frames
    _stage_frames += 1
    s = app.screen
    name = plan[stage]
    home = s is app.home_screen
    if name == "end":
        if home:
            app.running = False
        return
    kind = name[:name.find(":")] if ":" in name else name
    arg = name[name.find(":") + 1:] if ":" in name else ""
    if kind == "menu":
        _menu(app, s, home, arg)
    elif kind == "spades":
        _spades(app, s, home, int(arg))
    elif kind == "spit":
        _spit(app, s, home)
    elif kind == "keys":
        _keys(app, s, home, arg)
    elif kind == "idle":
        pace.idle(app, s, home)
    else:
        sys.modules["boardfit_full"].decide(app, s, home, kind, arg)
    if timing:
        _before(app.screen)


def _menu(app, s, home, label):
    global _step
    if not home:
        if _stage_frames > 600:
            fail("the title menu did not come back")
        if _stage_frames % 4 == 0:
            _press(_A)  # a page or prompt in the way ("replace the saved game?"): accept
        return
    if getattr(s, "noticing", False):
        if label == "Continue" and _step:
            fail("Continue refused: the title menu shows a notice")
        _press(_A)
        return
    entries = s.entries
    want = -1
    for i in range(len(entries)):
        if entries[i][0] == label:
            want = i
    if want < 0:
        fail("no %r on the title menu" % label)
    c = s.cursor
    if c != want:
        _press(_DOWN if c < want else _UP)
        return
    _press(_A)
    _step = 1
    _next_stage()


def _keys(app, s, home, which):
    global _step
    seq = KEYS[which] if which in KEYS else sys.modules["boardfit_full"].KEYS[which]
    if home:
        if _step >= len(seq):
            _next_stage()
        elif _stage_frames > 60:
            fail("the %s page did not open" % which)
        return
    if _step < len(seq):
        if which == "rules" and _step == len(seq) - 1:
            _restore()
        _press(seq[_step])
        _step += 1
    elif _stage_frames > 600:
        fail("the %s page did not go home" % which)


def _nvm_copy(src, dst):
    """Copy one nvm image file to another through one 256-byte buffer."""
    import microcontroller
    nvm = microcontroller.nvm
    if nvm.f is not None:
        nvm.f.flush()
    with open(src, "rb") as a:
        with open(dst, "wb") as b:
            n = a.readinto(_buf)
            while n:
                b.write(_buf if n == len(_buf) else _buf[:n])
                n = a.readinto(_buf)


def _snapshot():
    """The four-player match as saved after its first hand: kept for Continue."""
    global _snapped
    if not _snapped and "spades:2" in plan:
        _snapped = True
        _nvm_copy("nvm.bin", "nvm-saved.bin")


def _restore():
    """Back to the nvm of then, as if the badge had been switched off mid-match."""
    if "spades:2" not in plan:
        return
    import microcontroller
    nvm = microcontroller.nvm
    if nvm.f is not None:
        nvm.f.close()
        nvm.f = None
    _nvm_copy("nvm-saved.bin", "nvm.bin")


def _came_home(home, game):
    """On the title menu: the stage is over once its game has been seen."""
    if home:
        if _step:
            _next_stage()
        elif _stage_frames > 300:
            fail("no %s table came up" % game)
        elif _stage_frames % 10 == 5:
            _press(_A)  # a question on the menu first ("replace the saved game?"): yes
    return home


def _spades(app, s, home, mode):
    """mode 0: to the end of the match; 1: one hand, then Quit from the pause menu;
    2 (Continue): the resumed hand's end and one more hand, then Quit."""
    global _step, _hands, _first_hand, _replayed
    if _came_home(home, "Spades"):
        return
    m = getattr(s, "m", None)
    if m is None:  # a page (hand over, match over) or a prompt: A goes on
        _step = 1
        if _stage_frames % 3 == 0:
            if _replayed == 1:  # the first hand's end page: replay the deal once
                _replayed = 2
                print("replay of hand %d" % _first_hand)
                _press(_SELECT)
            else:
                _press(_A)
        return
    _step = 1
    ph = m.phase
    if _first_hand < 0:
        _first_hand = m.hand_no
    if ph == 3 or ph == 4:  # HAND_OVER, MATCH_OVER: the page follows
        if mode == 0:
            _snapshot()
            if _replayed == 0:
                _replayed = 1
        return
    hands = m.hand_no - _first_hand
    if (mode == 1 and hands >= 1) or (mode == 2 and hands >= 2):
        _quit_spades(s)
        return
    if s.mode != 0:  # paused or reviewing by accident: back to the table
        _press(_B)
        return
    if m.to_move != 0 or s.trick_shown or s.bot is not None:
        return
    if pace is not None and pace.waiting(s):
        return
    if ph == 2:  # PLAY
        _play_card(s, m)
    elif ph == 1:  # EXCHANGE: mark three, pass them
        seq = (_A, _RIGHT, _A, _RIGHT, _A, _SELECT)
        _press(seq[_step_in(6)])
    elif ph == 7:  # DISCARDING: replace none
        _press(_SELECT)
    elif ph == 6:  # DRAW
        v = s.v
        _press(_A if v.drawn % 13 >= 6 or v.drawn >= 39 else _B)
    else:  # BIDDING (look, then the offered bid), DECLARE (play normally)
        _press(_A)


_sub = 0


def _step_in(n):
    global _sub
    _sub = (_sub + 1) % n
    return (_sub + n - 1) % n


def _play_card(s, m):
    legal = m.legal_actions()
    want = legal[(m.hand_no + len(m.history)) % len(legal)]
    tiles = s.shown_tiles
    at = -1
    for i in range(len(tiles)):
        if tiles[i] == want:
            at = i
    if at < 0 or at == s.cursor:
        _press(_A)
    else:
        _press(_RIGHT if at > s.cursor else _LEFT)


def _quit_spades(s):
    if s.mode == 0:
        _press(_START)
        return
    items = s.menu.items
    want = -1
    for i in range(len(items)):
        if items[i] == "Quit":
            want = i
    if want < 0:
        fail("no Quit in the Spades pause menu")
    c = s.menu.cursor
    _press(_A if c == want else (_DOWN if c < want else _UP))


def _spit(app, s, home):
    global _step
    if _came_home(home, "Spit"):
        return
    game = getattr(s, "game", None)
    if game is None or getattr(s, "tab", None) is None:
        if _stage_frames % 3 == 0:
            _press(_A)
        return
    _step = 1
    if s.mode != 0:  # the reveal, the round's results, the match's results
        if _stage_frames % 3 == 0:
            _press(_A)
        return
    ph = game.phase
    if ph == 0:  # PH_SPIT
        if _stage_frames % 6 == 0:
            _press(_A)
    elif ph == 2:  # PH_SLAP
        if not s.v.slapped:
            _press(_LEFT)
    elif ph == 1 and _stage_frames % 6 == 0:  # PH_PLAY, at a human pace
        _spit_move(s)


def _spit_move(s):
    from engine.spit import adjacent
    v = s.v
    c = s.cursor
    for i in range(5):
        if v.counts[i] == 0:
            continue
        for k in (0, 1):
            top = v.pile_tops[k]
            if top >= 0 and (v.one_pile < 0 or v.one_pile == k) and adjacent(v.tops[i], top):
                if i != c:
                    _press(_RIGHT if (i - c) % 5 <= 2 else _LEFT)
                else:
                    _press(_A if k == 0 else _B)
                return
    for e in range(5):
        if v.counts[e] == 0:
            for i in range(5):
                if v.counts[i] >= 2:
                    if i != c:
                        _press(_RIGHT if (i - c) % 5 <= 2 else _LEFT)
                    else:
                        _press(_DOWN)
                    return
            return


def report():
    """Histogram lines for tools/boardfit.py: kind, worst and bucket counts."""
    for k in range(len(KINDS)):
        h = hist[k]
        parts = []
        for b in range(_BUCKETS):
            if h[b]:
                parts.append("%d:%d" % (b, h[b]))
        print("frames %s worst_us=%d buckets_us=%d %s" % (KINDS[k], worst[k], _BUCKET_US, " ".join(parts)))

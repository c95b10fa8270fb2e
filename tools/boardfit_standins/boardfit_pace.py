# The battery's figures on the board VM (tools/battery.py; issue 24 item 14). With the
# scripted player's mode "pace" the clock (supervisor.ticks_ms) is board time: the VM's
# CPU time (time.ticks_cpu) turned into board ms by pystone (1,500 pystones a board
# second, measured as each VM starts), plus what ui/hardware_board.py sleeps (the
# stand-in time.sleep moves this clock and returns at once). The player's own work is
# left out. Mode "pace0" moves the clock by no sleep: the frames run back to back, as
# the loop ran before it rested. A VM after a reload starts its clock at the next whole
# 100 board-seconds and holds it until its first frame, so that both runs deal the same
# cards (the match's seed follows the clock) and their bots make the same decisions. The display's refresh is free here (the badge's panel
# transfer is not in the figures); on a still screen nothing is refreshed anyway.
#
# Each frame is filed by what the screen showed as it began: the title menu, the table
# waiting for you (your turn, nothing moving), a bot thinking, anything else. Plan
# "pace": the title menu untouched until the backlight dims (the first key must only
# light it), then four-player Spades for one hand, the player waiting WAIT_MS at each
# of its turns, then Quit. report() prints one line per kind for the VM just run.
import time

import boardfit_player as P
from micropython import const

STATES = ("title_menu", "your_turn", "bots_thinking", "other")
_MENU = const(0)
_TURN = const(1)
_THINK = const(2)
_OTHER = const(3)
WAIT_MS = const(2000)  # the player thinks this long at each of its turns
DIM_WAIT_MS = const(70000)  # the title menu must dim before this

rests = True  # "pace0": no sleep moves the clock
frames = [0, 0, 0, 0]
spent = [0, 0, 0, 0]  # board ms, sleep included
slept = [0, 0, 0, 0]
runs = [0, 0, 0, 0]  # stretches of frames of one kind (bots_thinking: decisions)
_state = -1  # the kind of the frame running now (-1: none yet in this VM)
_t0 = 0  # board ms at its start
_slept = 0  # ms slept in it
_cpu = 0  # ticks_cpu at the last accrual
_us = 0  # board microseconds short of a whole ms
_q = 0  # board us a VM us: _q + _r / 1500
_r = 0
_turn_since = -1  # board ms the player's turn began
_key_at = 0  # board ms of the player's last key
_dimmed = False
_woke = -1  # the menu's cursor when the waking key was pressed
_held = False  # the clock stands still until the VM's first frame
slept_deciding = 0  # ms slept while a bot was deciding (none: its thinking is not slowed)


def setup(mode):
    global rests, _q, _r, _cpu, _key_at, _held
    rests = mode == "pace"
    if P.now:  # a reload: the same start in both runs
        P.now = (P.now // 100000 + 1) * 100000
        _held = True
    import pystone_cpu  # in each VM: the host's speed moves between them
    P._pps = pystone_cpu.rate()
    _q = P._pps // 1500
    _r = P._pps % 1500
    _key_at = P.now
    _cpu = time.ticks_cpu()


def accrue():
    """Move the board clock (P.now) by the CPU time since the last accrual."""
    global _cpu, _us
    t = time.ticks_cpu()
    d = time.ticks_diff(t, _cpu)
    _cpu = t
    if _held:
        return
    us = _us + d * _q + d * _r // 1500
    P.now += us // 1000
    _us = us % 1000


def sleep(seconds):
    global _slept, _cpu, slept_deciding
    accrue()
    if rests:
        ms = int(seconds * 1000 + 0.5)
        P.now += ms
        _slept += ms
        app = P.g.get("app")
        if app is not None and getattr(app.screen, "bot", None) is not None:
            slept_deciding += ms
    _cpu = time.ticks_cpu()


def frame_start():
    """The frame boundary (the player's frame()): the frame just run is filed."""
    global _slept, _held
    _held = False
    accrue()
    k = _state
    if k >= 0:
        frames[k] += 1
        spent[k] += P.now - _t0
        slept[k] += _slept
    _slept = 0


def frame_end(app):
    """After the player's choice of keys: the kind of the frame now starting; the
    player's own time is not the badge's."""
    global _state, _t0, _cpu, _turn_since, _key_at, _dimmed
    k = _kind(app)
    if k != _state:
        runs[k] += 1
        if k == _THINK:
            # the heap collected as each decision starts (not timed), in both runs: else
            # the player's own garbage, which the badge does not make, moves collections
            # out of the decisions back to back (their 800 idle frames a second) and into
            # them paced (measured: 12% on a decision's board-ms, none with this)
            import gc
            gc.collect()
    _state = k
    import board
    dim = board.DISPLAY.brightness < 1.0
    if dim != _dimmed:
        _dimmed = dim
        if dim:
            print("pace: dimmed after %d board-ms without a key" % (P.now - _key_at))
        else:
            print("pace: lit again")
    if P._key >= 0:
        _key_at = P.now
        _turn_since = -1
    _t0 = P.now
    _cpu = time.ticks_cpu()


def _kind(app):
    s = app.screen
    if s is None:
        return _OTHER
    if s is app.home_screen:
        return _MENU
    m = getattr(s, "m", None)
    if m is None or not hasattr(s, "bot"):
        return _OTHER
    if s.bot is not None:
        return _THINK
    if _my_turn(s, m):
        return _TURN
    return _OTHER


def _my_turn(s, m):
    return (m.to_move == 0 and m.phase != 3 and m.phase != 4 and not s.trick_shown and s.mode == 0
            and not s.motion.active)


def waiting(s):
    """True while the player is still to wait at its turn (WAIT_MS from its start)."""
    global _turn_since
    m = s.m
    if not _my_turn(s, m) or s.bot is not None:
        return False
    if _turn_since < 0:
        _turn_since = P.now
    return P.now - _turn_since < WAIT_MS


def idle(app, s, home):
    """The plan's "idle" stage: the title menu untouched until it dims; then a key,
    which must only light it (the cursor stays); then the next stage."""
    global _woke
    if not home:
        P.fail("idle: not on the title menu")
    import board
    if _woke < 0:
        if board.DISPLAY.brightness < 1.0:
            _woke = s.cursor
            P._press(5)  # Down
        elif P.now - _key_at > DIM_WAIT_MS:
            P.fail("idle: the backlight did not dim in %d board-ms" % DIM_WAIT_MS)
        return
    if board.DISPLAY.brightness < 1.0 or s.cursor != _woke:
        P.fail("idle: the waking key did more than light the screen (cursor %d, was %d)" % (s.cursor, _woke))
    print("pace: the waking key only lit the screen (cursor kept)")
    P._next_stage()


def report():
    for k in range(len(STATES)):
        print("pace %s frames=%d ms=%d slept=%d runs=%d" % (STATES[k], frames[k], spent[k], slept[k], runs[k]))
    print("pace: slept while a bot was deciding: %d ms" % slept_deciding)

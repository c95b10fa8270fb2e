# The "full" plan of tools/boardfit.py, and the random player ("monkey:<seed>:<frames>"),
# on the board VM: imported by boardfit_player.py only for those plans, so the scripted
# session ("all") interns none of its names.
#
# full: Options changed and saved; three four-player matches with hard bots (the first
# quit from the pause menu mid-hand and continued, the second cut off at a hand's end
# page as by a power cut and continued); a whole two-player match; a deal number played
# alone; a Spit match with its pause menu and rules; Statistics reset; Rules. In every
# Spades hand (the hand's count in the plan, r = count % 6, varies what is done):
#   a Hint on the human's bid; a Hint on its first card, on every card when r is 0 or 3;
#   a pause mid-trick while a bot thinks, then Resume;
#   the pause pages Why?, Last trick, Score history, Rules: on the human's turn when r is
#   even, while a bot thinks when r is odd;
#   Blind Nil and its exchange (four players) or Double Nil and its replacement (two)
#   when r is 2; a Nil bid when r is 4;
#   Select: replay on the hand's end page when r is 1 or 4, the replay replayed again
#   when r is 1; a replay chosen in the score history (mid-hand) when r is 5;
#   B: the hand's review when r is 0, 2 or 3 and for the deal number (back to the end
#   page from its result when r is 0, stopped midway when r is 3).
# Replays are played plainly (no pages), so no plan step can repeat without end.
#
# monkey: a key on about every other frame, drawn from a seeded generator (A three
# times as likely as each other key), on every screen, the bots playing between presses,
# until <frames> frames; any exception fails the run (boardfit_main.py names the plan,
# so the seed, and the frame).
import boardfit_player as P
from array import array

from micropython import const

_B = const(0)
_A = const(1)
_START = const(2)
_SELECT = const(3)
_RIGHT = const(4)
_DOWN = const(5)
_UP = const(6)
_LEFT = const(7)
_PAUSED = const(1)
_REVIEW = const(2)
# pause menu items (ui/spades_pause.py MENU)
_RESUME = const(0)
_HINT = const(1)
_WHY = const(2)
_LAST = const(3)
_HISTORY = const(4)
_RULES = const(5)
_QUIT = const(6)
_OPENED = const(100)  # S[_VISIT] + this: the item chosen, its page or review on show

PLANS = {
    "full": ("menu:Options", "keys:optset",
             "menu:Spades", "fs:1", "menu:Continue", "fs:0",
             "menu:Spades", "fs:3", "menu:Continue", "fs:0",
             "menu:Spades", "fs:0",
             "menu:Spades for two", "fs:0",
             "menu:Deal number", "fd",
             "menu:Spit", "spitx",
             "menu:Statistics", "keys:statreset", "menu:Rules", "keys:rules", "end"),
}
KEYS = {
    # hand sort A to 2, trick stays 0.8 s, then back up and out (saved on leaving)
    "optset": bytes((_DOWN,) * 10 + (_RIGHT, _DOWN, _LEFT) + (_UP,) * 11 + (_B,)),
    # Spades for two: reset (A twice); Spit: a reset asked and cancelled; four players: reset
    "statreset": bytes((_RIGHT, _A, _A, _RIGHT, _A, _UP, _RIGHT, _A, _A, _B)),
}


# the plan's state, carried to the next VM by boardfit_player.keep(): one array and
# constant indices, so that none of it is an interned name (the badge has none of these)
_HN = const(0)  # real (not replayed) Spades hands begun in the plan
_REAL = const(1)  # the number of the real hand on the table
_DID = const(2)  # what this hand has done (bits)
_VISIT = const(3)  # the pause menu item to choose (+ _OPENED once chosen)
_PSTEP = const(4)  # keys pressed on the page opened
_HINTED = const(5)  # the play the hint was asked for
_REP = const(6)  # the hand replayed from its end page
_AGAIN = const(7)  # the hand whose replay was replayed
_CUT = const(8)  # the hand whose end page had the power cut
_SEED = const(9)  # the random player's generator
_REVIEWED = const(10)  # the hand reviewed from its end page
S = array("i", (0, -1, 0, -1, 0, -1, -1, -1, -1, -1, -1))


def plan(name):
    if name.startswith("monkey:"):
        return (name,)
    return PLANS.get(name, ())


def decide(app, s, home, kind, arg):
    if kind == "fs":
        _spades(app, s, home, int(arg))
    elif kind == "fd":
        _deal(app, s, home)
    elif kind == "spitx":
        _spit(app, s, home)
    elif kind == "monkey":
        _monkey(app, arg)


# ------------------------------------------------------------------ Spades, everything


def _spades(app, s, home, mode):
    """mode 0: to the end of the match; 1: Quit from the pause menu in the stage's
    second hand, mid-trick; 3: a power cut on the stage's second hand's end page."""
    if P._came_home(home, "Spades"):
        return
    m = getattr(s, "m", None)
    if m is None:
        if P._stage_frames % 2 == 0:
            _page(s, mode)
        return
    P._step = 1
    rep = getattr(m, "replay_of", 0)
    if not rep and m.hand_no != S[_REAL]:
        S[_REAL] = m.hand_no
        S[_DID] = 0
        S[_HN] += 1
    if P._first_hand < 0 and not rep:
        P._first_hand = m.hand_no
    ph = m.phase
    if ph == 3 or ph == 4:  # HAND_OVER, MATCH_OVER: the page follows
        if not S[_DID] & 1024 and not rep:
            S[_DID] |= 1024
            print("full: hand %d over, bid %d, %d players" % (m.hand_no, s.v.bids[0], s.n))
        return
    if (ph == 1 or ph == 7) and not S[_DID] & 2048 and not rep:
        S[_DID] |= 2048
        print("full: %s" % ("exchange" if ph == 1 else "replacing"))
    v = S[_VISIT]
    if s.mode == _REVIEW:
        S[_VISIT] = -1
        P._press(_B)
        return
    if s.mode == _PAUSED:
        _menu(s)
        return
    if v >= _OPENED:  # back at the table from a page, the review or the hint's start
        S[_VISIT] = -1
    r = S[_HN] % 6
    n = s.n
    h = len(m.history)
    if rep:
        _plain(s, m, ph)
        return
    if mode == 1 and m.hand_no > P._first_hand and h >= 3 * n and not s.trick_shown:
        _open(s, _QUIT)
        return
    thinking = s.bot is not None and not s.hinting
    if thinking and ph == 2 and not s.trick_shown and h % n and not S[_DID] & 1:
        S[_DID] |= 1
        _open(s, _RESUME)  # pause while a bot searches mid-trick, then Resume
        return
    if ph == 2 and h >= 3 * n and not s.trick_shown and (thinking if r & 1 else _mine(s, m)):
        for item in (_WHY, _LAST, _HISTORY, _RULES):
            if not S[_DID] & (2 << item):
                S[_DID] |= 2 << item
                _open(s, item)
                return
    if not _mine(s, m):
        return
    if ph == 2:  # PLAY: a hint first (every card when r is 0 or 3), then its card
        key = h + 64 * m.hand_no
        if S[_HINTED] != key and (r == 0 or r == 3 or not S[_DID] & 256):
            S[_DID] |= 256
            S[_HINTED] = key
            _open(s, _HINT)
            return
        if S[_HINTED] == key:
            P._press(_A)  # the hint moved the cursor onto its card
        else:
            P._play_card(s, m)
        return
    if ph == 0 and n == 4 and not s.v.looked:  # the Blind Nil offer, at the human's turn
        want = 1 if r == 2 else 0
        c = s.choice.cursor
        P._press(_A if c == want else (_DOWN if c < want else _UP))
        return
    if ph == 0:  # BIDDING: a hint, then its bid (a Nil when r is 4)
        if not S[_DID] & 512:
            S[_DID] |= 512
            _open(s, _HINT)
            return
        if r == 4 and s.bid > 0:
            P._press(_DOWN)
            return
        P._press(_A)
        return
    if ph == 5:  # DECLARE (two players): Double Nil when r is 2
        want = 1 if r == 2 else 0
        c = s.choice.cursor
        P._press(_A if c == want else (_DOWN if c < want else _UP))
        return
    if ph == 7:  # DISCARDING: mark two, replace them
        seq = (_A, _RIGHT, _RIGHT, _A, _SELECT)
        P._press(seq[P._step_in(5)])
        return
    _plain(s, m, ph)


def _deal(app, s, home):
    """Deal number: a number entered (its screen has digits), then that deal played
    alone as a match is (fs:0), back on the title menu at its end."""
    if s is None or home and not P._step:  # the deal screen is coming
        S[_PSTEP] = 0
        if P._stage_frames > 300:
            P.fail("no deal number screen came up")
        return
    if getattr(s, "digits", None) is not None:
        if P._stage_frames % 2 == 0:
            k = S[_PSTEP]
            S[_PSTEP] = k + 1
            if k == 0:
                print("full: deal number")
            # deal 390000, four players
            P._press((_UP, _UP, _UP, _RIGHT, _DOWN, _LEFT, _SELECT, _SELECT, _A)[min(k, 8)])
        return
    _spades(app, s, home, 0)


def _mine(s, m):
    return m.to_move == 0 and not s.trick_shown and s.bot is None and not s.hinting  # a hint may be loading its code


def _plain(s, m, ph):
    """The scripted session's moves (boardfit_player._spades) for the human's turn."""
    if not _mine(s, m):
        if ph == 0 and s.n == 4 and not s.v.looked:
            P._press(_A)  # look at the cards while the others bid
        return
    if ph == 2:
        P._play_card(s, m)
    elif ph == 1:
        seq = (_A, _RIGHT, _A, _RIGHT, _A, _SELECT)
        P._press(seq[P._step_in(6)])
    elif ph == 7:
        P._press(_SELECT)
    elif ph == 6:
        v = s.v
        P._press(_A if v.drawn % 13 >= 6 or v.drawn >= 39 else _B)
    else:
        P._press(_A)


def _open(s, item):
    """Open the pause menu to choose `item` (the menu's cursor is walked there)."""
    S[_VISIT] = item
    S[_PSTEP] = 0
    P._press(_START)


def _menu(s):
    want = S[_VISIT]
    if want < 0 or want >= _OPENED:
        S[_VISIT] = -1
        P._press(_B)  # open by accident: closed
        return
    c = s.menu.cursor
    if c != want:
        P._press(_DOWN if c < want else _UP)
        return
    S[_VISIT] = want + _OPENED
    print("full: %s" % ("resume", "hint", "why", "last trick", "history", "rules", "quit")[want])
    P._press(_A)


def _page(s, mode):
    v = S[_VISIT] - _OPENED
    k = S[_PSTEP]
    S[_PSTEP] = k + 1
    if v == _WHY:
        P._press((_DOWN, _DOWN, _UP, _A)[min(k, 3)])
        return
    if v == _HISTORY:
        if S[_HN] % 6 == 5:
            if k == 1:
                print("full: replay from history")
            P._press((_UP, _SELECT, _A)[min(k, 2)])  # a replay of the hand before, mid-hand
        else:
            P._press((_UP, _DOWN, _A)[min(k, 2)])
        return
    if v == _RULES:
        P._press((_DOWN, _A, _UP, _B)[min(k, 3)])
        return
    r = S[_HN] % 6
    if hasattr(s, "work") and hasattr(s, "back"):  # the hand's review (ui/spades_hand_review.py)
        if s.work is not None:
            if r == 3 and k == 40:
                print("full: review stopped")
                P._press(_B)
            return
        print("full: review done")
        P._press(_B if r == 0 else _A)  # back to the end page, or on
        return
    title = getattr(getattr(s, "title", None), "text", "") or ""
    if title.startswith("Hand "):
        no = S[_REAL]
        if mode == 3 and no == P._first_hand + 1 and S[_CUT] != no:
            S[_CUT] = no
            _power_cut()
        if (r == 0 or r == 2 or r == 3 or ", deal 390000" in title) and S[_REVIEWED] != no:
            S[_REVIEWED] = no
            S[_PSTEP] = 0
            print("full: review")
            P._press(_B)
            return
        if (r == 1 or r == 4) and S[_REP] != no:
            S[_REP] = no
            print("full: replay")
            P._press(_SELECT)
            return
    elif title.startswith("Replay "):
        if r == 1 and S[_AGAIN] != S[_REAL]:
            S[_AGAIN] = S[_REAL]
            print("full: replay again")
            P._press(_SELECT)
            return
    P._press(_A)


def _power_cut():
    """The hand's end is saved (its page is up): the badge loses power here; the next VM
    starts code.py on the nvm as it stands."""
    import supervisor
    print("power cut at hand %d's end page" % S[_REAL])
    P._next_stage()
    supervisor.next_code_file = None
    supervisor.reload()


# ------------------------------------------------------------------ Spit with its pause menu


def _spit(app, s, home):
    if P._came_home(home, "Spit"):
        return
    mode = getattr(s, "mode", -1)
    if getattr(s, "tab", None) is not None and mode == 4:  # the pause menu: Rules once, then Resume
        want = 0 if S[_DID] & 1 else 1
        c = s.menu.cursor
        if c == want:
            S[_DID] |= 1
        P._press(_A if c == want else (_DOWN if c < want else _UP))
        return
    if getattr(s, "tab", None) is not None and mode == 2:  # a round's results: pause again next round
        S[_DID] = 0
    if (getattr(s, "tab", None) is not None and mode == 0 and s.game.phase == 1 and not S[_DID] & 2 and
            P._stage_frames % 6 == 3):
        S[_DID] |= 2
        P._press(_START)
        return
    P._spit(app, s, home)


# ------------------------------------------------------------------ the random player

_MONKEY_KEYS = const(b"\x01\x01\x01\x00\x02\x03\x04\x05\x06\x07")  # A A A B Start Select Right Down Up Left


def _monkey(app, arg):
    i = arg.find(":")
    limit = int(arg[i + 1:])
    if P.frames >= limit:
        print("monkey seed %s: %d frames" % (arg[:i], P.frames))
        app.running = False
        return
    if S[_SEED] < 0:
        S[_SEED] = int(arg[:i]) % 65537
    x = (S[_SEED] * 75 + 74) % 65537  # the ZX81's generator: small ints only
    S[_SEED] = x
    if x & 1:
        P._press(_MONKEY_KEYS[(x >> 1) % 10])

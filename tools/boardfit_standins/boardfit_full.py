# The "full" plan of tools/boardfit.py, and the random player ("monkey:<seed>:<frames>"),
# on the board VM: imported by boardfit_player.py only for those plans, so the scripted
# session ("all") interns none of its names.
#
# full: Options changed and saved; three four-player matches with hard bots (the first
# quit from the pause menu mid-hand and continued, the second cut off at a hand's end
# page as by a power cut and continued); a whole two-player match; a Spit match with its
# pause menu and rules; Statistics reset; Rules. In every Spades hand (the hand's count
# in the plan, r = count % 6, varies what is done):
#   a Hint on the human's bid; a Hint on its first card, on every card when r is 0 or 3;
#   a pause mid-trick while a bot thinks, then Resume;
#   the pause pages Why?, Last trick, Score history, Rules: on the human's turn when r is
#   even, while a bot thinks when r is odd;
#   Blind Nil and its exchange (four players) or Double Nil and its replacement (two)
#   when r is 2; a Nil bid when r is 4;
#   Select: replay on the hand's end page when r is 1 or 4, the replay replayed again
#   when r is 1; a replay chosen in the score history (mid-hand) when r is 5.
# Replays are played plainly (no pages), so no plan step can repeat without end.
#
# monkey: a key on about every other frame, drawn from a seeded generator (A three
# times as likely as each other key), on every screen, the bots playing between presses,
# until <frames> frames; any exception fails the run (boardfit_main.py names the plan,
# so the seed, and the frame).
import boardfit_player as P

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
_OPENED = const(100)  # _visit + this: the item chosen, its page or review on show

PLANS = {
    "full": ("menu:Options", "keys:optset",
             "menu:Spades", "fs:1", "menu:Continue", "fs:0",
             "menu:Spades", "fs:3", "menu:Continue", "fs:0",
             "menu:Spades", "fs:0",
             "menu:Spades for two", "fs:0",
             "menu:Spit", "spitx",
             "menu:Statistics", "keys:statreset", "menu:Rules", "keys:rules", "end"),
}
KEYS = {
    # hand sort A to 2, trick stays 0.8 s, then back up and out (saved on leaving)
    "optset": bytes((_DOWN,) * 10 + (_RIGHT, _DOWN, _LEFT) + (_UP,) * 11 + (_B,)),
    # Spades for two: reset (A twice); Spit: a reset asked and cancelled; four players: reset
    "statreset": bytes((_RIGHT, _A, _A, _RIGHT, _A, _UP, _RIGHT, _A, _A, _B)),
}


STATE = ("_hn", "_real", "_did", "_visit", "_pstep", "_hinted", "_rep", "_again", "_cut", "_seed")
_hn = 0  # real (not replayed) Spades hands begun in the plan
_real = -1  # the number of the real hand on the table
_did = 0  # what this hand has done (bits)
_visit = -1  # the pause menu item to choose (+ _OPENED once chosen)
_pstep = 0  # keys pressed on the page opened
_hinted = -1  # the play the hint was asked for
_rep = -1  # the hand replayed from its end page
_again = -1  # the hand whose replay was replayed
_cut = -1  # the hand whose end page had the power cut
_seed = -1  # the random player's generator


def plan(name):
    if name.startswith("monkey:"):
        return (name,)
    return PLANS.get(name, ())


def decide(app, s, home, kind, arg):
    if kind == "fs":
        _spades(app, s, home, int(arg))
    elif kind == "spitx":
        _spit(app, s, home)
    elif kind == "monkey":
        _monkey(app, arg)


# ------------------------------------------------------------------ Spades, everything


def _spades(app, s, home, mode):
    """mode 0: to the end of the match; 1: Quit from the pause menu in the stage's
    second hand, mid-trick; 3: a power cut on the stage's second hand's end page."""
    global _real, _did, _hn, _visit, _hinted
    if P._came_home(home, "Spades"):
        return
    m = getattr(s, "m", None)
    if m is None:
        if P._stage_frames % 2 == 0:
            _page(s, mode)
        return
    P._step = 1
    rep = getattr(m, "replay_of", 0)
    if not rep and m.hand_no != _real:
        _real = m.hand_no
        _did = 0
        _hn += 1
    if P._first_hand < 0 and not rep:
        P._first_hand = m.hand_no
    ph = m.phase
    if ph == 3 or ph == 4:  # HAND_OVER, MATCH_OVER: the page follows
        if not _did & 1024 and not rep:
            _did |= 1024
            print("full: hand %d over, bid %d, %d players" % (m.hand_no, s.v.bids[0], s.n))
        return
    if (ph == 1 or ph == 7) and not _did & 2048 and not rep:
        _did |= 2048
        print("full: %s" % ("exchange" if ph == 1 else "replacing"))
    v = _visit
    if s.mode == _REVIEW:
        _visit = -1
        P._press(_B)
        return
    if s.mode == _PAUSED:
        _menu(s)
        return
    if v >= _OPENED:  # back at the table from a page, the review or the hint's start
        _visit = -1
    r = _hn % 6
    n = s.n
    h = len(m.history)
    if rep:
        _plain(s, m, ph)
        return
    if mode == 1 and m.hand_no > P._first_hand and h >= 3 * n and not s.trick_shown:
        _open(s, _QUIT)
        return
    thinking = s.bot is not None and not s.hinting
    if thinking and ph == 2 and not s.trick_shown and h % n and not _did & 1:
        _did |= 1
        _open(s, _RESUME)  # pause while a bot searches mid-trick, then Resume
        return
    if ph == 2 and h >= 3 * n and not s.trick_shown and (thinking if r & 1 else _mine(s, m)):
        for item in (_WHY, _LAST, _HISTORY, _RULES):
            if not _did & (2 << item):
                _did |= 2 << item
                _open(s, item)
                return
    if not _mine(s, m):
        return
    if ph == 2:  # PLAY: a hint first (every card when r is 0 or 3), then its card
        key = h + 64 * m.hand_no
        if _hinted != key and (r == 0 or r == 3 or not _did & 256):
            _did |= 256
            _hinted = key
            _open(s, _HINT)
            return
        if _hinted == key:
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
        if not _did & 512:
            _did |= 512
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


def _mine(s, m):
    return m.to_move == 0 and not s.trick_shown and s.bot is None


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
    global _visit, _pstep
    _visit = item
    _pstep = 0
    P._press(_START)


def _menu(s):
    global _visit
    want = _visit
    if want < 0 or want >= _OPENED:
        _visit = -1
        P._press(_B)  # open by accident: closed
        return
    c = s.menu.cursor
    if c != want:
        P._press(_DOWN if c < want else _UP)
        return
    _visit = want + _OPENED
    print("full: %s" % ("resume", "hint", "why", "last trick", "history", "rules", "quit")[want])
    P._press(_A)


def _page(s, mode):
    global _pstep, _cut, _rep, _again
    v = _visit - _OPENED
    k = _pstep
    _pstep = k + 1
    if v == _WHY:
        P._press((_DOWN, _DOWN, _UP, _A)[min(k, 3)])
        return
    if v == _HISTORY:
        if _hn % 6 == 5:
            if k == 1:
                print("full: replay from history")
            P._press((_UP, _SELECT, _A)[min(k, 2)])  # a replay of the hand before, mid-hand
        else:
            P._press((_UP, _DOWN, _A)[min(k, 2)])
        return
    if v == _RULES:
        P._press((_DOWN, _A, _UP, _B)[min(k, 3)])
        return
    title = getattr(getattr(s, "title", None), "text", "") or ""
    r = _hn % 6
    if title.startswith("Hand "):
        no = _real
        if mode == 3 and no == P._first_hand + 1 and _cut != no:
            _cut = no
            _power_cut()
        if (r == 1 or r == 4) and _rep != no:
            _rep = no
            print("full: replay")
            P._press(_SELECT)
            return
    elif title.startswith("Replay "):
        if r == 1 and _again != _real:
            _again = _real
            print("full: replay again")
            P._press(_SELECT)
            return
    P._press(_A)


def _power_cut():
    """The hand's end is saved (its page is up): the badge loses power here; the next VM
    starts code.py on the nvm as it stands."""
    import supervisor
    print("power cut at hand %d's end page" % _real)
    P._next_stage()
    supervisor.next_code_file = None
    supervisor.reload()


# ------------------------------------------------------------------ Spit with its pause menu


def _spit(app, s, home):
    global _did
    if P._came_home(home, "Spit"):
        return
    mode = getattr(s, "mode", -1)
    if getattr(s, "tab", None) is not None and mode == 4:  # the pause menu: Rules once, then Resume
        want = 0 if _did & 1 else 1
        c = s.menu.cursor
        if c == want:
            _did |= 1
        P._press(_A if c == want else (_DOWN if c < want else _UP))
        return
    if getattr(s, "tab", None) is not None and mode == 2:  # a round's results: pause again next round
        _did = 0
    if (getattr(s, "tab", None) is not None and mode == 0 and s.game.phase == 1 and not _did & 2 and
            P._stage_frames % 6 == 3):
        _did |= 2
        P._press(_START)
        return
    P._spit(app, s, home)


# ------------------------------------------------------------------ the random player

_MONKEY_KEYS = bytes((_A, _A, _A, _B, _START, _SELECT, _RIGHT, _DOWN, _UP, _LEFT))


def _monkey(app, arg):
    global _seed
    i = arg.find(":")
    limit = int(arg[i + 1:])
    if P.frames >= limit:
        print("monkey seed %s: %d frames" % (arg[:i], P.frames))
        app.running = False
        return
    if _seed < 0:
        _seed = int(arg[:i]) % 65537
    x = (_seed * 75 + 74) % 65537  # the ZX81's generator: small ints only
    _seed = x
    if x & 1:
        P._press(_MONKEY_KEYS[(x >> 1) % 10])

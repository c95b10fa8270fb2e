"""The Spit table: runs a game in time order for bots and (optionally) a human.

The game loop owns the clock. A Table keeps each bot's move in flight (one hand: one
move at a time, decided from its observation and landing later) and applies every
event in time order. Stalemate and round start: after `spit_pause` ms the table calls
Spit! for both (3.3, 3.5). Slap: each bot slaps once, scheduled when the slap begins.

- Table(game, bots, spit_pause=700, round_pause=1500, auto_next=True)
  bots[p] is a SpitBot or None for a human seat.
- due() -> time (ms) of the next scheduled event, or -1 (waiting for a human).
- run_until(now): apply every event due at or before `now`.
- human(p, action, now): run_until(now), then apply the human's action at `now`;
  returns what apply returned (DONE / VOID); raises IllegalAction as the engine does.
- play_match(game, bot0, bot1, max_rounds, hook): a whole bot match on a simulated
  clock; returns the winner, or -1 when max_rounds ran out. hook(game, p, action, t,
  result) after every applied action (tests check the rules there).
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from engine import spit as S
from engine.rng import small

THINK = const(-1)  # a bot's answer "nothing seen yet": ask me again at when_ms


class Table:
    def __init__(self, game, bots, spit_pause=700, round_pause=1500, auto_next=True,
                 hook=None):
        if not (small(spit_pause, 0, 60000) and small(round_pause, 0, 60000) and len(bots) == 2):
            raise ValueError("spit table: pauses are ms 0..60000, bots a pair")
        self.game = game
        self.bots = bots
        self.spit_pause = spit_pause
        self.round_pause = round_pause
        self.auto_next = auto_next
        self.hook = hook
        self.views = [S.View(), S.View()]
        self.when = [-1, -1]  # landing time of each seat's move in flight
        self.what = [0, 0]
        self.idle = [False, False]  # asked, had nothing: ask again after a change
        self.phase = -1
        self.since = game.clock  # when the current phase began
        self.turn = 0  # who goes first on an exact tie (alternates)
        self.now = game.clock  # time of the last event
        self._enter()

    def _enter(self):
        g = self.game
        self.phase = g.phase
        self.since = g.clock
        self.when[0] = self.when[1] = -1
        self.idle[0] = self.idle[1] = False
        if g.phase == S.PH_SLAP:
            for p in (0, 1):
                b = self.bots[p]
                v = g.observation(p, self.views[p])
                if b is not None and not v.slapped:  # a saved slap round: one may have slapped
                    t, pile = b.slap(v, self.now)
                    self.when[p] = t
                    self.what[p] = S.SLAP + pile

    def _plan(self):
        g = self.game
        if g.phase != S.PH_PLAY:
            return
        for p in (0, 1):
            b = self.bots[p]
            if b is not None and self.when[p] < 0 and not self.idle[p]:
                r = b.next_move(g.observation(p, self.views[p]), self.now)
                if r is None:
                    self.idle[p] = True
                else:
                    self.when[p] = r[0]
                    self.what[p] = r[1]

    def due(self):
        g = self.game
        ph = g.phase
        if ph == S.PH_SPIT:
            return self.since + self.spit_pause
        if ph == S.PH_ROUND_OVER:
            return self.since + self.round_pause if self.auto_next else -1
        if ph == S.PH_MATCH_OVER:
            return -1
        self._plan()
        a = self.when[0]
        b = self.when[1]
        if a < 0:
            return b
        if b < 0:
            return a
        return a if a < b else b

    def _apply(self, action, p, t):
        g = self.game
        r = g.apply(action, p, t)
        if self.hook is not None:
            self.hook(g, p, action, t, r)
        if g.phase != self.phase or action == S.SPIT or action == S.NEXT_ROUND:
            self._enter()
        elif r == S.DONE:
            self.idle[0] = self.idle[1] = False
        return r

    def step(self):
        """Apply the next event; returns its time, or -1 if nothing is scheduled."""
        t = self.due()
        if t < 0:
            return -1
        g = self.game
        ph = g.phase
        self.now = t
        if ph == S.PH_SPIT:
            self._apply(S.SPIT, 0, t)
            return t
        if ph == S.PH_ROUND_OVER:
            self._apply(S.NEXT_ROUND, 0, t)
            return t
        p = 0 if self.when[0] == t else 1
        if self.when[0] == t and self.when[1] == t:
            p = self.turn
            self.turn = 1 - p
        self.when[p] = -1
        a = self.what[p]
        if a != THINK:
            self._apply(a, p, t)
        return t

    def run_until(self, now):
        _time(now)
        while True:
            t = self.due()
            if t < 0 or t > now:
                return
            self.step()

    def human(self, p, action, now):
        # RULES 4: checked before the clock moves (run_until applies the bots' moves)
        _time(now)
        if not small(p, 0, 1):
            raise S.IllegalAction("3.1: two players, 0 and 1")
        if not small(action, 0, S.NEXT_ROUND):
            raise S.IllegalAction("3.4: an action is a small int")
        self.run_until(now)
        if now > self.now:
            self.now = now
        return self._apply(action, p, now)


def _time(now):
    if not small(now, 0, 0x3FFFFFFF):
        raise S.IllegalAction("3.4: a time is an int 0..2**30-1 ms")


def play_match(game, bot0, bot1, max_rounds=200, hook=None):
    tab = Table(game, [bot0, bot1], hook=hook)
    while game.phase != S.PH_MATCH_OVER:
        if game.phase == S.PH_ROUND_OVER and game.round_no >= max_rounds:
            return -1
        if tab.step() < 0:
            raise RuntimeError("spit table: nothing scheduled in phase %d" % game.phase)
    return game.winner

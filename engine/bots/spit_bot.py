"""Spit bot, levels 1 (a child can beat it) .. 5 (hard for a quick adult).

It decides only from its observation (engine.spit.View). Levels differ in skill, not
only in speed (tools/arena.py --game spit --human measures them against a person on
buttons, and against each other):
- reaction: the next move is decided now and lands after a delay drawn from a range
  (human-like jitter); a chain (playing on the card it just played) goes faster; each
  round brings a good or a bad pace, so a level beats the one below in most matches,
  not in all (level 1 is steadier: its good rounds made it too quick for a slow
  person; level 2 the most uneven);
- move choice: level 1 sees a play and takes one at random, overlooking many (it
  looks again a moment later); from level 2 it prefers plays that uncover cards and
  open follow-ups from its own piles; from level 3 it covers the pile tops the
  opponent could play on (in bot-vs-bot tests at equal speed that alone is worth ~57%
  of matches) and avoids opening plays for them; from level 4 it fills empty places
  early; noise and overlooks shrink level by level;
- slap judgement (3.6): low levels slap at once and at either pile; higher ones look
  first (a moment later) and pick the smaller pile more often;
- when to spit (3.5): in a stalemate a higher level calls Spit! sooner (level 1 waits
  for the whole countdown); the screen's table takes that as its pause.

API: SpitBot(level, seed)
- next_move(view, now_ms) -> (when_ms, action) or None when it has no move at all.
  `action` is an engine action, or THINK: nothing seen yet, ask again at when_ms.
- choose(view, skill, overlook, noise) -> (action, chain): the choice alone.
- slap(view, now_ms) -> (when_ms, pile)  (apply as engine action SLAP + pile)
- spit_call() -> ms after a stalemate begins that it calls Spit!
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from engine.rng import Rng
from engine.spit_match import THINK
_MOVE = const(640)
_PLAY_PHASE = const(1)
_UNSEEN = const(-2)  # choose(): no move at all

# move_min, move_max, chain % of delay, overlook %, noise, skill,
# slap_min, slap_max, wrong slap %, pace spread % (per round), Spit! call in a stalemate
LEVELS = (
    (2100, 3740, 100, 35, 60, 0, 250, 500, 40, 45, 1500),
    (1520, 2720, 95, 20, 40, 1, 350, 650, 35, 80, 1300),
    (1060, 1880, 85, 9, 24, 2, 400, 700, 28, 60, 1100),
    (820, 1420, 75, 4, 12, 3, 450, 750, 20, 55, 900),
    (590, 1000, 65, 0, 4, 4, 500, 800, 10, 50, 700),
)
MAX_LEVEL = const(5)


def _adj(a, b):
    d = a % 13 - b % 13
    return d == 1 or d == -1 or d == 12 or d == -12


class SpitBot:
    def __init__(self, level=3, seed=1):
        if not 1 <= level <= MAX_LEVEL:
            raise ValueError("spit bot level 1..5")
        self.level = level
        self.p = LEVELS[level - 1]
        self.rng = Rng(seed)
        self.last = -1  # the card it played last
        self.round = -1  # the round its pace was drawn for
        self.pace = 100  # % of its delays this round

    def _delay(self, lo, hi):
        return lo + self.rng.below(hi - lo + 1)

    def next_move(self, v, now):
        if v.phase != _PLAY_PHASE:
            return None
        lv = self.p
        best, chain = self.choose(v, lv[5], lv[3], lv[4])
        if best == _UNSEEN:
            return None
        if v.round_no != self.round:
            self.round = v.round_no
            self.pace = 100 - lv[9] + self.rng.below(2 * lv[9] + 1)  # a good or a bad round
        d = self._delay(lv[0], lv[1]) * self.pace // 100
        if best < 0:
            return (now + d // 2, THINK)  # overlooked everything: look again
        if chain:
            d = d * lv[2] // 100
        if best < _MOVE:
            self.last = v.tops[best >> 7]
        return (now + d, best)

    def choose(self, v, skill, overlook=0, noise=0):
        """(action, chain): the move this mind picks from the view; action -1 when it
        overlooked every move this time, _UNSEEN when there is none; chain: it plays
        on the card it played last."""
        rng = self.rng
        tops = v.tops
        counts = v.counts
        pt = v.pile_tops
        opp = v.opp_tops
        best = -1
        best_score = -1000
        seen_any = False
        empty = -1
        tall = -1
        tall_n = 1
        chain = False
        for i in range(5):
            c = tops[i]
            if c < 0:
                empty = i
                continue
            n = counts[i]
            if n > tall_n:
                tall_n = n
                tall = i
            for k in (0, 1):
                t = pt[k]
                if t < 0 or not _adj(c, t):
                    continue
                seen_any = True
                if overlook and rng.below(100) < overlook:
                    continue  # overlooked this time
                score = 100
                if skill:
                    for j in range(5):  # follow-ups from its own piles
                        if j != i and tops[j] >= 0 and _adj(tops[j], c):
                            score += 5  # a tie-break: measured, more hurts
                    if n > 1:
                        score += 8  # turns up a new card
                if skill > 1:
                    for j in range(5):
                        o = opp[j]
                        if o >= 0:
                            if _adj(o, c):
                                score -= 6  # gives the opponent a play
                            if _adj(o, t):
                                score += 30  # covers their play: the lever that counts
                if skill > 2 and n == 1 and tall_n > 1:
                    score += 6  # an empty place to fill
                if noise:
                    score += rng.below(noise)
                if score > best_score:
                    best_score = score
                    best = (i << 7) | (k << 6) | t
                    chain = t == self.last
        if empty >= 0 and tall >= 0:
            seen_any = True
            if not (overlook and rng.below(100) < overlook):
                score = 50 + (rng.below(noise) if noise else 0)
                if skill > 2:
                    score += 45  # fills early: a new card to play
                if score > best_score:
                    best = _MOVE + (tall << 3) + empty
                    chain = False
        return (best if seen_any else _UNSEEN), chain

    def slap(self, v, now):
        lv = self.p
        pile = 0 if v.pile_counts[0] <= v.pile_counts[1] else 1
        if lv[8] and self.rng.below(100) < lv[8]:
            pile = 1 - pile
        return (now + self._delay(lv[6], lv[7]), pile)

    def spit_call(self):
        return self.p[10]

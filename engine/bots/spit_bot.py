"""Spit bot, levels 1 (a child can beat it) .. 5 (hard for a quick adult).

It decides only from its observation (engine.spit.View). A level sets:
- reaction time: the next move is decided now and lands after a delay drawn from a
  range (human-like jitter); a chain (playing on the card it just played) goes faster;
- choice quality: from level 3 it covers the pile tops the opponent could play on (in
  bot-vs-bot tests at equal speed that alone is worth ~57% of matches) and avoids
  opening plays for them; it prefers plays that uncover cards and open follow-ups from
  its own piles, fills empty places; low levels overlook plays now and then (they look
  again a moment later) and choose with noise;
- the slap: reaction time and how often it slaps the wrong (larger) pile.

API: SpitBot(level, seed)
- next_move(view, now_ms) -> (when_ms, action) or None when it has no move at all.
  `action` is an engine action, or THINK: nothing seen yet, ask again at when_ms.
- slap(view, now_ms) -> (when_ms, pile)  (apply as engine action SLAP + pile)
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

# move_min, move_max, chain % of delay, overlook %, noise, skill,
# slap_min, slap_max, wrong slap %
LEVELS = (
    (2200, 4000, 100, 30, 60, 0, 1300, 2200, 35),
    (1350, 2500, 95, 18, 40, 1, 850, 1500, 22),
    (1000, 1800, 85, 9, 24, 2, 650, 1100, 12),
    (750, 1300, 75, 4, 12, 3, 480, 800, 5),
    (550, 900, 65, 0, 4, 4, 330, 580, 0),
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

    def _delay(self, lo, hi):
        return lo + self.rng.below(hi - lo + 1)

    def next_move(self, v, now):
        if v.phase != _PLAY_PHASE:
            return None
        lv = self.p
        skill = lv[5]
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
                if lv[3] and rng.below(100) < lv[3]:
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
                if lv[4]:
                    score += rng.below(lv[4])
                if score > best_score:
                    best_score = score
                    best = (i << 7) | (k << 6) | t
                    chain = t == self.last
        if empty >= 0 and tall >= 0:
            seen_any = True
            if not (lv[3] and rng.below(100) < lv[3]):
                score = 50 + (rng.below(lv[4]) if lv[4] else 0)
                if skill > 2:
                    score += 45  # fills early: a new card to play
                if score > best_score:
                    best_score = score
                    best = _MOVE + (tall << 3) + empty
                    chain = False
        if not seen_any:
            return None
        d = self._delay(lv[0], lv[1])
        if best < 0:
            return (now + d // 2, THINK)  # overlooked everything: look again
        if chain:
            d = d * lv[2] // 100
        if best < _MOVE:
            self.last = tops[best >> 7]
        return (now + d, best)

    def slap(self, v, now):
        lv = self.p
        pile = 0 if v.pile_counts[0] <= v.pile_counts[1] else 1
        if lv[8] and self.rng.below(100) < lv[8]:
            pile = 1 - pile
        return (now + self._delay(lv[6], lv[7]), pile)

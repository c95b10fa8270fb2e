"""The seer (issue 23), laptop only: a Spades bot that sees every card, the ceiling
a level's card play can be measured against. Never in the bundle (tools/ is not
shipped; host_tests/test_sparring.py checks it).

    bot = Seer(seat, iterations=1000, seed=1)
    bot.match = match          # the arena hands it the match: it reads the true deal
    action = bot.act(match.observation(seat))

Card play is a perfect-information search over the true deal:
- while more than SOLVE cards are left in the hands, the same tree search as
  tools/spar_ismcts.py with the true deal as its only determinization (plain UCT,
  policy rollouts, the same reward: own side's hand points minus the other's, each
  bag charged 10);
- from SOLVE cards left (16: four cards each at four players, eight each at two),
  an exact minimax over the rest of the hand (double dummy: every seat sees every
  card, each side maximizes its own reward), with equal cards merged and positions
  remembered. Among equally good cards it plays the one the policy would, else the
  lowest.
Everything before the play (bids, Nil, Blind / Double Nil, the exchange, two
players' draws) is the hard bot's, as for the MCTS: the seer's edge is its card
play only.
"""
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
TOOLS = os.path.dirname(os.path.abspath(__file__))
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)

from engine.bots import spades_bot as sb  # noqa: E402
from engine.bots import spades_track as tr  # noqa: E402
from engine.tricks import PLAY  # noqa: E402
import spar_ismcts as im  # noqa: E402

SOLVE = 16


def true_table(v, m):
    """v.seat's Table from its observation, every other hand filled from match m."""
    t = sb.table(v)
    n = t.n
    for o in range(n):
        for s in range(4):
            t.h[o * 4 + s] = 0
        for c in m.hands[o]:
            t.h[o * 4 + c // 13] |= 1 << (c % 13)
        t.size[o] = len(m.hands[o])
    for s in range(4):
        x = 0
        for o in range(n):
            x |= t.h[o * 4 + s]
        t.left[s] = x
    return t


def moves(w, seat):
    """seat's legal cards, one per run of equal cards (nothing still in a hand, nor
    the trick's winning card, between them), the lowest of each."""
    out = []
    h = w.h
    for s in range(4):
        m = w.legal_mask(seat, s)
        if not m:
            continue
        others = w.left[s] & ~h[seat * 4 + s]
        if w.played and s == w.win_suit:
            others |= 1 << w.win_rank
        prev = -2
        r = 0
        while r < 13:
            if m & (1 << r):
                if prev < 0 or (others >> (prev + 1)) & ((1 << (r - prev - 1)) - 1):
                    out.append(s * 13 + r)
                prev = r
            r += 1
    return out


class Solver:
    """Exact minimax of a perfect-information Spades end position (Table with every
    hand filled). value(w) is side 0's reward minus nothing: reward(final, 0)."""

    def __init__(self):
        self.memo = {}
        self.nodes = 0
        self.pool = []

    def _key(self, w):
        n = w.n
        return (tuple(w.h[:4 * n]), tuple(w.taken[:n]), w.played, w.lead_suit, w.win_seat,
                w.win_suit, w.win_rank, w.to_move)

    def value(self, w, depth=0):
        s = w.to_move
        if not w.size[s]:
            return im.reward(w, 0)
        key = self._key(w)
        v = self.memo.get(key)
        if v is not None:
            return v
        self.nodes += 1
        while len(self.pool) <= depth:
            self.pool.append(tr.Table(w.n))
        nxt = self.pool[depth]
        mx = w.side(s) == 0
        best = None
        for c in moves(w, s):
            nxt.copy_from(w)
            nxt.play(s, c)
            x = self.value(nxt, depth + 1)
            if best is None or (x > best if mx else x < best):
                best = x
        self.memo[key] = best
        return best

    def choose(self, w, seat):
        """(best card, its value for seat's side, {card: value})."""
        side = w.side(seat)
        vals = {}
        nxt = tr.Table(w.n)
        for c in moves(w, seat):
            nxt.copy_from(w)
            nxt.play(seat, c)
            x = self.value(nxt, 1)
            vals[c] = x if side == 0 else -x
        top = max(vals.values())
        ties = [c for c in vals if vals[c] == top]
        p = tr.pick(w, seat)
        # the policy's card (the lowest of its run, as merged), else the lowest
        pc = [c for c in ties if c // 13 == p // 13 and c <= p]
        if pc and _same_run(w, seat, max(pc), p):
            card = max(pc)
        else:
            card = min(ties, key=lambda c: (c % 13, c // 13))
        return card, top, vals


def _same_run(w, seat, c, p):
    """Cards c <= p of one suit, both seat's: nothing still out between them."""
    s = c // 13
    if s != p // 13:
        return False
    others = w.left[s] & ~w.h[seat * 4 + s]
    if w.played and s == w.win_suit:
        others |= 1 << w.win_rank
    a = c % 13
    b = p % 13
    return not (others >> (a + 1)) & ((1 << max(0, b - a - 1)) - 1)


class Seer:
    """Sees every card (module docstring). Needs .match set before its first card."""

    def __init__(self, seat, iterations=1000, seed=1, budget=sb.HARD_BUDGET, solve=SOLVE):
        self.seat = seat
        self.iterations = iterations
        self.solve = solve
        self.rng = random.Random(seed * 104729 + seat)
        self.hard = sb.Bot(seat, "hard", seed, budget)
        self.match = None

    def act(self, v):
        if v.phase != PLAY:
            return self.hard.act(v)
        cs = sb.legal(v)
        if len(cs) == 1:
            return cs[0]
        t = true_table(v, self.match)
        return self.card(t, v.seat)

    def card(self, t, seat):
        left = sum(t.size[:t.n])
        if left <= self.solve:
            return Solver().choose(t, seat)[0]
        w = tr.Table(t.n)

        def deals():
            w.copy_from(t)
            return w
        return im.search_root(deals, seat, self.iterations, self.rng)[0]

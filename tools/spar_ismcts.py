"""A sparring partner of another kind (issue 23), laptop only: an information-set
Monte Carlo tree search (ISMCTS-SO) for both Spades variants. Never in the bundle
(tools/ is not shipped; host_tests/test_sparring.py checks it).

    bot = Ismcts(seat, iterations=2000, seed=1)
    action = bot.act(match.observation(seat))

Card play, a tree per decision: every iteration draws one determinization, a deal
of the cards this seat has not seen that fits what it has seen (its own hand, the
cards played, the voids shown by failing to follow suit or by leading spades
unbroken, the cards it passed to its partner; two players: the cards not dealt to
the opponent lie on the discard pile), all built by engine/bots/spades_bot.table()
and unseen_cards() from the observation alone: it never reads the hidden cards.
The one tree is shared over the determinizations (single observer): a node is the
sequence of cards played since the decision, its children the cards played next; at
each node the seat to move picks by UCT among the cards legal in this
determinization (availability counts: a child's exploration term counts the
iterations where it could have been chosen), the other side minimizing what this
seat's side maximizes. An iteration adds one node, then plays the hand out (the
rollout: spades_track.pick, the fast policy, that policy as it was at a git revision
(frozen_pick: level ismcts:<iterations>@<rev>), or uniformly random legal cards) and
scores it: this seat's side's hand points minus the other side's (RULES 1.7 / 2.6),
each bag charged 10 points more (the issue's bag charge: a bag scores 1 and costs
10). The card chosen is the root's most visited child.

Everything before the play (the bid, Nil and Blind Nil or Double Nil choices, the
Blind Nil exchange, two players' keep/reject draws and Double Nil discards) is the
hard bot's (engine/bots/spades_bidding via spades_bot.Bot level hard): this bot
differs from hard in its card play only.

Cost: an iteration is about 0.14 laptop ms at four players (one deal drawn, one
node added, one policy rollout), 0.1 ms at two. Ten times hard's compute a card
(`tools/arena.py --hands` prints each side's laptop ms a card) is ismcts:260 at four
players (over 300 deals: 41.9 ms a card against hard's 3.9, 10.8x) and ismcts:380 at
two (41.7 against 4.05, 10.3x); ismcts:26 is about hard's own cost (4.5 ms). Normal's
cost (0.06 ms) buys less than one iteration: ismcts:1 (a random legal card) is the
nearest.

`Ismcts.determinize` is public for the tests; `search_root` (the tree over one given
determinization list) is what tools/spar_seer.py reuses with the true deal.
"""
import math
import os
import random
import subprocess
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine.bots import spades_bot as sb  # noqa: E402
from engine.bots import spades_track as tr  # noqa: E402
from engine.tricks import PLAY  # noqa: E402

BAG_CHARGE = 10  # the bag charge: each bag 10 points (it also scores 1)
SCALE = 100.0  # rewards are divided by this in UCT (a set contract of 5 is -0.5)
UCT_C = 0.7


def reward(w, side):
    """side's hand points minus the other side's in finished Table w, every bag
    charged BAG_CHARGE (whatever the match's bag-penalty option)."""
    bp = w.bag_penalty
    w.bag_penalty = 1
    v = tr.hand_value(w, side, BAG_CHARGE) - tr.hand_value(w, 1 - side, BAG_CHARGE)
    w.bag_penalty = bp
    return v


def legal_cards(w, seat):
    out = []
    for s in range(4):
        m = w.legal_mask(seat, s)
        r = 0
        while m:
            if m & 1:
                out.append(s * 13 + r)
            m >>= 1
            r += 1
    return out


_FROZEN = {}


def policy_source(rev):
    """engine/bots/spades_track.py's text at git revision rev; ValueError when git
    has no such file."""
    out = subprocess.run(["git", "-C", ROOT, "show", rev + ":engine/bots/spades_track.py"],
                         capture_output=True, text=True)
    if out.returncode:
        raise ValueError("no policy at revision %r: %s" % (rev, out.stderr.strip()))
    return out.stdout


def frozen_pick(rev):
    """spades_track.pick as it was at git revision rev, loaded from git into a module
    of its own (cached): rollouts a change to the live policy leaves alone, so that
    measuring the change does not move its opponent too."""
    if rev not in _FROZEN:
        mod = types.ModuleType("spades_track@" + rev)
        exec(compile(policy_source(rev), mod.__name__, "exec"), mod.__dict__)
        _FROZEN[rev] = mod.pick
    return _FROZEN[rev]


def rollout(w, rng, policy=True):
    """Play Table w to the hand's end: the fast policy (True), random legal cards
    (False) or a pick function (frozen_pick)."""
    pick = tr.pick if policy is True else policy
    while True:
        seat = w.to_move
        if not w.size[seat]:
            return
        if pick:
            c = pick(w, seat)
        else:
            cs = legal_cards(w, seat)
            c = cs[rng.randrange(len(cs))]
        w.play(seat, c)


class Node:
    __slots__ = ("kids", "n", "w", "avail")

    def __init__(self):
        self.kids = {}
        self.n = 0
        self.w = 0.0  # total reward of the side that moved into this node
        self.avail = 0


def search_root(deals, seat, iterations, rng, policy=True, c=UCT_C):
    """ISMCTS-SO from seat's decision: deals() returns a fresh determinized Table
    (all hands filled) for each iteration. Returns (card, root)."""
    root = Node()
    side = None
    w = None
    for _ in range(iterations):
        w = deals()
        if side is None:
            side = w.side(seat)
        node = root
        path = []
        sides = []
        while True:
            s = w.to_move
            if not w.size[s]:
                break
            cs = legal_cards(w, s)
            kids = node.kids
            fresh = [x for x in cs if x not in kids]
            for x in cs:
                k = kids.get(x)
                if k is not None:
                    k.avail += 1
            if fresh:
                x = fresh[rng.randrange(len(fresh))]
                k = kids[x] = Node()
                k.avail = 1
                w.play(s, x)
                path.append(k)
                sides.append(w.side(s))
                break
            best = None
            bv = -1e18
            for x in cs:
                k = kids[x]
                v = k.w / k.n + c * math.sqrt(math.log(k.avail) / k.n)
                if v > bv:
                    bv = v
                    best = x
            node = kids[best]
            w.play(s, best)
            path.append(node)
            sides.append(w.side(s))
        rollout(w, rng, policy)
        r = reward(w, side) / SCALE
        for k, sd in zip(path, sides):
            k.n += 1
            k.w += r if sd == side else -r
    best = max(root.kids.items(), key=lambda kv: (kv[1].n, kv[1].w))
    return best[0], root


def _solve_counts(need, room, allowed):
    """Card counts per (seat, suit): need[s] cards of suit s into seats with room,
    only where allowed[o][s]; a list of dicts or None. Exact (a small search)."""
    seats = [o for o in range(len(room)) if room[o] > 0]
    x = {}

    def go(s, room):
        if s == 4:
            return all(room[o] == 0 for o in seats)
        k = need[s]
        opts = [o for o in seats if allowed[o][s]]

        def split(i, left, room):
            if i == len(opts):
                return left == 0 and go(s + 1, room)
            o = opts[i]
            for a in range(min(left, room[o]), -1, -1):
                x[(o, s)] = a
                room[o] -= a
                if split(i + 1, left - a, room):
                    return True
                room[o] += a
            x[(o, s)] = 0
            return False
        return split(0, k, room)
    if go(0, list(room)):
        return x
    return None


class Dealer:
    """Determinizations for one decision: t (this seat's own table) with the other
    seats' hands filled from `unseen`, sizes as in t, `fixed` (seat, card) pairs
    placed first, no card of a suit to a seat known void in it; two players: the
    rest on the discard pile (out of play). Near uniform over the deals that fit
    (uniform when no void is known): the cards some seat may not hold are placed
    first, each to a seat that may hold it with odds its room, a dead end draws
    again; the others fill the room left in a shuffled order. After `tries` dead
    ends an exact count split places them (never a misfit)."""

    def __init__(self, t, seat, unseen, fixed=None, tries=200):
        self.t = t
        self.n = n = t.n
        self.others = [o for o in range(n) if o != seat]
        cards = list(unseen)
        room = [0] * 5  # 4: the two-player pile
        for o in self.others:
            room[o] = t.size[o]
        room[4] = len(cards) - sum(room[:4])
        if n == 4 and room[4]:
            raise ValueError("unseen cards do not match the hands' sizes")
        self.allowed = allowed = [[not (t.void[o] >> s & 1) for s in range(4)]
                                  for o in range(4)] + [[True] * 4]
        base = []
        for o, c in fixed or ():
            if c in cards and room[o] > 0:
                cards.remove(c)
                room[o] -= 1
                base.append((o, c))
        self.base = base
        self.room = room
        places = [o for o in range(5) if room[o]]
        self.bound = [c for c in cards if not all(allowed[o][c // 13] for o in places)]
        self.free = [c for c in cards if all(allowed[o][c // 13] for o in places)]
        # per suit, the places that may take it
        self.opts = [[o for o in places if allowed[o][s]] for s in range(4)]
        self.tries = tries
        self.out = tr.Table(n)

    def deal(self, rng, out=None):
        """A determinized Table (a new one unless `out` is given)."""
        t = self.t
        d = out if out is not None else tr.Table(self.n)
        d.copy_from(t)
        h = d.h
        for o in self.others:
            for s in range(4):
                h[o * 4 + s] = 0
        for o, c in self.base:
            h[o * 4 + c // 13] |= 1 << (c % 13)
        got = self._draw(rng)
        for c, o in got:
            if o < 4:
                h[o * 4 + c // 13] |= 1 << (c % 13)
        if self.n == 2:
            for s in range(4):
                d.left[s] = h[s] | h[4 + s]
        return d

    def _draw(self, rng):
        bound = self.bound
        opts = self.opts
        rnd = rng.random
        for _ in range(self.tries):
            r = list(self.room)
            got = []
            rng.shuffle(bound)
            ok = True
            for c in bound:
                os_ = opts[c // 13]
                tot = 0
                for o in os_:
                    tot += r[o]
                if not tot:
                    ok = False
                    break
                x = int(rnd() * tot)
                for o in os_:
                    x -= r[o]
                    if x < 0:
                        break
                got.append((c, o))
                r[o] -= 1
            if ok:
                free = self.free
                rng.shuffle(free)
                i = 0
                for o in range(5):
                    for _ in range(r[o]):
                        got.append((free[i], o))
                        i += 1
                return got
        return self._exact(rng)

    def _exact(self, rng):
        cards = self.bound + self.free
        need = [0] * 4
        for c in cards:
            need[c // 13] += 1
        x = _solve_counts(need, self.room, self.allowed)
        if x is None:
            raise ValueError("no deal fits what this seat has seen")
        rng.shuffle(cards)
        got = []
        for s in range(4):
            suit = [c for c in cards if c // 13 == s]
            i = 0
            for o in range(5):
                for _ in range(x.get((o, s), 0)):
                    got.append((suit[i], o))
                    i += 1
        return got


def determinize(t, seat, unseen, fixed, rng):
    """One determinized Table (Dealer)."""
    return Dealer(t, seat, unseen, fixed).deal(rng)


class Ismcts:
    """ISMCTS-SO card play, hard's bidding (module docstring)."""

    def __init__(self, seat, iterations=1000, seed=1, policy=True, budget=sb.HARD_BUDGET):
        self.seat = seat
        self.iterations = iterations
        self.rng = random.Random(seed * 7919 + seat)
        # a revision: that policy's pick, loaded now (a bad one fails at once)
        self.policy = frozen_pick(policy) if isinstance(policy, str) else policy
        self.hard = sb.Bot(seat, "hard", seed, budget)
        self.why = None

    def determinize(self, v, t=None):
        """One determinization of observation v (a Table, every hand filled)."""
        if t is None:
            t = sb.table(v)
        return determinize(t, v.seat, sb.unseen_cards(v, t), sb.known_cards(v, t), self.rng)

    def act(self, v):
        if v.phase != PLAY:
            return self.hard.act(v)
        t = sb.table(v)
        cs = sb.legal(v, t)
        if len(cs) == 1:
            return cs[0]
        dealer = Dealer(t, v.seat, sb.unseen_cards(v, t), sb.known_cards(v, t))
        rng = self.rng
        w = tr.Table(t.n)

        def deals():
            return dealer.deal(rng, w)
        card, _ = search_root(deals, v.seat, self.iterations, rng, self.policy)
        return card

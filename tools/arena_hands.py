"""Spades duplicate hands: `tools/arena.py --hands N` plays N deals, each one hand from
0-0, twice with the partnerships (two-player: the players) swapped, so both sides hold
the same cards in turn.

    python tools/arena.py --game spades4 --a hard --b normal --hands 300 --seed 2

pair_points is side a's margin over side b per hand (the mean over deals of the two
tables' margins, halved), bag_charged the same with every bag 10 points more (its
share of the 10-bag penalty over a match); intervals are 95% normal intervals over the
deals. Per side: contracts made, Nils made/bid, bags a hand, the last-seat count (its side
short of its contract, a non-Nil opponent winning the trick, a card that wins it in
hand, and the trick left to the opponent) and its laptop milliseconds a card (cards
chosen from two or more: the compute the sparring partners' iterations are matched
to). Level `hard-bids` bids as hard and plays
its cards as normal (the search's worth alone), `<level>-nonil` is the level with Nil
and Blind Nil turned off (what its Nils are worth), `<level>-blind` the level bidding
Blind Nil at every chance (its partner not Nil or Blind Nil already), `<level>-blindafter3`
only once the partner bid 3 or more (what a Blind Nil is worth); `ismcts:<iterations>` and `seer` are
the sparring partners (spar_level, tools/spar_ismcts.py and tools/spar_seer.py). Last line:
`result: pair_points=<x> ci95=<lo>-<hi> bag_charged=<y> bag_ci95=<lo>-<hi> hands=<n>`.
"""
import math
import time

from engine.bots import spades_bot as sb
from engine.bots import spades_track as tr
from engine.tricks import BIDDING, BLIND_NIL, HAND_OVER, MATCH_OVER, PLAY

BAG_CHARGE = 10


class BidsOnly:
    """Hard's bids (and exchange, Blind Nil, two-player draws) with normal's card play."""

    def __init__(self, seat, seed, budget):
        self.hard = sb.Bot(seat, "hard", seed, budget)
        self.normal = sb.Bot(seat, "normal", seed, budget)

    def act(self, v):
        return (self.normal if v.phase == PLAY else self.hard).act(v)


class NoNil:
    """A level with Nil turned off: where it would bid Nil (or Blind Nil) it bids its
    tricks, as if no Nil risk were ever low enough (spades_bidding.NIL_RISK)."""

    def __init__(self, seat, level, seed, budget):
        self.bot = sb.Bot(seat, level, seed, budget)

    def act(self, v):
        if v.phase != BIDDING:
            return self.bot.act(v)
        from engine.bots import spades_bidding as sbd
        risk, wanted = sbd.NIL_RISK, sbd.blind_nil_wanted
        sbd.NIL_RISK = (-999,) * len(risk)
        sbd.blind_nil_wanted = lambda v, level: False
        try:
            return self.bot.act(v)
        finally:
            sbd.NIL_RISK, sbd.blind_nil_wanted = risk, wanted


class Blind:
    """A level that bids Blind Nil at its bidding turn, before looking, whenever its
    partner has not bid Nil or Blind Nil (min_partner: only when the partner has not bid
    yet or bid at least that many; after: only once the partner has bid); otherwise the
    level's own choice."""

    def __init__(self, seat, level, seed, budget, match=None, min_partner=0, after=False):
        self.bot = make_bot(seat, level, seed, budget, match)
        self.min_partner = min_partner
        self.after = after

    def act(self, v):
        if v.phase == BIDDING and v.blind_nil and len(v.bids) == 4 and not v.looked:
            p = v.bids[v.seat ^ 2]
            if p != 0 and p != BLIND_NIL and (p < 0 and not self.after or p >= self.min_partner):
                return BLIND_NIL
        return self.bot.act(v)


# modifier, min_partner, after: -blindafter3 leaves the side's first bidder to the level
BLIND_LEVELS = (("-blindafter3", 3, True), ("-blind", 0, False))


def modified_level(level):
    """(base level, min_partner, after) for `<level>-blind` and `<level>-blindafter3`
    (Blind), else None."""
    for tail, k, after in BLIND_LEVELS:
        if level.endswith(tail) and len(level) > len(tail):
            return level[:-len(tail)], k, after
    return None


def spar_level(level):
    """The sparring partners' level names (tools/spar_ismcts.py, tools/spar_seer.py):
    ("ismcts", iterations, rollouts) for `ismcts:<iterations>`, rollouts True (the
    live policy), False (`:random` after it: random legal cards) or a git revision
    (`@<rev>` after it: the policy as it was there, which a change being measured
    leaves alone); ("seer", iterations) for `seer` (`seer:<iterations>` while more
    than its solver's cards are left, 1000 by default); None for any other name.
    ValueError for a malformed one."""
    base, at, rev = level.partition("@")
    parts = base.split(":")
    if parts[0] == "ismcts":
        if len(parts) not in (2, 3) or not parts[1].isdigit() or int(parts[1]) < 1 or (
                len(parts) == 3 and (at or parts[2] not in ("random", "policy"))) or (
                at and not rev):
            raise ValueError("level ismcts:<iterations>[:random|@<rev>]: %r" % level)
        return ("ismcts", int(parts[1]), rev or len(parts) == 2 or parts[2] == "policy")
    if at:
        raise ValueError("only ismcts takes @<rev>: %r" % level)
    if parts[0] == "seer":
        if len(parts) > 2 or (len(parts) == 2 and (not parts[1].isdigit() or int(parts[1]) < 1)):
            raise ValueError("level seer or seer:<iterations>: %r" % level)
        return ("seer", int(parts[1]) if len(parts) == 2 else 1000)
    return None


def make_bot(seat, level, seed, budget, match=None):
    """A bot for seat: a level of engine/bots/spades_bot, hard-bids, or a sparring
    partner (spar_level); the seer is handed `match` (it sees every card)."""
    if level == "hard-bids":
        return BidsOnly(seat, seed, budget)
    if level.endswith("-nonil"):
        return NoNil(seat, level[:-6], seed, budget)
    bl = modified_level(level)
    if bl is not None:
        return Blind(seat, bl[0], seed, budget, match, bl[1], bl[2])
    sp = spar_level(level)
    if sp is None:
        return sb.Bot(seat, level, seed, budget)
    if sp[0] == "ismcts":
        from spar_ismcts import Ismcts
        return Ismcts(seat, sp[1], seed, sp[2], budget)
    from spar_seer import Seer
    bot = Seer(seat, sp[1], seed, budget)
    bot.match = match
    return bot


def last_seat_chance(v):
    """The winning cards (list) of v.seat when it plays last to the trick, its side
    short of its contract, it did not bid Nil, and a non-Nil opponent is winning;
    None when this is no such chance."""
    if v.phase != PLAY:
        return None
    t = sb.table(v)
    me = v.seat
    n = t.n
    if t.played != n - 1 or t.bid[me] == 0 or tr.side_need(t, me) <= 0:
        return None
    w = t.win_seat
    if t.side(w) == t.side(me) or t.bid[w] == 0:
        return None
    win = [c for c in sb.legal(v, t) if _beats(t, c)]
    return win or None


def _beats(t, c):
    s = c // 13
    if s == t.win_suit:
        return c % 13 > t.win_rank
    return s == tr.SPADES


def side_stats():
    """arena_spades.Stats (contracts, Nils, bags) and the last-seat count."""
    from arena_spades import Stats
    st = Stats()
    st.chances = 0
    st.declined = 0
    st.think = 0.0  # seconds spent choosing cards with more than one in hand
    st.cards = 0
    return st


def play_hand(game, seed, levels, budget, sides, target=500):
    """One hand from 0-0; levels[side] plays side. Returns (points, bags) per side."""
    from arena_spades import make_match, record_hand
    m = make_match(game, seed, target)
    n = 4 if game == "spades4" else 2
    side_of = [(s & 1) if n == 4 else s for s in range(n)]
    bots = [make_bot(s, levels[side_of[s]], seed * 8 + s, budget, m) for s in range(n)]
    while m.phase not in (HAND_OVER, MATCH_OVER):
        s = m.to_move
        v = m.observation(s)
        win = last_seat_chance(v)
        t0 = time.perf_counter()
        a = bots[s].act(v)
        st = sides[side_of[s]]
        if v.phase == PLAY and len(v.hand) > 1:
            st.think += time.perf_counter() - t0
            st.cards += 1
        if win is not None:
            st.chances += 1
            st.declined += a not in win
        m.apply(a, s)
    before = [st.bags for st in sides]
    record_hand(m, n, side_of, [0, 0], sides)
    return list(m.scores), [sides[i].bags - before[i] for i in (0, 1)]


def interval(xs):
    """Mean and its 95% normal interval."""
    k = len(xs)
    mu = sum(xs) / k
    var = sum((x - mu) ** 2 for x in xs) / (k - 1) if k > 1 else 0.0
    h = 1.96 * math.sqrt(var / k)
    return mu, mu - h, mu + h


def one_deal(job):
    """Deal i of a run, both ways round: (i, plain and bag-charged margins of side a,
    side a's and side b's stats of this deal). A function of its own so that
    `--jobs` can hand deals to other processes."""
    game, a, b, seed, budget, i = job
    A = side_stats()
    B = side_stats()
    deal = seed * 100003 + i
    d = 0
    c = 0
    for swap in (0, 1):
        levels = [b, a] if swap else [a, b]
        sides = [B, A] if swap else [A, B]
        pts, bags = play_hand(game, deal, levels, budget, sides)
        sa = 1 if swap else 0  # the side a sat at
        d += pts[sa] - pts[1 - sa]
        c += pts[sa] - pts[1 - sa] - BAG_CHARGE * (bags[sa] - bags[1 - sa])
    return i, d / 2, c / 2, vars(A), vars(B)


def _add(st, part):
    for k, v in part.items():
        setattr(st, k, getattr(st, k) + v)


def run(game, a, b, hands, seed, budget, quiet=False, out=print, dump=None, jobs=1):
    """dump: a path; each deal's index, plain and bag-charged margins go there, one
    line a deal, for tools/arena_pair.py to compare two runs deal by deal. jobs: the
    deals shared among that many processes; every figure is the same as with one
    (each deal's bots are seeded from the deal alone), but ms/card, which the other
    processes' load may raise."""
    A = side_stats()
    B = side_stats()
    plain = []
    charged = []
    t0 = time.time()
    work = [(game, a, b, seed, budget, i) for i in range(hands)]
    pool = None
    if jobs > 1:
        import multiprocessing
        pool = multiprocessing.Pool(jobs)
        results = pool.imap(one_deal, work)
    else:
        results = map(one_deal, work)
    try:
        for i, d, c, pa, pb in results:
            _add(A, pa)
            _add(B, pb)
            plain.append(d)
            charged.append(c)
            if dump:
                with open(dump, "a" if i else "w") as f:
                    f.write("%d %g %g\n" % (i, d, c))
            if not quiet and (i + 1) % 25 == 0:
                mu, lo, hi = interval(charged)
                out("... %d deals: bag_charged %.1f (%.1f to %.1f) %.0fs"
                    % (i + 1, mu, lo, hi, time.time() - t0))
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    out("game %s  a=%s  b=%s  seed %d  deals %d (each played twice)  budget %d"
        % (game, a, b, seed, hands, budget))
    for name, st in (("a:" + a, A), ("b:" + b, B)):
        out("%-11s contracts made %d/%d = %.3f  nils made %d/%d  blind nils made %d/%d"
            "  bags a hand %.2f"
            "  last seat declined %d of %d  ms/card %.2f"
            % (name, st.made, st.contracts, st.made / max(1, st.contracts), st.nils_made,
               st.nils, st.blind_made, st.blind, st.bags / (2 * hands), st.declined, st.chances,
               1000 * st.think / max(1, st.cards)))
    p, plo, phi = interval(plain)
    g, glo, ghi = interval(charged)
    out("result: pair_points=%.1f ci95=%.1f-%.1f bag_charged=%.1f bag_ci95=%.1f-%.1f hands=%d"
        % (p, plo, phi, g, glo, ghi, hands))
    return A, B, (p, plo, phi), (g, glo, ghi)

"""Spades arena: matches between two bot levels with duplicate deals.

    python tools/arena.py --game spades4 --a hard --b normal --games 200 --seed 1

Every match seed is played twice, the second time with the partnerships (two-player:
the players) swapped, so both sides get the same cards in turn. --games counts all
matches played (rounded up to an even number). Prints per side: match win rate with
a 95% interval (Wilson), average points per hand, contract made rate, Nil bid and Nil
made rates, bags per hand, Bostons; the last line is
`result: a_win_rate=<x> ci95=<lo>-<hi> games=<n>`.

Levels: random, easy, normal, hard, hard-bids and <level>-nonil (tools/arena_hands.py), the
sparring partners ismcts:<iterations> (tools/spar_ismcts.py; ismcts:<n>:random for
random rollouts) and seer (tools/spar_seer.py; seer:<n> sets its tree's iterations).
"""
import argparse
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine.bots.spades_bot import LEVELS  # noqa: E402
from engine.tricks import HAND_OVER, MATCH_OVER, NEXT_HAND, BLIND_NIL  # noqa: E402


def wilson(k, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


class Stats:
    def __init__(self):
        self.matches = 0
        self.wins = 0
        self.hands = 0
        self.points = 0
        self.contracts = 0
        self.made = 0
        self.bids = 0  # player-hands
        self.nils = 0
        self.nils_made = 0
        self.blind = 0
        self.blind_made = 0
        self.bags = 0
        self.bostons = 0


def make_match(game, seed, target):
    if game == "spades4":
        from engine.spades import Match
    else:
        from engine.spades2 import Match
    return Match(seed, target=target)


def play_match(game, seed, levels, budget, stats_by_side, target, hand_cap=300):
    """levels[side]: level name of partnership (player) side. Returns the winner side."""
    m = make_match(game, seed, target)
    n = 4 if game == "spades4" else 2
    side_of = [(s & 1) if n == 4 else s for s in range(n)]
    from arena_hands import make_bot
    bots = [make_bot(s, levels[side_of[s]], seed * 8 + s, budget, m) for s in range(n)]
    hands = 0
    while m.phase != MATCH_OVER:
        if m.phase == HAND_OVER:
            hands += 1
            if hands > hand_cap:
                break
            m.apply(NEXT_HAND)
            continue
        s = m.to_move
        before = list(m.scores)
        a = bots[s].act(m.observation(s))
        m.apply(a, s)
        if m.phase in (HAND_OVER, MATCH_OVER):
            record_hand(m, n, side_of, before, stats_by_side)
    w = m.winner
    for side in (0, 1):
        st = stats_by_side[side]
        st.matches += 1
        if w == side:
            st.wins += 1
    return w


def record_hand(m, n, side_of, before, stats_by_side):
    bids = list(m.bids)
    tricks = list(m.tricks)
    for side in (0, 1):
        st = stats_by_side[side]
        st.hands += 1
        st.points += m.scores[side] - before[side]
        members = [s for s in range(n) if side_of[s] == side]
        con = 0
        got = 0
        total = 0
        new_bags = 0
        for s in members:
            b = bids[s]
            st.bids += 1
            total += tricks[s]
            if b == 0 or b == BLIND_NIL:
                st.nils += 1
                ok = tricks[s] == 0
                st.nils_made += ok
                if b == BLIND_NIL:
                    st.blind += 1
                    st.blind_made += ok
                if not ok:
                    new_bags += tricks[s]
            else:
                con += b
                got += tricks[s]
        if con:
            st.contracts += 1
            if got >= con:
                st.made += 1
                new_bags += got - con
        else:
            new_bags += got
        st.bags += new_bags
        if total == 13:
            st.bostons += 1


def report(name, st):
    lo, hi = wilson(st.wins, st.matches)
    h = max(1, st.hands)
    print("%-8s wins %d/%d = %.3f (95%% %.3f-%.3f)  points/hand %.1f  contracts made %.3f (%d)"
          "  nil bid %.3f made %.3f (%d/%d)  blind/double nil %d made %d  bags/hand %.2f  Bostons %d"
          % (name, st.wins, st.matches, st.wins / max(1, st.matches), lo, hi, st.points / h,
             st.made / max(1, st.contracts), st.contracts, st.nils / max(1, st.bids),
             st.nils_made / max(1, st.nils), st.nils_made, st.nils, st.blind, st.blind_made,
             st.bags / h, st.bostons))


def level_name(x):
    """--a / --b: a bot level, hard-bids, or a sparring partner (arena_hands.spar_level)."""
    if x in LEVELS or x == "hard-bids" or x.endswith("-nonil") and x[:-6] in LEVELS:
        return x
    from arena_hands import modified_level, spar_level
    bl = modified_level(x)
    if bl is not None:
        level_name(bl[0])  # the base level must parse
        return x
    try:
        ok = spar_level(x)
        if ok and isinstance(ok[-1], str):
            from spar_ismcts import frozen_pick
            frozen_pick(ok[-1])  # the revision must hold a policy
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e))
    if ok is None:
        raise argparse.ArgumentTypeError("unknown level %r (%s, hard-bids, ismcts:<iterations>, seer)"
                                         % (x, ", ".join(LEVELS)))
    return x


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="spades4", choices=("spades4", "spades2"))
    ap.add_argument("--a", default="normal", type=level_name,
                    help="a level, hard-bids, ismcts:<iterations> or seer")
    ap.add_argument("--b", default="easy", type=level_name)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--hands", type=int, default=0,
                    help="duplicate hands from 0-0 in place of matches (tools/arena_hands.py)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", type=int, default=500)
    ap.add_argument("--budget", type=int, default=None, help="hard's budget (card plays)")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--jobs", type=int, default=1,
                    help="with --hands: processes sharing the deals (the same figures)")
    ap.add_argument("--dump", default=None,
                    help="with --hands: each deal's margins to this file (tools/arena_pair.py)")
    args = ap.parse_args(argv)
    from engine.bots.spades_bot import HARD_BUDGET
    budget = args.budget or HARD_BUDGET
    if args.hands:
        import arena_hands
        arena_hands.run(args.game, args.a, args.b, args.hands, args.seed, budget, args.quiet,
                         dump=args.dump, jobs=args.jobs)
        return 0
    pairs = (args.games + 1) // 2
    A = Stats()
    B = Stats()
    t0 = time.time()
    for i in range(pairs):
        seed = args.seed * 100003 + i
        for swap in (0, 1):
            if swap:
                by_side = [B, A]
                levels = [args.b, args.a]
            else:
                by_side = [A, B]
                levels = [args.a, args.b]
            play_match(args.game, seed, levels, budget, by_side, args.target)
        if not args.quiet and (i + 1) % 5 == 0:
            lo, hi = wilson(A.wins, A.matches)
            print("... %d matches: a wins %d (%.3f, 95%% %.3f-%.3f) %.0fs"
                  % (A.matches, A.wins, A.wins / A.matches, lo, hi, time.time() - t0), flush=True)
    print("game %s  a=%s  b=%s  seed %d  target %d  budget %d" % (args.game, args.a, args.b,
                                                                  args.seed, args.target, budget))
    report("a:" + args.a, A)
    report("b:" + args.b, B)
    lo, hi = wilson(A.wins, A.matches)
    print("result: a_win_rate=%.3f ci95=%.3f-%.3f games=%d" % (A.wins / max(1, A.matches), lo, hi, A.matches))
    return 0


if __name__ == "__main__":
    sys.exit(main())

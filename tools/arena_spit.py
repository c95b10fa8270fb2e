"""Spit arena: bot levels against each other on a simulated clock.

    python tools/arena.py --game spit --levels            # every pair, 200 matches each
    python tools/arena.py --game spit --a 5 --b 1 --matches 200
    python tools/arena.py --game spit --levels --mode points

Each pairing plays `--matches` matches (seeds differ per match; the seats swap every
match). A match that reaches the round cap counts as unfinished (neither wins).
The table gives the row level's win rate against the column level. The last line is
`result: ladder_ok=<0|1> top_vs_1=<x>`: ladder_ok is 1 when every level beats the
one below it in more than half of their matches and the top level beats level 1 in
at least 90%.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine.spit import Spit  # noqa: E402
from engine.bots.spit_bot import SpitBot, MAX_LEVEL  # noqa: E402
from engine.spit_match import play_match  # noqa: E402


def pairing(a, b, matches, seed, mode, max_rounds=200):
    """Level a against level b: (a wins, b wins, unfinished, rounds played)."""
    wins = [0, 0, 0]
    rounds = 0
    for i in range(matches):
        s = seed * 1000003 + a * 10007 + b * 101 + i
        g = Spit(s, mode)
        if i & 1:
            w = play_match(g, SpitBot(b, s + 1), SpitBot(a, s + 2), max_rounds)
            w = -1 if w < 0 else 1 - w
        else:
            w = play_match(g, SpitBot(a, s + 1), SpitBot(b, s + 2), max_rounds)
        wins[w] += 1
        rounds += g.round_no
    return wins[0], wins[1], wins[2], rounds


def table(matches, seed, mode, out=print):
    n = MAX_LEVEL
    rate = [[None] * (n + 1) for _ in range(n + 1)]
    t0 = time.time()
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            wa, wb, un, rounds = pairing(a, b, matches, seed, mode)
            rate[a][b] = wa / matches
            rate[b][a] = wb / matches
            out("L%d vs L%d: %d-%d (%d unfinished), %.1f rounds a match"
                % (a, b, wa, wb, un, rounds / matches))
    out("")
    out("win rate of row level vs column level, %d %s matches each (%.0fs)"
        % (matches, mode, time.time() - t0))
    out("       " + "".join("   L%d " % b for b in range(1, n + 1)))
    for a in range(1, n + 1):
        cells = []
        for b in range(1, n + 1):
            cells.append("    - " if a == b else " %4.0f%%" % (100 * rate[a][b]))
        out("  L%d  " % a + "".join(cells))
    ladder = all(rate[a][a - 1] > 0.5 for a in range(2, n + 1))
    top = rate[n][1]
    ok = ladder and top >= 0.9
    out("result: ladder_ok=%d top_vs_1=%.3f" % (1 if ok else 0, top))
    return ok


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="spit", choices=("spit",))
    ap.add_argument("--levels", action="store_true", help="the table of every pair")
    ap.add_argument("--a", type=int, default=MAX_LEVEL)
    ap.add_argument("--b", type=int, default=1)
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mode", default="standard", choices=("standard", "points"))
    args = ap.parse_args(argv)
    if args.levels:
        return 0 if table(args.matches, args.seed, args.mode) else 1
    wa, wb, un, rounds = pairing(args.a, args.b, args.matches, args.seed, args.mode)
    print("L%d vs L%d: %d-%d (%d unfinished), %.1f rounds a match"
          % (args.a, args.b, wa, wb, un, rounds / args.matches))
    print("result: a_win_rate=%.3f games=%d" % (wa / args.matches, args.matches))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Spit arena: bot levels against each other on a simulated clock.

    python tools/arena.py --game spit --levels            # every pair, 200 matches each
    python tools/arena.py --game spit --a 5 --b 1 --matches 200
    python tools/arena.py --game spit --levels --mode points
    python tools/arena.py --game spit --human             # a person on buttons vs each level

Each pairing plays `--matches` matches (seeds differ per match; the seats swap every
match). A match that reaches the round cap counts as unfinished (neither wins).
The table gives the row level's win rate against the column level. The last line is
`result: ladder_ok=<0|1> top_vs_1=<x>`: ladder_ok is 1 when every level beats the
one below it in more than half of their matches and the top level beats level 1 in
at least 90%.

--human: a scripted person in seat 0 (seat 1 a bot) plays through the Table's human
seat, as the screen does: the best move it sees (the top level's choice, no noise),
pressed a fixed delay after the move became visible or after its own previous move,
whichever is later; a move decided before the bot's card changed the pile lands only
if it still fits (3.4: else VOID, and it looks again). It slaps the smaller pile the
same delay after the round ends; it never presses A to spit early (the table calls
Spit! 700 ms into a stalemate; the bots' own call counts on the screen only). The
table gives the rounds it wins (emptied first; a stalemate round goes to the one left
holding fewer cards) against each level, and the bots' ladder by matches; the last
line is
`result: l1_vs_2500=.. l3_vs_1300=.. l5_vs_800=.. l5_vs_500=.. ladder_min=.. ladder_max=..`.
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
from engine.spit_match import Table, play_match  # noqa: E402
from engine import spit as S  # noqa: E402

DELAYS = (2500, 1800, 1300, 1000, 800, 500)  # the scripted person's ms per move


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


class Person:
    """Seat 0 on buttons: a fixed delay per move, the best move it sees."""

    def __init__(self, delay, seed):
        self.delay = delay
        self.mind = SpitBot(MAX_LEVEL, seed)
        self.v = S.View()

    def plan(self, g, since, last):
        """(time, action) of its next press, or None: nothing to do now. `since`:
        when the board last changed; `last`: its own previous press."""
        v = g.observation(0, self.v)
        t = (since if since > last else last) + self.delay
        if g.phase == S.PH_SLAP:
            if v.slapped:
                return None
            return t, S.SLAP + (0 if v.pile_counts[0] <= v.pile_counts[1] else 1)
        if g.phase != S.PH_PLAY:
            return None
        a, _ = self.mind.choose(v, 9)  # every skill, no noise, nothing overlooked
        return None if a < 0 else (t, a)


class _Rounds:
    """The Table's hook: who won each round (emptied first; after a stalemate, the
    one left holding fewer cards; equal: half each)."""

    def __init__(self):
        self.won = [0, 0]  # in half rounds
        self.emptied = 0

    def __call__(self, g, p, action, t, r):
        if action < S.SPIT and g.phase != S.PH_PLAY and g.ended == S.END_EMPTY:
            self.emptied = p  # this play emptied p's stockpiles (3.6)
        if g.phase < S.PH_ROUND_OVER or action == S.NEXT_ROUND:
            return
        if g.ended == S.END_EMPTY:
            self.won[self.emptied] += 2
            return
        a, b = g.cards_held(0), g.cards_held(1)
        if a == b:
            self.won[0] += 1
            self.won[1] += 1
        else:
            self.won[0 if a < b else 1] += 2


def person_match(level, delay, seed, mode, max_rounds=200):
    """A scripted person (seat 0) against a bot: (rounds won by each, winner or -1)."""
    g = S.Spit(seed, mode)
    rounds = _Rounds()
    tab = Table(g, [None, SpitBot(level, seed + 1)], hook=rounds)
    who = Person(delay, seed + 2)
    since = last = 0
    plan = None
    while g.phase != S.PH_MATCH_OVER:
        if g.phase == S.PH_ROUND_OVER and g.round_no >= max_rounds:
            return rounds.won, -1
        if plan is None:
            plan = who.plan(g, since, last)
        t = tab.due()
        if plan is not None and (t < 0 or plan[0] < t):
            last = plan[0]
            tab.human(0, plan[1], last)
            plan = None
            continue
        if t < 0:
            raise RuntimeError("spit arena: nobody can act in phase %d" % g.phase)
        before = g.phase
        n = len(g.piles[0]) * 64 + len(g.piles[1])
        tab.step()
        if g.phase != before or len(g.piles[0]) * 64 + len(g.piles[1]) != n:
            since = t  # something new to see
            if g.phase != S.PH_PLAY:
                plan = None
    return rounds.won, g.winner


def person_table(matches, seed, mode, out=print):
    """Round-win rate of the scripted person at each delay against each level."""
    rate = {}
    t0 = time.time()
    out("rounds won by a person on buttons (ms per move) vs each level, %d matches each"
        % matches)
    out("  ms   " + "".join("   L%d " % b for b in range(1, MAX_LEVEL + 1)))
    for delay in DELAYS:
        cells = []
        for level in range(1, MAX_LEVEL + 1):
            won = [0, 0]
            for i in range(matches):
                w, _ = person_match(level, delay, seed * 1000003 + level * 7919 + i, mode)
                won[0] += w[0]
                won[1] += w[1]
            rate[delay, level] = won[0] / max(1, won[0] + won[1])
            cells.append(" %4.0f%%" % (100 * rate[delay, level]))
        out("  %4d " % delay + "".join(cells))
    out("(%.0fs)" % (time.time() - t0))
    return rate


def human(matches, seed, mode, ladder_matches=None, out=print):
    """--human: the person's round-win table, the bots' ladder, the result line."""
    rate = person_table(matches, seed, mode, out)
    lm = ladder_matches or matches
    ladder = []
    for a in range(2, MAX_LEVEL + 1):
        wa, wb, un, rounds = pairing(a, a - 1, lm, seed, mode)
        ladder.append(wa / lm)
        out("L%d vs L%d: %d-%d (%d unfinished), %.1f rounds a match"
            % (a, a - 1, wa, wb, un, rounds / lm))
    out("result: l1_vs_2500=%.3f l3_vs_1300=%.3f l5_vs_800=%.3f l5_vs_500=%.3f "
        "ladder_min=%.3f ladder_max=%.3f"
        % (rate[2500, 1], rate[1300, 3], rate[800, 5], rate[500, 5], min(ladder), max(ladder)))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="spit", choices=("spit",))
    ap.add_argument("--levels", action="store_true", help="the table of every pair")
    ap.add_argument("--a", type=int, default=MAX_LEVEL)
    ap.add_argument("--b", type=int, default=1)
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mode", default="standard", choices=("standard", "points"))
    ap.add_argument("--human", action="store_true", help="a person on buttons vs each level")
    args = ap.parse_args(argv)
    if args.human:
        return human(args.matches, args.seed, args.mode)
    if args.levels:
        return 0 if table(args.matches, args.seed, args.mode) else 1
    wa, wb, un, rounds = pairing(args.a, args.b, args.matches, args.seed, args.mode)
    print("L%d vs L%d: %d-%d (%d unfinished), %.1f rounds a match"
          % (args.a, args.b, wa, wb, un, rounds / args.matches))
    print("result: a_win_rate=%.3f games=%d" % (wa / args.matches, args.matches))
    return 0


if __name__ == "__main__":
    sys.exit(main())

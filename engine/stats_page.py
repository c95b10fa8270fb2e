"""The statistics page's methods of a Stats (engine/stats.py PAGE): the screen's rows,
percentages and a game's reset. Loaded per call (engine/lazy.py), never in a game's heap.
Each takes the Stats `s` first."""
from engine.stats import (BAG_PENALTIES, BLIND_NILS, BLIND_NILS_MADE, BOSTONS, CONTRACTS,
                          CONTRACTS_MADE, FASTEST_ROUND, HANDS, MATCHES, NILS, NILS_MADE, ROUNDS,
                          ROUNDS_WON, WINS)


def percent(s, game, made, tried):
    """made / tried as a whole percentage (rounded down), or None if none tried."""
    t = s.counts[game][tried]
    if t == 0:
        return None
    return s.counts[game][made] * 100 // t


def reset_game(s, game):
    row = s.counts[game]
    for i in range(len(row)):
        row[i] = 0


def lines(s, game):
    """(label, text) rows for the statistics screen of one game."""
    c = s.counts[game]
    if game == 2:
        best = c[FASTEST_ROUND]
        return (
            ("Matches played", "%d" % c[MATCHES]),
            ("Matches won", "%d" % c[WINS]),
            ("Rounds played", "%d" % c[ROUNDS]),
            ("Rounds won", "%d" % c[ROUNDS_WON]),
            ("Fastest round", "%d.%d s" % (best // 10, best % 10) if best else "-"),
        )
    pct = percent(s, game, CONTRACTS_MADE, CONTRACTS)
    return (
        ("Matches played", "%d" % c[MATCHES]),
        ("Matches won", "%d" % c[WINS]),
        ("Hands", "%d" % c[HANDS]),
        ("Contracts made", "%d/%d %s" % (c[CONTRACTS_MADE], c[CONTRACTS],
                                         "-" if pct is None else "%d%%" % pct)),
        ("Nils made", "%d/%d" % (c[NILS_MADE], c[NILS])),
        ("Double nils made" if game == 1 else "Blind nils made",
         "%d/%d" % (c[BLIND_NILS_MADE], c[BLIND_NILS])),
        ("Bostons", "%d" % c[BOSTONS]),
        ("Bag penalties", "%d" % c[BAG_PENALTIES]),
    )

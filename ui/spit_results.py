"""The texts of the Spit results panels (RULES 3.6-3.8): a round's end, who took which
pile, and the match's end (standard: who ran out; points: the points table)."""
from engine import spit as S

_NONE = 255
_SIDE = ("left", "right")
GAME_SPIT = 2  # engine.storage.GAME_SPIT


def round_lines(g, emptied, sizes, best_tenths):
    """The round results: who emptied first, the piles taken (with the sizes they had),
    the cards held, the points; the fastest round when this one beat it (else -1)."""
    if emptied == 0:
        head = "You emptied first!"
    elif emptied == 1:
        head = "The bot emptied first"
    else:
        head = "Stalemate: no moves"
    texts = [head, _took(g, 0, sizes), _took(g, 1, sizes),
             "Cards: you %d, bot %d" % (g.cards_held(0), g.cards_held(1))]
    if g.mode == S.POINTS:
        texts.append("Points: you %d, bot %d" % (g.scores[0], g.scores[1]))
    if best_tenths >= 0:
        texts.append("Fastest round: %d.%d s" % (best_tenths // 10, best_tenths % 10))
    while len(texts) < 7:
        texts.append("")
    texts.append("A: next round")
    return texts


def _took(g, p, sizes):
    who = "You" if p == 0 else "Bot"
    k = g.took[p]
    if k == _NONE:
        return who + " took no pile"
    if g.one_pile >= 0:
        return "%s took the %d cards" % (who, sizes[k])  # the one pile (3.7)
    return "%s took %s: %d cards" % (who, _SIDE[k], sizes[k])


def match_lines(scr):
    """The match results' lines: standard, who ran out; points, the points table."""
    g = scr.game
    out = []
    if g.mode != S.POINTS:
        out.append("You have no cards left" if g.winner == 0 else "The bot has no cards left")
        out.append("after %d rounds." % g.round_no)
        out.append("")
        st = scr.stats
        out.append("All-time rounds: %d/%d" % (st.get(GAME_SPIT, 3), st.get(GAME_SPIT, 2)))
        out.append("All-time matches: %d/%d" % (st.get(GAME_SPIT, 1), st.get(GAME_SPIT, 0)))
    else:
        out.append("Lowest score wins")
        out.append("Round    You   Bot")
        h = scr.history
        n = len(h) // 2
        first = n - 4 if n > 4 else 0
        base0, base1 = scr.hist_base
        for r in range(first):
            base0 += h[2 * r]
            base1 += h[2 * r + 1]
        if base0 or base1:
            out.append("%-6s %5d %5d" % ("before", base0, base1))
        start = g.round_no - n
        for r in range(first, n):
            out.append("%-6d %5d %5d" % (start + r + 1, h[2 * r], h[2 * r + 1]))
        out.append("%-6s %5d %5d" % ("Total", g.scores[0], g.scores[1]))
    while len(out) < 7:
        out.append("")
    out.append("A: back to the menu")
    return out



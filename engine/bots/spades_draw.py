"""Two-player Spades bot choices before the bidding (RULES 2.2, 2.4): Double Nil,
keep or reject the drawn card, the cards to replace after Double Nil. A module of its
own: the four-player bots never load it.
"""
from engine.bots import spades_bid as bd
from engine.tricks import (DOUBLE_NIL, NO_DOUBLE_NIL, KEEP, REJECT, DISCARD, DISCARD_DONE, DECLARE, DRAW,
                           DISCARDING)


def legal2(v):
    """The legal actions of the phases before two players bid (spades_bot.legal)."""
    ph = v.phase
    if ph == DECLARE:
        return [DOUBLE_NIL, NO_DOUBLE_NIL]
    if ph == DRAW:
        return [KEEP, REJECT]
    ch = v.discarded
    if len(ch) >= 3:
        return [DISCARD_DONE]
    out = [DISCARD + c for c in v.hand if c not in ch]
    out.append(DISCARD_DONE)
    return out


def decide(bot, v, level):
    """The action for v.phase (DECLARE, DRAW or DISCARDING), and why (bot.why, the
    kinds of spades_bot: 53 (53, 1 if Double Nil, their score, points behind); 54
    (54, 1 if kept, the drawn card, 1 if a Double Nil hand); 56 (56, card replaced,
    or -1: no more)."""
    me = v.seat
    if v.phase == DECLARE:
        dn = double_nil_wanted(v, level)
        bot.why = (53, 1 if dn else 0, v.scores[1 - me], v.scores[1 - me] - v.scores[me])
        return DOUBLE_NIL if dn else NO_DOUBLE_NIL
    if v.phase == DRAW:
        keep = keep_card(v, v.drawn, level, bot.rng)
        bot.why = (54, 1 if keep else 0, v.drawn, 1 if v.declared[me] == 2 else 0)
        return KEEP if keep else REJECT
    done = v.discarded
    for c in double_nil_discards(v.hand, level):
        if c not in done:
            if len(done) >= 3:
                break
            bot.why = (56, c)
            return DISCARD + c
    bot.why = (56, -1)
    return DISCARD_DONE


def double_nil_wanted(v, level):
    if level < 2 or not v.blind_nil:
        return False
    me = v.seat
    behind = v.scores[1 - me] - v.scores[me]
    # made about a third of the time: only when the opponent wins with its next hand
    # and an ordinary hand cannot catch up (normal waits longer than hard)
    if level == 2:
        return v.scores[1 - me] >= v.target - 50 and behind >= 300
    return v.scores[1 - me] >= v.target - 60 and behind >= 250


def keep_card(v, c, level, rng):
    """Keep the drawn card? (otherwise the next one is kept unseen)."""
    r = c % 13
    s = c // 13
    if level == 0:
        return rng.below(2) == 0
    nil = v.declared[v.seat] == 2
    if nil:
        return r <= 5 and not (s == 3 and r >= 4)
    if level == 3:
        # only a card that wins tricks itself beats the unknown one behind it
        return r >= 11 or (s == 3 and r >= 1)
    # a card is worth keeping when better than an average random card
    val = r
    if s == 3:
        val += 4
    if level == 1:
        return val >= 7
    have = bd.masks(v.hand)
    k = bd.count(have[s])
    if s != 3 and k >= 4 and r < 9:
        val += 1  # length in a side suit
    if s != 3 and k == 0 and r < 6:
        val -= 2
    return val >= 7


def double_nil_discards(hand, level):
    """Up to three most dangerous cards to replace (RULES 2.4)."""
    scored = []
    m = bd.masks(hand)
    for c in hand:
        s = c // 13
        r = c % 13
        low_cover = bd.count(m[s] & ((1 << r) - 1))
        d = r - 2 * low_cover + (3 if s == 3 else 0)
        if d >= 5:
            scored.append((d, c))
    scored.sort()
    scored.reverse()
    return [c for d, c in scored[:3]]


# ---- the bot ----


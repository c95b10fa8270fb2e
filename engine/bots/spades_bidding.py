"""The Spades bots' choices before the cards are played: Blind Nil or a look at the
cards, the bid, the Blind Nil exchange (RULES 1.4), and for two players Double Nil,
the draw and the replaced cards (spades_draw.decide). spades_bot imports it for the
first such choice of a hand and drops it at the hand's first card: none of it is in the
heap while the cards are played and the search needs the room. Each choice's reason goes to bot.why
(the kinds: spades_bot).
"""
from engine.bots import spades_bid as bd
from engine.bots.spades_track import const
from engine.tricks import BID, BLIND_NIL, LOOK, PASS, BIDDING, EXCHANGE, DECLARE, DRAW, DISCARDING


def _side(v, seat):
    return seat & 1 if len(v.bids) == 4 else seat


# ---- bidding ----

HARD_ROUND = 2  # hard rounds its estimate down: contracts first (with spade length
# counted in full, 1 -> 2 gained ~1.5 bag-charged points a hand, contracts ~95%, two
# tuning seeds of 200 duplicate hands)
_HARD_NIL_SHADE = const(1)  # hard bids one less over an opponent's Nil (contracts 88% -> 90%)
NIL_RISK = (0, 4, 5, 13)  # by level index: random, easy, normal, hard (hard 10 -> 13:
# +1.1 and +1.5 bag-charged points on the tuning seeds, more Nils made less often)
LOW_NIL = 15  # hard: more Nil risk allowed where it would bid 1 on no tricks (10 ->
# 15: +0.3 and +0.2 bag-charged points on the tuning seeds)
OPP_NIL_RISK = (5, 5, 5, 8)  # less over an opponent's Nil: this side plays to set it
# hard goes Blind Nil whatever the score over a partner who bid this many: with the
# exchange its Blind Nils were made 96-98% of the time and the partner made the side's
# contract (against normal, 300 duplicate deals, bag-charged points a deal: +45 and +57
# on seeds 906 and 909, where the rule before, from 50 behind, gave +12 and +14; over a
# 3, +87 but a Blind Nil in nearly half the hands, over a 5 +27)
BLIND_OVER = 4


def blind_nil_wanted(v, level):
    """4p, before looking (RULES 1.4): from the bids so far and the scores only."""
    if level < 2 or not v.blind_nil:
        return False
    me = v.seat
    p = v.bids[me ^ 2]
    if p == 0 or p == BLIND_NIL:
        return False
    theirs = v.scores[1 - (me & 1)]
    behind = theirs - v.scores[me & 1]
    h = level == 3  # normal's Blind Nils are made less often: a last resort only
    if h and p >= BLIND_OVER:
        return True
    # and a partner to cover (hard: from 50 behind, or one yet to bid from 150); hard's
    # are made nine times in ten since the exchange passes its spades first
    return (behind >= 250 - 200 * h and (h or theirs >= v.target - 100)
            and (p >= 4 or h and p < 0 and behind >= 150))


# why kinds of the choices before the play (their text: ui/spades_why.py)
_W_NIL = const(50)  # (50, 0, tricks x10, Nil risk x10, the risk allowed)
_W_BID = const(51)  # (51, bid, tricks x10, the estimate rounded, changes, then clubs,
# diamonds, hearts, spades: the suit's share x10 times 32 plus the honours counted,
# spades_bid.tricks10; then the ruffs x10)
_W_BLIND = const(52)  # (52, our score, their score, partner's bid)
# 53 to 54: two players' choices, spades_draw.decide
_W_PASS = const(55)  # (55, card, 1 if the Blind Nil bidder)
# 56: two players' Double Nil replacements, spades_draw.decide
# changes (_W_BID's last figure): bits for what moved the bid off the rounded estimate
_CH_BAGS = const(1)  # near 10 bags: one more
_CH_SHORT = const(2)  # the table's bids pass 13 (hard: reach 13): one less
_CH_NIL = const(4)  # over an opponent's Nil: one less
_CH_LUCK = const(8)  # easy's mistake
_CH_CLAMP = const(16)  # kept within 1..13


def choose_bid(v, m, level, rng, why=None):
    """The bid action; `why` (10 slots, or None) gets its _W_NIL / _W_BID reason."""
    n = len(v.bids)
    me = v.seat
    est = bd.tricks10(m, n, why)
    risk = bd.nil_risk(m, n)
    side = _side(v, me)
    behind = v.scores[1 - side] - v.scores[side]
    limit = NIL_RISK[level]
    if n == 4:
        p = v.bids[me ^ 2]
        if p == 0 or p == BLIND_NIL:
            limit = -99  # partner already Nil: bid for real and cover
        elif p >= 4:
            limit += 3
        # hard, on a quiet table: a bid of 1 on no tricks is mostly the partner's to make
        # (not beside a side J, Q, K or A with one card under it at most: it wins its
        # trick; a side A is estimated too high for this allowance anyway)
        low = level == 3 and est + HARD_ROUND < 10
        for x in m[:3]:
            if x >> 9 and bd.count(x) <= 2:
                low = False
        for o in (1, 3):
            if v.bids[(me + o) & 3] in (0, BLIND_NIL):
                limit -= OPP_NIL_RISK[level]
                low = False
        if low:
            # 100 ahead, less: the lead is kept with less risk
            limit += LOW_NIL if behind > -100 else LOW_NIL - 5
    if behind >= 150:
        limit += 4
    if level >= 2 and est <= 22 and risk <= limit or level == 1 and est <= 12 and risk <= limit:
        if why:
            why[0:5] = (_W_NIL, 0, est, risk, limit)
        return BID
    if n == 4:
        b = (est + (HARD_ROUND if level == 3 else 4)) // 10
    else:
        # two players share 13 tricks: a hand takes about est / 10 + 4.5 (measured
        # over policy playouts), bid a little under that
        b = (9 * est + 200) // 100
    b0 = b
    ch = 0
    if level == 1 and rng.below(4) == 0:
        b += rng.below(3) - 1
        ch = _CH_LUCK
    if level >= 2:
        if n == 4:
            if level == 2 and v.bags[side] >= 7 and b * 10 + 5 <= est:
                # near 10 bags: bid a half trick, not a whole one (sets cost more);
                # hard keeps its rounding: so stretched, its bids were made 78 in 100
                # and it won as many matches without them
                b += 1
                ch |= _CH_BAGS
            total = 0
            for x in v.bids:
                if x > 0 and x != BLIND_NIL:
                    total += x
            # everyone has bid and tricks are short: the sets fall on the greedy side
            # (hard: at 13 too, where every trick is needed)
            if total + b > 13 - (level == 3) and b > 1 and est % 10 < 5:
                b -= 1
                ch |= _CH_SHORT
            if level == 3 and _HARD_NIL_SHADE:
                for o in (1, 3):
                    x = v.bids[(me + o) & 3]
                    if (x == 0 or x == BLIND_NIL) and b > 1:
                        b -= 1  # tricks will go into setting that Nil
                        ch |= _CH_NIL
                        break
    if b < 1 or b > 13:
        b = 1 if b < 1 else 13
        ch |= _CH_CLAMP
    if why:  # the estimate's parts are in why[5:10] (tricks10)
        why[0:5] = (_W_BID, b, est, b0, ch)
    return BID + b


# after the reason kinds: a const named with _ is known only below its line
def decide(bot, v, lv):
    """The action of `bot` (its seat, its rng) at level index lv from observation v,
    before the play; bot.why gets the reason."""
    ph = v.phase
    me = bot.seat
    rng = bot.rng
    if ph == BIDDING:
        if not getattr(v, "looked", True):
            if blind_nil_wanted(v, lv):
                bot.why = (_W_BLIND, v.scores[me & 1], v.scores[1 - (me & 1)], v.bids[me ^ 2])
                return BLIND_NIL
            return LOOK
        why = bot.why = [0] * 10
        return choose_bid(v, bd.masks(v.hand), lv, rng, why)
    if ph == EXCHANGE:
        bidder = v.bids[me] == BLIND_NIL
        for c in bd.exchange_cards(v.hand, bidder):
            if c not in v.passed:
                bot.why = (_W_PASS, c, 1 if bidder else 0)
                return PASS + c
    if ph == DECLARE or ph == DRAW or ph == DISCARDING:  # two players only
        # kept till the first card, as this module is: loaded once a hand, not each draw
        # (a load a draw made every bot draw's frame ~60 board-ms slower)
        from engine.bots import spades_draw
        return spades_draw.decide(bot, v, lv)
    from engine.bots.spades_bot import legal
    return legal(v)[0]

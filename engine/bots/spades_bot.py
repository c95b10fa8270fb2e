"""Spades bots for both variants, levels random / easy / normal / hard, and the hint
for the human's seat. A bot reads only its own seat's observation.

    bot = Bot(seat, "hard", seed)
    action = bot.act(match.observation(seat))      # all at once
or, in slices between frames (only hard's card play takes more than one step):
    bot.begin(obs)
    while not bot.step(200):   # 200 playout card-plays per slice
        ...
    action = bot.result()
    hint = suggest(match.observation(0), "normal")  # the hint button
"""
from engine.rng import Rng
from engine.bots import spades_track as tr
from engine.bots import spades_bid as bd
from engine.tricks import (BID, BLIND_NIL, LOOK, NEXT_HAND, PASS, BIDDING, EXCHANGE, PLAY,
                           HAND_OVER, DECLARE, DRAW, DISCARDING)

from engine.bots.spades_track import const

LEVELS = ("random", "easy", "normal", "hard")
# hard's budget: card plays inside playouts per decision, redeals charged (board VM:
# a whole match of seed 4: p95 0.86 s, worst 1.09 s, tools/boardfit.py; 1,200 gave a
# worst of 1.29 s there)
HARD_BUDGET = 1050
SAMPLE_COST = 12  # what drawing one deal costs, in card plays


def _played_set(v):
    seen = bytearray(52)
    for c in v.history:
        seen[c] = 1
    return seen


def table(v):
    """This seat's Table (spades_track) from its observation: its hand, the cards
    still out, voids shown by failures to follow, the trick in progress."""
    n = len(v.bids)
    t = tr.Table(n)
    for s in range(n):
        b = v.bids[s]
        if b == BLIND_NIL:
            t.bid[s] = 0
            t.blind[s] = 1
        else:
            t.bid[s] = b
    for s in range(n):
        t.size[s] = 13
    for s in range(4):
        t.left[s] = 0x1FFF
    if n == 2:
        from engine.bots.spades_draw import dead  # two players only
        for c in dead(v):
            t.left[c // 13] &= ~(1 << (c % 13))
    t.bag_penalty = 1 if v.bag_penalty else 0
    # replay the cards played: voids, spades broken, tricks
    lead = v.leaders
    if len(lead):
        t.to_move = lead[0]
    was = [0] * 16  # the cards each seat has played (for the search's sampler)
    for c in v.history:
        s = t.to_move
        was[s * 4 + c // 13] |= 1 << (c % 13)
        t.play(s, c)
    t.was = was
    me = v.seat
    t.size[me] = len(v.hand)
    for c in v.hand:
        t.h[me * 4 + c // 13] |= 1 << (c % 13)
    if v.phase == PLAY:
        t.to_move = v.to_move
    return t


def unseen_cards(v, t):
    """Cards this seat has not seen: in other hands (or, two-player, on the pile)."""
    out = bytearray()
    me = v.seat
    for s in range(4):
        m = t.left[s] & ~t.h[me * 4 + s]
        r = 0
        while m:
            if m & 1:
                out.append(s * 13 + r)
            m >>= 1
            r += 1
    return out


def known_cards(v, t):
    """(seat, card) pairs this seat knows: the cards it passed to its partner."""
    got = getattr(v, "received", b"")
    if not got:
        return None
    p = v.seat ^ 2
    out = []
    for c in v.passed:
        if t.left[c // 13] & (1 << (c % 13)):
            out.append((p, c))
    return out


def legal(v, t=None):
    """The legal actions of v.seat, from its observation alone."""
    ph = v.phase
    if ph == PLAY:
        if t is None:
            t = table(v)
        out = []
        for s in range(4):
            m = t.legal_mask(v.seat, s)
            for r in range(13):
                if m & (1 << r):
                    out.append(s * 13 + r)
        return out
    if ph == BIDDING:
        if getattr(v, "looked", True):
            return list(range(BID, BID + 14))
        return [BLIND_NIL, LOOK]
    if ph == EXCHANGE:
        return [PASS + c for c in v.hand if c not in v.passed]
    if ph == HAND_OVER:
        return [NEXT_HAND]
    if ph == DECLARE or ph == DRAW or ph == DISCARDING:
        from engine.bots.spades_draw import legal2  # two players only
        return legal2(v)
    return []


def _side(v, seat):
    return seat & 1 if len(v.bids) == 4 else seat


# ---- bidding ----

HARD_ROUND = 2  # hard rounds its estimate down: contracts first (with spade length
# counted in full, 1 -> 2 gained ~1.5 bag-charged points a hand, contracts ~95%, two
# tuning seeds of 200 duplicate hands)
HARD_NIL_SHADE = 1  # hard bids one less over an opponent's Nil (contracts 88% -> 90%)
NIL_RISK = (0, 4, 5, 13)  # by level index: random, easy, normal, hard (hard 10 -> 13:
# +1.1 and +1.5 bag-charged points on the tuning seeds, more Nils made less often)
LOW_NIL = 10  # hard: more Nil risk allowed where it would bid 1 on no tricks
OPP_NIL_RISK = (5, 5, 5, 8)  # less over an opponent's Nil: this side plays to set it


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
    # and a partner to cover (hard: or one yet to bid); hard's from 150 behind were
    # made only half the time
    return behind >= 250 and (h or theirs >= v.target - 100) and (p >= 4 or h and p < 0)


# why a bot decided (Bot.why, small ints; their text: ui/spades_why.py): a card played
# by the policy is (spades_track.WHY[0], card, WHY[1]); the other kinds start with:
_W_SEARCH = const(40)  # (40, card, its mean x10, runner-up, its mean x10, deals, the
# policy's rule, the policy's card): Search.why
_W_RANDOM = const(41)  # (41, action)
_W_ONLY = const(42)  # (42, card): every sensible card is the same card
_W_TAKE = const(43)  # (43, card): last to play, the cheapest card that takes a needed trick
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
_CH_SHORT = const(2)  # the table's bids pass 13: one less
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
        low = level == 3 and est + HARD_ROUND < 10
        for o in (1, 3):
            if v.bids[(me + o) & 3] in (0, BLIND_NIL):
                limit -= OPP_NIL_RISK[level]
                low = False
        if low:
            limit += LOW_NIL
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
            if v.bags[side] >= 7 and b * 10 + 5 <= est:
                b += 1  # near 10 bags: bid a half trick, not a whole one (sets cost more)
                ch |= _CH_BAGS
            total = 0
            for x in v.bids:
                if x > 0 and x != BLIND_NIL:
                    total += x
            # everyone has bid and tricks are short: the sets fall on the greedy side
            if total + b > 13 and b > 1 and est % 10 < 5:
                b -= 1
                ch |= _CH_SHORT
            if level == 3 and HARD_NIL_SHADE:
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


_SEARCH = []


def _searcher():
    """One Search object shared by every hard bot (only one thinks at a time): its
    tables are allocated once."""
    if not _SEARCH:
        from engine.bots.spades_search import Search
        _SEARCH.append(Search(1))
    return _SEARCH[0]


class Bot:
    def __init__(self, seat, level="normal", seed=1, budget=HARD_BUDGET):
        self.seat = seat
        self.level = LEVELS.index(level) if isinstance(level, str) else level
        self.rng = Rng(seed * 4 + seat + 1)
        self.budget = budget
        self.search = None
        self._action = -1
        if self.level == 3:
            _searcher()  # long-lived: load and allocate it now, before the heap fragments

    def act(self, v):
        self.begin(v)
        while not self.step(100000):
            pass
        return self.result()

    def begin(self, v):
        """Start deciding for observation v (v.to_move must be this seat)."""
        self._action = -1
        self._searching = False
        self.why = None  # why it decided (the kinds above), once it has
        lv = self.level
        ph = v.phase
        if lv == 0:
            acts = legal(v)
            self._action = acts[self.rng.below(len(acts))]
            self.why = (_W_RANDOM, self._action)
            return
        if ph == PLAY:
            t = table(v)
            if lv == 3:
                srch = self.search = _searcher()
                srch.rng.seed(self.rng.next16() + 1)  # the bot's own seed: decisions replay
                done = self.search.start(t, self.seat, unseen_cards(v, t), self.budget,
                                         known_cards(v, t), SAMPLE_COST)
                self._searching = True
                if done:
                    self._searching = False
                    self._action = self.search.result()
                    self.why = self.search.why(self._action)
                    self.search.t = None
                    self.search.unseen = None
                return
            self._action = self._easy_play(v, t) if lv == 1 else tr.pick(t, self.seat)
            if self.why is None:  # the policy's card: the rule that chose it
                self.why = (tr.WHY[0], self._action, tr.WHY[1])
            return
        self._action = self._decide(v, lv)

    def step(self, n):
        """Spend up to n card plays of search; True when the action is ready."""
        if not self._searching:
            return True
        srch = self.search
        if srch.step(n):
            self._searching = False
            self._action = srch.result()
            self.why = srch.why(self._action)
            srch.t = None  # let this decision's table go
            srch.unseen = None
            return True
        return False

    def result(self):
        return self._action

    def _easy_play(self, v, t):
        # easy forgets which cards were played: everything it does not hold is out
        acts = legal(v, t)
        if self.rng.below(8) == 0:
            c = acts[self.rng.below(len(acts))]
            self.why = (_W_RANDOM, c)
            return c
        me = self.seat
        for s in range(4):
            t.left[s] = 0x1FFF
        for s in range(len(v.bids)):
            if s != me:
                t.void[s] = 0
        return tr.pick(t, me)

    def _decide(self, v, lv):
        ph = v.phase
        me = self.seat
        rng = self.rng
        if ph == BIDDING:
            if not getattr(v, "looked", True):
                if blind_nil_wanted(v, lv):
                    self.why = (_W_BLIND, v.scores[me & 1], v.scores[1 - (me & 1)], v.bids[me ^ 2])
                    return BLIND_NIL
                return LOOK
            why = self.why = [0] * 10
            return choose_bid(v, bd.masks(v.hand), lv, rng, why)
        if ph == EXCHANGE:
            bidder = v.bids[me] == BLIND_NIL
            for c in bd.exchange_cards(v.hand, bidder):
                if c not in v.passed:
                    self.why = (_W_PASS, c, 1 if bidder else 0)
                    return PASS + c
        if ph == HAND_OVER:
            return NEXT_HAND
        if ph == DECLARE or ph == DRAW or ph == DISCARDING:
            from engine.bots.spades_draw import decide  # two players only
            return decide(self, v, lv)
        acts = legal(v)
        return acts[0]


def suggest(v, level="normal", seed=0, budget=HARD_BUDGET):
    """The hint for the human's seat: what this level would do from observation v."""
    return Bot(v.seat, level, seed, budget).act(v)

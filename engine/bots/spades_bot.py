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
import sys

from engine import lazy
from engine.rng import Rng
from engine.bots import spades_track as tr
from engine.tricks import (BID, BLIND_NIL, LOOK, NEXT_HAND, PASS, BIDDING, EXCHANGE, PLAY,
                           HAND_OVER, DECLARE, DRAW, DISCARDING)

from engine.bots.spades_track import const

LEVELS = ("random", "easy", "normal", "hard")
# hard's budget: card plays inside playouts per decision, redeals charged (board VM:
# a whole match of seed 4: p95 0.86 s, worst 1.09 s, tools/boardfit.py; 1,200 gave a
# worst of 1.29 s there)
HARD_BUDGET = 1050
_SAMPLE_COST = const(12)  # what drawing one deal costs, in card plays


def _dead(v):
    """Two players: cards this seat put on the discard pile (it saw each, RULES 2.2)
    and its Double Nil discards; all out of play unless the opponent declared Double
    Nil (its replacements come from that pile, 2.4). Here, not in spades_draw, so that
    module is not in the heap while the cards are played."""
    if v.declared[1 - v.seat] == 2:
        return b""
    if v.phase == DISCARDING:
        return v.rejected
    return v.rejected + bytes(v.discarded)


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
        for c in _dead(v):
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


# why a bot decided (Bot.why, small ints; their text: ui/spades_why.py): a card played
# by the policy is (spades_track.WHY[0], card, WHY[1]); the other kinds start with:
_W_SEARCH = const(40)  # (40, card, its mean x10, runner-up, its mean x10, deals, the
# policy's rule, the policy's card): Search.why
_W_RANDOM = const(41)  # (41, action)
_W_ONLY = const(42)  # (42, card): every sensible card is the same card (the search, one candidate)
_W_TAKE = const(43)  # (43, card): last to play, the cheapest card that takes a needed trick
_W_FORCED = const(44)  # (44, card): the only legal card (1.5), whatever rule would have chosen it
# 50 to 52 and 55: the choices before the play, spades_bidding; 53, 54 and 56: two
# players' choices, spades_draw.decide


def seed(v):
    """The seed of a bot deciding from observation v: a function of the state alone,
    so a hand replayed with the same actions gets the same decisions (the table's bots,
    the hint, the review's par, engine/bots/spades_review.py)."""
    return (v.hand_no * 97 + len(v.history) * 5 + v.phase * 3 + len(getattr(v, "passed", b"")) +
            getattr(v, "stock", 0) * 7) & 0x3FFF


_SEARCH = []


def _searcher():
    """One Search object shared by every hard bot (only one thinks at a time): its
    tables are allocated at a hand's first card play and kept through the play."""
    if not _SEARCH:
        from engine.bots.spades_search import Search
        _SEARCH.append(Search(1))
    return _SEARCH[0]


_BIDDING = ("engine.bots.spades_bidding", "engine.bots.spades_draw")  # gone at the first card


def _let_search_go():
    """A hard bot's last card, and any choice before the play: the search and its
    module leave the heap until the next hand's play, so the hand's end (scores, the
    save) and the bidding's code have their room, not a hole beside them."""
    if _SEARCH:
        _SEARCH.pop()
    name = "engine.bots.spades_search"
    if name in sys.modules:
        lazy.forget(name)


class Bot:
    def __init__(self, seat, level="normal", seed=1, budget=HARD_BUDGET):
        self.seat = seat
        self.level = LEVELS.index(level) if isinstance(level, str) else level
        self.rng = Rng(seed * 4 + seat + 1)
        self.budget = budget
        self._action = -1
        self._searching = False
        self.why = None

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
            for name in _BIDDING:
                if name in sys.modules:
                    lazy.forget(name)
            if lv == 3 and len(v.hand) == 1:
                # the last trick: nothing to search, and the search's room goes to the
                # hand's end (scores, the save) and the next bidding
                self.rng.next16()  # as a search's seed would: the bot's sequence stays
                _let_search_go()
                self._action = v.hand[0]
                self.why = (_W_FORCED, self._action)
                return
            t = table(v)
            # a forced card's reason says so: a rule's words ("leads low") would not
            # fit the play (one legal card: the search has one candidate and is done)
            forced = len(legal(v, t)) == 1
            if lv == 3:
                # the shared search, never held by a bot: _let_search_go frees it
                srch = _searcher()
                srch.rng.seed(self.rng.next16() + 1)  # the bot's own seed: decisions replay
                done = srch.start(t, self.seat, unseen_cards(v, t), self.budget,
                                  known_cards(v, t), _SAMPLE_COST, v)
                self._searching = True
                if done:
                    self._searching = False
                    self._action = srch.result()
                    self.why = (_W_FORCED, self._action) if forced else srch.why(self._action)
                    srch.t = None
                    srch.unseen = None
                return
            self._action = self._easy_play(v, t) if lv == 1 else tr.pick(t, self.seat)
            if forced:
                self.why = (_W_FORCED, self._action)
            elif self.why is None:  # the policy's card: the rule that chose it
                self.why = (tr.WHY[0], self._action, tr.WHY[1])
            return
        self._action = self._decide(v, lv)

    def step(self, n):
        """Spend up to n card plays of search; True when the action is ready."""
        if not self._searching:
            return True
        srch = _SEARCH[0]
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
        # bids, the exchange, two-player draws: code the play never needs, in the
        # heap only while it runs (engine/bots/spades_bidding.py)
        if v.phase == HAND_OVER:
            return NEXT_HAND
        _let_search_go()
        # kept through the bids, the exchange and two players' draws: loaded once a
        # hand, not once a choice (each load needs room in a cut-up heap, and time);
        # the first card lets it go (begin)
        from engine.bots import spades_bidding
        return spades_bidding.decide(self, v, lv)


def suggest(v, level="normal", seed=0, budget=HARD_BUDGET):
    """The hint for the human's seat: what this level would do from observation v."""
    return Bot(v.seat, level, seed, budget).act(v)

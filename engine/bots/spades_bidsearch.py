"""Hard's optional bidding by playouts (spades_bot.HARD_BID_SEARCH): a module of its
own so the bots carry its code only when it is switched on.

Deal the unseen cards (fitting the bids made so far), give every seat still to bid the
plain bid of its sampled hand, play each deal out with the policy once with this seat
bidding for tricks and once bidding Nil, then choose the bid with the best average
score for the side. Sliced like spades_search.Search.
"""
from engine.bots import spades_track as tr
from engine.bots import spades_bid as bd
from engine.bots.spades_bid import guess_bid
from engine.bots.spades_search import playout, BAG_COST
from engine.tricks import BID, BLIND_NIL


MAX_BID_DEALS = 48


def _contract_points(tricks, contract, bag_cost):
    if contract <= 0:
        return 0
    if tricks >= contract:
        return 10 * contract + (tricks - contract) * (1 - bag_cost)
    return -10 * contract


class BidSearch:

    def __init__(self, srch):
        self.s = srch  # borrows the Search's tables, rng and buffers
        self.tr = bytearray(MAX_BID_DEALS)  # side tricks (this seat + partner bidding)
        self.pb = bytearray(MAX_BID_DEALS)  # partner's bid on that deal (0: none)
        self.nil_ok = bytearray(MAX_BID_DEALS)
        self.ptr = bytearray(MAX_BID_DEALS)  # partner's tricks when this seat bids Nil

    def start(self, t, seat, unseen, budget, my_bid, leader, try_nil, sample_cost=12):
        s = self.s
        if s.deal is None or s.deal.n != t.n:
            s.deal = tr.Table(t.n)
            s.work = tr.Table(t.n)
        s.was = getattr(t, "was", None)
        s.blind_fit = 0  # before the exchange a Blind Nil hand is any hand
        s.t = t
        s.seat = seat
        s.unseen = unseen
        s.fixed = None
        s.sample_cost = sample_cost
        s.spent = 0
        self.budget = budget
        self.my_bid = my_bid
        self.leader = leader
        self.try_nil = try_nil
        self.k = 0
        return False

    def step(self, n):
        s = self.s
        t = s.t
        seat = s.seat
        nn = t.n
        deal = s.deal
        w = s.work
        m = s.scratch
        p = seat ^ 2 if nn == 4 else -1
        while n > 0:
            if self.k >= MAX_BID_DEALS or (s.spent >= self.budget and self.k >= 4):
                return True
            s._draw()
            # the seats still to bid bid plainly with their sampled hands
            for o in range(nn):
                if o != seat and deal.bid[o] < 0:
                    for x in range(4):
                        m[x] = deal.h[o * 4 + x]
                    deal.bid[o] = guess_bid(m, nn)
            deal.to_move = self.leader
            k = self.k
            pb = deal.bid[p] if p >= 0 else 0
            self.pb[k] = pb if pb > 0 else 0
            w.copy_from(deal)
            w.bid[seat] = self.my_bid
            playout(w)
            got = w.taken[seat]
            if p >= 0 and pb > 0:
                got += w.taken[p]
            self.tr[k] = got
            cost = nn * 13
            if self.try_nil:
                w.copy_from(deal)
                w.bid[seat] = 0
                playout(w)
                self.nil_ok[k] = 1 if w.taken[seat] == 0 else 0
                self.ptr[k] = w.taken[p] if p >= 0 else 0
                cost += nn * 13
            s.spent += cost
            n -= cost
            self.k = k + 1
        return False

    def result(self):
        """(best numeric bid, its average points x k, Nil's average x k or None, Nil
        made count, deals)."""
        k = self.k
        best = 1
        bestv = None
        bc = BAG_COST
        for b in range(1, 14):
            v = 0
            for i in range(k):
                v += _contract_points(self.tr[i], b + self.pb[i], bc)
            if bestv is None or v > bestv:
                bestv = v
                best = b
        nilv = None
        ok = 0
        if self.try_nil:
            nilv = 0
            for i in range(k):
                ok += self.nil_ok[i]
                nilv += (100 if self.nil_ok[i] else -100) + _contract_points(self.ptr[i], self.pb[i], bc)
        return best, bestv, nilv, ok, k


def begin_bid(bot, v):
    from engine.bots import spades_bot as sb
    me = bot.seat
    n = len(v.bids)
    t = sb.table(v)
    m = bd.masks(v.hand)
    heur = sb.choose_bid(v, m, 2, bot.rng) - BID
    try_nil = bd.nil_risk(m, n) <= 30 and bd.tricks10(m, n) <= 30
    if n == 4:
        p = v.bids[me ^ 2]
        if p == 0 or p == BLIND_NIL:
            try_nil = False
        leader = (v.dealer + 1) & 3
    else:
        leader = v.first ^ 1
    srch = sb._searcher()
    srch.rng.seed(bot.rng.next16() + 1)
    bs = BidSearch(srch)
    bs.start(t, me, sb.unseen_cards(v, t), 2 * bot.budget, heur if heur > 0 else 1,
             leader, try_nil, sb.SAMPLE_COST)
    return bs


def bid_result(bs):
    best, bestv, nilv, ok, k = bs.result()
    if nilv is not None and nilv > bestv and ok * 4 >= k * 3:
        return BID  # Nil, made on at least 3 deals in 4
    return BID + best

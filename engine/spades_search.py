"""Hard Spades play: sample deals of the unseen cards consistent with what this seat
has seen, play each candidate card out on every sampled deal with the fast policy
(spades_track.pick), keep the candidate with the best average hand value.

The budget is a number of playouts (one candidate on one deal), never a clock, so a
seed gives the same answer on every port. The UI runs it in slices:

    s = Search(seed)
    s.start(table, seat, unseen, budget)
    while not s.step(4):   # a few playouts per frame
        ...                # draw a frame, read buttons
    card = s.result()
"""
from engine.rng import Rng
from engine import spades_track as tr
from engine.spades_bid import tricks10, nil_risk, guess_bid

MARGIN = 4  # points per deal another card must gain over the policy's
EDGE = 2  # ... and must beat it on this many more deals than it loses
MAX_CANDS = 5
TRIES = 6  # deals drawn per sample; the one that fits the bids best is played

BAG_COST = 6  # a bag scores 1 now and costs 100/10 later (less: it may never count)
SET_COST = 30


def candidates(t, seat):
    """Legal cards of seat, one per run of equivalent cards (no outstanding card of
    another seat lies between them), lowest of each run."""
    out = []
    b = seat * 4
    for s in range(4):
        m = t.legal_mask(seat, s)
        if not m:
            continue
        others = t.left[s] & ~t.h[b + s]
        prev = -2
        r = 0
        while r < 13:
            if m & (1 << r):
                # equivalent to prev when nothing of others' lies between
                if prev < 0 or (others >> (prev + 1)) & ((1 << (r - prev - 1)) - 1):
                    out.append(s * 13 + r)
                prev = r
            r += 1
    return out


_ROOM = [0] * 5  # seats' room while dealing (4: the two-player pile)


def sample(t, seat, unseen, n_unseen, rng, out, buf, fixed=None):
    """Fill `out` (a Table) with t plus the other seats' hands drawn from the
    `n_unseen` first cards of `unseen`: sizes as in t, no card in a suit its seat is
    known void in, `fixed` (seat, card) pairs placed first. Two-player: the cards not
    given to the opponent lie on the discard pile (out of play). Returns attempts."""
    out.copy_from(t)
    n = t.n
    cap = out.void  # placeholder to keep names short below
    tries = 0
    while True:
        tries += 1
        h = out.h
        for o in range(n):
            if o != seat:
                for s in range(4):
                    h[o * 4 + s] = 0
        room = _ROOM
        for o in range(5):
            room[o] = 0
        for o in range(n):
            if o != seat:
                room[o] = t.size[o]
        room[4] = n_unseen - (room[0] + room[1] + room[2] + room[3])  # two-player: the discard pile
        for i in range(n_unseen):
            buf[i] = unseen[i]
        k = n_unseen
        if fixed:
            for o, c in fixed:
                j = 0
                while j < k and buf[j] != c:
                    j += 1
                if j < k and room[o] > 0:
                    h[o * 4 + c // 13] |= 1 << (c % 13)
                    room[o] -= 1
                    k -= 1
                    buf[j] = buf[k]
        _shuffle(rng, buf, k)
        strict = tries <= 30  # after 30 failures, place ignoring voids (never seen)
        ok = True
        for i in range(k):
            c = buf[i]
            s = c // 13
            bit = 1 << s
            tot = room[4]
            for o in range(n):
                if room[o] and not (strict and cap[o] & bit):
                    tot += room[o]
            if tot == 0:
                ok = False
                break
            x = rng.below(tot)
            o = 0
            while o < n:
                if room[o] and not (strict and cap[o] & bit):
                    x -= room[o]
                    if x < 0:
                        break
                o += 1
            if o < n:
                h[o * 4 + s] |= 1 << (c % 13)
                room[o] -= 1
            else:
                room[4] -= 1
        if ok:
            break
    if n == 2:
        for s in range(4):
            out.left[s] = h[s] | h[4 + s]
    return tries


def misfit(d, seat, was, m):
    """How far the sampled hands in Table d are from their owners' bids (x10 tricks
    beyond a tolerance): a seat that bid 5 rarely holds a hand worth 2. `was` holds
    the cards each seat has played (16 masks); m is a 4-entry scratch list."""
    n = d.n
    f = 0
    for o in range(n):
        b = d.bid[o]
        if o == seat or b < 0 or d.blind[o]:
            continue
        for s in range(4):
            m[s] = d.h[o * 4 + s] | was[o * 4 + s]
        if b == 0:
            x = nil_risk(m, n) - 25
        else:
            x = tricks10(m, n) - 10 * b
            if x < 0:
                x = -x
            x -= 12
        if x > 0:
            f += x
    return f


def _shuffle(rng, buf, k):
    i = k - 1
    while i > 0:
        j = rng.below(i + 1)
        buf[i], buf[j] = buf[j], buf[i]
        i -= 1


def playout(w, rng=None):
    """Play the hand in Table w to its end with the policy."""
    pick = tr.pick
    while True:
        seat = w.to_move
        if not w.size[seat]:
            return
        w.play(seat, pick(w, seat))


def value(w, seat):
    side = w.side(seat)
    other = 1 - side
    v = tr.hand_value(w, side, BAG_COST) - tr.hand_value(w, other, BAG_COST)
    if tr.side_need(w, seat) > 0:
        v -= SET_COST  # a set also costs the match's tempo: play safe for the contract
    return v


class Search:
    def __init__(self, seed=1):
        self.rng = Rng(seed)
        self.deal = None
        self.work = None
        self.buf = bytearray(52)
        self.cands = []
        self.total = [0] * 13
        self.edge = [0] * 13
        self.scratch = [0] * 4
        self.done = 0
        self.budget = 0

    def start(self, t, seat, unseen, budget, fixed=None, sample_cost=12):
        """t: this seat's Table (from spades_bot.table); unseen: the cards this seat
        has not seen (bytes-like); budget: card plays to spend in playouts, drawing a
        deal counting sample_cost. At least one deal is always played out. True when
        there is nothing to search (one candidate)."""
        if self.deal is None or self.deal.n != t.n:
            self.deal = tr.Table(t.n)
            self.work = tr.Table(t.n)
            self.trial = tr.Table(t.n)
        self.was = getattr(t, "was", None)
        self.t = t
        self.seat = seat
        self.unseen = unseen
        self.fixed = fixed
        self.cands = cands = candidates(t, seat)
        k = len(cands)
        # the policy's own card goes first: it keeps ties and near-ties
        if k > 1:
            p = tr.pick(t, seat)
            j = -1
            for i in range(k):
                if cands[i] // 13 == p // 13 and cands[i] <= p:
                    j = i
            if j > 0:
                cands[0], cands[j] = cands[j], cands[0]
        if k > MAX_CANDS:
            self._trim()
            k = len(cands)
        for i in range(13):
            self.total[i] = 0
            self.edge[i] = 0
        self.v0 = 0
        self.done = 0
        self.budget = budget if k > 1 else 0
        self.sample_cost = sample_cost
        self.spent = 0
        self.i = k  # the next candidate to try on the current deal (k: draw a deal)
        return self.budget == 0

    def step(self, n):
        """Spend about n card plays (whole playouts); True when the budget is spent.
        Deals are played out by every candidate: the search stops only between
        deals, so all candidates are compared on the same deals."""
        k = len(self.cands)
        deal = self.deal
        work = self.work
        seat = self.seat
        plays = self.t.size[seat] * self.t.n - self.t.played  # cards left in the hand
        while n > 0:
            if self.i >= k:
                if self.spent >= self.budget and self.done:
                    return True
                self._draw()
                self.i = 0
            work.copy_from(deal)
            work.play(seat, self.cands[self.i])
            playout(work)
            v = value(work, seat)
            i = self.i
            self.total[i] += v
            if i == 0:
                self.v0 = v
            elif v > self.v0:
                self.edge[i] += 1  # deals where this card beat the policy's
            elif v < self.v0:
                self.edge[i] -= 1
            self.i = i + 1
            if self.i >= k:
                self.done += 1
            self.spent += plays
            n -= plays
        return self.i >= k and self.spent >= self.budget

    def _draw(self):
        """Draw up to TRIES deals, keep the one closest to the bids in self.deal."""
        was = self.was
        tries = TRIES if was is not None else 1
        bestf = -1
        scratch = self.scratch
        for _ in range(tries):
            d = self.trial if tries > 1 else self.deal
            sample(self.t, self.seat, self.unseen, len(self.unseen), self.rng, d, self.buf, self.fixed)
            self.spent += self.sample_cost
            if tries == 1:
                return
            f = misfit(d, self.seat, was, scratch)
            if bestf < 0 or f < bestf:
                bestf = f
                self.deal.copy_from(d)
            if f == 0:
                return

    def result(self):
        """The candidate with the best total over the deals; the policy's card (first)
        unless another beats it by MARGIN points a deal."""
        k = len(self.cands)
        if k == 1:
            return self.cands[0]
        best = 0
        tot = self.total
        need = MARGIN * self.done
        for i in range(1, k):
            # deviate from the policy only on a clear gain over most deals
            if tot[i] - tot[0] > need and self.edge[i] >= EDGE and tot[i] > tot[best]:
                best = i
        return self.cands[best]

    def _trim(self):
        """Keep the policy's card and the lowest and highest of each suit."""
        c = self.cands
        keep = [c[0]]
        for s in range(4):
            lo = -1
            hi = -1
            for x in c:
                if x // 13 == s:
                    if lo < 0:
                        lo = x
                    hi = x
            for x in (lo, hi):
                if x >= 0 and x not in keep:
                    keep.append(x)
        c[:] = keep

    def run(self, t, seat, unseen, budget, fixed=None):
        self.start(t, seat, unseen, budget, fixed)
        while not self.step(1000):
            pass
        return self.result()


MAX_BID_DEALS = 48


def _contract_points(tricks, contract, bag_cost):
    if contract <= 0:
        return 0
    if tricks >= contract:
        return 10 * contract + (tricks - contract) * (1 - bag_cost)
    return -10 * contract


class BidSearch:
    """Hard's bid: deal the unseen cards (fitting the bids made so far), give every
    seat still to bid the plain bid of its sampled hand, play each deal out with the
    policy once with this seat bidding for tricks and once bidding Nil, then choose
    the bid with the best average score for the side. Sliced like Search."""

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
            s.trial = tr.Table(t.n)
        s.was = getattr(t, "was", None)
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

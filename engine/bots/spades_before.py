"""The review's scores of the player's choices before the cards are played
(engine/bots/spades_review.py): a bid (RULES 1.3, 2.3), Blind Nil or a look at the
cards (1.4), the three cards passed in a Blind Nil exchange (1.4), Double Nil declared
or not and the cards replaced after it (2.4).

The player's choice and the others worth weighing are each played out on the same
deals, drawn to fit what the player saw then: their hand (or, before they looked,
nothing of it: it is drawn too; before two players draw, the whole stock) and the bids
so far (two players: also the cards they put on the pile). On each deal the rest of what comes
before the play is the bots' at the table's level, hard's for the player (the bids
still to come, a Blind Nil exchange, two players' draws, the cards drawn in place of
replaced ones: the same draw for every choice), then the search's policy plays the hand out (spades_track.pick) and the
hand is measured as the search measures it (spades_track.value). Figures are kept
as the review keeps a card's: per other choice the sum, the sum of squares and the
sign count of its per-deal difference to the player's.

    s = Before(w, cands, level, budget, seed)  # w: the walk's Match, seat 0 to choose
    while not s.step(20):
        ...
    s.verdict()  # (the best other choice, its points a deal more x10, deals) or None

A bid is its action (BID + n), Blind Nil and a look theirs (BLIND_NIL, LOOK: then
hard's bid on the cards seen), a declaration too (DOUBLE_NIL, NO_DOUBLE_NIL); passed
or replaced cards are bytes.
"""
from engine.rng import Rng
from engine.tricks import View, BID, BLIND_NIL, LOOK, DOUBLE_NIL, EXCHANGE, DISCARDING, DECLARE
from engine.bots import spades_bot as sb
from engine.bots.spades_track import Table, const, playout, value
from engine.bots.spades_bid import misfit, exchange_cards, masks
from engine.bots.spades_review import spread, costly
from engine.bots.spades_bidding import choose_bid, blind_nil_wanted

ME = 0
HARD = 3  # spades_bot.LEVELS: the bid made after a look
_SAMPLE_COST = const(12)  # card plays a drawn sample costs (spades_bot)
_BID_COST = const(10)  # ... and a bid the bots' rules make for another seat
_TRIES = const(12)  # samples drawn for a deal, the closest to the bids kept (spades_search TRIES)
_MARGIN = const(4)  # points a deal another choice must gain (spades_search MARGIN)


def _move(h, seat, to, cards):
    for c in cards:
        b = 1 << (c % 13)
        h[seat * 4 + c // 13] &= ~b
        h[to * 4 + c // 13] |= b


class Before:
    def __init__(self, w, cands, level, budget, seed):
        v = w.observation(ME)
        self.phase = w.phase
        self.n = w.n
        self.cands = cands  # cands[0]: the player's choice
        self.level = level
        self.budget = budget
        self.t = t = sb.table(v)
        self.me = ME if v.looked else -1  # not looked yet: its own cards are drawn too
        if not v.looked:
            t.size[ME] = 13
        self.stock = bytearray(range(52)) if w.phase == DECLARE else None  # two players' draws to come
        self.first = getattr(v, "first", 0)
        self.declared = bytes(getattr(v, "declared", b""))
        self.unseen = sb.unseen_cards(v, t)
        self.buf = bytearray(len(self.unseen))
        self.order = bytearray(len(self.unseen))  # the kept deal: 13 cards a seat in turn
        self.mine = v.hand
        self.deal = Table(w.n)
        self.deal.copy_from(t)  # its options (bag_penalty): before the draw, no sample sets them
        self.work = Table(w.n)
        self.rng = Rng(seed)
        self.bids = list(v.bids)
        self.lead = (v.dealer + 1) & 3 if w.n == 4 else v.first ^ 1  # 1.5, 2.5
        # later bidders still face down may bid Blind Nil (1.4: a bot decides it from
        # the bids and scores alone)
        self.blind = bytes(1 - x for x in v.looked_by) if w.n == 4 else b"\x00\x00"
        self.pile = bytes(getattr(v, "rejected", b""))  # two players: the player's own
        self.draw_seed = 0
        self.f = View()  # another seat's view for the bots' bidding rules
        f = self.f
        f.scores = v.scores
        f.bags = v.bags
        f.target = v.target
        f.blind_nil = v.blind_nil
        k = len(cands)
        self.gain = [0] * k
        self.sq = [0] * k
        self.ahead = [0] * k
        self.v0 = 0
        self.i = k  # the next choice to play out on this deal (k: draw a deal)
        self.left = 0  # samples still to draw for the next deal
        self.bestf = -1
        self.scratch = [0] * 4
        self.done = 0
        self.spent = 0
        self.margin = _MARGIN

    def step(self, n):
        """About n card plays of work; True when the budget is spent."""
        k = len(self.cands)
        while n > 0:
            if self.i >= k:
                if not self.left:
                    if self.spent >= self.budget and self.done >= 2:
                        return True
                    self.left = _TRIES
                    self.bestf = -1
                self._draw()
                n -= _SAMPLE_COST
                if self.left:
                    continue
                self.i = 0
                self.draw_seed = self.rng.next16() + 1
            w = self.work
            w.copy_from(self.deal)
            cost = self._finish(w, self.cands[self.i])
            playout(w)
            x = value(w, ME)
            cost += 13 * w.n
            i = self.i
            if i == 0:
                self.v0 = x
            else:
                d = x - self.v0
                self.gain[i] += d
                self.sq[i] += d * d  # |d| < 1,000 over a few dozen deals: a small int
                self.ahead[i] += (d > 0) - (d < 0)
            self.i = i + 1
            if self.i >= k:
                self.done += 1
            self.spent += cost
            n -= cost
        return False

    def _draw(self):
        """One sample of the TRIES a deal takes; the one closest to the bids so far
        stays in self.deal."""
        if self.stock is not None:  # before the draw: the stock's order is the deal
            self.rng.shuffle(self.stock)
            self.spent += _SAMPLE_COST
            self.left = 0
            return
        d = self.work
        d.copy_from(self.t)
        u = self.buf
        u[:] = self.unseen  # same length: in place
        self.rng.shuffle(u)  # before the play no seat is known void: any order fits
        h = d.h
        k = 0
        for o in range(self.n):
            if o != self.me:
                for i in range(4):
                    h[o * 4 + i] = 0
                for j in range(k, k + 13):
                    c = u[j]
                    h[o * 4 + c // 13] |= 1 << (c % 13)
                k += 13
        if self.n == 2:  # the rest lies on the pile
            for i in range(4):
                d.left[i] = h[i] | h[4 + i]
        self.spent += _SAMPLE_COST
        self.left -= 1
        f = misfit(d, self.me, self.t.was, self.scratch)
        if self.bestf < 0 or f < self.bestf:
            self.bestf = f
            self.deal.copy_from(d)
            self.order[:] = u
        if f == 0:
            self.left = 0

    def _finish(self, w, c):
        """What comes before the play on deal w with choice c, the bots' rules for the
        rest; w is then ready to play. Returns its cost in card plays."""
        if self.stock is not None:
            return self._drawn(w, c)
        h = w.h
        n = self.n
        cost = 0
        b = self.bids[:]
        if self.phase == DISCARDING:  # 2.4: drawn from the pile before c goes on it
            pile = list(self.pile) + [x for x in self.unseen if not h[4 + x // 13] >> (x % 13) & 1]
            r = Rng(self.draw_seed)
            for x in c:
                y = pile.pop(r.below(len(pile)))
                h[y // 13] |= 1 << (y % 13)
                h[x // 13] &= ~(1 << (x % 13))
        f = self.f
        rng = Rng(self.draw_seed)
        if c == LOOK:  # then hard's bid on the cards seen
            f.seat = ME
            f.bids = tuple(b)
            b[ME] = choose_bid(f, h[0:4], HARD, rng) - BID
            cost += _BID_COST
        elif c == BLIND_NIL:
            b[ME] = BLIND_NIL
        elif self.phase != EXCHANGE and self.phase != DISCARDING:
            b[ME] = c - BID
        for seat in range(1, n):  # the bids still to come, in turn after seat 0
            if b[seat] < 0:
                f.seat = seat
                f.bids = tuple(b)
                if self.blind[seat] and blind_nil_wanted(f, self.level):
                    b[seat] = BLIND_NIL
                else:
                    b[seat] = choose_bid(f, h[seat * 4:seat * 4 + 4], self.level, rng) - BID
                cost += _BID_COST
        if n == 4:
            for x in (0, 1):  # 1.4: a side with one Blind Nil bidder swaps three cards
                y = x + 2
                if (b[x] == BLIND_NIL) != (b[y] == BLIND_NIL):
                    give = c if x == ME and self.phase == EXCHANGE else exchange_cards(self._held(x), b[x] == BLIND_NIL)
                    back = exchange_cards(self._held(y), b[y] == BLIND_NIL)
                    _move(h, x, y, give)
                    _move(h, y, x, back)
        for s in range(4):
            x = b[s] if s < n else -1
            w.bid[s] = 0 if x == BLIND_NIL else x
            w.blind[s] = 1 if x == BLIND_NIL else 0
            if n == 2:
                w.left[s] = h[s] | h[4 + s]
        w.to_move = self.lead
        return cost

    def _held(self, seat):
        """The cards seat holds in the kept deal, lowest first, as a hand is kept."""
        if seat == self.me:
            return self.mine
        k = (seat - (self.me >= 0)) * 13
        return bytes(sorted(self.order[k:k + 13]))

    def _drawn(self, w, c):
        """Two players, declaration c (2.4): the rest declared, the stock drawn (2.2),
        Double Nils' cards replaced (2.4) and the bids made (2.3) by the bots' rules
        (hard's for the player), the same draws for every choice; w is then ready to
        play. Returns the cost in card plays."""
        from engine.bots.spades_draw import double_nil_wanted, keep_card, double_nil_discards
        f = self.f
        rng = Rng(self.draw_seed)
        dec = bytearray(self.declared)
        dec[ME] = 2 if c == DOUBLE_NIL else 1
        if not dec[1]:
            f.seat = 1
            dec[1] = 2 if double_nil_wanted(f, self.level) else 1
        f.declared = dec
        hands = ([], [])
        pile = []
        st = self.stock
        s = self.first
        for p in range(0, 52, 2):
            keep = st[p]
            off = st[p + 1]
            f.seat = s
            f.hand = hands[s]
            if not keep_card(f, keep, HARD if s == ME else self.level, rng):
                keep, off = off, keep
            hands[s].append(keep)
            pile.append(off)
            s ^= 1
        b = [-1, -1]
        for x in (self.first, self.first ^ 1):
            if dec[x] == 2:
                b[x] = BLIND_NIL
                out = double_nil_discards(hands[x], HARD if x == ME else self.level)
                got = [pile.pop(rng.below(len(pile))) for _ in out]  # before these go on it
                for y in out:
                    hands[x].remove(y)
                    pile.append(y)
                hands[x].extend(got)
        for x in (self.first ^ 1, self.first):  # 2.3: the second player bids first
            if b[x] < 0:
                f.seat = x
                f.bids = tuple(b)
                b[x] = choose_bid(f, masks(hands[x]), HARD if x == ME else self.level, rng) - BID
        h = w.h
        for x in (0, 1):
            h[x * 4:x * 4 + 4] = masks(hands[x])
            w.size[x] = 13
            w.bid[x] = 0 if b[x] == BLIND_NIL else b[x]
            w.blind[x] = 1 if b[x] == BLIND_NIL else 0
        for i in range(4):
            w.left[i] = h[i] | h[4 + i]
        w.to_move = self.lead
        return 26 + 2 * _BID_COST

    def verdict(self):
        """(the best other choice, its points a deal more x10, deals) when the player's
        was costly (spades_review.costly), else None."""
        best = None
        n = self.done
        if n < 2:
            return None
        for i in range(1, len(self.cands)):
            mean, var = spread(self.gain[i], self.sq[i], n)
            if costly(mean, var, n, self.ahead[i], self.margin) and (best is None or mean > best[1]):
                best = (i, mean)
        if best is None:
            return None
        return self.cands[best[0]], int(best[1] * 10 + 0.5), n

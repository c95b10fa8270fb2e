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
from engine.bots import spades_track as tr
from engine.bots.spades_track import above, below, const, SPADES, playout, value
from engine.bots.spades_bid import misfit

MARGIN = 4  # points per deal another card must gain over the policy's
_EDGE = const(2)  # ... and must beat it on this many more deals than it loses
COVER_MARGIN = 20  # more while the partner's Nil is alive: a low lead the samples
# call safe still lost Nils the policy's cover would have kept
_MAX_CANDS = const(5)
_DROP = const(12)  # points per deal behind the best: that card is played out no more
TRIES = 12  # deals drawn per sample; the one that fits the bids best is played
_ATTEMPTS = const(3)  # attempts at one deal in a slice: a hard deal goes on in the next (30 in one: 190 board-ms)

_BLIND_FIT = const(45)  # >0: a Blind Nil hand in play fits when its Nil risk is under this
_FIT_OK = const(5)  # covering a Nil, a sample this close to the bids (x10 tricks
# beyond the tolerance) is played: the best of twelve alone left near-fits out late
# in a hand, where few deals are possible, and the cover saw only the deals where its
# low lead was safe. For every card it cost hard 0.5 and 1.4 bag-charged points a hand
# against normal (tuning seeds 201, 202), for the cover alone 0.2 and 0.6


def candidates(t, seat):
    """Legal cards of seat worth comparing, one per run of equivalent cards (no card
    still out, nor the trick's winning card, lies between them), lowest of each run.
    Choices a strong player never makes are left out: declining in last seat a trick
    the side needs (or winning it dearer than it must), overtaking a partner's sure
    winner, discarding a side ace or king while tricks are needed, and, covering a
    partner's Nil, leading into its suits a card it may have to win: below a sure
    winner, or below the highest lead when there is none (_cover_leads)."""
    out = []
    b = seat * 4
    h = t.h
    md = tr.mode(t, seat)
    win = md == tr.M_WIN or (md == tr.M_COVER and tr.side_need(t, seat) > 0)
    ls = t.lead_suit
    ws = t.win_suit
    wr = t.win_rank
    p = t.played
    last = p == t.n - 1
    void = p and not h[b + ls]
    w = t.win_seat
    mine = h[b + ws] if p else 0
    cs = ws
    beat = 0
    if void and ws != SPADES:
        cs = SPADES
        beat = h[b + SPADES]
    elif p and (ws == ls or void):
        beat = above(mine, wr)
    if win and last and beat and t.side(w) != t.side(seat) and t.bid[w]:
        tr.WHY[0] = 43  # the reason (spades_bot W_TAKE)
        return [cs * 13 + tr.low(beat)]  # the cheapest card that takes it
    pv = t.void[seat ^ 2] if t.n == 4 else 15
    sure_lead = 0
    hi = -9
    if md == tr.M_COVER and not p:
        sure_lead, hi = _cover_leads(t, seat, pv)
    sure_pw = (t.n == 4 and p and w == seat ^ 2 and md != tr.M_COVER
               and (last or not above(t.left[ws] & ~mine, wr)))
    for s in range(4):
        m = t.legal_mask(seat, s)
        if not m:
            continue
        if sure_pw:
            if s == ls and below(m, wr) and ws == ls:
                m = below(m, wr)  # under the partner's winner
            elif void and s == SPADES and (h[b] | h[b + 1] | h[b + 2]):
                continue  # no ruff of the partner's winner
        if void and win and s != SPADES:
            m &= -m  # discard low
        if md == tr.M_COVER and not p and not pv & (1 << s):
            top = tr.top(m)
            if (above(t.left[s] & ~h[b + s], top) if sure_lead
                    else top - (s == SPADES) * 4 < hi):
                continue  # a low lead the Nil may have to win
            m = 1 << top
        others = t.left[s] & ~h[b + s]
        if p and s == ws:
            others |= 1 << wr
        prev = -2
        r = 0
        while r < 13:
            if m & (1 << r):
                # equivalent to prev when nothing of others' lies between
                if prev < 0 or (others >> (prev + 1)) & ((1 << (r - prev - 1)) - 1):
                    out.append(s * 13 + r)
                prev = r
            r += 1
    if void and win:
        # keep side aces and kings while a lower discard exists
        keep = [c for c in out if c // 13 == SPADES or c % 13 < 11]
        for c in keep:
            if c // 13 != SPADES:
                return keep
    return out


def _cover_leads(t, seat, pv):
    """Covering a partner's Nil, on lead: 1 if a side suit's top card is a sure
    winner, and the rank of the highest lead (a spade 4 less, as the policy counts
    it) outside the suits the partner is void in. A function of its own: the
    search's bytecode loads in pieces, each needing one free run of the heap."""
    sure = 0
    hi = -9
    for s in range(4):
        m = t.legal_mask(seat, s)
        if m:
            r = tr.top(m)
            if s < SPADES and not above(t.left[s] & ~m, r):
                sure = 1
            if not pv & (1 << s):
                hi = max(hi, r - (s == SPADES) * 4)
    return sure, hi


_ROOM = [0] * 5  # seats' room while dealing (4: the two-player pile)


def sample(t, seat, unseen, n_unseen, rng, out, buf, fixed=None, no=None, first=1, most=0):
    """Fill `out` (a Table) with t plus the other seats' hands drawn from the
    `n_unseen` first cards of `unseen`: sizes as in t, no card in a suit its seat is
    known void in, `fixed` (seat, card) pairs placed first. Two-player: the cards not
    given to the opponent lie on the discard pile (out of play). Returns attempts;
    with `most`, minus the attempts when that many failed (the draw goes on with
    `first` that much further: its attempts and their order are the same)."""
    out.copy_from(t)
    n = t.n
    tries = first - 1
    while True:
        if most and tries - first + 1 >= most:
            return first - 1 - tries
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
        buf[0:n_unseen] = unseen  # same length: copied in place
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
        if _place(h, room, out.void, n, buf, k, rng, tries <= 30, no):
            break
    if n == 2:
        for s in range(4):
            out.left[s] = h[s] | h[4 + s]
    return tries - first + 1


def _place(h, room, cap, n, buf, k, rng, strict, no=None):
    """Deal the k cards of buf into the seats' room (masks in h), none to a seat void
    in its suit, nor one its plays show it cannot hold (no: 16 masks, inferred), while
    strict (after 30 failures both are ignored: never seen): False at a dead end.
    Each card goes to a seat with odds its room: a uniform deal in any card order, so
    no shuffle. Apart from sample so each piece of bytecode is small (the search loads
    into a heap its table has cut up)."""
    bar = _BAR  # per seat and suit: the cards it may not be dealt
    anyb = _ANY  # per suit: the cards some seat with room may not be dealt
    for s in range(4):
        anyb[s] = 0
    if strict:
        for o in range(n):
            for s in range(4):
                x = 0x1FFF if cap[o] >> s & 1 else (no[o * 4 + s] if no else 0)
                bar[o * 4 + s] = x
                if room[o]:
                    anyb[s] |= x
    if anyb[0] | anyb[1] | anyb[2] | anyb[3]:
        # cards some seat may not take are placed first: far fewer dead ends
        j = 0
        for i in range(k):
            c = buf[i]
            if anyb[c // 13] >> (c % 13) & 1:
                buf[i] = buf[j]
                buf[j] = c
                j += 1
    for i in range(k):
        c = buf[i]
        s = c // 13
        r = 1 << (c % 13)
        tot = k - i  # every place left can take it: no seat is barred from it
        barred = anyb[s] & r
        if barred:
            tot = room[4]
            for o in range(n):
                if room[o] and not bar[o * 4 + s] & r:
                    tot += room[o]
            if tot == 0:
                return False
        x = (rng.next16() * tot) >> 16  # tot <= 39: no big int, a bias of 1 in 1,600
        o = 0
        while o < n:
            if room[o] and not (barred and bar[o * 4 + s] & r):
                x -= room[o]
                if x < 0:
                    break
            o += 1
        if o < n:
            h[o * 4 + s] |= r
            room[o] -= 1
        else:
            room[4] -= 1
    return True


_BAR = [0] * 16
_ANY = [0] * 4


def inferred(t, seat, rt, no, play, most):
    """Fill no (16 masks) with the unseen cards each other seat cannot hold: when it
    followed suit, holding that card as well would have made the policy play another
    (a third hand plays its highest, a last hand wins as cheaply as it can, ...). A
    play the policy would not have made with the cards known to have been there
    teaches nothing (another mind played it). play: [the cards played this hand in
    order, the seat that led the first, how many are read]; four players. Reads on
    until `most` card plays are spent (picks and replayed plays), a frame's share;
    play[0] becomes None once all are read. Returns the card plays spent."""
    hist = play[0]
    j = play[2]
    h = rt.h
    later = _LATER
    if j == 0:
        rt.copy_from(t)
        for s in range(4):
            rt.left[s] = 0x1FFF
            rt.void[s] = 0
            rt.taken[s] = 0
            rt.size[s] = 13
        for i in range(16):
            h[i] = 0
            later[i] = t.was[i]
        rt.broken = 0
        rt.played = 0
        rt.lead_suit = -1
        rt.to_move = play[1]
    cost = 0
    while j < len(hist) and cost < most:
        c = hist[j]
        o = rt.to_move
        s = c // 13
        r = 1 << (c % 13)
        i = o * 4 + s
        later[i] &= ~r  # the cards of s it played after this one
        if o != seat and rt.played and s == rt.lead_suit:
            cost += _bars(rt, o, c, r | later[i], t.left[s] & ~t.h[seat * 4 + s], no)
        rt.play(o, c)
        cost += 1
        j += 1
    play[2] = j
    if j >= len(hist):
        play[0] = None
    return cost


def _bars(rt, o, c, base, un, no):
    """Seat o followed suit with card c holding base (c and the suit's cards it
    played later): add to no the unseen cards (un) that would have made the policy
    play another. A function of its own: small pieces of bytecode load into a heap
    cut up. Returns the picks spent."""
    i = o * 4 + c // 13
    h = rt.h
    h[i] = base
    cost = 1
    if tr.pick(rt, o) == c:
        m = un & ~no[i]
        while m:
            u = m & -m
            m ^= u
            h[i] = base | u
            cost += 1
            if tr.pick(rt, o) != c:
                # ... and with every unseen card too (J played from J-Q-K-A is the
                # cheapest sure winner, from J-Q it is not)
                h[i] = base | un
                cost += 1
                if tr.pick(rt, o) != c:
                    no[i] |= u
    h[i] = 0
    return cost


_LATER = [0] * 16
_NO = [0] * 16  # per seat and suit: the unseen cards its plays show it cannot hold
_PLAY = [None, 0, 0]  # the plays still to read (inferred), their first leader, how far


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
        # every attribute start() sets, made here: a long-lived object's attribute
        # table never grows later in a fragmented heap
        self.t = self.unseen = self.fixed = self.was = None
        self.seat = self.blind_fit = self.v0 = self.sample_cost = self.spent = self.i = 0
        self.left = 0  # samples still to draw for the next deal (0: none under way)
        self.tried = 0  # attempts of the sample under way that failed (a draw across slices)
        self.bestf = -1  # the misfit of the best sample so far
        self.margin = MARGIN
        self.fit_ok = 0
        self.rule = 0  # why the first candidate: the policy's rule (spades_track.WHY)

    def start(self, t, seat, unseen, budget, fixed=None, sample_cost=12, v=None):
        """t: this seat's Table (from spades_bot.table); unseen: the cards this seat
        has not seen (bytes-like); budget: card plays to spend in playouts, drawing a
        deal counting sample_cost; v: the observation t was built from (its history:
        what the plays show, four players). At least one deal is always played out.
        True when there is nothing to search (one candidate)."""
        if self.deal is None or self.deal.n != t.n:
            self.deal = tr.Table(t.n)
            self.work = tr.Table(t.n)
        self.was = t.was
        self.blind_fit = _BLIND_FIT  # cards are exchanged / replaced by now
        self.t = t
        self.seat = seat
        self.unseen = unseen
        self.fixed = fixed
        tr.WHY[0] = 42  # one candidate: every sensible card is the same (spades_bot W_ONLY)
        md = tr.mode(t, seat)
        # a live Nil ducks by the policy: a few samples that call it lost gave it up
        self.cands = cands = [tr.pick(t, seat)] if md == tr.M_NIL else candidates(t, seat)
        self.margin = MARGIN + (COVER_MARGIN if md == tr.M_COVER else 0)
        self.fit_ok = _FIT_OK if md == tr.M_COVER else 0
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
        self.rule = tr.WHY[0]
        if k > _MAX_CANDS:
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
        # what the other seats' plays so far show they cannot hold: read before the
        # first deal is drawn, a frame's share at a time (_draw)
        for i in range(16):
            _NO[i] = 0
        _PLAY[0] = None
        if self.budget and t.n == 4 and v is not None and v.history:
            _PLAY[0] = v.history
            _PLAY[1] = v.leaders[0]
            _PLAY[2] = 0
        self.i = k  # the next candidate to try on the current deal (k: draw a deal)
        self.left = 0
        self.tried = 0
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
                if not self.left:
                    if self.spent >= self.budget and self.done:
                        return True
                    self.left = TRIES if self.was is not None else 1
                    self.bestf = -1
                # one sample at a time, charged to the slice too: many redeals
                # (voids, a Blind Nil's bids) never freeze a frame
                before = self.spent
                self._draw()
                n -= self.spent - before
                if self.left:
                    continue
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
                k = self._dealt(k)
            self.spent += plays
            n -= plays
        return self.i >= k and not self.left and self.spent >= self.budget

    def _draw(self):
        """Draw one sample of the TRIES a deal takes (self.left counts them down); the
        one closest to the bids stays in self.deal."""
        was = self.was
        if _PLAY[0] is not None:
            # charged to the budget; the work table is free until a deal is drawn
            self.spent += inferred(self.t, self.seat, self.work, _NO, _PLAY, 20)
            return
        tried = self.tried
        if self.bestf >= 0 and self.spent >= self.budget and not tried:
            self.left = 0  # every retry is charged: the budget bounds the drawing too
            return
        d = self.work if was is not None else self.deal  # work is free while drawing
        k = sample(self.t, self.seat, self.unseen, len(self.unseen), self.rng, d, self.buf,
                   self.fixed, _NO if self.t.n == 4 else None, tried + 1, _ATTEMPTS)
        if k < 0:  # not dealt yet: the same draw goes on in the next slice
            self.tried = tried - k
            self.spent -= self.sample_cost * k
            return
        self.tried = 0
        self.left -= 1
        self.spent += self.sample_cost * k
        if was is None:
            return
        f = misfit(d, self.seat, was, self.scratch, self.blind_fit)
        if self.bestf < 0 or f < self.bestf:
            self.bestf = f
            self.deal.copy_from(d)
        if f <= self.fit_ok:
            self.left = 0

    def _dealt(self, k):
        """A deal played out by every candidate (the review, engine/bots/spades_review.py,
        reads its values here). Returns the number of candidates left."""
        if k > 2 and self.done >= 3:
            return self._drop(k)
        return k

    def _behind(self, k):
        """The index of the card far behind the best so far, else 0."""
        tot = self.total
        lo = 1
        hi = 0
        for j in range(1, k):
            if tot[j] < tot[lo]:
                lo = j
            if tot[j] > tot[hi]:
                hi = j
        return lo if tot[hi] - tot[lo] > _DROP * self.done else 0

    def _drop(self, k):
        """Stop playing a card far behind the best so far: its deals go to the close
        choices. Returns the number of candidates left."""
        lo = self._behind(k)
        if lo:
            tot = self.total
            c = self.cands
            k -= 1
            c[lo] = c[k]
            tot[lo] = tot[k]
            self.edge[lo] = self.edge[k]
            c.pop()
            self.i = k
        return k

    def result(self):
        """The candidate with the best total over the deals; the policy's card (first)
        unless another beats it by its margin points a deal."""
        k = len(self.cands)
        if k == 1:
            return self.cands[0]
        best = 0
        tot = self.total
        need = self.margin * self.done
        for i in range(1, k):
            # deviate from the policy only on a clear gain over most deals
            if tot[i] - tot[0] > need and self.edge[i] >= _EDGE and tot[i] > tot[best]:
                best = i
        return self.cands[best]

    def why(self, card):
        """The deciding figures for card (the result): (40, card, its mean x10,
        runner-up, its mean x10, deals, the policy's rule, the policy's card), or
        (rule, card) when there was nothing to compare (spades_bot's kinds)."""
        c = self.cands
        k = len(c)
        if k == 1:
            return (self.rule, card)
        tot = self.total
        i = c.index(card)
        j = 0 if i else 1
        for x in range(k):
            if x != i and tot[x] > tot[j]:
                j = x
        d = self.done
        return (40, card, tot[i] * 10 // d, c[j], tot[j] * 10 // d, d, self.rule, c[0])

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


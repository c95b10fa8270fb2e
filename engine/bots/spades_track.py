"""What a Spades bot knows, and the fast play policy shared by the bots and the search.

A `Table` holds one seat's picture of a hand: cards as per-suit 13-bit masks
(`h[seat * 4 + suit]`, bit r = rank r), the cards still out per suit (`left`),
bids, tricks won, the trick in progress, who is known void (`void[seat]`, 4 bits)
and whether spades are broken. The bot builds it from its own observation only
(`from_view`): other seats' masks stay 0 there and `left` holds the cards this seat
has not seen played. The search fills the other seats with a sampled deal and plays
the hand out with `pick`, the same policy the normal bot plays with (`playout`), and
measures it with `value` (the review's choices before the play too: spades_before).

Everything is small ints: no allocation in `pick` / `play` (they run in playouts).
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

SPADES = const(3)
_ALL_SUITS = const(15)

# highest set bit of 0..127 (255 for 0): top() of a 13-bit mask in two lookups
_HB = bytearray(128)
_HB[0] = 255
for _i in range(1, 128):
    _HB[_i] = _HB[_i >> 1] + 1 if _i > 1 else 0
_HB = bytes(_HB)


class _Slicer:
    def __getitem__(self, k):
        return k


# a ready-made [:] slice: `a[_ALL] = b` copies in place without allocating a slice
_ALL = _Slicer()[:]


def top(m):
    """Highest rank in a non-empty 13-bit mask."""
    x = m >> 7
    if x:
        return _HB[x] + 7
    return _HB[m]


def low(m):
    """Lowest rank in a non-empty 13-bit mask."""
    return top(m & -m)


def count(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


def above(m, r):
    """The part of mask m strictly above rank r."""
    return (m >> (r + 1)) << (r + 1)


def below(m, r):
    return m & ((1 << r) - 1)


class Table:
    """One hand as masks. n is 4 (partnership) or 2 (two-player)."""

    def __init__(self, n):
        self.n = n
        self.h = [0] * 16
        self.left = [0] * 4
        self.bid = [-1] * 4
        self.blind = [0] * 4
        self.taken = [0] * 4
        self.void = [0] * 4
        self.size = [0] * 4  # cards each seat still holds
        self.broken = 0
        self.lead_suit = -1
        self.win_seat = -1
        self.win_suit = -1
        self.win_rank = -1
        self.played = 0  # cards in the current trick
        self.to_move = 0
        self.bag_penalty = 1
        self.was = None  # the bot's own table: the cards each seat has played (16 masks)

    def copy_from(self, o):
        self.n = o.n
        self.h[_ALL] = o.h
        self.left[_ALL] = o.left
        self.bid[_ALL] = o.bid
        self.blind[_ALL] = o.blind
        self.taken[_ALL] = o.taken
        self.void[_ALL] = o.void
        self.size[_ALL] = o.size
        self.broken = o.broken
        self.lead_suit = o.lead_suit
        self.win_seat = o.win_seat
        self.win_suit = o.win_suit
        self.win_rank = o.win_rank
        self.played = o.played
        self.to_move = o.to_move
        self.bag_penalty = o.bag_penalty

    def side(self, seat):
        return seat & 1 if self.n == 4 else seat

    def partner(self, seat):
        return seat ^ 2 if self.n == 4 else -1

    def add(self, seat, c):
        s = c // 13
        b = 1 << (c % 13)
        self.h[seat * 4 + s] |= b
        self.left[s] |= b
        self.size[seat] += 1

    def play(self, seat, c):
        """Play card c for seat (assumed legal); closes the trick when it is full."""
        s = c // 13
        r = c % 13
        b = 1 << r
        i = seat * 4 + s
        self.h[i] &= ~b
        self.left[s] &= ~b
        self.size[seat] -= 1
        if self.played == 0:
            self.lead_suit = s
            self.win_seat = seat
            self.win_suit = s
            self.win_rank = r
            if s == SPADES:
                if not self.broken:
                    self.void[seat] |= 7  # 1.6: led spades unbroken, so held only spades
                self.broken = 1
        else:
            if s != self.lead_suit:
                self.void[seat] |= 1 << self.lead_suit
                if s == SPADES:
                    self.broken = 1
            if s == self.win_suit:
                if r > self.win_rank:
                    self.win_seat = seat
                    self.win_rank = r
            elif s == SPADES:
                self.win_seat = seat
                self.win_suit = s
                self.win_rank = r
        self.played += 1
        if self.played == self.n:
            w = self.win_seat
            self.taken[w] += 1
            self.played = 0
            self.lead_suit = -1
            self.to_move = w
        else:
            self.to_move = (seat + 1) % self.n

    def legal_mask(self, seat, s):
        """Cards of suit s seat may play now (mask)."""
        h = self.h
        m = h[seat * 4 + s]
        if self.played:
            ls = self.lead_suit
            if h[seat * 4 + ls]:
                return m if s == ls else 0
            return m
        if s == SPADES and not self.broken:
            b = seat * 4
            if h[b] | h[b + 1] | h[b + 2]:
                return 0
        return m


# why pick chose its card: WHY[0] the rule that fired (its text: ui/spades_why.py
# PLAY), WHY[1] the seat it names (a Nil bidder); written, never allocated
WHY = bytearray(2)

# modes a seat plays in (pick)
M_WIN = const(0)   # needs tricks, or is setting the other side
_M_DUCK = const(1)  # contract safe: avoid bags
M_NIL = const(2)   # bid Nil and has taken nothing yet
M_COVER = const(3)  # partner's Nil still alive


def side_need(t, seat):
    """Tricks seat's side still needs for its contract (Nil bidders do not count)."""
    if t.n == 4:
        a = t.bid[seat]
        b = t.bid[seat ^ 2]
        # the contract is the sum of the non-Nil bids, their tricks pooled
        con = (a if a > 0 else 0) + (b if b > 0 else 0)
        got = (t.taken[seat] if a > 0 else 0) + (t.taken[seat ^ 2] if b > 0 else 0)
        return con - got
    a = t.bid[seat]
    return a - t.taken[seat] if a > 0 else 0


def mode(t, seat):
    if t.bid[seat] == 0:
        return M_NIL if t.taken[seat] == 0 else _M_DUCK
    if t.n == 4:
        p = seat ^ 2
        if t.bid[p] == 0 and t.taken[p] == 0:
            return M_COVER
    need = side_need(t, seat)
    if need > 0:
        return M_WIN
    # contract made: set the other side when they need nearly every trick left
    # (not when they are set already)
    o = (seat + 1) % t.n
    oneed = side_need(t, o)
    left = t.size[seat]
    if 0 < oneed <= left and oneed + 1 >= left:
        return M_WIN
    return _M_DUCK


def nil_target(t, seat):
    """An opponent whose Nil is still alive, or -1."""
    n = t.n
    o = (seat + 1) % n
    if t.bid[o] == 0 and t.taken[o] == 0:
        return o
    if n == 4:
        o = (seat + 3) % 4
        if t.bid[o] == 0 and t.taken[o] == 0:
            return o
    return -1


def _card(s, r, why):
    WHY[0] = why
    return s * 13 + r


def pick(t, seat):
    """The policy's card for seat (t.to_move). Reads only seat's own cards, the cards
    still out (`left`), known voids and the public state."""
    h = t.h
    b = seat * 4
    md = mode(t, seat)
    if t.played == 0:
        return _lead(t, seat, md)
    ls = t.lead_suit
    mine = h[b + ls]
    ws = t.win_suit
    wr = t.win_rank
    n = t.n
    last = t.played == n - 1
    partner_wins = n == 4 and t.win_seat == (seat ^ 2)
    if mine:
        others = t.left[ls] & ~mine
        if ws != ls:  # trumped: nothing of the led suit wins
            if md == M_NIL or md == _M_DUCK:
                return _card(ls, top(mine), 1)
            return _card(ls, low(mine), 2)
        over = above(mine, wr)
        under = below(mine, wr)
        if md == M_NIL:
            if under:
                return _card(ls, top(under), 3)
            return _card(ls, top(mine) if last else low(mine), 4)
        if md == _M_DUCK:
            if under:
                return _card(ls, top(under), 5)
            nt = nil_target(t, seat)
            if nt >= 0 and _after(t, seat, nt):
                # a live Nil plays after us: low, so its card may still be the winner
                WHY[1] = nt
                return _card(ls, low(mine), 12)
            return _card(ls, top(mine), 6)
        if md == M_COVER:
            p = seat ^ 2
            if partner_wins and over:
                return _card(ls, low(over), 7)
            if not last and t.played + (p - seat) % 4 < n and over:
                # partner plays after us: win high enough for partner to duck under,
                # with the cheapest sure winner when there is one
                sure = above(over, top(others | 1))  # beats the trick and all still out
                return _card(ls, low(sure) if sure else top(mine), 8)
            if over:
                return _card(ls, low(over), 9)
            return _card(ls, low(mine), 10)
        # M_WIN
        nt = nil_target(t, seat)
        if (nt >= 0 and (t.win_seat == nt or _after(t, seat, nt))
                and side_need(t, seat) != t.size[seat]):
            # let the Nil bidder win (or be forced to) unless every trick left is needed
            WHY[1] = nt
            if under:
                return _card(ls, top(under), 11)
            return _card(ls, low(mine), 12)
        if partner_wins:
            if last or not above(others, wr):
                return _card(ls, low(mine), 13)
        if not over:
            return _card(ls, low(mine), 14)
        if last:
            return _card(ls, low(over), 15)
        sure = above(over, top(others)) if others else over  # beats the trick and all out
        if sure:
            return _card(ls, low(sure), 16)
        if t.played == 1 and n == 4:
            return _card(ls, low(mine), 17)  # second hand low
        return _card(ls, top(mine), 18)  # third hand high
    # void in the led suit
    sp = h[b + SPADES]
    side = h[b] | h[b + 1] | h[b + 2]
    if md == M_NIL:
        if side:
            WHY[0] = 19
            return _exposed(h, b, t)
        if ws == SPADES:
            u = below(sp, wr)
            if u:
                return _card(SPADES, top(u), 20)
        return _card(SPADES, low(sp), 21)
    if md == _M_DUCK:
        if side:
            WHY[0] = 22
            return _hi_side(h, b)
        if ws == SPADES:
            u = below(sp, wr)
            if u:
                return _card(SPADES, top(u), 23)
        return _card(SPADES, top(sp), 24)
    nt = nil_target(t, seat)
    if (md == M_WIN and nt >= 0 and (t.win_seat == nt or _after(t, seat, nt))
            and side_need(t, seat) != t.size[seat]):
        if side:
            WHY[1] = nt
            WHY[0] = 25
            return _lo_side(h, b, t)
    # a partner's winning card stands, unless the partner is a live Nil (M_COVER)
    if sp and not (partner_wins and md == M_WIN):
        if ws == SPADES:
            o = above(sp, wr)
            if o:
                return _card(SPADES, low(o), 26)
        else:
            return _card(SPADES, low(sp), 27)
    if side:
        WHY[0] = 28
        return _lo_side(h, b, t)
    return _card(SPADES, low(sp), 29)


def _after(t, seat, other):
    """Does `other` still play in this trick after seat?"""
    n = t.n
    d = (other - seat) % n
    return d > 0 and t.played + d < n


def _hi_side(h, b):
    best = -1
    bs = 0
    for s in range(3):
        m = h[b + s]
        if m:
            r = top(m)
            if r > best:
                best = r
                bs = s
    return bs * 13 + best


def _exposed(h, b, t):
    """A Nil's discard: the side card with the most cards still out under it (the
    most leads it would have to win), the highest of a tie."""
    best = -1
    bv = -1
    for s in range(3):
        m = h[b + s]
        if m:
            r = top(m)
            v = count(below(t.left[s] & ~m, r)) * 16 + r
            if v > bv:
                bv = v
                best = s * 13 + r
    return best


def _lo_side(h, b, t):
    """Discard: lowest card of the shortest side suit (making a void to trump later)."""
    bs = -1
    bn = 99
    for s in range(3):
        m = h[b + s]
        if m:
            k = count(m)
            # keep a sure winner: discard from suits where our top is not the top
            if top(m) > top(t.left[s] & ~m | 1):
                k += 5
            if k < bn:
                bn = k
                bs = s
    return bs * 13 + low(h[b + bs])


def _lead(t, seat, md):
    h = t.h
    b = seat * 4
    left = t.left
    sp_ok = t.broken or not (h[b] | h[b + 1] | h[b + 2])
    if md == M_NIL or md == _M_DUCK:
        # lowest card where the most higher cards are still out
        best = -1
        bv = -99
        for s in range(4):
            m = h[b + s]
            if not m or (s == SPADES and not sp_ok):
                continue
            r = low(m)
            v = count(above(left[s] & ~m, r)) * 2 - r
            if s == SPADES:
                v -= 6
            if v > bv:
                bv = v
                best = s * 13 + r
        WHY[0] = 30 if md == M_NIL else 31
        return best
    if md == M_COVER:
        p = seat ^ 2
        pv = t.void[p]
        best = -1
        bv = -99
        for s in range(4):
            m = h[b + s]
            if not m or (s == SPADES and not sp_ok):
                continue
            r = top(m)
            others = left[s] & ~m
            v = r
            if not above(others, r):
                v += 20  # a sure winner
            if pv & (1 << s):
                v += 10  # partner void here: they discard safely
            if s == SPADES:
                v -= 4
            if v > bv:
                bv = v
                best = s * 13 + r
        WHY[0] = 32
        return best
    # M_WIN
    nt = nil_target(t, seat)
    if nt >= 0:
        # attack the Nil: lowest card of a suit the Nil bidder still holds
        WHY[1] = nt
        best = -1
        bv = 99
        for s in range(4):
            m = h[b + s]
            if not m or (s == SPADES and not sp_ok) or t.void[nt] & (1 << s):
                continue
            r = low(m)
            if r < bv:
                bv = r
                best = s * 13 + r
        if best >= 0:
            WHY[0] = 33
            return best
    opp_void = 0
    n = t.n
    for o in range(n):
        if o != seat and (n == 2 or o != (seat ^ 2)):
            opp_void |= t.void[o]
    # cash a sure winner in a side suit nobody is known to trump
    for s in range(3):
        m = h[b + s]
        if m and not (opp_void & (1 << s)):
            r = top(m)
            if not above(left[s] & ~m, r):
                WHY[0] = 34
                return s * 13 + r
    sp = h[b + SPADES]
    if sp and sp_ok:
        r = top(sp)
        if not above(left[SPADES] & ~sp, r) and (left[SPADES] & ~sp):
            WHY[0] = 35
            return SPADES * 13 + r  # draw trumps with the top spade
    # lead low from the shortest side suit (to trump it later), else longest
    bs = -1
    bn = 99
    for s in range(3):
        m = h[b + s]
        if m:
            k = count(m)
            r = top(m)
            if r >= 10 and k > 1:
                k += 3  # keep guarded honours
            if k < bn:
                bn = k
                bs = s
    if bs >= 0:
        WHY[0] = 36
        return bs * 13 + low(h[b + bs])
    WHY[0] = 37
    return SPADES * 13 + low(sp)


_BAG_COST = const(6)  # a bag scores 1 now and costs 100/10 later (less: it may never count)
_SET_COST = const(150)


def playout(w, rng=None):
    """Play the hand in Table w to its end with the policy."""
    # the local name: one global lookup a playout, not one a card
    p = pick
    while True:
        seat = w.to_move
        if not w.size[seat]:
            return
        w.play(seat, p(w, seat))


def value(w, seat):
    side = w.side(seat)
    other = 1 - side
    v = hand_value(w, side, _BAG_COST) - hand_value(w, other, _BAG_COST)
    if side_need(w, seat) > 0:
        v -= _SET_COST  # a set also costs the match's tempo: play safe for the contract
    return v


def hand_value(t, side, bag_cost):
    """Points `side` scores for this hand (RULES 1.7 / 2.6) minus `bag_cost` per bag
    (the bag penalty spread over the bags that cause it)."""
    n = t.n
    bid = t.bid
    taken = t.taken
    pts = 0
    con = 0
    got = 0
    bags = 0
    seat = side
    while seat < n:
        v = bid[seat]
        k = taken[seat]
        if v == 0:
            w = 200 if t.blind[seat] else 100
            if k:
                pts -= w
                bags += k
            else:
                pts += w
        elif v > 0:
            con += v
            got += k
        seat += 2 if n == 4 else n
    if con:
        if got >= con:
            pts += 10 * con
            bags += got - con
        else:
            pts -= 10 * con
    else:
        bags += got
    pts += bags  # every bag scores a point (RULES 2.6), scoring.score_side agrees
    if t.bag_penalty:
        # every 10 bags cost 100 sooner or later: a smooth price per bag, not a cliff
        pts -= bags * bag_cost
    return pts

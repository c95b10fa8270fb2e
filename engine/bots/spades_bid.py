"""Spades hand evaluation for the bots: trick estimates, Nil risk, bids, exchange and
two-player draw choices, and how far a drawn deal is from the bids (misfit: the
search's samples and the review's choices before the play). Hands are 4 per-suit
13-bit masks (spades_track), values are in tenths of a trick so everything stays a
small int.
"""
from engine.bots.spades_track import top, count

SPADES = 3


def masks(cards):
    m = [0, 0, 0, 0]
    for c in cards:
        m[c // 13] |= 1 << (c % 13)
    return m


def tricks10(m, n=4, out=None):
    """Expected tricks x10 of a hand: side-suit A/K/Q by length, spade honours and
    length, ruffs from short side suits with spare spades. `out` (a bid's reason,
    spades_bot's W_BID) gets in out[5 + suit] each suit's share (x10, times 32, plus
    the honours it counted) and in out[9] the ruffs' (x10)."""
    v = 0
    sp = m[SPADES]
    nsp = count(sp)
    # spades: honours that stand, then length
    hon = 0
    if sp & (1 << 12):
        hon += 10
    if sp & (1 << 11):
        hon += 10 if nsp >= 2 else 4
    if sp & (1 << 10):
        hon += 9 if nsp >= 3 else (5 if sp & (3 << 11) else 2)
    if sp & (1 << 9):
        hon += 6 if nsp >= 4 else 1
    if sp & (1 << 8) and nsp >= 5:
        hon += 4
    length = (nsp - 3) * 9 if nsp > 3 else 0
    if n == 2:
        length = (nsp - 4) * 8 if nsp > 4 else 0
    # honours and length add up, the smaller half counted (K-Q-J-10-x: about 3.8)
    spv = hon + length // 2 if hon > length else length + hon // 2
    v += spv
    spare = nsp - (spv + 9) // 10
    for s in range(3):
        x = m[s]
        k = count(x)
        was = v
        if x & (1 << 12):
            v += 10 if k <= 5 else 7
        if x & (1 << 11):
            if k >= 2:
                v += 8 if k <= 4 else 5
            else:
                v += 2
        if x & (1 << 10):
            if k >= 3 and k <= 4:
                v += 6 if x & (3 << 11) else 4
            elif k == 2 and x & (3 << 11):
                v += 2
        if n == 2 and k >= 5:
            v += (k - 4) * 4  # two players: long suits run more often
        if out:
            # the suit's share x32 plus the honours it counted (A 16, K 8, Q 4)
            q = 4 if x & (1 << 10) and (3 <= k <= 4 or k == 2 and x & (3 << 11)) else 0
            out[5 + s] = (v - was) * 32 + (x >> 8 & 24) + q
        if spare > 0 and k <= 2:
            r = (9, 5, 2)[k]
            v += r
            spare -= 1
            if out:
                out[9] += r
    if out:
        # spades' share x32 plus the honours counted (A 16, K 8, Q 4, J 2, 10 1)
        out[8] = spv * 32 + (sp >> 8 & (31 if nsp >= 5 else 30))
    return v


def nil_risk(m, n=4):
    """How hard the hand is to Nil (x10): 0 is a perfect Nil hand."""
    risk = 0
    sp = m[SPADES]
    nsp = count(sp)
    if sp & (3 << 11):
        risk += 30  # A/K of spades: one sure trick
    if sp & (1 << 10):
        risk += 10 if nsp >= 3 else 20
    if nsp >= 4:
        risk += (nsp - 3) * 14  # four spades are played four times: half such Nils fail
    if nsp:
        r = top(sp)
        if r >= 7:
            risk += (r - 6) * 2
    for s in range(4):
        x = m[s]
        k = 0
        r = 0
        while r < 13:
            if x & (1 << r):
                # the k-th lowest card is covered by k lower ones
                d = r - 2 * k - (4 if s != SPADES else 3)
                if d > 0:
                    risk += d * (3 if s != SPADES else 4)
                if s != SPADES and r == 12:
                    risk += 10 if count(x) < 4 else 5
                if k == 0 and r >= 3 and s != SPADES and count(x) >= 4:
                    risk += 6 + (r - 3) * 4  # a long suit led under its lowest card
                k += 1
            r += 1
    return risk


def exchange_cards(hand, bidder):
    """Blind Nil exchange (RULES 1.4): the Blind Nil bidder passes its three most
    dangerous high cards (a spade counts about five ranks more: late in the hand it
    may have to ruff), the partner its three lowest (a spade as a 7). Equal cards go
    lowest suit first: the card itself is in the key, since MicroPython's sort is not
    stable (a key that ties passed other cards on the badge than on a laptop)."""
    cards = list(hand)
    if bidder:
        cards.sort(key=lambda c: -((c % 13) * 4 + (19 if c // 13 == SPADES else 0)) * 64 + c)
    else:
        cards.sort(key=lambda c: ((c % 13) * 4 + (20 if c // 13 == SPADES else 0)) * 64 + c)
    return cards[:3]


def guess_bid(m, n=4):
    """The bid a plain player makes with hand m (the search's guess for seats that have
    not bid yet): Nil with a ducking hand, else the trick estimate rounded."""
    est = tricks10(m, n)
    if est <= 22 and nil_risk(m, n) <= 12:
        return 0
    if n == 4:
        b = (est + 4) // 10
    else:
        b = (9 * est + 200) // 100
    return 1 if b < 1 else (13 if b > 13 else b)


def misfit(d, seat, was, m, blind_fit=0):
    """How far the sampled hands in Table d are from their owners' bids (x10 tricks
    beyond a tolerance): a seat that bid 5 rarely holds a hand worth 2. `was` holds
    the cards each seat has played (16 masks); m is a 4-entry scratch list. A Blind
    Nil hand is weighed once it has passed its cards: then it fits while its Nil risk
    is under blind_fit (0: not weighed)."""
    n = d.n
    f = 0
    for o in range(n):
        b = d.bid[o]
        if o == seat or b < 0 or (d.blind[o] and not blind_fit):
            continue
        for s in range(4):
            m[s] = d.h[o * 4 + s] | was[o * 4 + s]
        if b == 0:
            # a Blind / Double Nil bidder has passed or replaced its worst cards
            x = nil_risk(m, n) - (blind_fit if d.blind[o] else 25)
        else:
            x = tricks10(m, n) - 10 * b
            if x < 0:
                x = -x
            x -= 12
        if x > 0:
            f += x
    return f

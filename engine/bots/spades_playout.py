"""A hand played out by the fast policy and what it is worth: the hard search's
playouts and measure (engine/bots/spades_search.py), and how well a drawn deal fits
the bids. A module of its own so the review's choices before the play
(engine/bots/spades_before.py) are weighed the search's way without its code in
the heap; the bots let it go with the search (spades_bot._let_search_go).
"""
from engine.bots import spades_track as tr
from engine.bots.spades_track import const
from engine.bots.spades_bid import tricks10, nil_risk

_BAG_COST = const(6)  # a bag scores 1 now and costs 100/10 later (less: it may never count)
_SET_COST = const(150)


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
    v = tr.hand_value(w, side, _BAG_COST) - tr.hand_value(w, other, _BAG_COST)
    if tr.side_need(w, seat) > 0:
        v -= _SET_COST  # a set also costs the match's tempo: play safe for the contract
    return v

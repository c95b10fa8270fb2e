"""Soak and property tests (RULES 4): seeded random legal play, every invariant checked
after every action, random illegal actions thrown at every phase (the saved bytes must
not change), to_bytes/from_bytes round trip at every step.

10,000 four-player hands and 2,000 two-player hands, as matches in chunks (each chunk
its own seed and options, so a failure names them). Replaying a save costs as much as
the hand so far, so to keep the run near a minute the round trip after every action
is done for the first 200 hands of each four-player chunk and the first 250 of each
two-player chunk (2,000 + 1,000 hands); the other hands round-trip at every hand end
and after one action in 30.
"""
import pytest

from engine import spades, spades2
from engine.rng import Rng
from engine.tricks import (IllegalAction, BID, BLIND_NIL, LOOK, DOUBLE_NIL, NO_DOUBLE_NIL,
                           KEEP, REJECT, DISCARD, DISCARD_DONE, NEXT_HAND, PASS, BIDDING,
                           EXCHANGE, PLAY, HAND_OVER, MATCH_OVER, DECLARE, DRAW,
                           DISCARDING, PLAYED, STOCK, PILE)

HANDS4 = 10000
HANDS2 = 2000
CHUNKS4 = 10
CHUNKS2 = 4
DECK = list(range(52))
# every action number any phase might see, and some that no phase accepts
ALL_ACTIONS = list(range(-2, 260))


def check4(m):
    """52 distinct cards, each in exactly one place; the tables agree."""
    hands = m.hands
    h = m.holder
    assert sorted(hands[0] + hands[1] + hands[2] + hands[3] + list(m.history)) == DECK
    for s in range(4):
        hs = hands[s]
        assert hs == sorted(hs)
        for c in hs:
            assert h[c] == s
        cnt = m.counts
        b = s * 4
        assert cnt[b] + cnt[b + 1] + cnt[b + 2] + cnt[b + 3] == len(hs)
    for c in m.history:
        assert h[c] == PLAYED
    n = len(m.history)
    assert sum(m.tricks) == n // 4 == len(m.winners)
    if m.phase != PLAY:
        assert [len(x) for x in hands] == ([13] * 4 if n == 0 else [0] * 4)


def check2(m):
    hands = m.hands
    h = m.holder
    pile = [c for c in DECK if h[c] == PILE]
    stock = list(m.stock[m.pos:])
    assert sorted(hands[0] + hands[1] + list(m.history) + pile + stock) == DECK
    for c in stock:
        assert h[c] == STOCK
    for s in (0, 1):
        for c in hands[s]:
            assert h[c] == s
        assert hands[s] == sorted(hands[s])
    assert len(pile) == m.pos // 2
    n = len(m.history)
    assert sum(m.tricks) == n // 2
    if m.phase == PLAY:
        assert len(pile) == 26


def pick4(m, r, la):
    if la[0] == BLIND_NIL:
        return BLIND_NIL if r.below(25) == 0 else LOOK
    if m.phase == BIDDING:
        return BID + (0 if r.below(12) == 0 else 1 + r.below(4))
    return la[r.below(len(la))]


def pick2(m, r, la):
    ph = m.phase
    if ph == DECLARE:
        return DOUBLE_NIL if r.below(8) == 0 else NO_DOUBLE_NIL
    if ph == BIDDING:
        return BID + (0 if r.below(10) == 0 else 3 + r.below(3))
    return la[r.below(len(la))]


def throw_illegal(m, r, la):
    """A few actions that are not legal now, each by the seat to move or another seat:
    each must raise IllegalAction and leave the saved bytes as they were."""
    before = m.to_bytes()
    for _ in range(2):
        a = ALL_ACTIONS[r.below(len(ALL_ACTIONS))]
        seat = m.to_move
        if r.below(3) == 0:
            seat = r.below(m.n + 1) if m.phase not in (HAND_OVER, MATCH_OVER) else seat
        if a in la and seat == m.to_move:
            continue
        if a == LOOK and m.phase == BIDDING and 0 <= seat < m.n and not m.looked[seat]:
            continue  # a look out of turn is legal (RULES 1.4)
        if a == NEXT_HAND and m.phase == HAND_OVER:
            continue  # any seat may deal on
        try:
            m.apply(a, seat)
        except IllegalAction:
            pass
        else:
            raise AssertionError("illegal action %r by seat %r accepted" % (a, seat))
        assert m.to_bytes() == before


def check_view(m, seat):
    """The observation (cached in part between calls) says what the match says."""
    v = m.observation(seat)
    assert v.seat == seat and v.phase == m.phase and v.to_move == m.to_move
    assert v.hand == (bytes(m.hands[seat]) if m.looked[seat] else b"")
    assert v.history == bytes(m.history) and v.leaders == bytes(m.leaders)
    assert v.winners == bytes(m.winners) and v.tricks == bytes(m.tricks)
    assert v.lead_suit == m.lead_suit and v.broken == m.broken
    assert v.trick == bytes(m.history[m._trick_at:])
    assert v.bids == tuple(m.bids) and v.scores == tuple(m.scores)
    assert v.bags == tuple(m.bags) and v.dealer == m.dealer and v.hand_no == m.hand_no
    if m.n == 2:
        assert v.stock == 52 - m.pos and v.rejected == bytes(m.rejected[seat])
        assert v.drawn == (m.stock[m.pos] if m.phase == DRAW and seat == m.to_move else -1)
        assert v.declared == bytes(m.declared) and v.discarded == bytes(m.discards[seat])
        for c in v.rejected:  # on the pile, or drawn back after a Double Nil, or played
            where = m.holder[c]
            if where == seat or where == seat ^ 1:
                assert m.declared[where] == 2 and c in m.replaced[where]
            else:
                assert where in (PILE, PLAYED)
    else:
        assert v.passed == bytes(m.picks[seat])
        assert v.looked_by == bytes(m.looked)


def round_trip(cls, m, b):
    m2 = cls.from_bytes(b)
    assert m2.to_bytes() == b
    assert m2.phase == m.phase and m2.to_move == m.to_move
    assert m2.hands == m.hands and m2.history == m.history
    assert m2.scores == m.scores and m2.bags == m.bags and m2.winner == m.winner


def soak(cls, check, pick, seed, hands, options, every_step):
    """Play `hands` hands; the first `every_step` of them round-trip the save after
    every action, the rest after one action in 30 (at random) and at every hand end."""
    r = Rng(seed)
    m = cls(seed, *options)
    done = 0
    while done < hands:
        la = m.legal_actions()
        if m.phase == MATCH_OVER:
            assert la == []
            assert m.winner in (0, 1)
            throw_illegal(m, r, la)
            m = cls(seed * 1000 + done, *options)
            continue
        throw_illegal(m, r, la)
        a = pick(m, r, la)
        if m.to_move >= 0:
            v = m.observation(m.to_move)
            if m.phase == PLAY:
                assert sorted(la) == la and set(la) <= set(v.hand)
        check_view(m, r.below(m.n))
        m.apply(a)
        check(m)
        b = m.to_bytes()
        assert len(b) <= 160 + 1 + 16 * min(m.hand_no, 32)  # and the hand starts kept for replays
        over = m.phase == HAND_OVER or m.phase == MATCH_OVER
        if done < every_step or over or r.below(30) == 0:
            round_trip(cls, m, b)
        if over:
            done += 1
            if m.phase == HAND_OVER:
                check(m)
                m.apply(NEXT_HAND)
    return done


OPTIONS = ((True, True, 500), (True, False, 300), (False, True, 200), (False, False, 500))


@pytest.mark.parametrize("chunk", range(CHUNKS4))
def test_soak_four_players_4(chunk):
    assert soak(spades.Match, check4, pick4, 1 + chunk, HANDS4 // CHUNKS4,
                OPTIONS[chunk % 4], 200) == HANDS4 // CHUNKS4


@pytest.mark.parametrize("chunk", range(CHUNKS2))
def test_soak_two_players_4(chunk):
    assert soak(spades2.Match, check2, pick2, 101 + chunk, HANDS2 // CHUNKS2,
                OPTIONS[chunk % 4], 250) == HANDS2 // CHUNKS2

# Two-player Spades under MicroPython: complete matches to 500 by random legal play,
# through the whole face (legal_actions, apply, observation, to_bytes every step).
import lane_heap
from engine.rng import Rng
from engine.spades2 import (Match, BID, DOUBLE_NIL, NO_DOUBLE_NIL, BIDDING, DECLARE, PLAY,
                            HAND_OVER, MATCH_OVER, PILE, STOCK)

MATCHES = 20


def _check_cards(m):
    # RULES 4: 52 distinct cards, each in one place; 13 + 13 held, 26 on the pile
    seen = bytearray(52)
    for h in m.hands:
        assert len(h) == 13
        for c in h:
            seen[c] += 1
    for c in range(52):
        if m.holder[c] == PILE:
            seen[c] += 1
    for c in range(52):
        assert seen[c] == 1, c


def _play_match(seed, r, blind_nil, bag_penalty):
    m = Match(seed, blind_nil=blind_nil, bag_penalty=bag_penalty)
    hands = 0
    while m.phase != MATCH_OVER:
        la = m.legal_actions()
        ph = m.phase
        if ph == BIDDING:
            a = BID + 4 + r.below(2)
        elif ph == DECLARE:
            a = DOUBLE_NIL if r.below(100) == 0 else NO_DOUBLE_NIL
        else:
            a = la[r.below(len(la))]
        if m.to_move >= 0:
            o = m.observation(m.to_move)
            assert o.seat == m.to_move
        if ph == PLAY and len(m.history) == 13:
            _check_cards_mid(m)
            lane_heap.sample()
        m.apply(a)
        b = m.to_bytes()
        assert len(b) <= 160 + 1 + 16 * min(m.hand_no, 32)  # and the hand starts kept for replays
        if m.phase == HAND_OVER:
            hands += 1
            if hands % 5 == 0:
                assert Match.from_bytes(b).to_bytes() == b
        assert hands < 600
    assert m.winner in (0, 1)
    assert max(m.scores) >= 500
    return hands


def _check_cards_mid(m):
    n = 0
    for c in range(52):
        if m.holder[c] == STOCK:
            n += 1
    assert n == 0
    assert len(m.hands[0]) + len(m.hands[1]) + len(m.history) == 26


def test_matches_to_500():
    r = Rng(77)
    total = 0
    for i in range(MATCHES):
        total += _play_match(200 + i, r, i % 3 != 2, i % 4 != 3)
    print("spades2 matches", MATCHES, "hands", total)


def test_draw_knowledge():
    m = Match(5, blind_nil=False)
    r = Rng(1)
    while m.pos < 52:
        m.apply(m.legal_actions()[r.below(2)])
    _check_cards(m)
    for s in (0, 1):
        for c in m.observation(s).rejected:
            assert m.holder[c] == PILE
    lane_heap.sample()

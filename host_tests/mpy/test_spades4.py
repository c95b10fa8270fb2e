# Four-player Spades under MicroPython: complete matches to 500 by random legal play,
# through the whole face (legal_actions, apply, observation, to_bytes every step).
import lane_heap
from engine.rng import Rng
from engine import spades
from engine.spades import Match, BID, BLIND_NIL, LOOK, PLAY, MATCH_OVER, HAND_OVER

MATCHES = 20


def _check_cards(m):
    # RULES 4: 52 distinct cards, each in one place
    seen = bytearray(52)
    for h in m.hands:
        for c in h:
            seen[c] += 1
    for c in m.history:
        seen[c] += 1
    for c in range(52):
        assert seen[c] == 1, c


def _play_match(seed, r, blind_nil, bag_penalty):
    m = Match(seed, blind_nil=blind_nil, bag_penalty=bag_penalty)
    hands = 0
    sampled = False
    while m.phase != MATCH_OVER:
        la = m.legal_actions()
        if len(la) == 14:
            a = BID + 2 + r.below(2)
        elif m.phase == 0 and la[0] == BLIND_NIL:
            a = BLIND_NIL if r.below(100) == 0 else LOOK
        else:
            a = la[r.below(len(la))]
        if m.to_move >= 0:
            o = m.observation(m.to_move)
            assert o.seat == m.to_move
        m.apply(a)
        b = m.to_bytes()
        assert len(b) <= 160 + 1 + 16 * min(m.hand_no, 32)  # and the hand starts kept for replays
        if m.phase == PLAY and len(m.history) == 26 and not sampled:
            lane_heap.sample()
            sampled = True
        if m.phase == HAND_OVER:
            _check_cards(m)
            hands += 1
            sampled = False
            if hands % 5 == 0:
                assert Match.from_bytes(b).to_bytes() == b
        assert hands < 400
    assert m.winner in (0, 1)
    assert max(m.scores) >= 500
    return hands


def test_matches_to_500():
    r = Rng(2024)
    total = 0
    for i in range(MATCHES):
        total += _play_match(100 + i, r, i % 3 != 2, i % 4 != 3)
    print("spades4 matches", MATCHES, "hands", total)


def test_round_trip_mid_hand():
    m = Match(7)
    r = Rng(3)
    for _ in range(40):
        la = m.legal_actions()
        a = la[r.below(len(la))]
        if len(la) == 14:
            a = BID + 3
        m.apply(a)
    b = m.to_bytes()
    m2 = Match.from_bytes(b)
    assert m2.to_bytes() == b
    assert m2.hands == m.hands
    lane_heap.sample()

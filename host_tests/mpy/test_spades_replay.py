# Replaying a hand under MicroPython (engine/tricks.py replay, result, the record of hand
# starts in the save): RULES 1.2, 2.2 and 4, the same RNG state deals the same cards.
from engine.spades_record import first, next_hand
from engine.spades_replay import replay, result
from engine.rng import Rng
from engine import spades, spades2
from engine.tricks import IllegalAction, BID, HAND_OVER, MATCH_OVER


def _to_hand_end(m, r):
    while m.phase not in (HAND_OVER, MATCH_OVER):
        la = m.legal_actions()
        m.apply(BID + 2 + r.below(3) if la[0] == BID else la[r.below(len(la))])


def _check(mod, seed):
    m = mod.Match(seed)
    first(m, seed)
    r = Rng(seed)
    starts = []
    for _ in range(4):
        starts.append((list(m.scores), list(m.bags), m.dealer, m._saved))
        _to_hand_end(m, r)
        if m.phase == MATCH_OVER:
            break
        next_hand(m)
    before = m.to_bytes()
    for k in range(1, m.hand_no):
        x = replay(m, k)
        assert (x.scores, x.bags, x.dealer, x._saved) == starts[k - 1], k
        _to_hand_end(x, r)
    assert m.to_bytes() == before
    try:
        replay(m, m.hand_no)  # under way
        assert False, "replayed a hand being played"
    except IllegalAction:
        pass
    assert m.to_bytes() == before
    m2 = mod.Match.from_bytes(before)
    assert m2.to_bytes() == before and replay(m2, 1)._saved == starts[0][3]
    assert result(m2, 1) == result(m, 1)


def test_four_players_replay():
    _check(spades, 31)


def test_two_players_replay():
    _check(spades2, 32)

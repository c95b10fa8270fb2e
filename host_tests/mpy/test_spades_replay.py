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


def _hand(saved):
    """A save head and cards without the match's RNG (bytes 21-24): a replay deals
    the same hand but does not go on with the match."""
    return saved[:21] + saved[25:]


def _check(mod, seed):
    m = mod.Match(seed)
    first(m)
    r = Rng(seed)
    starts = []
    for _ in range(4):
        starts.append((list(m.scores), list(m.bags), m.dealer, _hand(m._saved)))
        _to_hand_end(m, r)
        if m.phase == MATCH_OVER:
            break
        next_hand(m)
    before = m.to_bytes()
    for k in range(1, m.hand_no):
        x = replay(m, k)
        assert (x.scores, x.bags, x.dealer, _hand(x._saved)) == starts[k - 1], k
        _to_hand_end(x, r)
    assert m.to_bytes() == before
    try:
        replay(m, m.hand_no)  # under way
        assert False, "replayed a hand being played"
    except IllegalAction:
        pass
    assert m.to_bytes() == before
    m2 = mod.Match.from_bytes(before)
    assert m2.to_bytes() == before and _hand(replay(m2, 1)._saved) == starts[0][3]
    assert result(m2, 1) == result(m, 1)


def test_four_players_replay():
    _check(spades, 31)


def test_two_players_replay():
    _check(spades2, 32)


def test_loading_leaves_the_loader_out_of_the_heap():
    # a Continue mid-match (RULES 1.8: the match goes on): the loader's code, and the
    # scoring it checks the winner with, leave with it; the hand starts' size is one
    # figure in the three modules that read the record
    import sys
    m = spades.Match(33)
    first(m)
    _to_hand_end(m, Rng(33))
    next_hand(m)
    b = m.to_bytes()
    from engine import lazy
    for name in ("engine.spades_load", "engine.scoring"):
        if name in sys.modules:  # held by other tests of this process
            lazy.forget(name)
    assert spades.Match.from_bytes(b).to_bytes() == b
    assert "engine.spades_load" not in sys.modules and "engine.scoring" not in sys.modules
    from engine import spades_load, spades_record, spades_replay
    assert spades_load._ENTRY == spades_record.ENTRY == spades_replay._ENTRY == 16

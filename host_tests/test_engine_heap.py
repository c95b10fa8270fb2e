"""What a game in play keeps in the heap: code that runs once a hand (the scoring,
RULES 1.7 / 2.6) is imported when the hand ends and dropped again."""
import sys

from engine import lazy
from engine.spades import Match
from engine.tricks import HAND_OVER, PLAY
from engine.bots.spades_bot import Bot


def test_scoring_code_loaded_only_at_a_hands_end():
    if "engine.scoring" in sys.modules:
        lazy.forget("engine.scoring")
    m = Match(3)
    bots = [Bot(s, "normal", 1) for s in range(4)]
    while m.phase != HAND_OVER:
        s = m.to_move
        m.apply(bots[s].act(m.observation(s)), s)
        if m.phase == PLAY:
            assert "engine.scoring" not in sys.modules
    assert "engine.scoring" not in sys.modules
    assert sum(m.scores) != 0 or m.bags != [0, 0]  # the hand was scored
    assert m.last_breakdown[0] and m.last_breakdown[1]
    from engine import tricks
    for fn in ("score_side", "winner"):
        assert fn not in dir(tricks), fn  # the engine holds no reference to it either


def test_a_hands_end_loads_the_scoring_once_for_both_sides_and_the_winner(monkeypatch):
    # RULES 1.7 (each side's score) and 1.8 (the match's end): three uses of one module,
    # one import: each import needs room in a heap the hand has cut up
    if "engine.scoring" in sys.modules:
        lazy.forget("engine.scoring")
    dropped = []
    real = lazy.forget

    def forget(name):
        dropped.append(name)
        real(name)
    monkeypatch.setattr(lazy, "forget", forget)
    m = Match(3)
    bots = [Bot(s, "normal", 1) for s in range(4)]
    while m.phase != HAND_OVER:
        s = m.to_move
        m.apply(bots[s].act(m.observation(s)), s)
    assert dropped.count("engine.scoring") == 1
    assert "engine.scoring" not in sys.modules and m.last_breakdown[0] and m.last_breakdown[1]


_LOADERS = ("engine.spades_load", "engine.scoring", "engine.spades_record", "engine.spades_replay")


def _forget_loaders():
    for name in _LOADERS:
        if name in sys.modules:
            lazy.forget(name)


def _match_with_a_hand_kept():
    m = Match(5)
    lazy.call("spades_record", "first", m)  # a hand start kept, as a game start does
    bots = [Bot(s, "normal", 1) for s in range(4)]
    while m.phase != HAND_OVER:
        s = m.to_move
        m.apply(bots[s].act(m.observation(s)), s)
    return m


def test_loading_a_save_leaves_none_of_the_loaders_code():
    # a Continue (RULES 1.8's match goes on) and a replay's match come back from bytes
    # in the middle of play: what loading imported leaves with it, the caller lists none
    b = _match_with_a_hand_kept().to_bytes()
    _forget_loaders()
    m = Match.from_bytes(b)
    assert m.to_bytes() == b
    assert [n for n in _LOADERS if n in sys.modules] == []


def test_a_replay_leaves_none_of_the_code_it_imported():
    # RULES 4: a replay of hand 1 (its deal from the record, its result scored), each
    # module imported through lazy.call, so none stays behind for the caller to list
    m = _match_with_a_hand_kept()
    _forget_loaders()
    r = lazy.call("spades_replay", "replay", m, 1)
    assert r.hand_no == 1 and [n for n in _LOADERS if n in sys.modules] == []
    lazy.call("spades_replay", "result", m, 1)
    assert [n for n in _LOADERS if n in sys.modules] == []


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

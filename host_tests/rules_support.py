"""Shared by the engine's rule tests: an illegal action must raise, name its RULES
section and leave the state byte-for-byte unchanged (RULES 4)."""
import pytest

from engine.tricks import IllegalAction


def illegal(m, action, seat=None, section=None):
    before = m.to_bytes()
    with pytest.raises(IllegalAction) as e:
        m.apply(action, seat)
    assert m.to_bytes() == before
    if section:
        assert str(e.value).startswith(section), str(e.value)
    return str(e.value)


def spit_at(cond, mode="standard"):
    """(game, table): a Spit match between two bots (seeded) stopped at the first
    moment cond(game) holds."""
    from engine import spit as S
    from engine.bots.spit_bot import SpitBot
    from engine.spit_match import Table
    for seed in range(1, 300):
        g = S.Spit(seed, mode)
        tab = Table(g, [SpitBot(3, seed), SpitBot(2, seed + 1)])
        for _ in range(20000):
            if cond(g):
                return g, tab
            if g.phase == S.PH_MATCH_OVER or tab.step() < 0:
                break
    raise AssertionError("not reached")

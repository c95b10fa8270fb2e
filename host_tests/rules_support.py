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

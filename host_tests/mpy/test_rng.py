# engine.rng and engine.cards under MicroPython: the same numbers as CPython.
from engine.rng import Rng
from engine import cards



def test_sequence_matches_cpython():
    from rng_vectors import SEED, FIRST16, SHUFFLED
    r = Rng(SEED)
    got = tuple(r.next16() for _ in range(len(FIRST16)))
    assert got == FIRST16, got
    deck = cards.fresh_deck()
    r = Rng(SEED)
    r.shuffle(deck)
    assert bytes(deck) == SHUFFLED


def test_below_in_range():
    r = Rng(7)
    seen = bytearray(52)
    for _ in range(5000):
        v = r.below(52)
        assert 0 <= v < 52
        seen[v] = 1
    assert sum(seen) == 52


def test_state_round_trip():
    r = Rng(12345)
    r.next16()
    s = r.state()
    a = [r.next16() for _ in range(10)]
    r2 = Rng(1)
    r2.set_state(s)
    b = [r2.next16() for _ in range(10)]
    assert a == b


def test_card_names():
    assert cards.name(cards.parse("AS")) == "AS"
    assert cards.parse("2C") == 0
    assert cards.parse("AS") == 51

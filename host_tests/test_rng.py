"""RULES 4: the same seed gives the same game; the generator is exact across ports."""
from engine import cards
from engine.rng import Rng

from host_tests.mpy import rng_vectors as v


def test_rng_matches_reference_vectors():
    r = Rng(v.SEED)
    assert tuple(r.next16() for _ in range(len(v.FIRST16))) == v.FIRST16
    deck = cards.fresh_deck()
    Rng(v.SEED).shuffle(deck)
    assert bytes(deck) == v.SHUFFLED


def test_values_stay_small_ints():
    # Past 2**30 the board allocates a big int: the state must never get there.
    r = Rng(0x3FFFFFFF)
    for _ in range(20000):
        assert 0 <= r.next16() < 65536
        assert r.hi < 65536 and r.lo < 65536


def test_shuffle_is_a_permutation_and_roughly_uniform():
    r = Rng(5)
    first = [0] * 52
    for _ in range(5200):
        d = cards.fresh_deck()
        r.shuffle(d)
        assert sorted(d) == list(range(52))
        first[d[0]] += 1
    assert min(first) > 50 and max(first) < 160


def test_state_round_trip_and_zero_state_rejected():
    r = Rng(99)
    s = r.state()
    a = [r.next16() for _ in range(5)]
    r.set_state(s)
    assert [r.next16() for _ in range(5)] == a
    try:
        r.set_state(b"\0\0\0\0")
    except ValueError:
        pass
    else:
        raise AssertionError("zero state accepted")

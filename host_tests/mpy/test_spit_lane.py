# Spit under MicroPython (76 KB heap): engine rules that touch the port's bytearray
# and int behaviour, and complete bot-vs-bot matches (RULES 3, 4).
import gc

import lane_heap
from engine import spit as S
from engine.bots.spit_bot import SpitBot
from engine.spit_match import play_match

_calls = [0]


def _check(g, p, a, t, r):
    # RULES 4: 52 distinct cards after every action; sampled heap now and then
    seen = bytearray(52)
    n = 0
    for q in (0, 1):
        for b in g.stock[q]:
            for c in b:
                seen[c] += 1
                n += 1
        for b in (g.spit[q], g.piles[q], g.hand[q]):
            for c in b:
                seen[c] += 1
                n += 1
    assert n == 52
    for x in seen:
        assert x == 1
    _calls[0] += 1
    if _calls[0] % 97 == 0 and hasattr(gc, "mem_alloc"):  # the lane, not CPython
        lane_heap.sample()


def matches(first, count, mode):
    done = 0
    for i in range(first, first + count):
        g = S.Spit(700 + i, mode)
        a = 1 + i % 5
        b = 1 + (i * 3 + 1) % 5
        w = play_match(g, SpitBot(a, i), SpitBot(b, i + 50), 150, _check)
        assert w in (0, 1), (i, w)
        assert g.phase == S.PH_MATCH_OVER and g.winner == w
        if mode == "standard":
            assert g.cards_held(w) == 0  # 3.8
        else:
            assert g.scores[w] < g.scores[1 - w] and max(g.scores) >= 100
        done += 1
    return done


def test_3_1_adjacent_circular():
    assert S.adjacent(51, 50)  # AS-KS
    assert S.adjacent(51, 0)  # AS-2C
    assert not S.adjacent(50, 0)  # K-2
    assert not S.adjacent(5, 18)  # same rank


def test_3_2_layout_and_bytes_round_trip():
    g = S.Spit(3)
    for p in (0, 1):
        assert [len(s) for s in g.stock[p]] == [1, 2, 3, 4, 5]
        assert len(g.spit[p]) == 11
    b = g.to_bytes()
    assert S.Spit.from_bytes(b).to_bytes() == b


def test_3_4_void_when_pile_changed():
    t = 0
    for seed in range(9, 40):
        g = S.Spit(seed)
        while g.phase in (S.PH_SPIT, S.PH_PLAY):
            t += 1
            if g.phase == S.PH_SPIT:
                g.apply(S.SPIT, 0, t)
                continue
            p = 0 if g.legal_actions(0) else 1
            a = g.legal_actions(p)[0]
            assert g.apply(a, p, t) == S.DONE
            s = g.stock[p][a >> 7] if a < S.MOVE else None
            if s and g.phase == S.PH_PLAY and S.adjacent(s[len(s) - 1], a & 63):
                mid = g.to_bytes()
                assert g.apply(a, p, t) == S.VOID  # 3.4: the pile changed: void
                assert g.to_bytes() == mid
                return
    raise AssertionError("no void case met")


def test_illegal_leaves_state():
    g = S.Spit(4)
    b = g.to_bytes()
    for a in (0, 5, S.MOVE + 1, S.SLAP, S.NEXT_ROUND, 999):
        try:
            g.apply(a, 0, 0)
        except S.IllegalAction as e:
            assert str(e)[1] == "."
        else:
            raise AssertionError("accepted %d" % a)
        assert g.to_bytes() == b


def test_matches_standard_a():
    assert matches(0, 15, "standard") == 15


def test_matches_standard_b():
    assert matches(15, 15, "standard") == 15

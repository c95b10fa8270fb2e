"""RULES 4, issue 12 part 2: every entry point of every engine checks types and ranges
before touching state. In each phase of each game, non-int, bool, out-of-range and
wrong-seat values raise an error naming the rule (or the storage field), and
to_bytes() and every seat's observation stay exactly as they were."""
import random
import re

import pytest

from engine import spades, spades2, spit as S, storage
from engine.spit_match import Table as SpitTable
from host_tests.rules_support import spit_at
from engine.tricks import (BID, BIDDING, BLIND_NIL, DECLARE, DISCARDING, DRAW, EXCHANGE, HAND_OVER,
                           IllegalAction, LOOK, MATCH_OVER, NEXT_HAND, NO_DOUBLE_NIL, PLAY)

RULE = re.compile(r"^\d(\.\d+)?: ")


def frozen(v):
    """A View's fields as plain values: the observation, comparable later."""
    out = []
    for k in sorted(vars(v)):
        x = getattr(v, k)
        out.append((k, bytes(x) if isinstance(x, (bytes, bytearray)) else tuple(x) if isinstance(x, list) else x))
    return out


# ---- Spades, four and two players ------------------------------------------------

def spades_policy(m, r, blind):
    acts = m.legal_actions()
    if m.phase == BIDDING:
        if LOOK in acts:
            return BLIND_NIL if blind and r.random() < 0.5 else LOOK
        return BID + (4 if m.n == 2 else 3)
    if m.phase == DECLARE:
        return acts[0] if blind and r.random() < 0.5 else NO_DOUBLE_NIL
    if m.phase == HAND_OVER:
        return NEXT_HAND
    return r.choice(acts)


def spades_at(mod, phase, cond=lambda m: True, target=200):
    """A match (seeded, bots playing) stopped at the first moment in `phase`."""
    for seed in range(1, 400):
        r = random.Random(seed)
        m = mod.Match(seed, target=target)
        blind = phase in (EXCHANGE, DISCARDING)
        for _ in range(20000):
            if m.phase == phase and cond(m):
                return m
            if m.phase == MATCH_OVER:
                break
            m.apply(spades_policy(m, r, blind))
    raise AssertionError("phase %d not reached" % phase)


def spades_snapshot(m):
    return m.to_bytes(), [frozen(m.observation(s)) for s in range(m.n)], m.phase, m.to_move


BAD_VALUES = (-1, 256, 2 ** 40, -2 ** 40, 3.0, float("nan"), True, False, "64", None, (64,), b"\x40")


def refused(m, a, seat):
    before = spades_snapshot(m)
    with pytest.raises(IllegalAction) as e:
        m.apply(a, seat)
    assert RULE.match(str(e.value)), str(e.value)
    assert spades_snapshot(m) == before, (a, seat)


def check_spades_phase(m):
    legal = m.legal_actions() or [NEXT_HAND]
    seat = m.to_move if m.to_move >= 0 else 0
    a = legal[0]
    for bad in BAD_VALUES:
        if bad is not None:  # None as the action; as the seat it means "whose turn it is"
            refused(m, bad, None)
        if bad is not None and bad == bad:  # a seat that is not 0..n-1 (nan aside)
            refused(m, a, bad)
    refused(m, float(a), None)
    refused(m, float(a), seat)
    refused(m, a, float(seat))
    refused(m, a, seat == 1)  # True or False standing for seat 1 or 0
    refused(m, a, m.n)
    if m.phase not in (HAND_OVER, MATCH_OVER) and a != LOOK:
        refused(m, a, (m.to_move + 1) % m.n)  # a seat whose turn it is not
    for s in (-1, m.n, 1.0, True, "0", None):
        before = spades_snapshot(m)
        with pytest.raises(IllegalAction):
            m.observation(s)
        assert spades_snapshot(m) == before


@pytest.mark.parametrize("phase,cond", [
    (BIDDING, lambda m: not m.looked[m.to_move]), (BIDDING, lambda m: m.looked[m.to_move]),
    (EXCHANGE, lambda m: True), (PLAY, lambda m: len(m.history) == 0), (PLAY, lambda m: len(m.history) == 6),
    (HAND_OVER, lambda m: True), (MATCH_OVER, lambda m: True)],
    ids=["bid-unseen", "bid-seen", "exchange", "lead", "mid-play", "hand-over", "match-over"])
def test_four_player_spades_refuses_bad_values_in_every_phase(phase, cond):  # RULES 1.1, 1.3-1.5, 1.8, 4
    check_spades_phase(spades_at(spades, phase, cond))


@pytest.mark.parametrize("phase", [DECLARE, DRAW, DISCARDING, BIDDING, PLAY, HAND_OVER, MATCH_OVER],
                         ids=["declare", "draw", "discard", "bid", "play", "hand-over", "match-over"])
def test_two_player_spades_refuses_bad_values_in_every_phase(phase):  # RULES 2.1-2.7, 4
    check_spades_phase(spades_at(spades2, phase))


def test_the_probe_cases_of_issue_12_leave_nothing_half_applied():
    m = spades_at(spades, PLAY)
    refused(m, m.legal_actions()[0], 1.0 * m.to_move)  # a float seat
    refused(m, m.legal_actions()[0] + 0.0, m.to_move)
    m = spades_at(spades, BIDDING, lambda m: m.looked[m.to_move])
    refused(m, 64.0, None)  # bids[s] = 0.0 once
    m = spades_at(spades, BIDDING, lambda m: not m.looked[m.to_move])
    refused(m, 80.0, None)  # a Blind Nil never bid
    m2 = spades_at(spades2, DRAW)
    refused(m2, 84.0, None)  # the drawn card kept without moving on
    m2 = spades_at(spades2, DECLARE)
    refused(m2, 82.0, None)  # a Double Nil declared
    m = spades_at(spades, HAND_OVER)
    refused(m, NEXT_HAND, "South")
    m.apply(NEXT_HAND, 2)  # any real seat may deal the next hand


def test_new_matches_check_their_arguments():
    for mod in (spades, spades2):
        for bad in ({"seed": 1.5}, {"seed": -1}, {"seed": 2 ** 31}, {"seed": True}, {"target": 250},
                    {"target": 500.0}, {"target": True}, {"target": 0}):
            args = {"seed": 1, "target": 500}
            args.update(bad)
            with pytest.raises(ValueError):
                mod.Match(args["seed"], target=args["target"])


# ---- Spit ------------------------------------------------------------------------

def spit_snapshot(g):
    return g.to_bytes(), frozen(g.observation(0)), frozen(g.observation(1))


SPIT_PHASES = [
    ("start", lambda g: g.phase == S.PH_SPIT and not g.stalemate()),
    ("stalemate", lambda g: g.stalemate()),
    ("play", lambda g: g.phase == S.PH_PLAY),
    ("slap", lambda g: g.phase == S.PH_SLAP),
    ("one slapped", lambda g: g.phase == S.PH_SLAP and g.slap_pile[0] != 255),
    ("round over", lambda g: g.phase == S.PH_ROUND_OVER),
    ("one pile", lambda g: g.phase == S.PH_PLAY and g.one_pile >= 0),
    ("match over", lambda g: g.phase == S.PH_MATCH_OVER),
]


@pytest.mark.parametrize("name,cond", SPIT_PHASES, ids=[p[0] for p in SPIT_PHASES])
def test_spit_refuses_bad_values_in_every_phase(name, cond):  # RULES 3.1, 3.4, 4
    g, tab = spit_at(cond)
    t = g.clock
    legal = g.legal_actions(0) or g.legal_actions(1) or [S.SPIT]
    a = legal[0]
    calls = [(a, p, t) for p in (-1, 2, 1.0, 0.0, True, False, "0", None)]
    calls += [(bad, 0, t) for bad in (-1, S.NEXT_ROUND + 1, 2 ** 40, float(a), True, False, "1", None)]
    calls += [(a, 0, bad) for bad in (-1, t - 1, float(t), True, 2 ** 31, None, "5")]
    for action, p, when in calls:
        before = spit_snapshot(g)
        with pytest.raises(S.IllegalAction) as e:
            g.apply(action, p, when)
        assert RULE.match(str(e.value)), str(e.value)
        assert spit_snapshot(g) == before, (action, p, when)
    for p in (-1, 2, 1.0, True, None):
        for query in (g.legal_actions, g.observation, g.can_move, g.cards_held):
            before = spit_snapshot(g)
            with pytest.raises(S.IllegalAction):
                query(p)
            assert spit_snapshot(g) == before
    # the table: a bad call changes nothing, not even the clock (no bot moves first)
    now = tab.now
    for p, action, when in ((1.0, a, now + 5000), (0, float(a), now + 5000), (0, a, float(now + 5000)),
                            (0, a, 2 ** 31), ("0", a, now + 5000), (0, True, now + 5000)):
        before = spit_snapshot(g)
        with pytest.raises(S.IllegalAction):
            tab.human(p, action, when)
        assert spit_snapshot(g) == before and tab.now == now
    with pytest.raises(S.IllegalAction):
        tab.run_until(1.5)


def test_new_spit_games_and_tables_check_their_arguments():
    for seed in (1.0, -1, True, 2 ** 31):
        with pytest.raises(ValueError):
            S.Spit(seed)
    with pytest.raises(ValueError):
        S.Spit(1, "speed")
    g = S.Spit(3)
    for bad in ({"spit_pause": -1}, {"round_pause": 1.5}, {"spit_pause": True}):
        with pytest.raises(ValueError):
            SpitTable(g, [None, None], **bad)


# ---- storage -----------------------------------------------------------------------

def test_storage_refuses_bad_values_before_writing():
    nvm = bytearray(storage.SIZE)
    st = storage.Storage(nvm)
    st.save_game(0, 1, b"abc")
    before = bytes(nvm)
    for args in ((3, 1, b"x"), (-1, 1, b"x"), (True, 1, b"x"), (0.0, 1, b"x"), (0, 256, b"x"), (0, -1, b"x"),
                 (0, 1.0, b"x"), (0, False, b"x"), (0, 1, "abc"), (0, 1, None), (0, 1, [1, 2])):
        with pytest.raises(ValueError):
            st.save_game(*args)
    for kind in (0, 4, True, 1.0, None):
        with pytest.raises(ValueError):
            st.write(kind, b"x")
        with pytest.raises(ValueError):
            st.read(kind)
    with pytest.raises(ValueError):
        st.write(storage.OPTIONS, "text")
    assert bytes(nvm) == before and st.writes == 1 and st.load_game() == (0, 1, b"abc")

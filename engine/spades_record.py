"""Keeping the record of hand starts (m.past, engine/tricks.py) that replays deal
from (engine/spades_replay.py): a module of its own, this small, because the table
imports it at every hand's end and at a match's start, when the heap is tightest.
"""
from engine.rng import Rng
from engine.tricks import NEXT_HAND

ENTRY = 16  # bytes of a hand start: the RNG state before the shuffle, scores and bags
KEPT = 32  # hand starts kept: the last 32 hands


def first(m, seed):
    """Keep the first hand's start of m, a Match(seed) just made: its RNG state once
    the first dealer is drawn (1.2, 2.2), before the shuffle."""
    r = Rng(seed)
    r.below(m.n)
    m.past = r.state() + m._saved[9:21]


def next_hand(m):
    """m.apply(NEXT_HAND) (RULES 1.8, 2.7), keeping the new hand's start: the RNG
    state that shuffles it and the scores and bags of its head. Raises as apply does,
    m untouched."""
    pre = m.rng.state()
    m.apply(NEXT_HAND)
    m.past = (m.past + pre + m._saved[9:21])[-KEPT * ENTRY:]

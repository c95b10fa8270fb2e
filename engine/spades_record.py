"""Keeping the record of hand starts (m.past, engine/tricks.py) that replays deal
from (engine/spades_replay.py): a module of its own, this small, because the table
imports it at every hand's end and at a match's start, when the heap is tightest.
"""
from engine.tricks import NEXT_HAND

ENTRY = 16  # bytes of a hand start: the deal number (4 bytes), scores and bags
KEPT = 32  # hand starts kept: the last 32 hands


def first(m):
    """Keep the first hand's start of m, a Match just made (or dealt a number): its
    deal number and its head's scores and bags."""
    n = m.number
    m.past = bytes((0, n >> 16, (n >> 8) & 255, n & 255)) + m._saved[9:21]


def next_hand(m):
    """m.apply(NEXT_HAND) (RULES 1.8, 2.7), keeping the new hand's start: its deal
    number and the scores and bags of its head. Raises as apply does, m untouched."""
    m.apply(NEXT_HAND)
    past = m.past
    first(m)
    m.past = (past + m.past)[-KEPT * ENTRY:]

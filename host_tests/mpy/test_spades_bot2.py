# Two-player Spades bots under MicroPython, alone in their process (64 KB heap):
# the draw, Double Nil discards, bidding and play, hard's search included.
import gc

import lane_heap
from engine import scoring  # noqa: F401  the engine imports it at a hand's end: load it
# while the heap is still unfragmented (on the board there is room to spare)
from engine.spades2 import Match
from engine.tricks import HAND_OVER, MATCH_OVER, NEXT_HAND
from engine import spades_bot as sb


def _play(m, bots, hands):
    done = 0
    k = 0
    while m.phase != MATCH_OVER and done < hands:
        if m.phase == HAND_OVER:
            done += 1
            m.apply(NEXT_HAND)
            gc.collect()
            continue
        s = m.to_move
        m.apply(bots[s].act(m.observation(s)), s)
        k += 1
        if k % 7 == 0:
            lane_heap.sample()
    return done


def test_hard_and_normal_play_hands():
    m = Match(7, target=200)
    bots = [sb.Bot(0, "hard", 1, 250), sb.Bot(1, "normal", 2)]
    assert _play(m, bots, 2) == 2


def test_easy_and_normal_play_a_match():
    m = Match(8, target=200)
    bots = [sb.Bot(0, "easy", 1), sb.Bot(1, "normal", 2)]
    _play(m, bots, 60)
    assert m.phase == MATCH_OVER


def test_double_nil_hand():
    m = Match(9)
    m.scores[0] = 0
    m.scores[1] = 450  # far behind: normal declares Double Nil (RULES 2.4)
    bots = [sb.Bot(0, "normal", 1), sb.Bot(1, "normal", 2)]
    _play(m, bots, 1)
    assert m.hand_no == 2 or m.phase == MATCH_OVER

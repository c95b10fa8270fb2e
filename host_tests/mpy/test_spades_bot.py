# Spades bots under MicroPython (64 KB heap, engine and bots imported together):
# complete hands and a short match with the rule-based levels (hard: test_spades_bot_hard).
import gc

import lane_heap
from engine import scoring  # noqa: F401  the engine imports it at a hand's end: load it
# while the heap is still unfragmented (on the board there is room to spare)
from engine.spades import Match
from engine.tricks import HAND_OVER, MATCH_OVER, NEXT_HAND, PLAY
from engine import spades_bot as sb


def _play(m, bots, hands, sample_every=13):
    done = 0
    k = 0
    while m.phase != MATCH_OVER and done < hands:
        if m.phase == HAND_OVER:
            done += 1
            m.apply(NEXT_HAND)
            gc.collect()
            continue
        s = m.to_move
        a = bots[s].act(m.observation(s))
        m.apply(a, s)
        k += 1
        if k % sample_every == 0:
            lane_heap.sample()
    return done


def test_normal_and_easy_play_a_match():
    m = Match(3, target=200)
    bots = [sb.Bot(s, "normal" if s & 1 else "easy", 1) for s in range(4)]
    _play(m, bots, 30)
    assert m.phase == MATCH_OVER
    assert m.winner in (0, 1)


# Hard Spades bots under MicroPython (76 KB heap, engine, bots and search imported
# together, in a process of their own): complete hands, slices, no allocation per playout.
import gc

import lane_heap
from engine.spades import Match
from engine.tricks import HAND_OVER, MATCH_OVER, NEXT_HAND, PLAY
from engine.bots import spades_bot as sb

sb._searcher()  # what a hard bot allocates at its first card play


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


def test_hard_plays_two_hands():
    m = Match(4)
    bots = [sb.Bot(s, "hard" if s & 1 == 0 else "normal", 2, 300) for s in range(4)]
    assert _play(m, bots, 2, 4) == 2
    assert m.hand_no == 3


def test_hard_in_slices_same_as_whole():
    m = Match(5, blind_nil=False)
    bots = [sb.Bot(s, "normal", 3) for s in range(4)]
    plays = 0
    while True:
        s = m.to_move
        if m.phase == PLAY:
            plays += 1
            if plays == 6:
                break
        m.apply(bots[s].act(m.observation(s)), s)
    v = m.observation(s)
    whole = sb.Bot(s, "hard", 9, 400).act(v)
    b = sb.Bot(s, "hard", 9, 400)
    b.begin(v)
    n = 0
    while not b.step(60):
        n += 1
        lane_heap.sample()
    assert b.result() == whole
    assert whole in m.legal_actions()

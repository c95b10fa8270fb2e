# Bots play a match through the engine face, for the Spades bot lane files (each runs
# in a process of its own, so they share this instead of a copy each).
import gc

import lane_heap
from engine.tricks import HAND_OVER, MATCH_OVER, NEXT_HAND


def play(m, bots, hands, sample_every=13):
    """Play until the match ends or `hands` hands are done; the hands done."""
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
        if k % sample_every == 0:
            lane_heap.sample()
    return done

# Hard's optional playout bidding under MicroPython (64 KB heap), in its own process.
import lane_heap
from engine.spades import Match
from engine.bots import spades_bot as sb


def test_bid_by_playouts():
    # hard's optional playout bidding (spades_bidsearch), sliced, a bid 0..13
    from engine.tricks import BID
    m = Match(12, blind_nil=False)
    s = m.to_move
    sb.HARD_BID_SEARCH = 1
    try:
        b = sb.Bot(s, "hard", 4, 200)
        b.begin(m.observation(s))
        while not b.step(40):
            lane_heap.sample()
        a = b.result()
    finally:
        sb.HARD_BID_SEARCH = 0
    assert BID <= a <= BID + 13
    m.apply(a, s)

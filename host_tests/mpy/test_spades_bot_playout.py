# Hard's playouts allocate nothing (MicroPython, 76 KB heap), in a process of its own:
# the hard bot's other lane file sits close to the heap's edge.
import gc

from engine import scoring  # noqa: F401  first, like the hard lane file
from engine.spades import Match
from engine.tricks import PLAY
from engine.bots import spades_bot as sb


def test_playout_allocates_nothing():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython has no heap counter: this one is proved in the MicroPython lane
    from engine.bots import spades_track as tr
    from engine.bots import spades_search as ss
    m = Match(6, blind_nil=False)
    while m.phase != PLAY:
        s = m.to_move
        m.apply(sb.Bot(s, "normal", 1).act(m.observation(s)), s)
    s = m.to_move
    v = m.observation(s)
    t = sb.table(v)
    un = sb.unseen_cards(v, t)
    d = tr.Table(4)
    w = tr.Table(4)
    buf = bytearray(52)
    rng = sb.Rng(1)
    ss.sample(t, s, un, len(un), rng, d, buf)
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(5):
        ss.sample(t, s, un, len(un), rng, d, buf)
        w.copy_from(d)
        ss.playout(w)
    assert gc.mem_alloc() - before == 0
    assert sum(w.taken) == 13

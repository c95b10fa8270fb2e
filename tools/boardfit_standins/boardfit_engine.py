# The board VM's main file for the engine alone (tools/boardfit.py): a four-player
# match to 500 with the hard bot in every seat, from the bundle's engine .mpy files.
# Each decision is timed with time.ticks_cpu(); with "timing", pystone runs after.
import gc
import sys
import time

gc.collect()
print("heap_start=%d" % gc.mem_alloc())
from engine.spades import Match  # noqa: E402
from engine.tricks import HAND_OVER, MATCH_OVER, NEXT_HAND  # noqa: E402
from engine.bots.spades_bot import Bot  # noqa: E402

SEED = int(sys.argv[1])
m = Match(SEED, target=500)
worst = 0
worst_at = ""
decisions = 0
hist = None
if len(sys.argv) > 2 and sys.argv[2] == "timing":
    import array
    hist = array.array("H", bytes(2 * 2048))  # 100 us buckets
while m.phase != MATCH_OVER:
    if m.phase == HAND_OVER:
        m.apply(NEXT_HAND)
        continue
    s = m.to_move
    v = m.observation(s)
    bot = Bot(s, "hard", (m.hand_no * 97 + len(v.history) * 5 + v.phase * 3) & 0x3FFF)
    t0 = time.ticks_cpu()
    a = bot.act(v)
    us = time.ticks_diff(time.ticks_cpu(), t0)
    decisions += 1
    if us > worst:
        worst = us
        worst_at = "hand %d after %d cards seat %d" % (m.hand_no, len(v.history), s)
    if hist is not None:
        b = us // 100
        hist[b if b < 2048 else 2047] += 1
    bot = None
    v = None
    m.apply(a, s)
print("engine: done decisions=%d hands=%d scores=%d/%d" % (decisions, m.hand_no, m.scores[0], m.scores[1]))
print("engine worst_us=%d at %s" % (worst, worst_at))
if hist is not None:
    parts = []
    for b in range(2048):
        if hist[b]:
            parts.append("%d:%d" % (b, hist[b]))
    print("decisions hard worst_us=%d buckets_us=100 %s" % (worst, " ".join(parts)))
    m = None
    hist = None
    gc.collect()
    import pystone_cpu
    print("pystones_per_cpu_s=%d" % pystone_cpu.rate())

# Live-heap sampling for the MicroPython lane: tests call sample() at their
# busiest points (mid-hand, mid-search); the runner samples after every test.
import gc

peak = 0


def sample():
    global peak
    gc.collect()
    used = gc.mem_alloc()
    if used > peak:
        peak = used
    return used

# Live-heap sampling for the MicroPython lane: tests call sample() at their
# busiest points (mid-hand, mid-search); the runner samples after every test.
import gc

peak = 0


def sample():
    global peak
    gc.collect()
    mem_alloc = getattr(gc, "mem_alloc", None)  # MicroPython only; CPython has no heap to read
    if mem_alloc is None:
        return 0
    used = mem_alloc()
    if used > peak:
        peak = used
    return used

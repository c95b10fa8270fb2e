"""A seeded generator that gives the same numbers on CPython, MicroPython and the board.

xorshift32 kept as two 16-bit halves: every intermediate value stays below 2**30, so
on the board nothing becomes a heap-allocated big int. No floats (the board's are
single precision), no `random` module (its sequence differs between ports).
"""


def small(x, lo, hi):
    """True if x is an int (never a bool or a float) in lo..hi. Every engine checks
    what it is given with this before touching its state (RULES 4): a float seat or a
    bool action would index and compare like an int and half-apply."""
    return type(x) is int and lo <= x <= hi


class Rng:
    __slots__ = ("hi", "lo")

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed &= 0x3FFFFFFF
        hi = (seed >> 16) & 0xFFFF
        lo = seed & 0xFFFF
        if hi == 0 and lo == 0:
            lo = 0x2545  # the all-zero state never leaves zero
        self.hi = hi
        self.lo = lo
        for _ in range(4):  # spread small seeds over all bits
            self.next16()

    def next16(self):
        """Advance one step and return 16 random bits."""
        hi = self.hi
        lo = self.lo
        # x ^= x << 13
        hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
        lo ^= (lo << 13) & 0xFFFF
        # x ^= x >> 17
        lo ^= hi >> 1
        # x ^= x << 5
        hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
        lo ^= (lo << 5) & 0xFFFF
        self.hi = hi
        self.lo = lo
        return hi

    def below(self, n):
        """A uniform int in 0..n-1, for 1 <= n <= 65536 (rejection, no modulo bias)."""
        limit = 65536 - (65536 % n)
        while True:
            r = self.next16()
            if r < limit:
                return r % n

    def shuffle(self, seq):
        """Fisher-Yates in place over a list or bytearray."""
        i = len(seq) - 1
        while i > 0:
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1

    def state(self):
        return bytes((self.hi >> 8, self.hi & 0xFF, self.lo >> 8, self.lo & 0xFF))

    def set_state(self, b):
        hi = (b[0] << 8) | b[1]
        lo = (b[2] << 8) | b[3]
        if hi == 0 and lo == 0:
            raise ValueError("rng state cannot be all zero")
        self.hi = hi
        self.lo = lo

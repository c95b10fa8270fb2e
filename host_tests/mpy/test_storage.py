# engine.storage, .options and .stats under MicroPython with a bytearray nvm:
# round trips, power cuts after every byte, corruption of every byte, versions, full;
# one record holds all three, written in one assignment per save point (issue 12).
from engine import options, stats, storage, storage_admin, storage_record
from engine.storage import Storage, StoreFull

import gc

import lane_heap


def heap_sample():
    if hasattr(gc, "mem_alloc"):  # MicroPython only; the lane runs these under CPython too
        lane_heap.sample()


# two 8 KB buffers made once and refilled in place: a fresh 8 KB bytearray per test
# fragments the 76 KB heap until one no longer fits
_A = bytearray(8192)
_B = bytearray(8192)


def fresh(buf=None):
    buf = _A if buf is None else buf
    for i in range(len(buf)):
        buf[i] = 0
    return buf


def copy_of(src):
    _A[:] = src  # in place, same length
    return _A


class PowerCut(Exception):
    pass


class CuttingStore:
    # power fails after `budget` written bytes, in the middle of a slice write
    def __init__(self, data, budget):
        self.data = data
        self.budget = budget

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, sl, value):
        start = sl.start
        for j in range(len(value)):
            if self.budget <= 0:
                raise PowerCut()
            self.data[start + j] = value[j]
            self.budget -= 1


def blob(seed, n=200):
    out = bytearray(n)
    x = seed * 7919 + 1
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x3FFFFFFF
        out[i] = (x >> 16) & 0xFF
    return bytes(out)


def some_options():
    o = options.Options()
    o.blind_nil = False
    o.target = 200
    o.spit_match = options.SPIT_POINTS
    o.set_level(storage.GAME_SPADES2, "hard")
    o.hand_sort = options.SORT_DOWN
    return o


def some_stats(seed):
    s = stats.Stats()
    b = blob(seed, 40)
    i = 0
    for g in range(storage.GAMES):
        for f in range(stats.COUNTS[g]):
            s.add(g, f, b[i] * 300 + i)
            i += 1
    return s


def test_crc32_known_value_and_small_ints():
    hi, lo = storage_record.crc32(b"123456789")
    assert storage_record.crc_bytes(hi, lo) == b"\x26\x39\xf4\xcb"  # 0xCBF43926
    hi, lo = storage_record.crc32(blob(1, 300))
    assert 0 <= hi <= 0xFFFF and 0 <= lo <= 0xFFFF


def test_round_trip_every_record():
    nvm = fresh()
    s = Storage(nvm)
    g = blob(2)
    o = some_options()
    st = some_stats(2)
    st.round_time(storage.GAME_SPIT, 321)
    assert s.save_game(storage.GAME_SPADES4, 1, g)
    assert s.save_options(o)
    assert s.save_stats(st)
    t = Storage(nvm)
    got = t.load_game()
    assert got[0] == storage.GAME_SPADES4 and got[1] == 1 and got[2] == g
    assert t.load_options() == o
    assert t.load_options().target == 200
    assert t.load_options().level(storage.GAME_SPADES2) == "hard"
    assert t.load_options().spit_match == "points"
    assert t.load_stats() == st
    assert t.load_stats().get(storage.GAME_SPIT, stats.FASTEST_ROUND) == 321
    assert t.unreadable == 0 and t.take_notice() is None
    heap_sample()


def test_no_write_when_nothing_changed_and_full():
    nvm = fresh()
    s = Storage(nvm)
    g = blob(3)
    assert s.save_game(0, 0, g)
    assert not s.save_game(0, 0, g)
    assert not Storage(nvm).save_game(0, 0, g)
    assert not s.save_options(options.Options()) or True  # first options write
    n = s.writes
    assert not s.save_options(options.Options())
    assert s.writes == n
    before = storage_record.crc32(nvm)  # not a copy: no second 8 KB buffer
    try:
        # a view of the spare buffer: a fresh 2 KB object may not fit the fragmented heap
        s.save_game(0, 0, memoryview(_B)[:storage.MAX_GAME_BLOB + 1])
        assert False, "a blob too big must be refused"
    except StoreFull:
        pass
    assert storage_record.crc32(nvm) == before and s.writes == n


def test_sequence_wraps():
    nvm = fresh()
    s = Storage(nvm)
    for i in range(300):
        s.save_game(1, 0, bytes((i & 0xFF, i >> 8)))
        if i > 250:
            got = Storage(nvm).load_game()
            assert got[2] == bytes((i & 0xFF, i >> 8)), i


def test_power_cut_after_every_byte():
    old = blob(4, 180)
    new = blob(5, 190)
    nvm0 = fresh(_B)
    s = Storage(nvm0)
    s.save_game(0, 0, blob(6, 100))  # slot B
    s.save_game(0, 0, old)  # slot A: the current good record; the next goes to B
    n = storage.HEADER + 6 + 2 + len(new)
    for k in range(n + 1):
        nvm = copy_of(nvm0)
        try:
            Storage(CuttingStore(nvm, k)).save_game(0, 0, new)
        except PowerCut:
            pass
        t = Storage(nvm)
        got = t.load_game()
        if k < n:
            assert got[2] == old, k
        else:
            assert got[2] == new, k
        assert t.unreadable == 0
    heap_sample()


def test_power_cut_in_options_and_stats():
    nvm0 = fresh(_B)
    s = Storage(nvm0)
    s.save_options(options.Options())
    s.save_stats(some_stats(7))
    o = some_options()
    st = some_stats(8)
    for k in range(0, 2 * (storage.HEADER + 6 + len(options.FIELDS) + stats.SIZE) + 1, 3):
        nvm = copy_of(nvm0)
        c = Storage(CuttingStore(nvm, k))
        try:
            c.save_options(o)
            c.save_stats(st)
        except PowerCut:
            pass
        t = Storage(nvm)
        lo = t.load_options()
        assert lo == o or lo == options.Options(), k
        ls = t.load_stats()
        assert ls == st or ls == some_stats(7), k


def test_corrupt_every_byte_of_the_records():
    nvm0 = fresh(_B)
    s = Storage(nvm0)
    o = some_options()
    prev = blob(9, 120)
    new = blob(10, 150)
    s.save_options(o)  # slot B
    s.save_game(2, 1, prev)  # slot A
    s.save_game(2, 1, new)  # slot B: options and the new game
    a = storage.SLOT
    b = a + storage.HEADER + 6 + len(options.FIELDS) + 2 + len(new)
    for i in range(a - 20, b + 20):
        for x in (0x01, 0xFF):
            nvm = copy_of(nvm0)
            nvm[i] ^= x
            t = Storage(nvm)
            got = t.load_game()
            want = prev if a <= i < b else new
            assert got is not None and got[2] == want and t.load_options() == o, i
    heap_sample()


def test_the_only_copy_corrupt_gives_nothing_and_one_notice():
    nvm0 = fresh(_B)
    Storage(nvm0).save_game(0, 0, blob(11, 60), some_stats(11))
    base = storage.SLOT
    for i in range(base, base + storage.HEADER + 6 + 62 + stats.SIZE):
        nvm = copy_of(nvm0)
        nvm[i] ^= 0x20
        t = Storage(nvm)
        assert t.load_game() is None and t.load_stats() == stats.Stats(), i
        assert t.take_notice() == storage_admin.NOTICES[storage.RECORD], i
        assert Storage(nvm).take_notice() is None


def test_unknown_version():
    nvm = fresh()
    s = Storage(nvm)
    s.save_stats(some_stats(12))
    off = storage.SLOT  # the running code knows version 1 only
    nvm[off + 2] = 2
    n = nvm[off + 4] | (nvm[off + 5] << 8)
    hi, lo = storage_record.crc32(bytes(nvm[off:off + 6]))
    hi, lo = storage_record.crc32(bytes(nvm[off + 10:off + 10 + n]), hi, lo)
    nvm[off + 6:off + 10] = storage_record.crc_bytes(hi, lo)  # a valid record of version 2
    t = Storage(nvm)
    assert t.load_stats() == stats.Stats()
    assert t.unreadable == 1 << storage.RECORD


def test_clear_and_recover():
    nvm = fresh()
    s = Storage(nvm)
    st = some_stats(13)
    for i in range(2):
        s.save_game(0, 0, blob(13 + i))
        s.save_options(some_options() if i else options.Options())
        s.save_stats(st)
    assert storage.recover(nvm) == 1  # game and options: one write
    t = Storage(nvm)
    assert t.load_game() is None and t.load_options() == options.Options()
    assert t.load_stats() == st
    assert t.reset_stats() and Storage(nvm).load_stats() == stats.Stats()
    assert storage.recover(nvm) == 0
    for fill in (0, 0xFF):
        for i in range(8192):  # in place: a second 8 KB buffer may not fit the heap
            nvm[i] = fill
        e = Storage(nvm)
        assert e.load_game() is None and e.take_notice() is None


def test_stats_counting_and_lines():
    s = stats.Stats()
    G = storage.GAME_SPADES2
    s.spades_hand(G, 0, (stats.BLIND_NIL_BID, 4), bytes((0, 13)),
                  [("Blind Nil", 200)])
    s.spades_hand(G, 0, (5, 4), bytes((9, 4)),
                  [("Contract 5 made", 50), ("Bags 4", 4), ("Bag penalty", -100)])
    assert s.get(G, stats.BLIND_NILS_MADE) == 1 and s.get(G, stats.BAG_PENALTIES) == 1
    assert s.percent(G, stats.CONTRACTS_MADE, stats.CONTRACTS) == 100
    s.match_over(G, True)
    assert s.spit_round(True, 95)
    rows = s.lines(storage.GAME_SPIT)
    assert rows[-1] == ("Fastest round", "9.5 s")
    assert s.lines(G)[5] == ("Double nils made", "1/1")
    assert stats.Stats.from_bytes(s.to_bytes()) == s


class FailingStore:
    # worn or locked flash: every write raises OSError
    def __init__(self, data):
        self.data = data
        self.tries = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, sl, value):
        self.tries += 1
        raise OSError(5)


def test_small_nvm_and_failing_writes_never_raise():
    st = storage.attach(bytearray(256))  # a build with a small nvm
    assert st.trouble == storage.NO_ROOM and st.load_game() is None
    st.save_game(storage.GAME_SPIT, 2, b"xyz")
    assert st.load_game() == (storage.GAME_SPIT, 2, b"xyz")
    assert st.take_notice() == storage_admin.TROUBLES[storage.NO_ROOM]
    assert st.take_notice() is None
    assert storage.recover(bytearray(256)) == 0
    f = FailingStore(fresh())
    st = storage.attach(f)
    st.save_options(options.Options())
    assert st.trouble == storage.WRITE_FAILED and f.tries == 1
    o = options.Options()
    o.cycle("sound")
    st.save_options(o)
    assert f.tries == 1 and st.load_options() == o
    assert st.take_notice() == storage_admin.TROUBLES[storage.WRITE_FAILED]

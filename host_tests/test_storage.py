"""engine.storage: records, slots, checksums, power cuts and corruption (issue 8)."""
import random
import zlib

import pytest

from engine import options, stats, storage, storage_admin, storage_record
from engine.storage import GAME, OPTIONS, STATS, Storage, StoreFull


@pytest.fixture(autouse=True)
def _this_files_modules():
    """The app in other test files drops the saving code from sys.modules, as the badge
    does between save points; a later import would make new classes, and this file
    compares what storage loads with the classes it imported itself."""
    import sys
    import engine
    for mod in (options, stats, storage, storage_admin, storage_record):
        sys.modules[mod.__name__] = mod
        setattr(engine, mod.__name__.split(".")[1], mod)


class PowerCut(Exception):
    pass


class CuttingStore:
    """A bytearray of 8192 bytes where power fails after `budget` written bytes:
    the write in progress keeps the bytes written so far, in order, then stops."""

    def __init__(self, data, budget):
        self.data = data
        self.budget = budget

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, sl, value):
        value = bytes(value)
        start = sl.start
        for j, b in enumerate(value):
            if self.budget <= 0:
                raise PowerCut()
            self.data[start + j] = b
            self.budget -= 1


class SliceCountingStore(bytearray):
    """Counts slice assignments the way nvm would see them."""
    assignments = 0

    def __setitem__(self, i, v):
        assert isinstance(i, slice), "storage must write whole slices"
        SliceCountingStore.assignments += 1
        bytearray.__setitem__(self, i, v)


def blob(seed, n=200):
    r = random.Random(seed)
    return bytes(r.randrange(256) for _ in range(n))


def some_stats(seed):
    s = stats.Stats()
    r = random.Random(seed)
    for g, n in enumerate(stats.COUNTS):
        for f in range(n):
            s.add(g, f, r.randrange(0, 70000))
    return s


def some_options():
    o = options.Options()
    o.blind_nil = False
    o.target = 300
    o.spit_match = options.SPIT_POINTS
    o.set_level(storage.GAME_SPIT, 5)
    o.set_level(storage.GAME_SPADES2, "hard")
    o.sound = False
    o.bot_speed = options.FAST
    o.hand_sort = options.SORT_DOWN
    return o


# ---- checksum ----------------------------------------------------------------

def test_crc32_equals_zlib_and_stays_small():
    r = random.Random(5)
    for n in (0, 1, 2, 9, 200, 2000):
        data = bytes(r.randrange(256) for _ in range(n))
        hi, lo = storage_record.crc32(data)
        assert 0 <= hi <= 0xFFFF and 0 <= lo <= 0xFFFF
        assert storage_record.crc_bytes(hi, lo) == zlib.crc32(data).to_bytes(4, "little")
    # running: two pieces give the CRC of the whole
    hi, lo = storage_record.crc32(b"12345")
    assert storage_record.crc_bytes(*storage_record.crc32(b"6789", hi, lo)) == bytes.fromhex("2639f4cb")


# ---- round trips ----------------------------------------------------------------

@pytest.mark.parametrize("n", [0, 1, 200, storage.MAX_GAME_BLOB])
def test_game_round_trip(n):
    nvm = bytearray(8192)
    s = Storage(nvm)
    b = blob(n, n)
    assert s.save_game(storage.GAME_SPADES4, 2, b)
    assert s.writes == 1
    assert Storage(nvm).load_game() == (storage.GAME_SPADES4, 2, b)
    assert Storage(nvm).has_game()


def test_options_round_trip_and_defaults():
    nvm = bytearray(8192)
    s = Storage(nvm)
    assert s.load_options() == options.Options()  # nothing saved: defaults
    d = options.Options()
    assert (d.blind_nil, d.bag_penalty, d.target, d.spit_match) == (True, True, 500, "standard")
    o = some_options()
    assert s.save_options(o)
    got = Storage(nvm).load_options()
    assert got == o and got.target == 300 and got.level(storage.GAME_SPIT) == 5
    assert got.level(storage.GAME_SPADES4) == "normal" and got.level_spades2 == "hard"
    assert got.spit_match == "points" and got.blind_nil is False and got.bag_penalty is True


def test_stats_round_trip_and_zero_default():
    nvm = bytearray(8192)
    s = Storage(nvm)
    assert s.load_stats() == stats.Stats()
    st = some_stats(3)
    st.round_time(storage.GAME_SPIT, 123)
    assert s.save_stats(st)
    got = Storage(nvm).load_stats()
    assert got == st
    assert got.get(storage.GAME_SPIT, stats.FASTEST_ROUND) == 123


def test_records_do_not_disturb_each_other():
    nvm = bytearray(8192)
    s = Storage(nvm)
    o, st, b = some_options(), some_stats(1), blob(1)
    for _ in range(3):  # both slots of each kind in use
        s.save_options(o)
        s.save_stats(st)
        s.save_game(storage.GAME_SPIT, 1, b)
        o.cycle("target")
        st.add(0, stats.HANDS)
        b = b[1:] + b[:1]
    t = Storage(nvm)
    assert t.load_options() == s.load_options()
    assert t.load_stats() == s.load_stats()
    assert t.load_game() == s.load_game()
    assert nvm[storage.END:] == bytes(8192 - storage.END)  # nothing past the layout


def test_erased_flash_reads_as_empty_without_notice():
    for fill in (0x00, 0xFF):
        s = Storage(bytearray([fill]) * 8192)
        assert s.load_game() is None
        assert s.load_options() == options.Options()
        assert s.load_stats() == stats.Stats()
        assert s.unreadable == 0 and s.take_notice() is None
        assert s.writes == 0


def test_slots_alternate_and_sequence_wraps():
    nvm = bytearray(8192)
    s = Storage(nvm)
    for i in range(600):  # past 255 twice
        b = i.to_bytes(2, "little")
        assert s.save_game(1, 0, b)
        slot = (i + 1) % 2  # the first record goes to slot B: slot A may hold the older layout
        assert nvm[slot * storage.SLOT + 1] == storage.RECORD
        assert nvm[slot * storage.SLOT + 3] == i & 0xFF  # seq i mod 256
        assert Storage(nvm).load_game() == (1, 0, b), i
    assert s.writes == 600


def test_each_save_is_one_slice_assignment():
    nvm = SliceCountingStore(8192)
    SliceCountingStore.assignments = 0
    s = Storage(nvm)
    s.save_game(0, 0, blob(2))
    s.save_options(some_options())
    s.save_stats(some_stats(2))
    assert SliceCountingStore.assignments == 3 == s.writes


def test_a_save_point_writes_game_statistics_and_options_in_one_assignment():  # issue 12
    nvm = SliceCountingStore(8192)
    SliceCountingStore.assignments = 0
    s = Storage(nvm)
    o, st, g = some_options(), some_stats(3), blob(3)
    s.save_options(o)
    assert s.save_game(storage.GAME_SPADES4, 1, g, st)  # the end of a hand
    assert SliceCountingStore.assignments == 2
    t = Storage(bytearray(nvm))
    assert t.load_game() == (storage.GAME_SPADES4, 1, g) and t.load_stats() == st and t.load_options() == o
    st.match_over(storage.GAME_SPADES4, True)
    assert s.clear_game(st)  # the match's end: the game goes, the statistics count it
    assert SliceCountingStore.assignments == 3
    t = Storage(bytearray(nvm))
    assert t.load_game() is None and t.load_stats() == st and t.load_options() == o
    assert not s.clear_game(st) and SliceCountingStore.assignments == 3  # nothing changed


# ---- no write when nothing changed ---------------------------------------------

def test_no_write_when_nothing_changed():
    nvm = bytearray(8192)
    s = Storage(nvm)
    b, o, st = blob(4), some_options(), some_stats(4)
    assert s.save_game(0, 0, b) and s.save_options(o) and s.save_stats(st)
    before = bytes(nvm)
    assert not s.save_game(0, 0, b)
    assert not s.save_options(some_options())
    assert not s.save_stats(some_stats(4))
    assert s.writes == 3 and bytes(nvm) == before
    # a fresh Storage over the same bytes (the next start) also sees nothing new
    t = Storage(nvm)
    assert not t.save_game(0, 0, b) and not t.save_options(o) and not t.save_stats(st)
    assert t.writes == 0
    # clearing what is already clear writes nothing either
    assert t.clear_game() and not t.clear_game()
    assert t.writes == 1  # only one slot held a record: one header blanked
    # level is part of the record: a different level is a change
    assert t.save_game(0, 0, b) and not t.save_game(0, 0, b) and t.save_game(0, 1, b)


def test_write_count_over_a_scripted_match():
    """Save points only (issue 12): the match's start, each hand's end (game and
    statistics together), leaving the table; repeated saves write nothing."""
    nvm = bytearray(8192)
    s = Storage(nvm)
    st = s.load_stats()
    state = bytearray(blob(9, 180))
    s.save_game(storage.GAME_SPADES4, 1, state)  # a new match
    for hand in range(8):
        for step in range(4 + 13):  # bids and tricks: nothing saved
            state[(hand * 17 + step) % 180] ^= 0x5A
        if hand == 3:  # the pause menu opened, then Quit: one write
            s.save_game(storage.GAME_SPADES4, 1, state)
            s.save_game(storage.GAME_SPADES4, 1, state)
        st.add(storage.GAME_SPADES4, stats.HANDS)
        if hand < 7:
            s.save_game(storage.GAME_SPADES4, 1, state, st)
    st.add(storage.GAME_SPADES4, stats.MATCHES)
    s.clear_game(st)
    assert s.writes == 1 + 8 + 1  # hands + 2
    t = Storage(nvm)
    assert t.load_game() is None and t.load_stats().get(storage.GAME_SPADES4, stats.HANDS) == 8


# ---- power cuts ----------------------------------------------------------------

def script(s):
    """A sequence of saves and clears; yields after each finished step the value
    load should give for each kind."""
    g1, g2, g3 = blob(11, 150), blob(12, 190), blob(13, 40)
    o1 = some_options()
    o2 = some_options()
    o2.cycle("bot_speed")
    st1, st2 = some_stats(21), some_stats(22)
    steps = [
        lambda: s.save_game(0, 1, g1), lambda: s.save_options(o1), lambda: s.save_stats(st1),
        lambda: s.save_game(0, 1, g2), lambda: s.save_options(o2), lambda: s.save_stats(st2),
        lambda: s.save_game(2, 0, g3), lambda: s.clear_game(), lambda: s.reset_stats(),
        lambda: s.clear_options(), lambda: s.save_game(1, 2, g1),
    ]
    expect = [
        {GAME: (0, 1, g1)}, {OPTIONS: o1}, {STATS: st1},
        {GAME: (0, 1, g2)}, {OPTIONS: o2}, {STATS: st2},
        {GAME: (2, 0, g3)}, {GAME: None}, {STATS: stats.Stats()},
        {OPTIONS: options.Options()}, {GAME: (1, 2, g1)},
    ]
    return steps, expect


def loaded(nvm):
    t = Storage(nvm)
    return {GAME: t.load_game(), OPTIONS: t.load_options(), STATS: t.load_stats()}, t


def test_power_cut_after_every_byte_leaves_the_previous_good_record():
    # total bytes the whole script writes
    nvm = bytearray(8192)
    probe = CuttingStore(nvm, 10 ** 9)
    steps, _ = script(Storage(probe))
    for st in steps:
        st()
    total = 10 ** 9 - probe.budget
    assert total > 800
    checked = 0
    for k in range(total + 1):
        nvm = bytearray(8192)
        store = CuttingStore(nvm, k)
        s = Storage(store)
        steps, expect = script(s)
        good = {GAME: None, OPTIONS: options.Options(), STATS: stats.Stats()}
        pending = None
        for st, ex in zip(steps, expect):
            try:
                st()
            except PowerCut:
                pending = ex
                break
            good.update(ex)
        got, t = loaded(nvm)
        for kind in (GAME, OPTIONS, STATS):
            if pending is not None and kind in pending:
                # the step in progress: old value or (if its last byte landed) new
                assert got[kind] in (good[kind], pending[kind]), (k, kind)
                if got[kind] != good[kind]:
                    # only when every byte that differs was written
                    assert got[kind] == pending[kind]
            else:
                assert got[kind] == good[kind], (k, kind)
        # a good copy remains, so no notice; except for the very first record of a
        # kind, cut short: nothing good was there, and half a record is reported
        empty = {GAME: None, OPTIONS: options.Options(), STATS: stats.Stats()}
        for kind in (GAME, OPTIONS, STATS):
            if t.unreadable & (1 << kind):
                assert pending is not None and kind in pending and good[kind] == empty[kind], (k, kind)
        checked += 1
    print("power cut checked after each of %d written bytes" % total)
    assert checked == total + 1


def test_power_cut_in_a_save_point_never_mixes_old_and_new():  # issue 12
    """A cut after every byte of the one assignment: the game and the statistics
    are both the old ones or both the new ones (a hand is never counted twice)."""
    g1, g2, st1, st2, o = blob(14, 120), blob(15, 130), some_stats(23), some_stats(24), some_options()
    nvm0 = bytearray(8192)
    s = Storage(nvm0)
    s.save_options(o)
    s.save_game(0, 1, g1, st1)
    total = storage.HEADER + 6 + len(o.to_bytes()) + stats.SIZE + 2 + len(g2)
    for k in range(total + 1):
        nvm = bytearray(nvm0)
        try:
            Storage(CuttingStore(nvm, k)).save_game(0, 1, g2, st2)
        except PowerCut:
            pass
        got, t = loaded(nvm)
        pair = (got[GAME], got[STATS])
        assert pair == ((0, 1, g1), st1) if k < total else pair == ((0, 1, g2), st2), k
        assert got[OPTIONS] == o and t.take_notice() is None


def test_power_cut_during_clear_never_brings_back_an_older_game():
    g_old, g_new = blob(31), blob(32)
    for k in range(2 * storage.HEADER + 1):
        for order in (0, 1):  # newest record in slot 0 or in slot 1
            nvm = bytearray(8192)
            s = Storage(nvm)
            if order:
                s.save_game(0, 0, blob(30))
            s.save_game(0, 0, g_old)
            s.save_game(0, 0, g_new)
            store = CuttingStore(nvm, k)
            try:
                Storage(store).clear_game()
            except PowerCut:
                pass
            assert Storage(nvm).load_game() in ((0, 0, g_new), None), (k, order)


# ---- corruption ----------------------------------------------------------------

def commit_all(s, v):
    """One record holding the game, options and statistics of `v`."""
    p = s.parts()
    g = v[GAME]
    p[GAME] = bytes(g[:2]) + g[2]
    p[OPTIONS] = v[OPTIONS].to_bytes()
    p[STATS] = v[STATS].to_bytes()
    assert s.commit(p)


def two_copies_store():
    """A record in both slots; returns nvm, newest and previous values and the byte
    span of each slot's record."""
    nvm = bytearray(8192)
    s = Storage(nvm)
    prev = {GAME: (0, 1, blob(41)), OPTIONS: options.Options(), STATS: some_stats(41)}
    new = {GAME: (0, 1, blob(42, 120)), OPTIONS: some_options(), STATS: some_stats(42)}
    commit_all(s, prev)
    commit_all(s, new)
    spans = []
    for slot in (0, 1):
        off = slot * storage.SLOT
        spans.append((off, off + storage.HEADER + nvm[off + 4] + (nvm[off + 5] << 8)))
    return nvm, new, prev, spans[s._current[0]], spans[1 - s._current[0]]


def test_corrupting_any_byte_is_detected_and_never_loads_wrong_data():
    nvm0, new, prev, (a, b), (c, d) = two_copies_store()
    flips = 0
    for i in range(8192):
        in_record = a <= i < b or c <= i < d
        for x in ((0x01, 0x80, 0xFF, 0x5A) if in_record else (0xFF,)):
            nvm = bytearray(nvm0)
            nvm[i] ^= x
            got, t = loaded(nvm)
            want = prev if a <= i < b else new  # all three parts together, never mixed
            for kind in (GAME, OPTIONS, STATS):
                assert got[kind] == want[kind], (i, x, kind)
            flips += 1
    print("%d single-byte corruptions, all detected" % flips)


def test_corrupting_the_only_copy_gives_nothing_and_one_notice():
    nvm0 = bytearray(8192)
    s = Storage(nvm0)
    g = blob(50)
    s.save_game(2, 0, g, some_stats(50))
    base = s._current[0] * storage.SLOT
    n = storage.HEADER + 6 + 2 + len(g) + stats.SIZE
    for i in range(base, base + n):
        nvm = bytearray(nvm0)
        nvm[i] ^= 0x10
        t = Storage(nvm)
        assert t.load_game() is None, i
        assert not t.has_game() and t.load_stats() == stats.Stats()
        msg = t.take_notice()
        assert msg == storage_admin.NOTICES[storage.RECORD], (i, msg)
        assert t.take_notice() is None  # told once
        assert Storage(nvm).take_notice() is None  # and not again at the next start
        assert Storage(nvm).load_game() is None


def test_random_garbage_never_loads_as_a_record():
    r = random.Random(77)
    nvm0, new, prev, _, _ = two_copies_store()
    for trial in range(3000):
        nvm = bytearray(nvm0)
        start = r.randrange(8192)
        n = r.randrange(1, 64)
        for j in range(start, min(8192, start + n)):
            nvm[j] = r.randrange(256)
        got, t = loaded(nvm)
        assert got in ({k: new[k] for k in got}, {k: prev[k] for k in got}), trial
    # whole slots of garbage with a plausible header: CRC-32 catches it
    for trial in range(2000):
        nvm = bytearray(8192)
        off = storage.SLOT * (trial & 1)
        nvm[off:off + 300] = bytes(r.randrange(256) for _ in range(300))
        nvm[off] = storage.MAGIC
        nvm[off + 1] = storage.RECORD
        nvm[off + 2] = storage.VERSION
        nvm[off + 4] = 200
        nvm[off + 5] = 0
        t = Storage(nvm)
        assert t.load_game() is None and t.unreadable == 1 << storage.RECORD


def resign(nvm, off):
    """Recompute the CRC of the record at `off` (after a deliberate change)."""
    n = nvm[off + 4] | nvm[off + 5] << 8
    body = bytes(nvm[off:off + 6]) + bytes(nvm[off + 10:off + 10 + n])
    nvm[off + 6:off + 10] = zlib.crc32(body).to_bytes(4, "little")


def test_unknown_version_is_set_aside():
    nvm = bytearray(8192)
    s = Storage(nvm)
    s.save_game(0, 0, blob(60))  # slot B, seq 0
    s.save_game(0, 0, blob(61))  # slot A, seq 1
    # rewrite slot A as version 2 with a valid CRC: a record from a newer firmware
    nvm[2] = 2
    resign(nvm, 0)
    t = Storage(nvm)
    assert t.load_game() == (0, 0, blob(60))  # the older good copy
    assert t.unreadable == 0
    # with no older copy: nothing, and the notice
    nvm[storage.SLOT] = 0
    t = Storage(nvm)
    assert t.load_options() == options.Options() and t.load_game() is None
    assert t.take_notice() == storage_admin.NOTICES[storage.RECORD]


def test_a_malformed_payload_with_a_good_crc_is_set_aside():
    nvm = bytearray(8192)
    Storage(nvm).save_game(0, 0, blob(62))
    off = storage.SLOT
    nvm[off + 10] = 9  # the options part's length now runs into the others
    resign(nvm, off)
    t = Storage(nvm)
    assert t.load_game() is None and t.take_notice() == storage_admin.NOTICES[storage.RECORD]


def test_the_older_layout_is_read_and_replaced_by_the_first_save():
    """Before issue 12 each kind had its own two slots; an update keeps what they hold,
    and a power cut in the first new save (into slot B) still leaves them readable."""
    o, st, g = some_options(), some_stats(63), bytes((2, 3)) + blob(63)
    nvm0 = bytearray(8192)
    for kind, payload, seq in ((OPTIONS, o.to_bytes(), 0), (STATS, st.to_bytes(), 4), (GAME, g, 9)):
        for slot in (0, 1):
            rec = storage_record.record(seq + slot, payload)
            rec[1] = kind
            off = storage_record._OLD_BASE[kind] + slot * storage_record._OLD_SLOT[kind]
            nvm0[off:off + len(rec)] = rec
            resign(nvm0, off)
    got, t = loaded(bytearray(nvm0))
    assert got == {GAME: (2, 3, blob(63)), OPTIONS: o, STATS: st} and t.take_notice() is None
    total = storage.HEADER + 6 + len(g) + len(o.to_bytes()) + stats.SIZE
    st2 = some_stats(64)
    for k in range(0, total + 1, 7):
        nvm = bytearray(nvm0)
        try:
            Storage(CuttingStore(nvm, k)).save_game(2, 3, blob(63), st2)
        except PowerCut:
            pass
        got, t = loaded(nvm)
        assert got[GAME] == (2, 3, blob(63)) and got[OPTIONS] == o
        assert got[STATS] in (st, st2) and (got[STATS] == st2) == (k >= total), k


def test_payload_with_good_crc_but_bad_values_is_set_aside():
    nvm = bytearray(8192)
    s = Storage(nvm)
    s.write(OPTIONS, bytes([7] * len(options.FIELDS)))  # index 7: no such choice
    s.write(STATS, bytes(5))  # wrong length
    t = Storage(nvm)
    assert t.load_options() == options.Options()
    assert t.load_stats() == stats.Stats()
    assert t.take_notice() == ("options could not be read: defaults restored\n"
                               "statistics could not be read: reset to zero")


# ---- full store, bad stores ------------------------------------------------------

def test_blob_too_big_is_refused_before_any_write():
    nvm = bytearray(8192)
    s = Storage(nvm)
    s.save_game(0, 0, blob(70))
    before = bytes(nvm)
    with pytest.raises(StoreFull, match="2037 bytes"):
        s.save_game(0, 0, bytes(storage.MAX_GAME_BLOB + 1))
    with pytest.raises(ValueError):  # StoreFull is a ValueError: no part outgrows the slot
        s.write(OPTIONS, bytes(storage.SLOT))
    assert bytes(nvm) == before and s.writes == 1
    assert s.load_game() == (0, 0, blob(70))


def test_store_too_small_is_refused():
    with pytest.raises(ValueError):
        Storage(bytearray(4096))


# ---- clearing and recovery --------------------------------------------------------

def test_clear_game_options_and_reset_stats():
    nvm = bytearray(8192)
    s = Storage(nvm)
    for i in range(2):
        s.save_game(0, 0, blob(80 + i))
        s.save_options(some_options() if i else options.Options())
        s.save_stats(some_stats(80 + i))
    assert s.clear_game() and s.load_game() is None
    assert Storage(nvm).load_game() is None
    assert s.clear_options() and Storage(nvm).load_options() == options.Options()
    assert s.reset_stats() and Storage(nvm).load_stats() == stats.Stats()
    assert s.take_notice() is None
    assert s.writes == 6 + 3  # one write per clear
    s.save_game(1, 0, b"x")  # works again after clearing
    assert Storage(nvm).load_game() == (1, 0, b"x")


def test_recover_clears_game_and_options_keeps_stats():
    nvm = bytearray(8192)
    s = Storage(nvm)
    st = some_stats(90)
    s.save_game(0, 0, blob(90))
    s.save_options(some_options())
    s.save_stats(st)
    assert storage.recover(nvm) == 1  # game and options go in one write
    t = Storage(nvm)
    assert t.load_game() is None and t.load_options() == options.Options()
    assert t.load_stats() == st
    assert storage.recover(nvm) == 0  # nothing left to clear: no write


def test_recover_on_corrupt_store_does_not_raise():
    r = random.Random(91)
    for _ in range(200):
        nvm = bytearray(r.randrange(256) for _ in range(8192))
        storage.recover(nvm)
        t = Storage(nvm)
        assert t.load_game() is None
        assert t.load_options() == options.Options()


# ---- options and stats themselves -----------------------------------------------------

def test_options_cycle_and_validation():
    o = options.Options()
    assert o.cycle("target") == 200  # 500 -> 200 -> 300 -> 500
    assert o.cycle("target") == 300
    assert o.cycle("target", -1) == 200
    assert o.cycle("blind_nil") == 0
    with pytest.raises(ValueError):
        o.cycle("no_such_option")
    o.target = 250
    with pytest.raises(ValueError):
        o.to_bytes()
    assert options.Options.from_bytes(b"\x00" * (options.FIRST_FIELDS - 1)) is None
    assert options.Options.from_bytes(b"\x00" * (len(options.FIELDS) + 1)) is None
    assert options.Options.from_bytes(None) is None
    assert len(options.Options().to_bytes()) == len(options.FIELDS)


def test_options_saved_before_a_field_was_added_keep_their_values():
    o = some_options()
    old = o.to_bytes()[:options.FIRST_FIELDS]  # the first layout: no blind_nil_behind yet
    got = options.Options.from_bytes(old)
    assert got.target == 300 and got.hand_sort == options.SORT_DOWN and got.sound is False
    assert got.blind_nil_behind is False  # RULES 1.4 option, default off
    o.blind_nil_behind = True
    assert options.Options.from_bytes(o.to_bytes()).blind_nil_behind is True


def test_stats_counters_percent_and_lines():
    s = stats.Stats()
    G = storage.GAME_SPADES2
    for _ in range(4):
        s.add(G, stats.CONTRACTS)
    for _ in range(3):
        s.add(G, stats.CONTRACTS_MADE)
    assert s.percent(G, stats.CONTRACTS_MADE, stats.CONTRACTS) == 75
    assert s.percent(storage.GAME_SPADES4, stats.CONTRACTS_MADE, stats.CONTRACTS) is None
    lines = dict(s.lines(G))
    assert lines["Contracts made"] == "3/4 75%"
    assert "Double nils made" in lines  # RULES 2.4 calls it Double Nil
    assert "Blind nils made" in dict(s.lines(storage.GAME_SPADES4))
    s.add(G, stats.BOSTONS, stats.MAX + 5)
    assert s.get(G, stats.BOSTONS) == stats.MAX  # stops, never wraps
    assert stats.Stats.from_bytes(s.to_bytes()) == s
    with pytest.raises(IndexError):
        s.add(storage.GAME_SPIT, stats.BOSTONS)  # Spit has no Bostons
    sp = storage.GAME_SPIT
    assert dict(s.lines(sp))["Fastest round"] == "-"
    assert s.round_time(sp, 523) and not s.round_time(sp, 600) and s.round_time(sp, 401)
    assert dict(s.lines(sp))["Fastest round"] == "40.1 s"
    s.reset_game(G)
    assert s.get(G, stats.BOSTONS) == 0 and s.get(sp, stats.FASTEST_ROUND) == 401


def test_level_bytes_for_the_saved_game():
    G4, G2, SP = storage.GAME_SPADES4, storage.GAME_SPADES2, storage.GAME_SPIT
    for g, levels in ((G4, ("easy", "normal", "hard")), (G2, ("easy", "normal", "hard")),
                      (SP, (1, 2, 3, 4, 5))):
        for lv in levels:
            assert options.level_value(g, options.level_byte(g, lv)) == lv
    assert options.level_value(G4, 200) == "normal" and options.level_value(SP, 9) == 3
    with pytest.raises(ValueError):
        options.level_byte(SP, "hard")


def test_options_values_are_what_the_engines_take():
    from engine import spit
    from engine.bots import spit_bot
    o = options.Options()
    o.cycle("spit_match")
    game = spit.Spit(seed=3, spit_match=o.spit_match)
    assert game is not None
    for lv in options.LEVEL_CHOICES[storage.GAME_SPIT]:
        spit_bot.SpitBot(lv, 1)
    try:
        from engine import spades
        from engine.bots import spades_bot
    except ImportError:
        return
    spades.Match(1, blind_nil=o.blind_nil, bag_penalty=o.bag_penalty, target=o.target)
    for lv in options.LEVEL_CHOICES[storage.GAME_SPADES4]:
        assert lv in spades_bot.LEVELS


def test_stats_counting_helpers_against_real_scoring():
    from engine.scoring import score_side
    s = stats.Stats()
    G = storage.GAME_SPADES4
    # RULES 1.7 worked example: 7 bags, bid 5 take 8 -> bags reach 10 -> penalty
    _, _, lines = score_side([("S", 3, False, 5), ("N", 2, False, 3)], 7)
    s.spades_hand(G, 0, (3, 4, 2, 4), bytes((5, 2, 3, 3)), lines)
    assert (s.get(G, stats.CONTRACTS), s.get(G, stats.CONTRACTS_MADE), s.get(G, stats.BAG_PENALTIES)) == (1, 1, 1)
    # the human bids Nil and takes a trick; partner's 4 is set
    _, _, lines = score_side([("S", 0, False, 1), ("N", 4, False, 3)], 0)
    s.spades_hand(G, 0, (0, 4, 4, 5), bytes((1, 4, 3, 5)), lines)
    assert (s.get(G, stats.NILS), s.get(G, stats.NILS_MADE)) == (1, 0)
    assert (s.get(G, stats.CONTRACTS), s.get(G, stats.CONTRACTS_MADE)) == (2, 1)
    # Blind Nil made, partner takes all 13: Boston
    _, _, lines = score_side([("S", 0, True, 0), ("N", 5, False, 13)], 0)
    s.spades_hand(G, 2, (3, 1, stats.BLIND_NIL_BID, 2), bytes((13, 0, 0, 0)), lines)
    assert (s.get(G, stats.BLIND_NILS), s.get(G, stats.BLIND_NILS_MADE)) == (1, 1)
    assert s.get(G, stats.BOSTONS) == 1 and s.get(G, stats.HANDS) == 3
    s.match_over(G, True)
    s.match_over(G, False)
    assert (s.get(G, stats.MATCHES), s.get(G, stats.WINS)) == (2, 1)
    assert not s.spit_round(False, 100)
    assert s.spit_round(True, 300) and not s.spit_round(True, 350) and s.spit_round(True, 250)
    sp = storage.GAME_SPIT
    assert (s.get(sp, stats.ROUNDS), s.get(sp, stats.ROUNDS_WON), s.get(sp, stats.FASTEST_ROUND)) == (4, 3, 250)


def test_blind_nil_marker_matches_the_engine():
    tricks = pytest.importorskip("engine.tricks")
    assert stats.BLIND_NIL_BID == tricks.BLIND_NIL


def test_a_blob_the_engine_refuses_is_rejected_and_told_once():
    nvm = bytearray(8192)
    Storage(nvm).save_game(0, 1, b"not a match")
    s = Storage(nvm)
    game_id, level, blob = s.load_game()
    s.reject(GAME)  # what the UI does when Match.from_bytes(blob) raises ValueError
    assert s.take_notice() == "saved game could not be read"
    assert Storage(nvm).load_game() is None and Storage(nvm).take_notice() is None

"""The record's code (engine/storage.py): reading both slots, the CRC, writing one
record, the save path. A game in play holds its Storage but not this: each Storage
method named in storage.RECORD_CODE imports it while it runs and drops it after
(engine.lazy.call), so it is in the heap only while a save or a load runs. Each takes
the Storage `st` first; they call each other directly.
"""
from engine.storage import (GAME, GAMES, HEADER, MAGIC, MAX_GAME_BLOB, OPTIONS, RECORD,
                            SLOT, STATS, VERSION, WRITE_FAILED, StoreFull)

_SEQ_MASK = 0xFF

# the older layout, read once in its place: first slot offset and slot size per kind
_OLD_BASE = (0, 0x0000, 0x0100, 0x0400)
_OLD_SLOT = (0, 0x40, 0x100, 0x800)

# CRC-32 (reflected, poly 0xEDB88320), one nibble at a time, as 16-bit halves
_THI = (0x0000, 0x1DB7, 0x3B6E, 0x26D9, 0x76DC, 0x6B6B, 0x4DB2, 0x5005,
        0xEDB8, 0xF00F, 0xD6D6, 0xCB61, 0x9B64, 0x86D3, 0xA00A, 0xBDBD)
_TLO = (0x0000, 0x1064, 0x20C8, 0x30AC, 0x4190, 0x51F4, 0x6158, 0x713C,
        0x8320, 0x9344, 0xA3E8, 0xB38C, 0xC2B0, 0xD2D4, 0xE278, 0xF21C)


def crc32(data, hi=0xFFFF, lo=0xFFFF):
    """Running CRC-32 over `data`; start with the defaults, finish with `crc_bytes`.

    Returns the (hi, lo) halves of the running register, each 0..0xFFFF.
    """
    thi = _THI
    tlo = _TLO
    for b in data:
        lo ^= b
        x = lo & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tlo[x]
        hi = (hi >> 4) ^ thi[x]
        x = lo & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tlo[x]
        hi = (hi >> 4) ^ thi[x]
    return hi, lo


def crc_bytes(hi, lo):
    """The finished CRC as 4 little-endian bytes (equal to zlib.crc32's)."""
    hi ^= 0xFFFF
    lo ^= 0xFFFF
    return bytes((lo & 0xFF, lo >> 8, hi & 0xFF, hi >> 8))


def _check(x, lo, hi, what):
    # bad input raises before anything is read or written (a bool or float would
    # pass as an int)
    if type(x) is not int or not lo <= x <= hi:
        raise ValueError("storage: %s must be an int %d..%d" % (what, lo, hi))


def _blank(header):
    # erased flash or a zeroed store
    return header[0] == 0 or header[0] == 0xFF


def split(payload):
    """[None, options, stats, game] from a record's payload, or None if malformed."""
    parts = [None, None, None, None]
    i = 0
    n = len(payload)
    for kind in (OPTIONS, STATS, GAME):
        if i + 2 > n:
            return None
        k = payload[i] | (payload[i + 1] << 8)
        i += 2
        if k:
            parts[kind] = payload[i:i + k]
        i += k
    if i != n or (parts[GAME] is not None and len(parts[GAME]) < 2):
        return None
    return parts


def join(parts, head=0):
    """The payload for [None, options, stats, game] (split's inverse), after `head`
    bytes left for a header: one block of its final size, a save's largest."""
    n = head
    for kind in (OPTIONS, STATS, GAME):
        n += 2 + len(parts[kind] or b"")
    out = bytearray(n)
    i = head
    for kind in (OPTIONS, STATS, GAME):
        p = parts[kind] or b""
        k = len(p)
        out[i] = k & 0xFF
        out[i + 1] = k >> 8
        out[i + 2:i + 2 + k] = p
        i += 2 + k
    return out


def record(seq, payload):
    """Header and payload of a record, CRC included."""
    rec = bytearray(HEADER + len(payload))
    rec[HEADER:] = payload
    return _seal(rec, seq)


def _seal(rec, seq):
    """Fill in the header of `rec` (its payload already after HEADER), CRC included;
    the CRC reads through a memoryview: no copy of the payload."""
    n = len(rec) - HEADER
    rec[0] = MAGIC
    rec[1] = RECORD
    rec[2] = VERSION
    rec[3] = seq
    rec[4] = n & 0xFF
    rec[5] = n >> 8
    mv = memoryview(rec)
    hi, lo = crc32(mv[0:6])
    hi, lo = crc32(mv[HEADER:], hi, lo)
    rec[6:10] = crc_bytes(hi, lo)
    return rec


def _read_at(st, off, kind, room):
    """(state, seq, payload) of the slot at `off`: state 0 empty, 1 good, 2 unreadable."""
    store = st.store
    h = bytes(store[off:off + HEADER])
    if _blank(h):
        return 0, -1, None
    n = h[4] | (h[5] << 8)
    if h[0] != MAGIC or h[1] != kind or n > room - HEADER:
        return 2, -1, None
    payload = bytes(store[off + HEADER:off + HEADER + n])
    hi, lo = crc32(h[0:6])
    hi, lo = crc32(payload, hi, lo)
    if crc_bytes(hi, lo) != h[6:10] or h[2] != VERSION:
        return 2, -1, None
    return 1, h[3], payload


def _newest(st, kind, base, room):
    """(slot, seq, payload) of the newer good one of two slots, or (-1, -1, None)
    and whether an unreadable slot was seen."""
    s0, q0, p0 = _read_at(st, base, kind, room)
    s1, q1, p1 = _read_at(st, base + room, kind, room)
    if s0 == 1 and (s1 != 1 or ((q0 - q1) & _SEQ_MASK) < 128):
        return (0, q0, p0), False
    if s1 == 1:
        return (1, q1, p1), False
    return (-1, -1, None), s0 == 2 or s1 == 2


def _scan(st):
    """Read both slots; remember and return the current good record."""
    (slot, seq, p), bad = _newest(st, RECORD, 0, SLOT)
    parts = split(p) if p is not None else None
    if parts is None:
        bad = bad or p is not None
        slot = seq = -1
        parts = [None, None, None, None]
        for kind in (OPTIONS, STATS, GAME):  # the older layout, until the first write
            parts[kind] = _newest(st, kind, _OLD_BASE[kind], _OLD_SLOT[kind])[0][2]
            if parts[kind] is not None:
                bad = False
    if bad:
        st.unreadable |= 1 << RECORD
    else:
        st.unreadable &= ~(1 << RECORD)
    cur = st._current = (slot, seq, parts)
    return cur


def read(st, kind):
    """The payload of `kind` in the newest good record, or None. Never raises on
    bad data; an unreadable record with no good copy sets the RECORD flag."""
    _check(kind, OPTIONS, GAME, "kind")
    cur = st._current
    if st.trouble and cur is not None:
        return cur[2][kind]  # in memory only: what this run saved is the truth
    return _scan(st)[2][kind]


def _put(st, off, data):
    """One slice assignment, unless in trouble; an OSError (or a store that
    recorded an `error`) puts the Storage in trouble instead of raising."""
    if st.trouble:
        return
    st.writes += 1
    try:
        st.store[off:off + len(data)] = data
    except OSError:
        st.trouble = WRITE_FAILED
        return
    if getattr(st.store, "error", None) is not None:
        st.trouble = WRITE_FAILED


def parts(st):
    """A copy of [None, options, stats, game] as the store holds them now."""
    cur = st._current
    if cur is None or not st.trouble:
        cur = _scan(st)
    return cur[2][:]


def commit(st, parts, force=False):
    """Write `parts` (from parts(), changed) as the new record, in one slice
    assignment. False, and no write, when nothing changed (unless `force`).
    StoreFull, before any write, when the record does not fit a slot."""
    cur = st._current
    if parts == cur[2] and not force:
        return False
    rec = join(parts, HEADER)  # the record's one block: header room, then the payload
    if len(rec) > SLOT:
        raise StoreFull("storage: a record of %d bytes does not fit %d" % (len(rec), SLOT))
    slot = 1 if cur[0] < 0 else 1 - cur[0]
    seq = (cur[1] + 1) & _SEQ_MASK
    # forget first: if the write fails half way, rescan before trusting anything
    st._current = None
    _put(st, slot * SLOT, _seal(rec, seq))
    st._current = (slot, seq, parts)
    return True


def _set(st, kind, payload, stats=None):
    _check(kind, OPTIONS, GAME, "kind")
    if payload is not None and not isinstance(payload, (bytes, bytearray)):
        raise ValueError("storage: a payload is bytes")
    p = parts(st)
    p[kind] = None if payload is None else bytes(payload)
    if stats is not None:
        p[STATS] = stats.to_bytes()
    return commit(st, p)


def save_game(st, game_id, level, blob, stats=None):
    """Save the match: `blob` is its to_bytes(), `level` the bots' level (kept
    with the match: options may change before Continue); `stats` (a Stats),
    when given, goes in the same write. False, and no write, if nothing changed."""
    _check(game_id, 0, GAMES - 1, "game id")
    _check(level, 0, 255, "level")
    if not isinstance(blob, (bytes, bytearray, memoryview)):
        raise ValueError("storage: a game blob is bytes")
    if len(blob) > MAX_GAME_BLOB:
        raise StoreFull("storage: game blob of %d bytes, max %d" % (len(blob), MAX_GAME_BLOB))
    # bytes made once: _set keeps them as they are
    return _set(st, GAME, bytes((game_id, level)) + blob, stats)


def clear_game(st, stats=None):
    """Finishing (with the final `stats` in the same write) or abandoning a match."""
    return _set(st, GAME, None, stats)

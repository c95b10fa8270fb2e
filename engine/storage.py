"""Saved game, options and statistics in 8192 bytes, written rarely and all at once.

The store is anything that behaves like a fixed-size bytearray: `len(store)`,
`store[a:b]` (read) and `store[a:b] = data` (write). On the board it is
`microcontroller.nvm`; on the laptop `ui.filestore.FileStore` (a file holding the
same bytes). Storage never interprets game bytes: the saved game is the match's own
`to_bytes()` blob, kept next to a game id and a bot level.

Why one record: on the SAMD51 the 8 KB of nvm are one flash erase block, and every
slice assignment erases and reprograms all of it (shared/PLATFORM.md). So everything
(options, statistics, saved game) lives in ONE record, and each save point writes it
in ONE slice assignment: an erase per save point, never one per kind.

Layout of the 8192 bytes (offsets in hex):

    0x0000  4096  record slot A
    0x1000  4096  record slot B

A slot holds at most one record: a 10-byte header, then the payload.

    byte 0     MAGIC 0xB7
    byte 1     kind: 4 (RECORD: everything; 1-3 were the older one-record-per-kind layout)
    byte 2     VERSION of the payload layout
    byte 3     sequence number 0..255, wrapping
    bytes 4-5  payload length, little-endian
    bytes 6-9  CRC-32 (the zlib/PNG one) of bytes 0-5 and the payload, little-endian;
               computed in 16-bit halves so no int passes 2**30 on the board
    bytes 10.. payload: options, statistics, saved game (game id, bot level, blob),
               each as a 2-byte little-endian length and its bytes (length 0: none)

The two slots are written alternately: a new record goes to the slot that does not
hold the current one, with the next sequence number. A power cut in the middle of
that write leaves the other slot's record intact (options, statistics and game as
they were, together), and loading picks the valid slot with the newer sequence
number (they differ by one, so wrapping from 255 to 0 is unambiguous). On the board
a cut during the erase itself can still lose both slots: then the store reads empty.

A slot whose first byte is 0x00 or 0xFF is empty (fresh or erased flash). Any other
slot that fails its checks (magic, kind, length, CRC, version) is unreadable: it is
set aside, never returned and never raised about; if no good copy is left the
record is flagged and `take_notice()` gives the player's message once. A store in
the older layout (one record per kind at fixed places) is read once in its place, so
an update keeps the options, statistics and saved game.

A save that changes nothing writes nothing (flash wears out); `writes` counts every
slice assignment made to the store.

Use (UI), the save points only (issue 12): the end of a Spades hand or a Spit round,
leaving the table, options changed, statistics reset:
    st = Storage(microcontroller.nvm)          # laptop: Storage(ui.filestore.FileStore())
    saved = st.load_game()                     # (game_id, level_byte, blob) or None
    # Match.from_bytes(blob) raising ValueError -> st.reject(GAME): no Continue, notice
    msg = st.take_notice()                     # once, after the loads: text or None
    st.save_game(game_id, level_byte, match.to_bytes(), stats)  # game and stats: one write
    st.clear_game(stats)                       # match finished (stats with it) or abandoned
    opts = st.load_options(); st.save_options(opts)       # engine.options.Options
    stats = st.load_stats(); st.save_stats(stats)         # engine.stats.Stats
    st.reset_stats()                           # no statistics at all
Every save returns True if it wrote, False if nothing changed; `st.writes` counts.

Trouble never stops a game: `attach(store)` gives a Storage even when the store is
missing or smaller than the layout (some CircuitPython builds give the board a small
nvm), and a write that raises OSError (worn or locked flash) or leaves an `error` on
the store (ui/filestore.py) is caught. Either way the Storage goes on in memory only
(`trouble` is NO_ROOM or WRITE_FAILED): saves, loads and clears keep working for this
run, nothing more is written, and take_notice() tells the player once.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from engine.lazy import call

# game ids: the saved game's first byte, and the index of per-game stats and levels
GAME_SPADES4 = const(0)
GAME_SPADES2 = const(1)
GAME_SPIT = const(2)
GAMES = const(3)

# the parts of the record (and the kinds of the older layout)
OPTIONS = const(1)
STATS = const(2)
GAME = const(3)
RECORD = const(4)  # the record holding all three; also its bit in `unreadable`

SIZE = const(8192)
HEADER = const(10)
MAGIC = const(0xB7)
VERSION = const(1)
SLOT = const(0x1000)
END = const(0x2000)
_SEQ_MASK = const(0xFF)

# the older layout, read once in its place: first slot offset and slot size per kind
_OLD_BASE = (0, 0x0000, 0x0100, 0x0400)
_OLD_SLOT = (0, 0x40, 0x100, 0x800)

# the largest match blob a saved game can hold
MAX_GAME_BLOB = const(2036)

# why the Storage runs in memory only (`trouble`); the player's messages are storage_admin's
NO_ROOM = const(1)
WRITE_FAILED = const(2)
# CRC-32 (reflected, poly 0xEDB88320), one nibble at a time, as 16-bit halves
_THI = (0x0000, 0x1DB7, 0x3B6E, 0x26D9, 0x76DC, 0x6B6B, 0x4DB2, 0x5005,
        0xEDB8, 0xF00F, 0xD6D6, 0xCB61, 0x9B64, 0x86D3, 0xA00A, 0xBDBD)
_TLO = (0x0000, 0x1064, 0x20C8, 0x30AC, 0x4190, 0x51F4, 0x6158, 0x713C,
        0x8320, 0x9344, 0xA3E8, 0xB38C, 0xC2B0, 0xD2D4, 0xE278, 0xF21C)


class StoreFull(ValueError):
    """A record too big for its slot: raised before anything is written."""


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


def join(parts):
    """The payload for [None, options, stats, game] (split's inverse)."""
    out = bytearray()
    for kind in (OPTIONS, STATS, GAME):
        p = parts[kind] or b""
        out.append(len(p) & 0xFF)
        out.append(len(p) >> 8)
        out.extend(p)
    return out


def record(seq, payload):
    """Header and payload of a record, CRC included."""
    n = len(payload)
    rec = bytearray(HEADER + n)
    rec[0] = MAGIC
    rec[1] = RECORD
    rec[2] = VERSION
    rec[3] = seq
    rec[4] = n & 0xFF
    rec[5] = n >> 8
    rec[HEADER:] = payload
    hi, lo = crc32(rec[0:6])
    hi, lo = crc32(payload, hi, lo)
    rec[6:10] = crc_bytes(hi, lo)
    return rec


# Storage methods kept in engine/storage_admin.py, imported only while one runs
ADMIN = ("write", "clear", "reject", "take_notice", "load_game", "has_game", "load_options",
         "save_options", "clear_options", "load_stats", "save_stats", "reset_stats")


class Storage:
    """The one record in a fixed-size store. See the module docstring for the layout.

    `writes`: slice assignments made so far. `unreadable`: bit (1 << kind) set for
    each part the player must hear was lost (RECORD: the whole record).
    """

    def __init__(self, store):
        if len(store) < END:
            raise ValueError("storage: store of %d bytes, need %d" % (len(store), END))
        self.store = store
        self.writes = 0
        self.unreadable = 0
        self.trouble = 0  # NO_ROOM / WRITE_FAILED: in memory only from then on
        self._told = False
        # (slot, seq, parts) of the current good record (slot -1: none), or None when
        # not yet scanned; parts is [None, options, stats, game] payloads
        self._current = None

    def __getattr__(self, name):
        # what the menu and a game's start do (ADMIN): engine/storage_admin.py
        if name not in ADMIN:
            raise AttributeError(name)

        def method(*args):
            return call("storage_admin", name, self, *args)
        return method

    # ---- the record ------------------------------------------------------

    def _read_at(self, off, kind, room):
        """(state, seq, payload) of the slot at `off`: state 0 empty, 1 good, 2 unreadable."""
        store = self.store
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

    def _newest(self, kind, base, room):
        """(slot, seq, payload) of the newer good one of two slots, or (-1, -1, None)
        and whether an unreadable slot was seen."""
        s0, q0, p0 = self._read_at(base, kind, room)
        s1, q1, p1 = self._read_at(base + room, kind, room)
        if s0 == 1 and (s1 != 1 or ((q0 - q1) & _SEQ_MASK) < 128):
            return (0, q0, p0), False
        if s1 == 1:
            return (1, q1, p1), False
        return (-1, -1, None), s0 == 2 or s1 == 2

    def _scan(self):
        """Read both slots; remember and return the current good record."""
        (slot, seq, p), bad = self._newest(RECORD, 0, SLOT)
        parts = split(p) if p is not None else None
        if parts is None:
            bad = bad or p is not None
            slot = seq = -1
            parts = [None, None, None, None]
            for kind in (OPTIONS, STATS, GAME):  # the older layout, until the first write
                parts[kind] = self._newest(kind, _OLD_BASE[kind], _OLD_SLOT[kind])[0][2]
                if parts[kind] is not None:
                    bad = False
        if bad:
            self.unreadable |= 1 << RECORD
        else:
            self.unreadable &= ~(1 << RECORD)
        cur = self._current = (slot, seq, parts)
        return cur

    def read(self, kind):
        """The payload of `kind` in the newest good record, or None. Never raises on
        bad data; an unreadable record with no good copy sets the RECORD flag."""
        _check(kind, OPTIONS, GAME, "kind")
        cur = self._current
        if self.trouble and cur is not None:
            return cur[2][kind]  # in memory only: what this run saved is the truth
        return self._scan()[2][kind]

    def _put(self, off, data):
        """One slice assignment, unless in trouble; an OSError (or a store that
        recorded an `error`) puts the Storage in trouble instead of raising."""
        if self.trouble:
            return
        self.writes += 1
        try:
            self.store[off:off + len(data)] = data
        except OSError:
            self.trouble = WRITE_FAILED
            return
        if getattr(self.store, "error", None) is not None:
            self.trouble = WRITE_FAILED

    def parts(self):
        """A copy of [None, options, stats, game] as the store holds them now."""
        cur = self._current
        if cur is None or not self.trouble:
            cur = self._scan()
        return cur[2][:]

    def commit(self, parts, force=False):
        """Write `parts` (from parts(), changed) as the new record, in one slice
        assignment. False, and no write, when nothing changed (unless `force`).
        StoreFull, before any write, when the record does not fit a slot."""
        cur = self._current
        if parts == cur[2] and not force:
            return False
        body = join(parts)
        if HEADER + len(body) > SLOT:
            raise StoreFull("storage: a record of %d bytes does not fit %d" % (HEADER + len(body), SLOT))
        slot = 1 if cur[0] < 0 else 1 - cur[0]
        seq = (cur[1] + 1) & _SEQ_MASK
        # forget first: if the write fails half way, rescan before trusting anything
        self._current = None
        self._put(slot * SLOT, record(seq, body))
        self._current = (slot, seq, parts)
        return True

    def _set(self, kind, payload, stats=None):
        _check(kind, OPTIONS, GAME, "kind")
        if payload is not None and not isinstance(payload, (bytes, bytearray)):
            raise ValueError("storage: a payload is bytes")
        p = self.parts()
        p[kind] = None if payload is None else bytes(payload)
        if stats is not None:
            p[STATS] = stats.to_bytes()
        return self.commit(p)

    # ---- saved game ------------------------------------------------------

    def save_game(self, game_id, level, blob, stats=None):
        """Save the match: `blob` is its to_bytes(), `level` the bots' level (kept
        with the match: options may change before Continue); `stats` (a Stats),
        when given, goes in the same write. False, and no write, if nothing changed."""
        _check(game_id, 0, GAMES - 1, "game id")
        _check(level, 0, 255, "level")
        if not isinstance(blob, (bytes, bytearray, memoryview)):
            raise ValueError("storage: a game blob is bytes")
        if len(blob) > MAX_GAME_BLOB:
            raise StoreFull("storage: game blob of %d bytes, max %d" % (len(blob), MAX_GAME_BLOB))
        payload = bytearray(2 + len(blob))
        payload[0] = game_id
        payload[1] = level
        payload[2:] = blob
        return self._set(GAME, payload, stats)

    def clear_game(self, stats=None):
        """Finishing (with the final `stats` in the same write) or abandoning a match."""
        return self._set(GAME, None, stats)


def attach(store):
    """A Storage on `store`, never raising: when the store is missing or smaller than
    the layout, one that keeps everything in memory for this run (trouble NO_ROOM)."""
    return call("storage_admin", "attach", store)


def recover(store):
    """Select held at start (boot.py): clear the saved game and the options, in one
    write. Statistics are kept. Returns the number of writes made (0 on a store too
    small to hold the layout, or with nothing to clear)."""
    return call("storage_admin", "recover", store)

"""Saved game, options and statistics in 8192 bytes that survive power cuts.

The store is anything that behaves like a fixed-size bytearray: `len(store)`,
`store[a:b]` (read) and `store[a:b] = data` (write). On the board it is
`microcontroller.nvm`; on the laptop `ui.filestore.FileStore` (a file holding the
same bytes). Storage never interprets game bytes: the saved game is the match's own
`to_bytes()` blob, kept next to a game id and a bot level.

Layout of the 8192 bytes (offsets in hex, sizes in bytes):

    0x0000   64  options, slot A
    0x0040   64  options, slot B
    0x0080  128  unused (zero)
    0x0100  256  statistics, slot A
    0x0200  256  statistics, slot B
    0x0300  256  unused (zero)
    0x0400 2048  saved game, slot A
    0x0C00 2048  saved game, slot B
    0x1400 3072  unused (zero), free for later record kinds

Each slot holds at most one record: a 10-byte header, then the payload.

    byte 0     MAGIC 0xB7
    byte 1     kind: 1 options, 2 statistics, 3 saved game
    byte 2     version of that kind's payload layout (VERSIONS below)
    byte 3     sequence number 0..255, wrapping
    bytes 4-5  payload length, little-endian
    bytes 6-9  CRC-32 (the zlib/PNG one) of bytes 0-5 and the payload, little-endian;
               computed in 16-bit halves so no int passes 2**30 on the board
    bytes 10.. payload (saved game: game id, bot level, then the match's blob)

Two slots per kind are written alternately: a new record goes to the slot that does
not hold the current one, with the next sequence number, in one slice assignment. A
power cut in the middle of that write leaves the other slot's record intact, and
loading picks the valid slot with the newer sequence number (with two slots the
numbers differ by one, so wrapping from 255 to 0 is unambiguous).

A slot whose first byte is 0x00 or 0xFF is empty (fresh or erased flash, or
cleared). Any other slot that fails its checks (magic, kind, length, CRC, version) is unreadable:
it is set aside, never returned and never raised about; if no good copy is left the
kind is flagged and `take_notice()` gives the player's message once.

Clearing zeroes the whole header of both slots, the older slot first: a power cut
in between can never bring an older record back, a cut inside one header has zeroed
its magic byte first (empty), and with the CRC zeroed too a later write cut short
cannot revive the old payload. A save whose payload equals the
current good record writes nothing (flash wears out); `writes` counts every slice
assignment made to the store.

Use (UI):
    st = Storage(microcontroller.nvm)          # laptop: Storage(ui.filestore.FileStore())
    saved = st.load_game()                     # (game_id, level_byte, blob) or None
    # Match.from_bytes(blob) raising ValueError -> st.reject(GAME): no Continue, notice
    msg = st.take_notice()                     # once, after the loads: text or None
    st.save_game(game_id, level_byte, match.to_bytes())   # after each action that matters
    st.clear_game()                            # match finished or abandoned
    opts = st.load_options(); st.save_options(opts)       # engine.options.Options
    stats = st.load_stats(); st.save_stats(stats)         # engine.stats.Stats
    st.reset_stats()                           # the menu's "reset statistics"
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

# game ids: the saved game's first byte, and the index of per-game stats and levels
GAME_SPADES4 = const(0)
GAME_SPADES2 = const(1)
GAME_SPIT = const(2)
GAMES = const(3)

OPTIONS = const(1)
STATS = const(2)
GAME = const(3)

SIZE = const(8192)
HEADER = const(10)
MAGIC = const(0xB7)
_SEQ_MASK = const(0xFF)

# per kind (index = kind): first slot offset, slot size, payload version
_BASE = (0, 0x0000, 0x0100, 0x0400)
_SLOT = (0, 0x40, 0x100, 0x800)
VERSIONS = (0, 1, 1, 1)
END = const(0x1400)

# the largest match blob a saved game can hold (2048 - header - id - level)
MAX_GAME_BLOB = const(2036)

# why the Storage runs in memory only (`trouble`), and what the player is told once
NO_ROOM = const(1)
WRITE_FAILED = const(2)
TROUBLES = (
    "",
    "no room to save on this board: playing without saving",
    "saving failed: playing on without saving",
)

NOTICES = (
    "",
    "options could not be read: defaults restored",
    "statistics could not be read: reset to zero",
    "saved game could not be read",
)

# CRC-32 (reflected, poly 0xEDB88320), one nibble at a time, as 16-bit halves
_THI = (0x0000, 0x1DB7, 0x3B6E, 0x26D9, 0x76DC, 0x6B6B, 0x4DB2, 0x5005,
        0xEDB8, 0xF00F, 0xD6D6, 0xCB61, 0x9B64, 0x86D3, 0xA00A, 0xBDBD)
_TLO = (0x0000, 0x1064, 0x20C8, 0x30AC, 0x4190, 0x51F4, 0x6158, 0x713C,
        0x8320, 0x9344, 0xA3E8, 0xB38C, 0xC2B0, 0xD2D4, 0xE278, 0xF21C)


class StoreFull(ValueError):
    """A payload too big for its slot: raised before anything is written."""


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


def _blank(header):
    # erased flash, a zeroed store, or a slot cleared by `clear`
    return header[0] == 0 or header[0] == 0xFF


class Storage:
    """Records in a fixed-size store. See the module docstring for the layout.

    `writes`: slice assignments made so far. `unreadable`: bit (1 << kind) set for
    each kind whose load found an unreadable record and no good copy.
    """

    def __init__(self, store):
        if len(store) < END:
            raise ValueError("storage: store of %d bytes, need %d" % (len(store), END))
        self.store = store
        self.writes = 0
        self.unreadable = 0
        self.trouble = 0  # NO_ROOM / WRITE_FAILED: in memory only from then on
        self._told = False
        # per kind: (slot, seq, payload) of the current good record, or None when
        # not yet scanned; a scan of a kind with no good record caches (-1, -1, None)
        self._current = [None, None, None, None]

    # ---- records, by kind -------------------------------------------------

    def _slot_offset(self, kind, slot):
        return _BASE[kind] + slot * _SLOT[kind]

    def _read_slot(self, kind, slot):
        """(state, seq, payload): state 0 empty, 1 good, 2 unreadable."""
        store = self.store
        off = self._slot_offset(kind, slot)
        h = bytes(store[off:off + HEADER])
        if _blank(h):
            return 0, -1, None
        n = h[4] | (h[5] << 8)
        if h[0] != MAGIC or h[1] != kind or n > _SLOT[kind] - HEADER:
            return 2, -1, None
        payload = bytes(store[off + HEADER:off + HEADER + n])
        hi, lo = crc32(h[0:6])
        hi, lo = crc32(payload, hi, lo)
        if crc_bytes(hi, lo) != h[6:10] or h[2] != VERSIONS[kind]:
            return 2, -1, None
        return 1, h[3], payload

    def _scan(self, kind):
        """Read both slots; remember and return the current good record."""
        s0, q0, p0 = self._read_slot(kind, 0)
        s1, q1, p1 = self._read_slot(kind, 1)
        if s0 == 1 and (s1 != 1 or ((q0 - q1) & _SEQ_MASK) < 128):
            cur = (0, q0, p0)
        elif s1 == 1:
            cur = (1, q1, p1)
        else:
            cur = (-1, -1, None)
            if s0 == 2 or s1 == 2:
                self.unreadable |= 1 << kind
        if cur[2] is not None:
            self.unreadable &= ~(1 << kind)
        self._current[kind] = cur
        return cur

    def read(self, kind):
        """The payload of the newest good record of `kind`, or None. Never raises
        on bad data; an unreadable record with no good copy sets the kind's flag."""
        cur = self._current[kind]
        if self.trouble and cur is not None:
            return cur[2]  # in memory only: what this run saved is the truth
        return self._scan(kind)[2]

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

    def write(self, kind, payload):
        """Store `payload` as the new record of `kind`. Returns False (and writes
        nothing) when it equals the current good record. StoreFull if too big."""
        payload = bytes(payload)
        n = len(payload)
        if n > _SLOT[kind] - HEADER:
            raise StoreFull("storage: %d bytes do not fit a slot of kind %d (max %d)"
                            % (n, kind, _SLOT[kind] - HEADER))
        cur = self._current[kind]
        if cur is None:
            cur = self._scan(kind)
        if cur[2] == payload:
            return False
        if cur[0] < 0:
            slot = 0
            seq = 0
        else:
            slot = 1 - cur[0]
            seq = (cur[1] + 1) & _SEQ_MASK
        rec = bytearray(HEADER + n)
        rec[0] = MAGIC
        rec[1] = kind
        rec[2] = VERSIONS[kind]
        rec[3] = seq
        rec[4] = n & 0xFF
        rec[5] = n >> 8
        rec[HEADER:] = payload
        hi, lo = crc32(rec[0:6])
        hi, lo = crc32(payload, hi, lo)
        rec[6:10] = crc_bytes(hi, lo)
        off = self._slot_offset(kind, slot)
        # forget first: if the write fails half way, rescan before trusting anything
        self._current[kind] = None
        self._put(off, rec)
        self._current[kind] = (slot, seq, payload)
        self.unreadable &= ~(1 << kind)
        return True

    def clear(self, kind):
        """Empty both slots (older first). False, and no write, if both are empty."""
        s0, q0, _ = self._read_slot(kind, 0)
        s1, q1, _ = self._read_slot(kind, 1)
        order = (0, 1)
        if s0 == 1 and (s1 != 1 or ((q0 - q1) & _SEQ_MASK) < 128):
            order = (1, 0)  # slot 0 holds the newest: blank slot 1 first
        wrote = False
        self._current[kind] = None
        for slot in order:
            if (s0, s1)[slot] != 0:
                self._put(self._slot_offset(kind, slot), bytes(HEADER))
                wrote = True
        self._current[kind] = (-1, -1, None)
        self.unreadable &= ~(1 << kind)
        return wrote

    def reject(self, kind):
        """A record that passed its checks but its user could not take (e.g. the
        engine's from_bytes raised ValueError): flag it like an unreadable one, so
        take_notice() tells the player once. It is cleared at once: a later load (the
        menu asking again) must not find it good and drop the flag."""
        self.clear(kind)
        self.unreadable |= 1 << kind

    def take_notice(self):
        """The message for the player about unreadable records, once, or None.

        The unreadable records it reports are cleared, so the player is not told
        again at the next start."""
        bad = self.unreadable
        lines = []
        for kind in (GAME, OPTIONS, STATS):
            if bad & (1 << kind):
                lines.append(NOTICES[kind])
                self.clear(kind)
        self.unreadable = 0
        if self.trouble and not self._told:
            self._told = True
            lines.append(TROUBLES[self.trouble])
        return "\n".join(lines) if lines else None

    # ---- saved game ------------------------------------------------------

    def save_game(self, game_id, level, blob):
        """Save the match: `blob` is its to_bytes(), `level` the bots' level (kept
        with the match: options may change before Continue). The same order as
        load_game() returns. False, and no write, if nothing changed."""
        if len(blob) > MAX_GAME_BLOB:
            raise StoreFull("storage: game blob of %d bytes, max %d" % (len(blob), MAX_GAME_BLOB))
        payload = bytearray(2 + len(blob))
        payload[0] = game_id
        payload[1] = level
        payload[2:] = blob
        return self.write(GAME, payload)

    def load_game(self):
        """(game_id, level, blob) of the saved match, or None."""
        p = self.read(GAME)
        if p is None or len(p) < 2:
            return None
        return p[0], p[1], p[2:]

    def has_game(self):
        return self.load_game() is not None

    def clear_game(self):
        """Finishing or abandoning a match."""
        return self.clear(GAME)

    # ---- options ---------------------------------------------------------

    def load_options(self):
        """An Options (defaults when none was saved or it could not be read)."""
        from engine import options
        p = self.read(OPTIONS)
        o = options.Options.from_bytes(p) if p is not None else None
        if o is None:
            if p is not None:
                self.unreadable |= 1 << OPTIONS
            o = options.Options()
        return o

    def save_options(self, opts):
        return self.write(OPTIONS, opts.to_bytes())

    def clear_options(self):
        return self.clear(OPTIONS)

    # ---- statistics ------------------------------------------------------

    def load_stats(self):
        """A Stats (all zero when none was saved or it could not be read)."""
        from engine import stats
        p = self.read(STATS)
        s = stats.Stats.from_bytes(p) if p is not None else None
        if s is None:
            if p is not None:
                self.unreadable |= 1 << STATS
            s = stats.Stats()
        return s

    def save_stats(self, st):
        return self.write(STATS, st.to_bytes())

    def reset_stats(self):
        return self.clear(STATS)


class _NoStore:
    """Stands in for a missing or too small store: reads as erased flash, keeps nothing."""

    def __len__(self):
        return END

    def __getitem__(self, i):
        return bytes(i.stop - i.start)

    def __setitem__(self, i, data):
        pass


def attach(store):
    """A Storage on `store`, never raising: when the store is missing or smaller than
    the layout, one that keeps everything in memory for this run (trouble NO_ROOM)."""
    try:
        n = len(store)
    except TypeError:  # None: no nvm at all
        n = 0
    if n >= END:
        return Storage(store)
    s = Storage(_NoStore())
    s.trouble = NO_ROOM
    return s


def recover(store):
    """Select held at start (boot.py): clear the saved game and the options.

    Statistics are kept. Returns the number of writes made (0 on a store too small
    to hold the layout: nothing was ever saved there)."""
    try:
        if len(store) < END:
            return 0
    except TypeError:
        return 0
    s = Storage(store)
    s.clear_game()
    s.clear_options()
    return s.writes

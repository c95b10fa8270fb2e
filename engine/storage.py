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
    saved = st.load_game(True)                 # ... a match that is over (level | ENDED) too
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
# the level byte of a Spades match that is over, kept at its last hand's end (in place of
# clearing it, the same one write) for that hand's review in a VM of its own: no
# Continue offers it (load_game), the next match's first save replaces it
ENDED = const(0x80)

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

# the largest match blob a saved game can hold
MAX_GAME_BLOB = const(2036)

# why the Storage runs in memory only (`trouble`); the player's messages are storage_admin's
NO_ROOM = const(1)
WRITE_FAILED = const(2)


class StoreFull(ValueError):
    """A record too big for its slot: raised before anything is written."""


# Storage methods kept in engine/storage_admin.py, imported only while one runs
ADMIN = ("write", "clear", "reject", "take_notice", "load_game", "has_game", "load_options",
         "save_options", "clear_options", "load_stats", "save_stats", "reset_stats")

# Storage methods kept in engine/storage_record.py, imported only while one runs
RECORD_CODE = ("_read_at", "_newest", "_scan", "read", "_put", "parts", "commit", "_set",
               "save_game", "clear_game")


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
        # what the menu and a game's start do (ADMIN): engine/storage_admin.py; the
        # record's reading and writing (RECORD_CODE): engine/storage_record.py
        if name in ADMIN:
            where = "storage_admin"
        elif name in RECORD_CODE:
            where = "storage_record"
        else:
            raise AttributeError(name)

        def method(*args):
            return call(where, name, self, *args)
        return method


def attach(store):
    """A Storage on `store`, never raising: when the store is missing or smaller than
    the layout, one that keeps everything in memory for this run (trouble NO_ROOM)."""
    return call("storage_admin", "attach", store)


def recover(store):
    """Select held at start (boot.py): clear the saved game and the options, in one
    write. Statistics are kept. Returns the number of writes made (0 on a store too
    small to hold the layout, or with nothing to clear)."""
    return call("storage_admin", "recover", store)

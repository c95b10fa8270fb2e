"""The Storage methods a game in play never calls (engine/storage.py ADMIN): the
options and statistics loads of a game's start, the menu's saves, the player's notice,
attach and recover. Imported while one runs and dropped right after; the save path is
engine/storage_record.py, loaded the same way: a game holds only its Storage.
Each takes the Storage `st` first; they call each other directly.
"""
from engine.storage import END, ENDED, GAME, NO_ROOM, OPTIONS, RECORD, STATS, Storage

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
    "saved data could not be read: starting afresh",
)


def write(st, kind, payload):
    """Store `payload` as part `kind`. False (no write) when it equals the current one."""
    return st._set(kind, payload)


def clear(st, kind):
    """Remove part `kind`. False, and no write, if there was none."""
    st.unreadable &= ~(1 << kind)
    return st._set(kind, None)


def reject(st, kind):
    """A part that passed its checks but its user could not take (e.g. the
    engine's from_bytes raised ValueError): removed at once (a later load, the
    menu asking again, must not find it), and take_notice() tells the player once."""
    clear(st, kind)
    st.unreadable |= 1 << kind


def take_notice(st):
    """The message for the player about unreadable records, once, or None.

    What it reports is removed (one write), so the player is not told again at
    the next start."""
    bad = st.unreadable
    lines = []
    if bad:
        p = st.parts()
        for kind in (RECORD, GAME, OPTIONS, STATS):
            if bad & (1 << kind):
                lines.append(NOTICES[kind])
                if kind != RECORD:
                    p[kind] = None
        st.commit(p, bad & (1 << RECORD))
    st.unreadable = 0
    if st.trouble and not st._told:
        st._told = True
        lines.append(TROUBLES[st.trouble])
    return "\n".join(lines) if lines else None


def load_game(st, ended=False):
    """(game_id, level, blob) of the saved match, or None; a match that is over (its
    level byte with ENDED, kept for its last hand's review) only when `ended`."""
    p = st.read(GAME)
    if p is None or p[1] & ENDED and not ended:
        return None
    return p[0], p[1] & (ENDED - 1), p[2:]


def has_game(st):
    return load_game(st) is not None


# ---- options ---------------------------------------------------------


def _load(st, kind, cls):
    """A cls from part `kind`: cls() when none was saved or it could not be read."""
    p = st.read(kind)
    o = cls.from_bytes(p) if p is not None else None
    if o is None:
        if p is not None:
            st.unreadable |= 1 << kind
        o = cls()
    return o


def load_options(st):
    """An Options (defaults when none was saved or it could not be read)."""
    from engine import options
    return _load(st, OPTIONS, options.Options)


def save_options(st, opts):
    return st._set(OPTIONS, opts.to_bytes())


def clear_options(st):
    return clear(st, OPTIONS)


# ---- statistics ------------------------------------------------------


def load_stats(st):
    """A Stats (all zero when none was saved or it could not be read)."""
    from engine import stats
    return _load(st, STATS, stats.Stats)


def save_stats(st, s):
    return st._set(STATS, s.to_bytes())


def reset_stats(st):
    return clear(st, STATS)


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
    """Select held at start (boot.py): clear the saved game and the options, in one
    write. Statistics are kept. Returns the number of writes made (0 on a store too
    small to hold the layout, or with nothing to clear)."""
    try:
        if len(store) < END:
            return 0
    except TypeError:
        return 0
    s = Storage(store)
    p = s.parts()
    p[GAME] = p[OPTIONS] = None
    s.commit(p)
    return s.writes

"""Spades from the title menu: start(app, 4) four players, start(app, 2) two players
(ui/menu.py ENTRIES), and resume(app, blob, level_byte, game_id) for Continue; a deal
number alone is made with _new (ui/deal_screen.py).

The options (rules, bot level, sound, bot speed, hand sorting) come from
`app.options` when the menu keeps them there, else from storage; the storage and
statistics likewise (`app.storage`, `app.stats`), else they are read from hw.nvm.
"""
from engine import storage as storage_mod

GAME4 = storage_mod.GAME_SPADES4
GAME2 = storage_mod.GAME_SPADES2


def _store(app):
    st = getattr(app, "storage", None)
    if st is None:
        st = storage_mod.Storage(app.hw.nvm)
        try:
            app.storage = st
        except AttributeError:
            pass
    return st


def _setup(app):
    st = _store(app)
    opts = getattr(app, "options", None)
    if opts is None:
        opts = st.load_options()
    stats = None
    if not getattr(app, "game_vm", False):  # a game's own VM reads them at its save points:
        stats = getattr(app, "stats", None)  # read here too, their names would stay interned
        if stats is None:  # in a replay's VM, which never counts (the worst path for names)
            stats = st.load_stats()
    app.sound_on = bool(opts.sound)
    return st, opts, stats


def _engine(game):
    if game == GAME4:
        from engine import spades
        return spades
    from engine import spades2
    return spades2


def _new(app, players, number=-1):
    """(a new match of `players` with the options, dealt by its seed, or deal `number`
    alone; the storage, options and statistics), its first hand's start kept: any
    hand can be replayed."""
    st, opts, stats = _setup(app)
    game = GAME4 if players == 4 else GAME2
    eng = _engine(game)
    seed = (app.hw.ticks_ms() * 7 + app.frames) & 0x3FFFFFFF
    if game == GAME4:  # RULES 1.4's blind_nil_behind is a four-player rule
        m = eng.Match(seed, blind_nil=opts.blind_nil, bag_penalty=opts.bag_penalty, target=opts.target,
                      blind_nil_behind=opts.blind_nil_behind, _deal=number < 0)
    else:
        m = eng.Match(seed, blind_nil=opts.blind_nil, bag_penalty=opts.bag_penalty, target=opts.target,
                      _deal=number < 0)
    from engine.lazy import call
    if number >= 0:
        call("numbered", "deal", m, number)
    call("spades_record", "first", m)
    return m, game, st, opts, stats


def start(app, arg=4):
    """A new match (arg 4 or 2), or Continue when arg is (game_id, level_byte, blob)."""
    if isinstance(arg, tuple):
        return resume(app, arg[2], arg[1], arg[0])
    m, game, st, opts, stats = _new(app, arg)
    from ui.spades_table import Table
    t = Table(app, m, game, opts.level(game), opts, st, stats)
    st.save_game(game, t._level_byte(), m.to_bytes())
    app.show(t)
    _let_go()
    _travel_light(app)
    return t


def _match(game_id, blob, replay=False):
    """(the saved match, what the table kept or None, None); a save whose last byte only
    looks like the table's mark (an older one) is the match's bytes whole. With `replay`,
    of a save made during a replay: (the replay, kept, (what the table keeps aside while
    it plays one, ui/spades_replay.py: the match's bytes, its points in that hand, its
    phase, no final score; 1 if the match was dealt ahead)); without, the match alone
    (Continue resumes the match, never a replay)."""
    from ui import spades_keep
    Match = _engine(game_id).Match
    part, kept, rp = spades_keep.split(blob)
    if kept is not None:
        try:
            m = Match.from_bytes(part)
            if rp is None or not replay:
                return m, kept, None
            from engine.lazy import call
            r = Match.from_bytes(rp[0])
            r.replay_of = r.hand_no  # a replay is dealt as the hand it replays
            held = ((part, call("spades_replay", "result", m, r.hand_no), m.phase, None), rp[1])
            return r, kept, held
        except ValueError:  # IllegalAction too
            pass
    return Match.from_bytes(blob), None, None


def _replay_ended(m):
    """play_replay.py (Select on a hand's end page): (the replay of the hand just ended,
    what the table keeps aside while it plays, as ui/spades_replay.py keeps it) from m,
    the match dealt ahead; the match leaves the heap before the table is built, so
    the replay's VM holds what a hand's VM holds (in the table first, then dealt
    again, it cut the heap up: the full play-through ran out at 100 KB there). A hand
    the record cannot deal again (it always can) leaves the match as it is."""
    from engine.lazy import call
    from engine.tricks import IllegalAction, MATCH_OVER
    over = m.phase == MATCH_OVER  # the match's last hand (kept in the save, marked over)
    k = m.hand_no if over else m.hand_no - 1
    try:
        r = call("spades_replay", "replay", m, k)
        first = call("spades_replay", "result", m, k)
    except IllegalAction:
        return m, None
    final = (m.scores[0], m.scores[1], m.winner, m.hand_no, m.target) if over else None  # its end: the final score
    return r, ((m.to_bytes(), first, m.phase, final), 1)


def _travel_light(app):
    """In a game's own VM the saving code waits for the next save point."""
    light = getattr(app, "travel_light", None)
    if light is not None:
        light()


def _let_go(*more):
    """The table is up: this module is not needed again in this game (a new start
    imports it again), nor `more`."""
    from ui.spades_layout import let_go
    let_go(__name__, "ui.spades_keep", *more)


def resume(app, blob, level_byte, game_id=None):
    """Continue a saved match: `blob` is the saved Match.to_bytes(); game_id
    (engine.storage GAME_SPADES4 / GAME_SPADES2) or, when None, told by the blob's
    first byte. Shows and returns the table screen, or None (the save is rejected,
    the player told once, the menu shown) if the bytes do not make a match. Called
    from the menu it goes through app.launch (the game unloads when going home);
    app.launch("ui.spades_game", (game_id, level_byte, blob)) does the same."""
    if getattr(app, "game", None) != __name__:
        # called from the menu: go through app.launch so that going home unloads us
        app.launch(__name__, (game_id, level_byte, blob))
        from ui.spades_table import Table
        return app.screen if isinstance(app.screen, Table) else None
    from engine import options
    st, opts, stats = _setup(app)
    if game_id is None:
        game_id = GAME4 if blob and blob[0] == 0xA4 else GAME2
    try:
        m, kept, held = _match(game_id, blob, getattr(app, "keep_replay", False))
        from engine.tricks import HAND_OVER, MATCH_OVER
        ended = getattr(app, "end_page", False)  # back from the hand's review (play_ended.py)
        if m.phase == HAND_OVER and held is None and not ended:  # saved at the hand's end, counted: deal the next
            from engine.lazy import call
            call("spades_record", "next_hand", m)  # NEXT_HAND, its start kept for replays
            if getattr(app, "replay_next", False):
                m, held = _replay_ended(m)
        elif m.phase == MATCH_OVER and held is None and getattr(app, "replay_next", False):  # its last hand
            m, held = _replay_ended(m)
    except (ValueError, ImportError):
        st.reject(storage_mod.GAME)
        app.home()
        return None
    from ui.spades_table import Table
    t = Table(app, m, game_id, options.level_value(game_id, level_byte), opts, st, stats)
    if kept is not None:
        from ui.spades_keep import restore
        restore(t, kept)
    if held is not None:  # the replay goes on (its pages' and hint's VMs)
        from ui import spades_replay
        spades_replay.restored(t, held)
    app.show(t)
    if ended:  # the hand's end page once more: counted and saved already
        t.counted = True
        from ui.spades_hand_end import show_page
        t.later(show_page)
    # a replay in a VM of its own lets its code go while it plays (its end brings it back)
    _let_go(*(("ui.spades_replay",) if held is not None else ()))
    _travel_light(app)
    return t

"""Starting games: launch, Continue (resume_saved) and unloading a game, for ui/app.py's
App (its launch, resume_saved, unload and _home_now call these). A game in its own VM
(play_*.py) needs this code only until its screen is up; App.play then lets it go."""
import gc
import os
import sys

from ui.app import CONTINUE

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_HOME = const(0)  # ui/app.py's pending switches (underscored consts stay in their module)
_LAUNCH = const(1)
_CONTINUE = const(2)
_REPLAY = const(4)  # play_replay.py: Continue as the replay of the hand just ended (after play_paused.py 3)
_START = const(5)  # a launch's second frame: its module is in, its start() builds the screen
_MENU = const(6)  # the way home's second frame: ui.menu is in, the Menu is built
_REPLAYING = const(7)  # play_replaying.py: Continue of a replay's play after its pages (an entry's arg)
_ENDED = const(8)  # play_ended.py: Continue to the hand's end page, after its review (play_review.py)


def switch(app):
    """A switch a screen asked for (App._pending), at the start of a frame. A page of
    the title menu takes two frames: the old screen goes and the next module is
    imported in the first, the screen is built and shown in the second (in one frame
    they were the title menu's slowest, up to 220 board-ms: make boardfit --frames).
    The way back takes three: the menu is built in the second, shown in the third.
    App.step ends a frame that leaves no screen."""
    what, module_name, arg = app._pending
    app._pending = None
    if what == _START:
        sys.modules[module_name].start(app, arg)
        return
    if what == _MENU:  # no screen now: the menu's module is in
        if app.home_screen is None:  # built in this frame, shown (the save read) in the next:
            app.home_screen = sys.modules[app.home_module].Menu(app)  # together up to 170 board-ms
            app._pending = (_MENU, None, 0)
            return
        app.home()  # at once
        return
    if app.fresh_vm and what != _HOME:
        entry = "play_continue.py" if what == _CONTINUE else "play_%s%d.py" % (
            module_name[module_name.rfind(".") + 1:], arg)
        if exists(entry[:-3]):
            app._reload(entry)
            return
    app._let_go()
    if what == _HOME:
        unload(app)
        __import__(app.home_module)
        app._pending = (_MENU, None, 0)
    elif what == _CONTINUE:
        resume_saved(app)
    elif import_game(app, module_name) is not None:
        app._pending = (_START, module_name, arg)
    else:
        app.home()


def play(app, module_name, arg):
    """App.play's start: the game (or Continue) up in this fresh VM; then this code goes."""
    app.home_module = "ui.menu"
    app.fresh_vm = True
    app.game_vm = True
    if module_name == "continue":  # refused: the menu, here, tells why
        # the VMs of a replay's pages and hint take up the replay their save holds
        # (ui/spades_keep.py); Continue itself resumes the match
        app.keep_replay = arg in (1, 2, 3, _REPLAYING)
        app.replay_next = arg == _REPLAY  # dealt at once, the match kept aside (ui/spades_game.py)
        app.end_page = arg == _ENDED  # the hand's end page again, a match that is over too
        arg = arg if resume_saved(app) else 0
    elif not launch(app, module_name, arg):
        app._reload(None)
    if app.game is not None:
        app._forget(("ui.app_start",))  # the game is up: its starting code can go
        gc.collect()
    if module_name == "continue" and 0 < arg < _REPLAY:  # play_hint.py, play_pause.py: then this
        from ui.spades_pause import go_on
        go_on(app.screen, arg)


def exists(module_name):
    """Whether `module_name` can be found on sys.path (without importing it)."""
    if module_name in sys.modules:
        return True
    path = module_name.replace(".", "/")
    for base in sys.path:
        for tail in (".mpy", ".py", "/__init__.py", "/__init__.mpy"):
            try:
                os.stat((base + "/" if base else "") + path + tail)
                return True
            except OSError:
                pass
    return False


def missing_name(e):
    """The module name an ImportError says is missing (CPython and CircuitPython)."""
    name = getattr(e, "name", None)
    if name:
        return name
    msg = str(e)
    i = msg.find("'")
    j = msg.rfind("'")
    return msg[i + 1:j] if 0 <= i < j else ""


def launch(app, module_name, arg=0):
    """Import `module_name` now and call its start(app, arg), which shows the first
    screen. Returns False (nothing imported) when that module does not exist yet.
    With a home module, the switch happens at the next frame (True if the module
    exists)."""
    if app.home_module is not None and app.screen is not None:
        if not exists(module_name):
            return False
        return app._later(_LAUNCH, module_name, arg)
    mod = import_game(app, module_name)
    if mod is None:
        return False
    mod.start(app, arg)
    return True


def import_game(app, module_name):
    """Unload the last game, import `module_name` (remembering what it brought in);
    the module, or None when it does not exist."""
    unload(app)
    before = set(sys.modules)
    try:
        __import__(module_name)
    except ImportError as e:
        missing = missing_name(e)
        if missing and (module_name == missing or module_name.startswith(missing + ".")):
            app._forget(game_modules(before, module_name))
            return None
        raise
    app._before = before  # unload() drops whatever came in since, lazy imports too
    app.game = module_name
    gc.collect()
    return sys.modules[module_name]


def resume_saved(app):
    """Continue the saved game where it was left. True if its screen is showing;
    else (no save, or one the game refuses) the save is set aside, the title
    menu is shown again and tells the player once."""
    if app._later(_CONTINUE, None, 0):
        return True
    from engine import storage

    st = app.save_point()
    saved = st.load_game(getattr(app, "end_page", False) or getattr(app, "replay_next", False))
    if saved is None:
        home_now(app)
        return False
    game_id, level, blob = saved
    ok = False
    try:
        mod = import_game(app, CONTINUE[game_id]) if game_id < len(CONTINUE) else None
        if mod is not None:
            if game_id == storage.GAME_SPIT:
                ok = mod.resume(app, blob, level) is not None
            else:
                ok = mod.resume(app, blob, level, game_id) is not None
    except MemoryError:  # the save is good: keep it, try again from a fresh heap
        home_now(app)
        tell = getattr(app.home_screen, "notice", None)
        if tell is not None:
            tell("Not enough memory to continue: try again")
        return False
    except Exception:  # ValueError from the engine's from_bytes, or any other refusal
        ok = False
    if not ok:
        if st.load_game() is not None:  # the game may have rejected it already
            st.reject(storage.GAME)
        home_now(app)
    return ok


def unload(app):
    """Drop every module imported since the last launch (the game's, including those
    it imported later), and collect."""
    if app._before is not None:
        app._forget(game_modules(app._before, app.game))
    app._before = None
    app.game = None
    gc.collect()


def game_modules(before, module_name):
    """What a game brought in since `before`: only the project's own packages and
    the game's, never a library a laptop twin pulled in on the way (numpy, PIL:
    they cannot be imported twice in one process)."""
    own = ("engine", "ui", module_name.split(".")[0])
    return [m for m in sys.modules if m not in before and m.split(".")[0] in own]


def home_now(app):
    """Home at once (Continue's refusals, which tell the menu something)."""
    if app.home_module is not None:
        app._let_go()
        unload(app)  # the menu shows here (a game VM too): it has something to tell
    app.home()


"""Continue: the saved game's module (ui/app.py CONTINUE) takes the save back, or
the save is set aside. Needed once, at Continue; App.resume_saved lets it go after."""
from ui.app import CONTINUE


def resume(app):
    """App.resume_saved's work: True if the saved game's screen is showing."""
    from engine import storage

    st = app.storage
    saved = st.load_game()
    if saved is None:
        app._home_now()
        return False
    game_id, level, blob = saved
    ok = False
    try:
        mod = app._import(CONTINUE[game_id]) if game_id < len(CONTINUE) else None
        if mod is not None:
            if game_id == storage.GAME_SPIT:
                ok = mod.resume(app, blob, level) is not None
            else:
                ok = mod.resume(app, blob, level, game_id) is not None
    except MemoryError:  # the save is good: keep it, try again from a fresh heap
        app._home_now()
        tell = getattr(app.home_screen, "notice", None)
        if tell is not None:
            tell("Not enough memory to continue: try again")
        return False
    except Exception:  # ValueError from the engine's from_bytes, or any other refusal
        ok = False
    if not ok:
        if st.load_game() is not None:  # the game may have rejected it already
            st.reject(storage.GAME)
        app._home_now()
    return ok

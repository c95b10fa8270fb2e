"""A crash is never the end (issue 22 item 4): an exception in a game's frame, a
MemoryError too, leaves the player on the game's own crash screen (ui/crash.py): what
went wrong, that the game resumes at its last save, "A: continue"; nvm is not written,
and A continues the match exactly as last saved. The board side (a fresh VM per game,
MemoryError injected at random frames) is tools/boardvm_crash.py."""
import pytest

from engine.storage import Storage
from engine.tricks import PLAY
from host_tests.spades_ui_support import app_with, human_keys, launch
from ui import keys


def play_until(hw, app, cond, limit=3000):
    for _ in range(limit):
        if cond():
            return True
        for k in human_keys(app):
            hw.press(k)
            app.frame()
        hw.advance(300)
        app.frame()
    return cond()


def crash_in_play(exc):
    hw, app = app_with(level="easy")
    app.catch = True
    t = launch(hw, app)
    assert play_until(hw, app, lambda: getattr(app.screen, "m", None) is not None and app.screen.m.phase == PLAY
                      and len(app.screen.m.history) >= 6)
    saved = bytes(hw.nvm)
    game_id, level, blob = Storage(hw.nvm).load_game()

    def boom(now):
        raise exc

    app.screen.tick = boom
    app.frame()
    return hw, app, t, saved, blob


@pytest.mark.parametrize("exc", [MemoryError(), TypeError("can't convert 'int' object to str implicitly")])
def test_a_crash_in_play_shows_the_crash_screen_and_a_continues_the_last_save(exc, capsys):
    hw, app, t, saved, blob = crash_in_play(exc)
    try:
        # the console's line: the board VM's play-throughs fail on it (tools/boardfit.py),
        # where the board has no traceback module to print
        assert "\ncrash: " + ("Out of memory" if isinstance(exc, MemoryError) else "TypeError") in "\n" + capsys.readouterr().out
        s = app.screen
        assert type(s).__name__ == "Crash" and app.game is None  # ui.crash came in after the game: it left too
        lines = [c.text for c in s.lines]
        want = "Out of memory" if isinstance(exc, MemoryError) else "TypeError: can't convert '"
        assert lines == ["Something went wrong:", want, "The game resumes at", "its last save.", "A: continue"]
        for _ in range(5):  # other keys do nothing; nothing is written
            hw.press(keys.B)
            hw.press(keys.START)
            app.frame()
        assert app.screen is s and bytes(hw.nvm) == saved
        hw.press(keys.A)
        app.frame()
        r = app.screen
        assert type(r).__name__ == "Table" and r is not t
        assert r.m.to_bytes() == blob  # the match as saved at the pause or the hand's start
        assert bytes(hw.nvm) == saved
    finally:
        hw.close()


def test_without_catch_a_crash_goes_on_to_the_caller():
    hw, app = app_with(level="easy")
    try:
        launch(hw, app)

        def boom(now):
            raise ValueError("x")

        app.screen.tick = boom
        with pytest.raises(ValueError):
            app.frame()
    finally:
        hw.close()


def test_a_crash_on_the_title_menu_goes_back_to_it():
    hw, app = app_with()
    try:
        app.catch = True
        menu = app.screen
        saved = bytes(hw.nvm)

        def boom(now):
            raise KeyError(7)

        menu.tick = boom
        app.frame()
        s = app.screen
        assert type(s).__name__ == "Crash" and s.lines[1].text == "KeyError: 7" and not s.in_game
        del menu.tick
        hw.press(keys.A)
        app.frame()
        assert app.screen is menu and bytes(hw.nvm) == saved
        assert not app.crashed  # a later crash shows the screen again
    finally:
        hw.close()

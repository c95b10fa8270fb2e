"""Closing the laptop's window (Esc, or its close button) is a save point, as the pause
menu's Quit is (issue 24 item 11): a Spades hand keeps the tricks played since the
last save, in one write; where nothing changed since the last save (the title menu,
the pause menu, a hand's end, a Spit round, a replay) nothing is written; changed
options are saved as leaving the page saves them."""
import pytest

from engine import options as options_mod
from engine.storage import Storage
from engine.tricks import PLAY, HAND_OVER
from host_tests.test_ui_spades import settle
from host_tests.spades_ui_support import app_with, human_keys, is_page, launch
from ui.spades_keep import split
from ui import keys


def play_until(hw, app, cond, advance, limit=3000):
    for _ in range(limit):
        if cond():
            return
        for k in human_keys(app):
            hw.press(k)
            app.step()
            if cond():
                return
        advance(200)
        app.step()
    assert cond()


@pytest.fixture
def window(monkeypatch, tmp_path):
    """The pygame window (SDL's dummy driver) on a clock the test moves, the nvm a file
    in tmp_path; the title menu showing, bots fast."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("POCKET_CARDS_DATA", str(tmp_path))
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from ui.app import App
    from ui.hardware_laptop import Window
    from ui.menu import Menu

    hw = Window(scale=4)
    now = [0]
    monkeypatch.setattr(hw, "ticks_ms", lambda: now[0])
    hw.keys._clock = hw.ticks_ms
    monkeypatch.setattr(hw, "frame_done", lambda *a: None)  # no real-time pacing here

    def advance(ms):
        now[0] += ms
    app = App(hw)
    app.options.bot_speed = options_mod.FAST
    app.home_screen = Menu(app)
    app.show(app.home_screen)
    app.step()
    yield pygame, hw, app, advance
    hw.close()


def mid_hand(hw, app, advance):
    """Four-player Spades, eight cards into the first hand's play, none of it saved."""
    t = launch(hw, app, 4)
    play_until(hw, app, lambda: t.m.phase == PLAY and len(t.m.history) >= 8 and app.screen is t, advance)
    assert Storage(hw.nvm).load_game()[2] != t.m.to_bytes()  # tricks are not saved as they go
    return t


def saved_blob(tmp_path):
    from ui.filestore import FileStore
    return Storage(FileStore(str(tmp_path / "nvm.bin"))).load_game()[2]


@pytest.mark.parametrize("how", ["escape", "close button"])
def test_closing_the_window_mid_hand_saves_the_hand_as_it_stands_in_one_write(window, tmp_path, how):
    pygame, hw, app, advance = window
    t = mid_hand(hw, app, advance)
    writes = app.storage.writes
    if how == "escape":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    else:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()  # returns at once: the window is closing
    assert hw.quit_requested and not app.running
    assert app.storage.writes == writes + 1
    assert split(saved_blob(tmp_path))[0] == t.m.to_bytes()  # the file holds every card played
    app.step()  # a frame more (a caller's loop) writes nothing more
    assert app.storage.writes == writes + 1


def test_continue_after_closing_the_window_resumes_the_very_card(window, tmp_path):
    pygame, hw, app, advance = window
    t = mid_hand(hw, app, advance)
    blob = t.m.to_bytes()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    hw.close()
    from host_tests.test_ui_continue import new_app
    from ui.filestore import FileStore
    hw2, app2, menu2 = new_app(bytearray(bytes(FileStore(str(tmp_path / "nvm.bin"))[0:8192])))
    try:
        assert menu2.cursor == 0 and menu2.status.text == "Saved: Spades"
        hw2.press(keys.A)
        app2.step()
        assert type(app2.screen).__name__ == "Table" and app2.screen.m.to_bytes() == blob
    finally:
        hw2.close()


def close_now(hw, app):
    """What the window does when it is closed: quit_requested, then the frame ends."""
    hw.quit_requested = True
    app.step()
    assert not app.running


def test_nothing_is_written_closing_on_the_title_menu():
    hw, app = app_with()
    try:
        writes = app.storage.writes
        close_now(hw, app)
        assert app.storage.writes == writes
    finally:
        hw.close()


def test_nothing_more_is_written_closing_the_pause_menu_it_saved_as_it_opened():
    hw, app = app_with()
    try:
        t = launch(hw, app, 4)
        play_until(hw, app, lambda: t.m.phase == PLAY and len(t.m.history) >= 6 and app.screen is t, hw.advance)
        writes = app.storage.writes
        hw.press(keys.START)
        app.step()
        assert app.storage.writes == writes + 1
        close_now(hw, app)
        assert app.storage.writes == writes + 1
        assert split(Storage(hw.nvm).load_game()[2])[0] == t.m.to_bytes()
    finally:
        hw.close()


def test_nothing_more_is_written_closing_at_a_hands_end():
    hw, app = app_with()
    try:
        t = launch(hw, app, 2)
        play_until(hw, app, lambda: is_page(app.screen) and t.m.phase == HAND_OVER, hw.advance)
        writes = app.storage.writes
        close_now(hw, app)  # on the hand's end page: saved as the hand ended
        assert app.storage.writes == writes
    finally:
        hw.close()


def test_nothing_is_written_closing_mid_round_in_spit():
    # Continue starts a Spit round from its beginning (saved as it started), as Quit does
    hw, app = app_with()
    try:
        for k in (keys.DOWN, keys.DOWN, keys.A):
            hw.press(k)
        app.step()
        s = app.screen
        assert type(s).__name__ == "SpitScreen"
        saved = Storage(hw.nvm).load_game()
        for _ in range(40):
            hw.advance(200)
            app.step()
        writes = app.storage.writes
        close_now(hw, app)
        assert app.storage.writes == writes and Storage(hw.nvm).load_game() == saved
    finally:
        hw.close()


def test_nothing_is_written_closing_during_a_replay_of_a_deal():
    hw, app = app_with()
    try:
        t = launch(hw, app, 2)
        play_until(hw, app, lambda: is_page(app.screen) and t.m.phase == HAND_OVER, hw.advance)
        saved = Storage(hw.nvm).load_game()
        hw.press(keys.SELECT)  # replay this deal
        app.step()
        settle(app)
        r = app.screen
        assert getattr(r.m, "replay_of", 0)
        play_until(hw, app, lambda: r.m.phase == PLAY and len(r.m.history) >= 3 and app.screen is r, hw.advance)
        writes = app.storage.writes
        close_now(hw, app)
        assert app.storage.writes == writes and Storage(hw.nvm).load_game() == saved
    finally:
        hw.close()


def test_closing_the_options_page_saves_changed_options_once():
    hw, app = app_with()
    try:
        from ui.options_screen import ROWS_SHOWN
        for k in (keys.DOWN, keys.DOWN, keys.DOWN, keys.DOWN, keys.A):  # Options
            hw.press(k)
        app.step()
        hw.press(*[keys.DOWN] * [r[1] for r in ROWS_SHOWN].index("target"), keys.RIGHT)
        app.step()
        want = app.options.target
        writes = app.storage.writes
        close_now(hw, app)
        assert app.storage.writes == writes + 1
        assert Storage(hw.nvm).load_options().target == want
        app.step()
        assert app.storage.writes == writes + 1
    finally:
        hw.close()

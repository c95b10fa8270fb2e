"""Back on the title menu from a game (issue 24 item 10): one rule, whatever the way
home. Whenever a game is saved, the cursor starts on Continue and the status line
names the saved game; with none saved there is no Continue and no note. Tested on the
laptop's menu (one Menu kept for the whole run) and the badge's (built anew each time
it is shown, app.home_module), after Quit from each game's pause menu, from the hand
after a hand's end, after Continue, over an older save of another game, and back
from a page of the menu's own (Options)."""
import pytest

from engine import options as options_mod
from engine.tricks import PLAY, HAND_OVER
from host_tests.spades_ui_support import human_keys, is_page
from ui import keys
from ui.app import App
from ui.hardware_laptop import Headless
from ui.menu import Menu

NAMES = {"Spades": "Spades", "Spades for two": "Spades for two", "Spit": "Spit"}


def new_app(badge):
    """An app on the title menu with fast bots: the laptop's kept Menu, or the badge's
    home module (a Menu built anew at every return)."""
    hw = Headless()
    hw.display.refresh = lambda *a, **k: True  # no pixels needed here
    app = App(hw)
    app.options.bot_speed = options_mod.FAST
    if badge:
        app.home_module = "ui.menu"
        app.home()
    else:
        app.home_screen = Menu(app)
        app.show(app.home_screen)
    app.step()
    return hw, app


def labels(app):
    return [e[0] for e in app.screen.entries]


def on_menu(app):
    return app.screen is app.home_screen and app.home_screen is not None


def choose(hw, app, label):
    """Move the menu's cursor to `label` with Up/Down and press A; a question over a
    saved game ("Replace the saved ... game?") is answered with A."""
    menu = app.screen
    d = labels(app).index(label) - menu.cursor
    for _ in range(abs(d)):
        hw.press(keys.DOWN if d > 0 else keys.UP)
        app.step()
    hw.press(keys.A)
    app.step()
    if app.screen is menu and menu.noticing:
        hw.press(keys.A)
        app.step()
    app.step()  # the badge's menu starts a game at the next frame
    if app.screen is None:
        app.step()  # and builds its screen in the one after (ui/app.py _switch)
    assert not on_menu(app), "%s did not start" % label
    return app.screen


def play(hw, app, cond, limit=3000):
    """The human's keys (a plain strategy) and time, until cond()."""
    for _ in range(limit):
        if cond():
            return
        for k in human_keys(app):
            hw.press(k)
            app.step()
        hw.advance(200)
        app.step()
    assert cond()


def menu_back(app):
    """The way back: the badge's menu module comes in, the menu is built in the frame
    after, shown in the next (ui/app_start.py switch); True once it shows."""
    for _ in range(4):
        if on_menu(app):
            return True
        app.step()
    return on_menu(app)


def quit_from_pause(hw, app):
    """Start, then the pause menu's Quit (last in Spades' and Spit's pause menus)."""
    s = app.screen
    hw.press(keys.START)
    app.step()
    items = s.menu.items
    for _ in range(len(items) - 1 - s.menu.cursor):
        hw.press(keys.DOWN)
        app.step()
    assert s.menu.items[s.menu.cursor] == "Quit"
    hw.press(keys.A)
    app.step()
    app.step()
    assert menu_back(app)


def assert_continue_first(app, name):
    menu = app.screen
    assert labels(app)[0] == "Continue"
    assert menu.cursor == 0, "cursor on %r, not Continue" % labels(app)[menu.cursor]
    assert menu.status.text == "Saved: " + name


def table_of(app, label):
    s = app.screen
    if label == "Spit":
        assert type(s).__name__ == "SpitScreen"
    else:
        assert type(s).__name__ == "Table"
    return s


def a_little_play(hw, app, label):
    s = table_of(app, label)
    if label == "Spit":
        for _ in range(20):
            hw.advance(200)
            app.step()
    else:
        play(hw, app, lambda: s.m.phase == PLAY and len(s.m.history) >= 5 and app.screen is s)


@pytest.mark.parametrize("badge", [False, True], ids=["laptop", "badge"])
@pytest.mark.parametrize("label", ["Spades", "Spades for two", "Spit"])
def test_quit_from_each_game_puts_the_cursor_on_continue(badge, label):
    hw, app = new_app(badge)
    try:
        assert "Continue" not in labels(app) and app.screen.status.text == "Up/Down, A: choose"
        choose(hw, app, label)
        a_little_play(hw, app, label)
        quit_from_pause(hw, app)
        assert_continue_first(app, NAMES[label])
    finally:
        hw.close()


@pytest.mark.parametrize("badge", [False, True], ids=["laptop", "badge"])
@pytest.mark.parametrize("label,older", [("Spades", "Spit"), ("Spit", "Spades"), ("Spades for two", "Spades")])
def test_a_new_match_over_a_saved_one_then_quit_puts_the_cursor_on_continue(badge, label, older):
    # the menu showed Continue (the older save) when the new match was chosen
    hw, app = new_app(badge)
    try:
        choose(hw, app, older)
        quit_from_pause(hw, app)
        assert_continue_first(app, NAMES[older])
        choose(hw, app, label)  # "Replace the saved game?": A
        a_little_play(hw, app, label)
        quit_from_pause(hw, app)
        assert_continue_first(app, NAMES[label])
    finally:
        hw.close()


@pytest.mark.parametrize("badge", [False, True], ids=["laptop", "badge"])
@pytest.mark.parametrize("label", ["Spades", "Spit"])
def test_quit_after_continue_puts_the_cursor_on_continue(badge, label):
    hw, app = new_app(badge)
    try:
        choose(hw, app, label)
        quit_from_pause(hw, app)
        choose(hw, app, "Continue")
        a_little_play(hw, app, label)
        quit_from_pause(hw, app)
        assert_continue_first(app, NAMES[label])
    finally:
        hw.close()


@pytest.mark.parametrize("badge", [False, True], ids=["laptop", "badge"])
def test_quit_after_a_hands_end_puts_the_cursor_on_continue(badge):
    hw, app = new_app(badge)
    try:
        t = choose(hw, app, "Spades for two")
        play(hw, app, lambda: is_page(app.screen) and t.m.phase == HAND_OVER)
        hw.press(keys.A)  # the hand's end page: the next hand
        app.step()
        play(hw, app, lambda: app.screen is t and t.m.hand_no == 2)
        quit_from_pause(hw, app)
        assert_continue_first(app, "Spades for two")
    finally:
        hw.close()


@pytest.mark.parametrize("badge", [False, True], ids=["laptop", "badge"])
def test_back_from_options_with_a_game_saved_the_cursor_is_on_continue(badge):
    hw, app = new_app(badge)
    try:
        choose(hw, app, "Spit")
        quit_from_pause(hw, app)
        choose(hw, app, "Options")
        hw.press(keys.B)
        app.step()
        assert menu_back(app)
        assert_continue_first(app, "Spit")
    finally:
        hw.close()


def test_with_nothing_saved_there_is_no_continue_and_no_note():
    # the match's end clears the save: no Continue, the plain hint
    hw, app = new_app(False)
    try:
        choose(hw, app, "Spit")
        quit_from_pause(hw, app)
        app.storage.clear_game()
        app.show(app.home_screen)
        assert "Continue" not in labels(app)
        assert app.screen.status.text == "Up/Down, A: choose"
    finally:
        hw.close()

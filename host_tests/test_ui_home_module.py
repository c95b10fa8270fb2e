"""The badge's way home (code.py: app.run(home_module="ui.menu")): the title menu and
its module leave the heap while a game runs, and come back built anew (issue 11)."""
import sys

from ui import keys
from ui.app import App
from ui.hardware_laptop import Headless


def test_the_menu_is_not_kept_while_a_game_runs_and_is_rebuilt_at_home():
    hw = Headless()
    app = App(hw)
    app.home_module = "ui.menu"
    app.home()
    first = app.home_screen
    assert type(first).__name__ == "Menu" and app.screen is first
    spit = [e[0] for e in first.entries].index("Spit")
    for _ in range(spit):
        hw.press(keys.DOWN)
    hw.press(keys.A)
    app.step()  # A asks for Spit: it starts at the next frame, not under the menu's code
    assert app.screen is first
    app.step()
    assert app.game == "ui.spit_screen" and type(app.screen).__name__ == "SpitScreen"
    assert app.home_screen is None and "ui.menu" not in sys.modules
    app.home()  # asked by the game: at the next frame
    app.step()
    assert app.game is None and "ui.spit_screen" not in sys.modules
    assert type(app.screen).__name__ == "Menu" and app.screen is app.home_screen and app.screen is not first


def test_a_missing_module_still_says_coming_soon():
    hw = Headless()
    app = App(hw)
    app.home_module = "ui.menu"
    app.home()
    assert app.launch("no_such_game.screens") is False
    assert app.screen is app.home_screen

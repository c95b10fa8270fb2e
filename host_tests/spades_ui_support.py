"""Helpers for the Spades screen tests: an app on the title menu with chosen options,
and a player that drives the human's seat with key presses only."""
from engine import options as options_mod
from engine.tricks import BIDDING, EXCHANGE, PLAY, DECLARE, DRAW, DISCARDING
from ui import keys
from ui.app import App
from ui.hardware_laptop import Headless
from ui.menu import Menu


def app_with(target=200, speed=options_mod.FAST, level="normal", blind_nil=True, **kw):
    """(hw, app): a Headless app on the title menu; app.options set for the games."""
    hw = Headless()
    app = App(hw)
    o = options_mod.Options()
    o.target = target
    o.bot_speed = speed
    o.blind_nil = blind_nil
    o.level_spades4 = level
    o.level_spades2 = level
    for k, v in kw.items():
        setattr(o, k, v)
    app.options = o
    app.home_screen = Menu(app)
    app.show(app.home_screen)
    app.step()
    return hw, app


def is_page(screen):
    """A Spades text page (ui/spades_pages.py Page): the module leaves the heap after
    each hand and comes back as a new module, so its class is told by name."""
    return type(screen).__name__ == "Page"


def launch(hw, app, n=4):
    """Choose the Spades entry (n players) on the title menu with keys."""
    from ui import menu
    i = [e[2] for e in menu.ENTRIES if e[1] == "ui.spades_game"].index(n)
    for _ in range(i):
        hw.press(keys.DOWN)
    hw.press(keys.A)
    app.step()
    return app.screen


def human_keys(app):
    """The keys the human presses now (a plain strategy), or () if nothing to do."""
    from ui.spades_table import Table
    s = app.screen
    if is_page(s):
        return (keys.A,)
    if not isinstance(s, Table):
        return ()
    m = s.m
    if m.to_move != 0 or s.trick_shown or s.bot is not None or s.motion.active:
        return ()
    ph = m.phase
    if ph == BIDDING:
        if s.n == 4 and not s.v.looked:
            return (keys.A,)  # "Look at cards" is the first choice
        return (keys.A,)
    if ph == PLAY:
        return (keys.A,)
    if ph == EXCHANGE:
        return (keys.A, keys.RIGHT, keys.A, keys.RIGHT, keys.A, keys.SELECT)
    if ph == DECLARE:
        return (keys.A,)
    if ph == DRAW:
        return (keys.A,) if (s.v.drawn % 13) >= 6 or s.v.drawn >= 39 else (keys.B,)
    if ph == DISCARDING:
        return (keys.SELECT,)
    return ()

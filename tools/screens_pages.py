"""Menu-side states for `make screens` (tools/screens.py registry): the title menu
with Continue and with a notice, the options, statistics and rules pages."""
from ui import keys


def _enter(app):
    app.show(app.home_screen)  # the menu asks the storage again (Continue, notice)
    app.step()


def _save_spades(app):
    from engine import spades, storage

    m = spades.Match(11)
    app.storage.save_game(storage.GAME_SPADES4, 1, m.to_bytes())


def menu_continue(app):
    """A saved four-player match: Continue heads the list; the status says what."""
    _save_spades(app)
    _enter(app)


def menu_replace(app):
    """A saved four-player match and Spit chosen: the menu asks before replacing it."""
    _save_spades(app)
    _enter(app)
    menu = app.home_screen
    i = [e[0] for e in menu.entries].index("Spit")
    app.hw.press(*([keys.DOWN] * i + [keys.A]))
    app.step()


def menu_notice(app):
    """A saved game whose bytes went bad: the notice, once, and no Continue."""
    _save_spades(app)
    app.hw.nvm[0x400 + 14] ^= 0x5A
    app.storage = __import__("engine.storage", None, None, ["attach"]).attach(app.hw.nvm)
    _enter(app)


def menu_off(app):
    """Quit on the badge (a program cannot switch the power off)."""
    from ui import menu

    app.home_screen.notice(menu.OFF_TEXT)
    app.step()


def options(app):
    from ui.options_screen import ROWS_SHOWN

    app.launch("ui.options_screen")
    row = [name for _, name in ROWS_SHOWN].index("target")
    app.hw.press(*([keys.DOWN] * row + [keys.RIGHT]))  # target 500 -> 200
    app.step()


def options_spit(app):
    """The Spit match row set to points: the help lines say how such a match is won."""
    from ui.options_screen import ROWS_SHOWN

    app.launch("ui.options_screen")
    row = [name for _, name in ROWS_SHOWN].index("spit_match")
    app.hw.press(*([keys.DOWN] * row + [keys.RIGHT]))
    app.step()


def options_speed(app):
    """The bot speed row: the help lines say how long the Spades bots wait."""
    from ui.options_screen import ROWS_SHOWN

    app.launch("ui.options_screen")
    row = [name for _, name in ROWS_SHOWN].index("bot_speed")
    app.hw.press(*([keys.DOWN] * row))
    app.step()


def options_end(app):
    app.launch("ui.options_screen")
    app.hw.press(*[keys.UP] * 2)  # wraps to the last rows
    app.step()


def _some_stats(app):
    from engine import stats, storage

    s = app.stats
    g = storage.GAME_SPADES4
    for i in range(23):
        s.spades_hand(g, 0, (3 if i % 5 else 0, 4, 2, 3), bytes((4 if i % 3 else 2, 3, 3, 3)),
                      [("Contract 5 made" if i % 3 else "Contract 5 set", 50), ("Bag penalty", -100)] if i == 7
                      else [("Contract 5 made" if i % 3 else "Contract 5 set", 50)])
    for i in range(5):
        s.match_over(g, i % 2 == 0)
    for i in range(14):
        s.spit_round(i % 3 != 0, 187 + i * 13)
    s.match_over(storage.GAME_SPIT, True)
    app.storage.save_stats(s)
    return stats


def stats(app):
    _some_stats(app)
    app.launch("ui.stats_screen")
    app.step()


def stats_spit(app):
    _some_stats(app)
    app.launch("ui.stats_screen", 2)
    app.step()


def stats_confirm(app):
    _some_stats(app)
    app.launch("ui.stats_screen")
    app.hw.press(keys.A)
    app.step()


def rules_spades(app):
    app.launch("ui.rules_screen")
    app.step()


def rules_spades_2(app):
    app.launch("ui.rules_screen")
    app.hw.press(keys.DOWN)
    app.step()


def rules_two(app):
    app.launch("ui.rules_screen", 1)
    app.step()


def rules_spit(app):
    app.launch("ui.rules_screen", 2)
    app.step()


def deal(app):
    """Deal number: 031400 entered, the caret on its fourth digit, two players."""
    menu = app.home_screen
    i = [e[0] for e in menu.entries].index("Deal number")
    app.hw.press(*([keys.DOWN] * i + [keys.A]))
    app.step()
    app.step()
    presses = [keys.RIGHT] + [keys.UP] * 3 + [keys.RIGHT, keys.UP, keys.RIGHT] + [keys.UP] * 4 + [keys.SELECT]
    for k in presses:
        app.hw.press(k)
        app.step()


SCREENS = [
    ("menu_continue", "tools.screens_pages:menu_continue"),
    ("deal", "tools.screens_pages:deal"),
    ("menu_replace", "tools.screens_pages:menu_replace"),
    ("menu_notice", "tools.screens_pages:menu_notice"),
    ("menu_off", "tools.screens_pages:menu_off"),
    ("options", "tools.screens_pages:options"),
    ("options_spit", "tools.screens_pages:options_spit"),
    ("options_end", "tools.screens_pages:options_end"),
    ("options_speed", "tools.screens_pages:options_speed"),
    ("stats", "tools.screens_pages:stats"),
    ("stats_spit", "tools.screens_pages:stats_spit"),
    ("stats_confirm", "tools.screens_pages:stats_confirm"),
    ("rules_spades", "tools.screens_pages:rules_spades"),
    ("rules_spades_2", "tools.screens_pages:rules_spades_2"),
    ("rules_two", "tools.screens_pages:rules_two"),
    ("rules_spit", "tools.screens_pages:rules_spit"),
]

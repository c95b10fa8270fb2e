"""The title menu: the games, options, quit.

A game plugs in with one line in ENTRIES: (label, module, argument). Choosing the
entry imports that module only then (App.launch) and calls its start(app, argument),
which shows the game's first screen; until the module exists the menu says
"coming soon". The entry whose module is None quits.
"""
import displayio

from ui import keys, sprites, widgets

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

ENTRIES = [
    ("Spades", "ui.spades_game", 4),
    ("Spades for two", "ui.spades_game", 2),
    ("Spit", "ui.spit_screen", 0),
    ("Options", "ui.options", 0),
    ("Quit", None, 0),
]

# layout (tests read these)
TITLE_Y = const(4)
ROW_X = const(6)  # left edge of the highlight bar
ROW_W = const(98)
ROW_Y0 = const(36)  # top of the first row
ROW_H = const(14)  # row pitch; the bar is ROW_H - 1 high
ROWS = const(5)  # rows visible at once; more entries scroll
STATUS_Y = const(114)  # top of the status line
MESSAGE_MS = const(2000)

TEXT = const(0xFFFFFF)
TEXT_ON_BAR = const(0x102010)
BAR = const(0xF8C800)
TITLE = const(0xFFE9A0)
HINT = const(0xA8D8B0)
RULE = const(0xC8A000)
_HINT_TEXT = "Up/Down, A: choose"


class Menu:
    """The title menu screen (ui/app.py's screen interface). `entries` defaults to
    ENTRIES; set_entries() changes them later (e.g. Continue once a game is saved)."""

    def __init__(self, app, entries=None):
        self.app = app
        self.message_until = -1
        g = displayio.Group()
        g.append(sprites.felt())
        g.append(widgets.TextLine("Pocket Cards", 80, TITLE_Y, TITLE, (0.5, 0), scale=2).group)
        g.append(widgets.bar(148, 1, RULE, 6, TITLE_Y + 27))
        self.list = widgets.MenuList(ROW_X, ROW_Y0, ROW_W, ROWS, ROW_H, text=TEXT, text_on_bar=TEXT_ON_BAR,
                                     bar_color=BAR)
        g.append(self.list.group)
        # a fan of the four aces, spades on top
        for i, c in enumerate((38, 25, 12, 51)):
            g.append(sprites.card_grid(c, sprites.NORMAL, 110 + i * 9, 52 + (3 if i in (0, 3) else 0)))
        self.status = widgets.TextLine(_HINT_TEXT, 80, STATUS_Y, HINT, (0.5, 0), chars=26)
        g.append(self.status.group)
        self.group = g
        self.set_entries(ENTRIES if entries is None else entries)

    def set_entries(self, entries):
        self.entries = entries
        self.list.set_items([e[0] for e in entries])

    @property
    def cursor(self):
        return self.list.cursor

    def on_key(self, key):
        if key == keys.UP or key == keys.DOWN:
            self.list.move(1 if key == keys.DOWN else -1)
            return True
        if key == keys.A or key == keys.START:
            return self.choose()
        return False

    def choose(self):
        label, module, arg = self.entries[self.list.cursor]
        if module is None:
            self.app.quit()
            return False
        if self.app.launch(module, arg):
            return True
        self.status.set(label + ": coming soon")
        self.status.set_color(BAR)
        self.message_until = self.app.now + MESSAGE_MS
        return True

    def tick(self, now):
        if self.message_until >= 0 and now >= self.message_until:
            self.message_until = -1
            self.status.set(_HINT_TEXT)
            self.status.set_color(HINT)
            return True
        return False

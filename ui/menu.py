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
    ("Spades", "ui.spades", 4),
    ("Spades for two", "ui.spades", 2),
    ("Spit", "ui.spit", 0),
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
    """The title menu screen (ui/app.py's screen interface)."""

    def __init__(self, app, entries=None):
        self.app = app
        self.entries = ENTRIES if entries is None else entries
        self.cursor = 0
        self.top = 0  # first entry shown
        self.message_until = -1
        g = displayio.Group()
        g.append(sprites.felt())
        g.append(widgets.TextLine("Pocket Cards", 80, TITLE_Y, TITLE, (0.5, 0), scale=2).group)
        g.append(widgets.bar(148, 1, RULE, 6, TITLE_Y + 27))
        self.bar = widgets.bar(ROW_W, ROW_H - 1, BAR, ROW_X, ROW_Y0)
        g.append(self.bar)
        self.rows = []
        for i in range(min(ROWS, len(self.entries))):
            line = widgets.TextLine("", ROW_X + 5, ROW_Y0 + i * ROW_H + (ROW_H - 1) // 2, TEXT, (0, 0.5),
                                    chars=(ROW_W - 6) // 6)
            self.rows.append(line)
            g.append(line.group)
        # a fan of the four aces, spades on top
        for i, c in enumerate((38, 25, 12, 51)):
            g.append(sprites.card_grid(c, sprites.NORMAL, 110 + i * 9, 52 + (3 if i in (0, 3) else 0)))
        self.status = widgets.TextLine(_HINT_TEXT, 80, STATUS_Y, HINT, (0.5, 0), chars=26)
        g.append(self.status.group)
        self.group = g
        self._draw_rows()

    def _draw_rows(self):
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + len(self.rows):
            self.top = self.cursor - len(self.rows) + 1
        for i in range(len(self.rows)):
            line = self.rows[i]
            line.set(self.entries[self.top + i][0])
            line.set_color(TEXT_ON_BAR if self.top + i == self.cursor else TEXT)
        self.bar.y = ROW_Y0 + (self.cursor - self.top) * ROW_H

    def on_key(self, key):
        n = len(self.entries)
        if key == keys.UP or key == keys.DOWN:
            self.cursor = (self.cursor + (1 if key == keys.DOWN else n - 1)) % n
            self._draw_rows()
            return True
        if key == keys.A or key == keys.START:
            return self.choose()
        return False

    def choose(self):
        label, module, arg = self.entries[self.cursor]
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

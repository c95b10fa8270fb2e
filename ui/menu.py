"""The title menu: Continue (when a game is saved), the games, options, statistics,
rules, quit.

A game plugs in with one line in ENTRIES: (label, module, argument). Choosing the
entry imports that module only then (App.launch) and calls its start(app, argument),
which shows the game's first screen; until the module exists the menu says
"coming soon". The entry whose module is None quits (on the badge, where a program
cannot switch the power off, it says that everything is saved instead).

Each time the menu is shown (App.show calls enter()) it asks the storage whether a
game is saved: Continue heads the list only then, and App.resume_saved() picks the
game up. One rule for the cursor, whatever the way back (Quit from a game, a hand's
end, Continue, a page of the menu's own): with a game saved it starts on Continue and
the status line names the game ("Saved: Spades"); with none, on the entry it was on
(the laptop keeps one menu) or the first (the badge builds it anew). A notice from the storage (a save that could not be read, no room to save,
a failed write) is shown once in a box over the list; A, B or Start closes it.
Eight entries fit on the screen; a longer list (nine with Continue) scrolls, with
"^" / "v" marks beside it.

A new match (or a numbered deal) while a game is saved asks first, in the same box
("Replace the saved Spades game?"): only A starts it (the new match's first save
replaces the old one); B or Start keep the saved game.
"""
import sys

import displayio

from ui import keys, sprites, widgets

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

CONTINUE_MODULE = "continue"  # marks the Continue entry (App.resume_saved)
CONTINUE = ("Continue", CONTINUE_MODULE, 0)
DEAL_MODULE = "ui.deal_screen"  # a deal number played alone: it replaces a saved game too
ENTRIES = [
    ("Spades", "ui.spades_game", 4),
    ("Spades for two", "ui.spades_game", 2),
    ("Spit", "ui.spit_screen", 0),
    ("Deal number", "ui.deal_screen", 4),
    ("Options", "ui.options_screen", 0),
    ("Statistics", "ui.stats_screen", 0),
    ("Rules", "ui.rules_screen", 0),
    ("Quit", None, 0),
]
GAME_NAMES = ("Spades", "Spades for two", "Spit")  # by engine.storage game id
ON_BADGE = sys.implementation.name == "circuitpython"
OFF_TEXT = "Everything is saved. You can switch the badge off now."

# layout (tests read these)
TITLE_Y = const(2)
ROW_X = const(6)  # left edge of the highlight bar
ROW_W = const(98)
ROW_Y0 = const(32)  # top of the first row
ROW_H = const(10)  # row pitch; the bar is ROW_H - 1 high
ROWS = const(8)  # rows visible at once: every entry, Continue included
STATUS_Y = const(115)  # top of the status line
MESSAGE_MS = const(2000)
BOX_X = const(6)  # the notice box
BOX_Y = const(30)
BOX_W = const(148)
BOX_H = const(84)  # down to the status line: no entry peeks out below
BOX_LINES = const(5)
BOX_CHARS = const(23)

TEXT = const(0xFFFFFF)
TEXT_ON_BAR = const(0x102010)
BAR = const(0xF8C800)
TITLE = const(0xFFE9A0)
HINT = const(0xA8D8B0)
RULE = const(0xC8A000)
BOX = const(0x0A3A18)
NOTICE = const(0xFFD0A0)
_HINT_TEXT = "Up/Down, A: choose"
_OK_KEYS = "A: OK"
_ASK_KEYS = "A: replace  B: keep"


def wrap(text, width):
    """Lines of at most `width` characters, broken at spaces (and at newlines)."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


class Menu:
    """The title menu screen (ui/app.py's screen interface). `entries` defaults to
    ENTRIES; set_entries() changes them later. Continue is added in front by enter()
    while a game is saved."""

    def __init__(self, app, entries=None):
        self.app = app
        self.message_until = -1
        self.saved = None  # (game_id, level, blob) of the saved game, when there is one
        self.entries = []
        g = displayio.Group()
        g.append(sprites.felt())
        g.append(widgets.TextLine("Pocket Cards", 80, TITLE_Y, TITLE, (0.5, 0), scale=2).group)
        g.append(widgets.bar(148, 1, RULE, 6, TITLE_Y + 26))
        self.list = widgets.MenuList(ROW_X, ROW_Y0, ROW_W, ROWS, ROW_H, text=TEXT, text_on_bar=TEXT_ON_BAR,
                                     bar_color=BAR)
        g.append(self.list.group)
        # scroll marks right of the list when entries are out of sight
        self.up_mark = widgets.TextLine("^", ROW_X + ROW_W + 1, ROW_Y0, HINT)
        self.down_mark = widgets.TextLine("v", ROW_X + ROW_W + 1, ROW_Y0 + (ROWS - 1) * ROW_H, HINT)
        g.append(self.up_mark.group)
        g.append(self.down_mark.group)
        # a fan of the four aces, spades on top
        self.aces = displayio.Group()
        for i, c in enumerate((38, 25, 12, 51)):
            self.aces.append(sprites.card_grid(c, sprites.NORMAL, 110 + i * 9, 52 + (3 if i in (0, 3) else 0)))
        g.append(self.aces)
        self.status = widgets.TextLine(_HINT_TEXT, 80, STATUS_Y, HINT, (0.5, 0), chars=26)
        g.append(self.status.group)
        # the notice box, hidden until there is something to tell
        box = displayio.Group()
        box.append(widgets.bar(BOX_W, BOX_H, RULE, BOX_X, BOX_Y))
        box.append(widgets.bar(BOX_W - 2, BOX_H - 2, BOX, BOX_X + 1, BOX_Y + 1))
        self.box_lines = []
        for i in range(BOX_LINES):
            line = widgets.TextLine("", 80, BOX_Y + 4 + i * 12, NOTICE, (0.5, 0), chars=BOX_CHARS)
            self.box_lines.append(line)
            box.append(line.group)
        self.box_keys = widgets.TextLine(_OK_KEYS, 80, BOX_Y + BOX_H - 14, BAR, (0.5, 0), chars=BOX_CHARS)
        box.append(self.box_keys.group)
        self.asking = None  # the game entry waiting for "Replace the saved game?"
        box.hidden = True
        self.box = box
        g.append(box)
        self.group = g
        self.base = list(ENTRIES if entries is None else entries)
        self._rebuild()

    # -- entries

    def set_entries(self, entries):
        """The entries to offer (Continue, when a game is saved, comes first anyway)."""
        self.base = [e for e in entries if e[1] != CONTINUE_MODULE]
        self._rebuild(False)

    def _rebuild(self, keep_cursor=True):
        """Entries again (Continue first when saved), the cursor on the same label; on
        Continue whenever the menu is shown with a game saved (enter)."""
        keep = self.entries[self.list.cursor][0] if self.entries and keep_cursor else None
        entries = ([CONTINUE] if self.saved is not None else []) + self.base
        if self.saved is not None and keep_cursor:
            keep = CONTINUE[0]  # one rule, whatever the way back: the saved game is offered first
        self.entries = entries
        labels = [e[0] for e in entries]
        cursor = labels.index(keep) if keep in labels else 0
        self.list.set_items(labels, cursor)
        self._marks()
        self._hint()

    def _marks(self):
        lst = self.list
        self.up_mark.group.hidden = lst.top == 0
        self.down_mark.group.hidden = lst.top + ROWS >= len(lst.items)

    def _hint(self):
        if self.message_until >= 0:
            return
        text = _HINT_TEXT
        if self.entries and self.entries[self.list.cursor][1] == CONTINUE_MODULE and self.saved is not None:
            g = self.saved[0]
            text = "Saved: " + (GAME_NAMES[g] if g < len(GAME_NAMES) else "a game")
        self.status.set(text)
        self.status.set_color(HINT)

    def enter(self):
        """The menu is shown: offer Continue if a game is saved; tell any notice once."""
        st = getattr(self.app, "storage", None)
        self.saved = st.load_game() if st is not None else None
        self._rebuild()
        msg = st.take_notice() if st is not None else None
        if msg:
            self.notice(msg)

    def notice(self, text, keys_text=_OK_KEYS):
        """Show `text` in the box over the list until A, B or Start."""
        self.box_keys.set(keys_text)
        if keys_text == _OK_KEYS:
            self.asking = None
        lines = wrap(text[:1].upper() + text[1:], BOX_CHARS)
        for i in range(BOX_LINES):
            self.box_lines[i].set(lines[i] if i < len(lines) else "")
        self.box.hidden = False
        self.aces.hidden = True
        self.app.dirty = True

    @property
    def noticing(self):
        return not self.box.hidden

    @property
    def cursor(self):
        return self.list.cursor

    # -- the screen interface

    def on_key(self, key):
        if not self.box.hidden:
            if key == keys.A or key == keys.B or key == keys.START:
                self.box.hidden = True
                self.aces.hidden = False
                entry = self.asking
                self.asking = None
                if entry is not None and key == keys.A:
                    return self._start(entry)
                return True
            return False
        if key == keys.UP or key == keys.DOWN:
            step = 1 if key == keys.DOWN else -1
            if self.app.hw.keys.stops(self.list.cursor, step, len(self.entries)):
                return False
            self.list.move(step)
            self._marks()
            self._hint()
            return True
        if key == keys.A or key == keys.START:
            return self.choose()
        return False

    def choose(self):
        entry = self.entries[self.list.cursor]
        label, module, arg = entry
        if module is None:
            if ON_BADGE:
                self.app.hw.pixels.fill(0)
                self.notice(OFF_TEXT)
                return True
            self.app.quit()
            return False
        if module == CONTINUE_MODULE:
            self.app.resume_saved()
            return True
        if (label in GAME_NAMES or module == DEAL_MODULE) and self.saved is not None:
            g = self.saved[0]
            name = GAME_NAMES[g] + " " if g < len(GAME_NAMES) else ""
            what = "numbered deal" if module == DEAL_MODULE else label + " match"
            self.notice("Replace the saved %sgame?\n\nA new %s takes its place." % (name, what), _ASK_KEYS)
            self.asking = entry
            return True
        return self._start(entry)

    def _start(self, entry):
        label, module, arg = entry
        if self.app.launch(module, arg):
            return True
        self.status.set(label + ": coming soon")
        self.status.set_color(BAR)
        self.message_until = self.app.now + MESSAGE_MS
        return True

    def tick(self, now):
        if self.message_until >= 0 and now >= self.message_until:
            self.message_until = -1
            self._hint()
            return True
        return False

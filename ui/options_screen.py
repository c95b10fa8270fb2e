"""The Options page (title menu): the rules options of RULES.md (blind_nil,
bag_penalty, target, spit_match), the bots' level per game, sound, bot speed, hand
sorting and how long a Spades trick stays (engine/options.py). Up/Down choose a row,
Left/Right or A change it, B or Start go back. The options are saved on leaving, and only if they changed (flash
wears out); the app's sound follows the Sound row at once. New matches take the
options; a saved game keeps the rules and level it was started with.
"""
from ui import keys, widgets
from ui.pages import FOOTER_Y, HEAD, TEXT, TextPage

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

ROW_X = const(3)
ROW_Y0 = const(16)
ROW_H = const(12)
ROWS = const(8)
WIDTH = const(154)
BAR = const(0xF8C800)
TEXT_ON_BAR = const(0x102010)

# (label, engine.options field); values are shown by value_text()
ROWS_SHOWN = (
    ("Blind/Double nil", "blind_nil"),
    ("Bag penalty", "bag_penalty"),
    ("Target", "target"),
    ("Spit match", "spit_match"),
    ("Spades level", "level_spades4"),
    ("Two-player level", "level_spades2"),
    ("Spit level", "level_spit"),
    ("Sound", "sound"),
    ("Bot speed", "bot_speed"),
    ("Hand sort", "hand_sort"),
    ("Trick stays", "trick_wait"),
)
_SPEEDS = ("slow", "normal", "fast")
_SORTS = ("2 to A", "A to 2")
FOOTER = "L/R: change  B: back"


def value_text(name, v):
    if v is True:
        return "on"
    if v is False:
        return "off"
    if name == "bot_speed":
        return _SPEEDS[v]
    if name == "hand_sort":
        return _SORTS[v]
    if name == "trick_wait":
        if v == 0:
            return "until A"
        return "%d.%d s" % (v // 1000, v % 1000 // 100)
    return str(v)


def row_text(i, opts):
    label, name = ROWS_SHOWN[i]
    return "%-16s%8s" % (label, value_text(name, getattr(opts, name)))


class OptionsScreen(TextPage):
    def __init__(self, app):
        super().__init__(app)
        self.opts = app.options
        self.before = self.opts.to_bytes()
        self.set_title("Options")
        self.list = widgets.MenuList(ROW_X, ROW_Y0, WIDTH, ROWS, ROW_H, text=TEXT, text_on_bar=TEXT_ON_BAR,
                                     bar_color=BAR)
        self.group.append(self.list.group)
        self.mark = widgets.TextLine("v", 158, FOOTER_Y, HEAD, (1, 0))
        self.group.append(self.mark.group)
        self.list.set_items([row_text(i, self.opts) for i in range(len(ROWS_SHOWN))])
        self.set_footer(FOOTER)
        self._mark()

    def _mark(self):
        lst = self.list
        if lst.top + ROWS < len(lst.items):
            self.mark.set("v")
        else:
            self.mark.set("^" if lst.top else " ")

    @property
    def cursor(self):
        return self.list.cursor

    def change(self, step):
        i = self.list.cursor
        name = ROWS_SHOWN[i][1]
        self.opts.cycle(name, step)
        if name == "sound":
            self.app.sound_on = bool(self.opts.sound)
        self.list.set_item(i, row_text(i, self.opts))

    def on_key(self, key):
        if key == keys.UP or key == keys.DOWN:
            self.list.move(1 if key == keys.DOWN else -1)
            self._mark()
            return True
        if key == keys.LEFT:
            self.change(-1)
            return True
        if key == keys.RIGHT or key == keys.A:
            self.change(1)
            return True
        if key == keys.B or key == keys.START:
            self.app.home()
            return True
        return False

    def leave(self):
        """Save once, and only if something changed."""
        now = self.opts.to_bytes()
        if now != self.before:
            self.app.storage.save_options(self.opts)
            self.before = now
        self.app.sound_on = bool(self.opts.sound)

    def tick(self, now):
        return False


def start(app, arg=0):
    app.show(OptionsScreen(app))

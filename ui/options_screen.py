"""The Options page (title menu): the rules options of RULES.md (blind_nil,
blind_nil_behind, bag_penalty, target, spit_match), the bots' level per game, sound,
bot speed, hand sorting and how long a Spades trick stays (engine/options.py). Up/Down
choose a row, Left/Right or A change it, B or Start go back. Two lines under the list
say what the row under the cursor does with its value shown (help_lines). The options
are saved on leaving, and only if they changed (flash wears out); the app's sound
follows the Sound row at once. New matches take the options; a saved game keeps the
rules and level it was started with.
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
ROWS = const(6)
HELP_Y = const(91)  # two lines explaining the row under the cursor
HELP = const(0xA8D8B0)
WIDTH = const(154)
BAR = const(0xF8C800)
TEXT_ON_BAR = const(0x102010)

# (label, engine.options field); values are shown by value_text()
ROWS_SHOWN = (
    ("Blind/Double nil", "blind_nil"),
    ("Blind nil behind", "blind_nil_behind"),
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
_WAITS = ("1.4", "0.8", "0.25")  # seconds a Spades bot's move stays, per speed (its help)
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


def help_lines(name, v):
    """Two lines (26 characters at most) on what option `name` does with value `v`."""
    if name == "blind_nil":
        return ("Bid Nil before looking:", "+200/-200, swap 3 cards.") if v else ("No Blind Nil, no Double", "Nil.")
    if name == "blind_nil_behind":
        if v:
            return ("Blind Nil only for a side", "100+ behind (4 players).")
        return ("Blind Nil offered every", "hand (4 players).")
    if name == "bag_penalty":
        return ("Every 10 bags (tricks over", "the bid) cost 100 points.") if v else ("Bags score 1 point each,", "no penalty.")
    if name == "target":
        return ("First to %d points wins;" % v, "both: the higher score.")
    if name == "spit_match":
        if v == "points":
            return ("A point per card held each", "round; at 100 lowest wins.")
        return ("End a round with no cards", "left to win the match.")
    if name == "level_spit":  # the slap errs on purpose: engine/bots/spit_bot.py LEVELS
        return ("Level %d of 5: slaps the" % v, "bigger pile %d%% of times." % (0, 40, 35, 28, 20, 10)[v])
    if name.startswith("level_"):
        if v == "easy":
            return ("Forgets played cards, now", "and then plays at random.")
        if v == "hard":
            return ("Tries out possible deals", "for every card it plays.")
        return ("Counts cards; bids and", "plays by rules of thumb.")
    if name == "sound":
        return ("Tones for plays, tricks", "and turns.") if v else ("Silent.", "")
    if name == "bot_speed":  # the Spades table's waits (ui/spades_build.py HOLD_MS)
        return ("Spades bots wait %s s" % _WAITS[v], "after each bid or card.")
    if name == "trick_wait":
        if v == 0:
            return ("A finished trick stays", "until you press A.")
        return ("A finished trick stays", "%s; A goes on at once." % value_text(name, v))
    if name == "hand_sort":
        return ("Your hand by suit, ranks", "from 2 up to A." if v == 0 else "from A down to 2.")
    return ("", "")


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
        self.help = []
        for i in range(2):
            line = widgets.TextLine("", 4, HELP_Y + 11 * i, HELP, chars=26)
            self.help.append(line)
            self.group.append(line.group)
        self.set_footer(FOOTER)
        self._mark()
        self._help()

    def _help(self):
        name = ROWS_SHOWN[self.list.cursor][1]
        lines = help_lines(name, getattr(self.opts, name))
        self.help[0].set(lines[0])
        self.help[1].set(lines[1])

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
            step = 1 if key == keys.DOWN else -1
            if self.app.hw.keys.stops(self.list.cursor, step, len(ROWS_SHOWN)):
                return False
            self.list.move(step)
            self._mark()
            self._help()
            return True
        if key == keys.LEFT:
            self.change(-1)
            self._help()
            return True
        if key == keys.RIGHT or key == keys.A:
            self.change(1)
            self._help()
            return True
        if key == keys.B or key == keys.START:
            self.leave()  # saved in this frame; the menu is built in the next (App.home)
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

    def closing(self):
        """The laptop's window closes on this page: saved as leaving it saves."""
        self.leave()

    def tick(self, now):
        return False


def start(app, arg=0):
    app.show(OptionsScreen(app))

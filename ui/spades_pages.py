"""Text pages of the Spades games: the end-of-hand breakdown, match over and the score
history (the rules have their own viewer, ui/rules_screen.py). One `Page` screen is
built once per game and refilled (fill) for each use: a title, ROWS rows of (left
text, right text, colour) that scroll with Up/Down, and a footer. A or B (or Start)
calls `done()` (on a hand's end page A or Start: B reviews the hand), Select
`alt(row)` when given: "Replay this deal" (ui/spades_replay.py), where the score
history first lets Up/Down choose the row (the hand) to replay.
"""
from ui import keys, widgets
from ui.pages import FOOTER_Y, TextPage

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

ROWS = const(8)
ROW_Y0 = const(17)
ROW_H = const(11)
TITLE = const(0xFFE9A0)
TEXT = const(0xFFFFFF)
GOOD = const(0x8CF08C)  # points won, our side
BAD = const(0xFF8C8C)  # points lost, their side
DIM = const(0xA8D8B0)
HEAD = const(0xF8C800)


class Page(TextPage):
    """A scrolling page of rows (ui/app.py screen interface): ui/pages.TextPage with
    rows 11 pixels apart and a "v"/"^" mark in the footer when rows lie below/above."""
    row_h = ROW_H
    left_x = 3
    right_x = 157
    right_chars = 8
    title_chars = 26

    def __init__(self, app):
        super().__init__(app)
        self.set_title("")  # no "<" ">" marks
        self.done = None
        self.alt = None
        self.rows = ()
        self.top = 0
        self.at = -1  # the chosen row, or -1: Up/Down scroll
        self.pick = -1
        self.b_too = True
        self.b_key = None  # B's own action (a hand's end page: the review)
        self.more = widgets.TextLine("", 157, FOOTER_Y, HEAD, (1, 0), chars=1)
        self.group.append(self.more.group)

    def fill(self, title, rows, footer, done):
        """Show `rows` (a list of (left, right, colour)); `done()` runs on A/B/Start."""
        self.title.set(title)
        self.rows = rows
        self.alt = None
        self.at = -1
        self.top = 0
        if len(rows) > ROWS and "Up/Down" not in footer and len(footer) < 18:
            footer = "Up/Down  " + footer  # more rows than the page: say how to see them
        self.footer.set(footer)
        self.done = done
        self.b_too = True  # B goes back as A does; a hand's end page clears it (A goes on)
        self.b_key = None
        self._draw()

    def choose(self, alt, pick=-1):
        """After fill: `alt(row)` runs on Select. With pick >= 0 (the first row that can
        be chosen) Up/Down move a ">" over the rows from pick on, starting on the last;
        else row is -1."""
        self.alt = alt
        self.pick = pick
        if pick >= 0:
            self.at = len(self.rows) - 1
            self.top = max(0, self.at - ROWS + 1)
            self._draw()

    def _draw(self):
        rows = self.rows
        shown = rows[self.top:self.top + ROWS]
        i = self.at - self.top
        if 0 <= i < len(shown):
            shown[i] = (">" + shown[i][0][1:], shown[i][1], TITLE)
        self.set_rows(shown)
        self.more.set("v" if self.top + ROWS < len(rows) else ("^" if self.top else ""))

    def on_key(self, key):
        if (key == keys.DOWN or key == keys.UP) and self.at >= 0:
            at = self.at + (1 if key == keys.DOWN else -1)
            if not self.pick <= at < len(self.rows):
                return False
            self.at = at
            self.top = min(max(self.top, at - ROWS + 1), at)
            self._draw()
            return True
        if key == keys.DOWN or key == keys.UP:
            top = self.top + (1 if key == keys.DOWN else -1)
            if 0 <= top and top + ROWS <= max(len(self.rows), ROWS):
                self.top = top
                self._draw()
                return True
            return False
        if key == keys.B and self.b_key is not None:
            b = self.b_key
            b()
            return True
        if (key == keys.A or key == keys.START or key == keys.B and self.b_too) and self.done is not None:
            done = self.done
            done()
            return True
        if key == keys.SELECT and self.alt is not None:
            alt = self.alt
            alt(self.at)
            return True
        return False

    def tick(self, now):
        return False


def signed(n):
    return "+%d" % n if n > 0 else "%d" % n


_LABEL_CHARS = const(18)  # a breakdown label, after its leading space, ends before "-200"


def breakdown_rows(lines, names, scores, bags, n=4):
    """Rows for the end of a hand: per side its name, score and bags after the
    hand, then its breakdown lines (the engine's last_breakdown) with their points.
    Two players call Blind Nil Double Nil (RULES 2.4); a Boston (no points, 1.7) is
    announced once, without a score."""
    rows = []
    for side in range(len(lines)):
        rows.append(("%s: %d, bags %d" % (names[side], scores[side], bags[side]), "", GOOD if side == 0 else BAD))
        for label, p in lines[side]:
            if label == "Boston":
                rows.append((" Boston! all 13 tricks", "", HEAD))
                continue
            if n == 2 and label.startswith("Blind Nil"):
                label = "Double Nil" + label[9:]
            if " South" in label:  # the human's own Nil
                label = "Your " + label.replace(" South", "")
            if len(label) > _LABEL_CHARS:  # clear of the points at the right
                label = label.replace("Blind Nil", "B.Nil")
            rows.append((" " + label, signed(p), TEXT))
    return rows


def show_history(t, back):
    """The pause menu's score history: Up/Down choose a hand, Select replays it
    (ui/spades_replay.py), A or B go `back()`. A resumed match's table knows only
    the total so far: the hands its save keeps are read from the engine."""
    from engine.lazy import call
    held = getattr(t, "replaying", None)  # during a replay: the match's bytes (ui/spades_replay.py)
    kept = call("spades_replay", "history", t.m if held is None else type(t.m).from_bytes(held[0]))
    if len(kept) >= len(t.history):  # the kept hands have their deal numbers
        t.history = kept
    rows = history_rows(t.history, t._side_names())
    t.later(lambda t: _history_page(t, rows, back))  # the page in the next frame


def _history_page(t, rows, back):
    h = t.history
    if not h:
        t._page("Score history", rows, "A: back", back)
        return

    def replay(i):
        from ui import spades_replay
        spades_replay.start(t, h[i - 1][0])
    t._page("Score history", rows, "Up/Dn Sel: replay A: back", back)
    t.page.choose(replay, 1)


def history_rows(history, names):
    """Rows of the score history: (hand number, side 0 total, side 1 total, its deal
    number, which friends can play too; none for a hand an older save dealt)."""
    rows = [("Hand %-6s %s" % (names[0], names[1]), "Deal", HEAD)]
    for no, a, b, d in history:
        deal = "%d" % d if d < 1000000 else ""  # none: a hand an older save dealt
        rows.append(("%3d  %-6d %d" % (no, a, b), deal, TEXT))
    if len(history) == 0:
        rows.append(("No hand finished yet", "", DIM))
    return rows


"""Text pages of the Spades games: the end-of-hand breakdown, match over and the score
history (the rules have their own viewer, ui/rules_screen.py). One `Page` screen is
built once per game and refilled (fill) for each use: a title, ROWS rows of (left
text, right text, colour) that scroll with Up/Down, and a footer. A or B (or Start)
calls `done()`.
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
        self.rows = ()
        self.top = 0
        self.more = widgets.TextLine("", 157, FOOTER_Y, HEAD, (1, 0), chars=1)
        self.group.append(self.more.group)

    def fill(self, title, rows, footer, done):
        """Show `rows` (a list of (left, right, colour)); `done()` runs on A/B/Start."""
        self.title.set(title)
        self.rows = rows
        self.top = 0
        if len(rows) > ROWS and "Up/Down" not in footer:
            footer = "Up/Down  " + footer  # more rows than the page: say how to see them
        self.footer.set(footer)
        self.done = done
        self._draw()

    def _draw(self):
        rows = self.rows
        self.set_rows(rows[self.top:self.top + ROWS])
        self.more.set("v" if self.top + ROWS < len(rows) else ("^" if self.top else ""))

    def on_key(self, key):
        if key == keys.DOWN or key == keys.UP:
            top = self.top + (1 if key == keys.DOWN else -1)
            if 0 <= top and top + ROWS <= max(len(self.rows), ROWS):
                self.top = top
                self._draw()
                return True
            return False
        if key in (keys.A, keys.B, keys.START) and self.done is not None:
            done = self.done
            done()
            return True
        return False

    def tick(self, now):
        return False


def signed(n):
    return "+%d" % n if n > 0 else "%d" % n


LABEL_CHARS = const(18)  # a breakdown label, after its leading space, ends before "-200"


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
            if len(label) > LABEL_CHARS:  # clear of the points at the right
                label = label.replace("Blind Nil", "B.Nil")
            rows.append((" " + label, signed(p), TEXT))
    return rows


def history_rows(history, names):
    """Rows of the score history: (hand number, side 0 total, side 1 total)."""
    rows = [("Hand   %-6s %s" % (names[0], names[1]), "", HEAD)]
    for no, a, b in history:
        rows.append(("%3d    %-6d %d" % (no, a, b), "", TEXT))
    if len(history) == 0:
        rows.append(("No hand finished yet", "", DIM))
    return rows


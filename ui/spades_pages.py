"""Text pages of the Spades games: the end-of-hand breakdown, match over, the score
history and the rules. One `Page` screen is built once per game and refilled
(fill) for each use: a title, ROWS rows of (left text, right text, colour) that
scroll with Up/Down, and a footer. A or B (or Start) calls `done()`.

rules(n) gives the rows of the rules page for the four-player (n=4) or two-player
(n=2) game; the text itself is ui/rules_text.py (shared with the title menu).
"""
import displayio

from ui import keys, sprites, widgets

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
_PANEL = const(0x0A4A20)


class Page:
    """A scrolling page of rows (ui/app.py screen interface)."""

    def __init__(self, app):
        self.app = app
        self.done = None
        self.rows = ()
        self.top = 0
        g = displayio.Group()
        g.append(sprites.felt())
        g.append(widgets.bar(160, 14, _PANEL, 0, 0))
        self.title = widgets.TextLine("", 80, 1, TITLE, (0.5, 0), chars=26)
        g.append(self.title.group)
        self.left = []
        self.right = []
        for i in range(ROWS):
            y = ROW_Y0 + i * ROW_H
            a = widgets.TextLine("", 3, y, TEXT, chars=26)
            b = widgets.TextLine("", 157, y, TEXT, (1, 0), chars=8)
            self.left.append(a)
            self.right.append(b)
            g.append(a.group)
            g.append(b.group)
        g.append(widgets.bar(160, 13, _PANEL, 0, 115))
        self.footer = widgets.TextLine("", 80, 115, DIM, (0.5, 0), chars=26)
        g.append(self.footer.group)
        self.more = widgets.TextLine("", 157, 115, HEAD, (1, 0), chars=1)
        g.append(self.more.group)
        self.group = g

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
        for i in range(ROWS):
            k = self.top + i
            if k < len(rows):
                a, b, color = rows[k]
            else:
                a, b, color = "", "", TEXT
            self.left[i].set(a)
            self.left[i].set_color(color)
            self.right[i].set(b)
            self.right[i].set_color(color)
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


def rules(n):
    from ui.rules_text import SPADES2, SPADES4

    text = SPADES4 if n == 4 else SPADES2
    return [(line, "", TEXT) for line in text]

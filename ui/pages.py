"""A text page for the menu's pages (statistics, rules): a title bar, ROWS rows of
(left text, right text, colour) and a footer. Built once; set_* only rewrite text.

    page = TextPage(app)             # page.group is the screen's Group
    page.set_title("Spades", arrows=True)   # "<" and ">" at the ends: Left/Right pages
    page.set_rows([("Hands", "12", TEXT), ...])
    page.set_footer("B: back")

The Spades pages (ui/spades_pages.Page) are built on it with their own geometry
(the class attributes row_h, left_x, right_x, right_chars, title_chars); a page with
right_chars = 0 (the rules) has no right column, and no heap spent on one.
"""
import displayio

from ui import sprites, widgets

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

ROWS = const(8)
ROW_Y0 = const(17)
ROW_H = const(12)
FOOTER_Y = const(115)
TITLE = const(0xFFE9A0)
TEXT = const(0xFFFFFF)
DIM = const(0xA8D8B0)
HEAD = const(0xF8C800)
WARN = const(0xFF9070)
PANEL = const(0x0A4A20)


class TextPage:
    # the geometry of the rows and the title (a subclass may change it)
    row_h = ROW_H
    left_x = 4
    right_x = 156
    right_chars = 10
    title_chars = 24

    def __init__(self, app):
        self.app = app
        g = displayio.Group()
        g.append(sprites.felt())
        g.append(widgets.bar(160, 14, PANEL, 0, 0))
        self.title = widgets.TextLine("", 80, 1, TITLE, (0.5, 0), chars=self.title_chars)
        self.left_mark = widgets.TextLine("<", 2, 1, HEAD)
        self.right_mark = widgets.TextLine(">", 158, 1, HEAD, (1, 0))
        for t in (self.title, self.left_mark, self.right_mark):
            g.append(t.group)
        self.left = []
        self.right = []
        for i in range(ROWS):
            y = ROW_Y0 + i * self.row_h
            a = widgets.TextLine("", self.left_x, y, TEXT, chars=26)
            self.left.append(a)
            g.append(a.group)
            if self.right_chars:
                b = widgets.TextLine("", self.right_x, y, TEXT, (1, 0), chars=self.right_chars)
                self.right.append(b)
                g.append(b.group)
        g.append(widgets.bar(160, 13, PANEL, 0, FOOTER_Y))
        self.footer = widgets.TextLine("", 80, FOOTER_Y, DIM, (0.5, 0), chars=26)
        g.append(self.footer.group)
        self.group = g

    def set_title(self, text, arrows=False):
        self.title.set(text)
        self.left_mark.group.hidden = not arrows
        self.right_mark.group.hidden = not arrows

    def set_rows(self, rows):
        """Up to ROWS rows of (left, right, colour); the rest are cleared."""
        n = len(rows)
        for i in range(ROWS):
            a, b, color = rows[i] if i < n else ("", "", TEXT)
            self.left[i].set(a)
            self.left[i].set_color(color)
            if self.right:
                self.right[i].set(b)
                self.right[i].set_color(color)

    def set_footer(self, text, color=DIM):
        self.footer.set(text)
        self.footer.set_color(color)

"""Display pieces built once and then only changed: a row of cards (a hand), a line of
text, a bar. Each keeps what it shows, so setting the same value again touches no
pixel (displayio then redraws nothing)."""
import displayio
from adafruit_display_text import bitmap_label
import terminalio

from ui import sprites

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

RAISE = const(4)  # pixels the card under the cursor rises
NONE = const(-1)


class HandRow:
    """Up to `size` card slots in a row, overlapped so the row fits `width` pixels.

    `group` holds one TileGrid per slot, left to right (later slots on top).
    show(cards) lays the hand out; set_style(i, style), set_cursor(i) and
    set_card(i, card) change only the slots they name. A card under the cursor is
    raised RAISE pixels with a gold edge (CURSOR) unless it is dimmed, then it is raised
    and stays dim (an illegal card can be pointed at but looks unplayable)."""

    def __init__(self, x=0, y=0, width=160, size=13, max_step=20):
        self.group = displayio.Group(x=x, y=y)
        self.width = width
        self.max_step = max_step
        self.cards = bytearray(size)
        self.styles = bytearray(size)
        self.count = 0
        self.cursor = NONE
        self.step = max_step
        self._slots = []
        for _ in range(size):
            tg = sprites.card_grid(sprites.EMPTY, y=RAISE)
            tg.hidden = True
            self._slots.append(tg)
            self.group.append(tg)

    def show(self, cards, styles=None, cursor=NONE):
        """Lay out `cards` (a sequence of card ints) centred in the row; `styles` (same
        length) sets each slot's style, else all NORMAL."""
        n = len(cards)
        self.count = n
        step = self.max_step
        if n > 1:
            step = min(self.max_step, (self.width - sprites.CARD_W) // (n - 1))
        self.step = step
        left = (self.width - (sprites.CARD_W + step * (n - 1 if n else 0))) // 2
        self.cursor = cursor
        for i in range(len(self._slots)):
            tg = self._slots[i]
            if i < n:
                self.cards[i] = cards[i]
                self.styles[i] = styles[i] if styles is not None else sprites.NORMAL
                tg[0] = cards[i]
                tg.x = left + step * i
                self._paint(i)
                tg.hidden = False
            else:
                tg.hidden = True

    def _paint(self, i):
        tg = self._slots[i]
        style = self.styles[i]
        if i == self.cursor:
            tg.y = 0
            if style == sprites.NORMAL:
                style = sprites.CURSOR
        else:
            tg.y = RAISE
        tg.pixel_shader = sprites.palette(self.cards[i], style)

    def set_cursor(self, i):
        """Move the cursor: repaints the old and the new slot only."""
        old = self.cursor
        if old == i:
            return
        self.cursor = i
        if 0 <= old < self.count:
            self._paint(old)
        if 0 <= i < self.count:
            self._paint(i)

    def set_style(self, i, style):
        if self.styles[i] != style:
            self.styles[i] = style
            self._paint(i)

    def set_card(self, i, card):
        if self.cards[i] != card:
            self.cards[i] = card
            self._slots[i][0] = card
            self._paint(i)

    def slot(self, i):
        """The TileGrid of slot i (for tests and animations)."""
        return self._slots[i]


class CardSlot:
    """One card place: a card, a back, an empty place or nothing (hidden)."""

    def __init__(self, x=0, y=0, tile=sprites.EMPTY, style=sprites.NORMAL):
        self.tile = tile
        self.style = style
        self.grid = sprites.card_grid(tile, style, x, y)

    def set(self, tile, style=sprites.NORMAL):
        if tile != self.tile or style != self.style:
            self.tile = tile
            self.style = style
            self.grid[0] = tile
            self.grid.pixel_shader = sprites.palette(tile, style)
        self.grid.hidden = False

    def hide(self):
        self.grid.hidden = True


class TextLine:
    """A bitmap_label (the memory-saving label) that changes only when its text does.
    `anchor` is (ax, ay) as in adafruit_display_text: (0, 0) top-left, (0.5, 0) top
    centre, (1, 0) top-right."""

    def __init__(self, text="", x=0, y=0, color=0xFFFFFF, anchor=(0, 0), scale=1, background=None):
        self.text = text
        self.label = bitmap_label.Label(terminalio.FONT, text=text, color=color, scale=scale,
                                        anchor_point=anchor, anchored_position=(x, y),
                                        background_color=background)

    def set(self, text):
        if text != self.text:
            self.text = text
            self.label.text = text

    def set_color(self, color):
        if self.label.color != color:
            self.label.color = color


def bar(width, height, color, x=0, y=0):
    """A solid rectangle as a TileGrid of one 1-bit tile repeated: a few bytes."""
    bmp = displayio.Bitmap(width, 1, 1)
    pal = displayio.Palette(1)
    pal[0] = color
    return displayio.TileGrid(bmp, pixel_shader=pal, width=1, height=height,
                              tile_width=width, tile_height=1, x=x, y=y)

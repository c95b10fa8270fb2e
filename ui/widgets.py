"""Display pieces built once and then only changed: a row of cards (a hand), a card
place, a line of text, a bar. Each keeps what it shows, so setting the same value again touches no
pixel (displayio then redraws nothing)."""
import displayio
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


_font = None  # (bitmap, cell width, cell height, tile index per ASCII 32..126)


def font():
    """terminalio.FONT as one tile bitmap: (bitmap, w, h, index) where index[ord(ch) - 32]
    is the tile of an ASCII character. On the badge that is the font's own bitmap; Blinka
    keeps one bitmap per glyph, so there the cells are copied into one (once)."""
    global _font
    if _font is None:
        f = terminalio.FONT
        w, h = f.get_bounding_box()[:2]
        index = bytearray(95)
        bmp = f.bitmap
        if isinstance(bmp, displayio.Bitmap):
            for i in range(95):
                g = f.get_glyph(32 + i)
                index[i] = g.tile_index if g is not None else 0
        else:
            bmp = displayio.Bitmap(w * 95, h, 2)
            for i in range(95):
                index[i] = i
                g = f.get_glyph(32 + i)
                if g is None:
                    continue
                top = h + f._font.get_bounding_box()[3] - g.height - g.dy
                for y in range(g.height):
                    for x in range(g.width):
                        if g.bitmap[x, y] and 0 <= top + y < h and 0 <= x + g.dx < w:
                            bmp[i * w + x + g.dx, top + y] = 1
        _font = (bmp, w, h, index)
    return _font


_clear = {}  # shared text palettes: colour -> Palette (transparent background)
_solid = {}  # background -> {colour -> Palette}


def text_palette(color, background=None):
    """The shared two-colour palette of text in `color` (on `background`, or clear):
    lines of one colour share one, and a line changing colour takes another."""
    table = _clear if background is None else _solid.get(background)
    if table is None:
        table = _solid[background] = {}
    p = table.get(color)
    if p is None:
        p = table[color] = displayio.Palette(2)
        p[1] = color
        if background is None:
            p.make_transparent(0)
        else:
            p[0] = background
    return p


class TextLine:
    """A line of terminalio text as one TileGrid over the font: set(text) only rewrites
    tile indices (no bitmap is allocated, unlike a label), and only when the text
    changed. `chars` cells are reserved (default: the first text's length); longer text
    is cut. (x, y) is where `anchor` of the text lands: (0, 0) top-left, (0.5, 0) top
    centre, (1, 0.5) right middle... `group` is what to append to a screen's Group.
    `face` is a font tuple as font() returns (default terminalio; ui/tinyfont.py has a
    3x5 one). A line keeps few attributes and shares its palette (text_palette): a
    screen holds dozens of them."""

    def __init__(self, text="", x=0, y=0, color=0xFFFFFF, anchor=(0, 0), scale=1, background=None, chars=0,
                 face=None):
        if face is None:
            face = font()
        bmp, w, h, self.index = face
        self.chars = max(chars, len(text), 1)
        self.cell_w = w * scale
        self.ax = anchor[0]
        self.x = x
        self.y = y - int(anchor[1] * h * scale)
        self.bg = background
        self.grid = grid = displayio.TileGrid(bmp, pixel_shader=text_palette(color, background), width=self.chars,
                                              height=1, tile_width=w, tile_height=h, default_tile=0)
        if scale == 1:
            self.group = grid
        else:
            self.group = displayio.Group(scale=scale)
            self.group.append(grid)
        self.text = None
        self.set(text)

    @property
    def palette(self):
        return self.grid.pixel_shader

    def set(self, text):
        if text == self.text:
            return
        self.text = text
        index = self.index
        grid = self.grid
        codes = text.encode()  # text[i] would intern each character shown as a name (never freed)
        n = len(codes)
        for i in range(self.chars):
            c = codes[i] - 32 if i < n else 0
            grid[i] = index[c] if 0 <= c < 95 else index[31]  # '?' for anything else
        shown = min(n, self.chars)
        self.group.x = self.x - int(self.ax * shown * self.cell_w)
        self.group.y = self.y

    def set_color(self, color):
        grid = self.grid
        if grid.pixel_shader[1] != color:
            grid.pixel_shader = text_palette(color, self.bg)


def bar(width, height, color, x=0, y=0):
    """A solid rectangle as a TileGrid of one 1-bit tile repeated: a few bytes."""
    bmp = displayio.Bitmap(width, 1, 1)
    pal = displayio.Palette(1)
    pal[0] = color
    return displayio.TileGrid(bmp, pixel_shader=pal, width=1, height=height,
                              tile_width=width, tile_height=1, x=x, y=y)


class MenuList:
    """A list of text rows with a highlight bar on the cursor row: the title menu, and
    pause, options or bid lists in the games. `rows` lines are built once; with more
    items than rows the list scrolls. move(delta) wraps around; set_item(i, text)
    rewrites one item (e.g. "Sound: off")."""

    def __init__(self, x, y, width, rows, row_h=14, items=(), text=0xFFFFFF, text_on_bar=0x102010,
                 bar_color=0xF8C800):
        self.x = x
        self.y = y
        self.row_h = row_h
        self.text = text
        self.text_on_bar = text_on_bar
        self.group = displayio.Group()
        self.bar = bar(width, row_h - 1, bar_color, x, y)
        self.group.append(self.bar)
        cell_w = font()[1]
        self.lines = []
        for i in range(rows):
            line = TextLine("", x + 5, y + i * row_h + (row_h - 1) // 2, text, (0, 0.5),
                            chars=(width - 6) // cell_w)
            self.lines.append(line)
            self.group.append(line.group)
        self.items = []
        self.cursor = 0
        self.top = 0  # first item shown
        self.set_items(items)

    def set_items(self, items, cursor=0):
        self.items = list(items)
        self.cursor = cursor
        self.top = 0
        self._draw()

    def set_item(self, i, text):
        self.items[i] = text
        self._draw()

    def move(self, delta):
        n = len(self.items)
        if n:
            self.cursor = (self.cursor + delta) % n
            self._draw()

    def _draw(self):
        rows = len(self.lines)
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + rows:
            self.top = self.cursor - rows + 1
        for i in range(rows):
            k = self.top + i
            line = self.lines[i]
            line.set(self.items[k] if k < len(self.items) else "")
            line.set_color(self.text_on_bar if k == self.cursor else self.text)
        self.bar.hidden = not self.items
        self.bar.y = self.y + (self.cursor - self.top) * self.row_h


class Panel:
    """A bordered box with a title line, hidden by default: the Spades bid picker and
    pause menu, each built when needed and let go after. `covers`, a group it would
    cut in two, hides while the box shows."""

    def __init__(self, x, y, w, h, title_chars=16, covers=None, title_color=0xFFE040, face=0x0A3A1A,
                 edge=0xF8C800):
        self.covers = covers
        self.group = displayio.Group()
        self.group.append(bar(w, h, edge, x, y))
        self.group.append(bar(w - 2, h - 2, face, x + 1, y + 1))
        self.title = TextLine("", x + w // 2, y + 2, title_color, (0.5, 0), chars=title_chars)
        self.group.append(self.title.group)
        self.group.hidden = True

    def show(self, on):
        if self.group.hidden == on:
            self.group.hidden = not on
            if self.covers is not None:
                self.covers.hidden = on

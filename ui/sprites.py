"""The card sprite sheet: our own pixel art, drawn once into one 2-bit Bitmap.

A card is 20 x 26 pixels. Its index (rank over its suit) sits in the left 11
columns, so a 13-card hand overlapped 11 pixels apart (152 pixels) still shows every
rank and suit; a card seen whole repeats its suit at the lower right, in columns a
hand covers.

Tiles: card c (0..51, engine/cards.py) is tile c; BACK and EMPTY (an empty place)
follow. Every tile uses the same four palette indices (face, edge, ink, clear), so a
card's look is its palette: `palette(card, style)` gives the normal, dimmed (illegal),
cursor (gold edge) or hint (cyan edge) colours of that card's suit. Suits are four
colours (clubs green, diamonds blue, hearts red, spades black): rank and symbol both
in the suit colour, which tells suits apart at a glance on a 1.8-inch screen.

Use: `tg = displayio.TileGrid(sheet(), pixel_shader=palette(c), tile_width=CARD_W,
tile_height=CARD_H)`; then only `tg[0] = tile`, `tg.pixel_shader = palette(...)`,
`tg.x`, `tg.y` change (ui/widgets.py does this).
"""
import displayio

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

try:
    import bitmaptools
except ImportError:  # a build without bitmaptools: slower drawing, same result
    bitmaptools = None

SUIT_CHARS = "{|}~"  # drawn as clubs diamonds hearts spades by suit_font()
CARD_W = const(20)
CARD_H = const(26)
SHOW = const(11)  # columns of a card left visible under the next one in a hand
BACK = const(52)
EMPTY = const(53)
TILES = const(54)

# palette indices inside every tile
_FACE = const(0)
_EDGE = const(1)
_INK = const(2)
_CLEAR = const(3)

# styles
NORMAL = const(0)
DIM = const(1)
CURSOR = const(2)
HINT = const(3)
STYLES = const(4)

FELT = const(0x0E6B2E)  # the table
SUIT_COLORS = (0x009A22, 0x1450E6, 0xE01010, 0x000000)  # clubs diamonds hearts spades
_FACES = (0xFFFFFF, 0x8C8C8C, 0xFFFFFF, 0xFFFFFF)
_EDGES = (0x303030, 0x505050, 0xFFC800, 0x00D8FF)
_BACK_COLORS = (0x1C3C9C, 0xF0F0F0, 0x6E9CF0)  # face, edge, ink of the card back
_EMPTY_EDGE = const(0x5FB87A)

# 5x7 ranks (the 10 is 7 wide), rows as bit masks, left pixel = highest bit
_RANK_ROWS = (
    b'\x0e\x11\x01\x02\x04\x08\x1f\x1e\x01\x01\x0e\x01\x01\x1e\x02\x06\n\x12\x1f\x02\x02'
    b'\x1f\x10\x1e\x01\x01\x11\x0e\x06\x08\x10\x1e\x11\x11\x0e\x1f\x01\x02\x04\x08\x08'
    b'\x08\x0e\x11\x11\x0e\x11\x11\x0e\x0e\x11\x11\x0f\x01\x02\x0c&i))))&\x07\x02\x02'
    b'\x02\x12\x12\x0c\x0e\x11\x11\x11\x15\x12\r\x11\x12\x14\x18\x14\x12\x11\x04\n\x11'
    b'\x11\x1f\x11\x11'
)
_RANK_WIDTHS = b'\x05\x05\x05\x05\x05\x05\x05\x05\x07\x05\x05\x05\x05'
# 7x7 suit symbols: clubs diamonds hearts spades
_SUIT_ROWS = b'\x1c\x1ck\x7fk\x08\x1c\x08\x1c>\x7f>\x1c\x086\x7f\x7f\x7f>\x1c\x08\x08\x1c>\x7f\x7fk\x1c'
# 5x7 suits for text (clubs diamonds hearts spades), placed like a capital letter
_TEXT_SUITS = (b'\x0e\x0e\x15\x1f\x15\x04\x0e' b'\x04\x0e\x0e\x1f\x0e\x0e\x04'
               b'\x00\x0a\x1f\x1f\x0e\x04\x00' b'\x04\x0e\x1f\x1f\x15\x04\x0e')
_sheet = None
_palettes = {}
_suit_font = None


def _fill(bmp, x1, y1, x2, y2, value):
    if bitmaptools is not None:
        bitmaptools.fill_region(bmp, x1, y1, x2, y2, value)
        return
    for y in range(y1, y2):
        for x in range(x1, x2):
            bmp[x, y] = value


def _glyph(bmp, x0, y0, rows, width, value):
    for dy in range(len(rows)):
        bits = rows[dy]
        for dx in range(width):
            if bits & (1 << (width - 1 - dx)):
                bmp[x0 + dx, y0 + dy] = value


def _outline(bmp, x0, dashed):
    x1 = x0 + CARD_W - 1
    y1 = CARD_H - 1
    if dashed:
        for x in range(x0 + 2, x1 - 1):
            if (x - x0) % 3 != 1:
                bmp[x, 0] = _EDGE
                bmp[x, y1] = _EDGE
        for y in range(2, y1 - 1):
            if y % 3 != 1:
                bmp[x0, y] = _EDGE
                bmp[x1, y] = _EDGE
        return
    _fill(bmp, x0, 0, x1 + 1, 1, _EDGE)
    _fill(bmp, x0, y1, x1 + 1, y1 + 1, _EDGE)
    _fill(bmp, x0, 0, x0 + 1, y1 + 1, _EDGE)
    _fill(bmp, x1, 0, x1 + 1, y1 + 1, _EDGE)
    for x, y in ((x0, 0), (x1, 0), (x0, y1), (x1, y1)):
        bmp[x, y] = _CLEAR  # rounded corners


def _draw_card(bmp, c):
    x0 = c * CARD_W
    s = c // 13
    r = c % 13
    _outline(bmp, x0, False)
    _glyph(bmp, x0 + 2, 2, _RANK_ROWS[r * 7:r * 7 + 7], _RANK_WIDTHS[r], _INK)
    _glyph(bmp, x0 + 2, 11, _SUIT_ROWS[s * 7:s * 7 + 7], 7, _INK)
    # hidden in a hand; it ends above the bottom 4 rows, which show under a raised card
    _glyph(bmp, x0 + 11, 15, _SUIT_ROWS[s * 7:s * 7 + 7], 7, _INK)


def _draw_back(bmp):
    x0 = BACK * CARD_W
    _outline(bmp, x0, False)
    for y in range(2, CARD_H - 2):
        for x in range(2, CARD_W - 2):
            if (x + y) % 4 == 0 or (x - y) % 4 == 0:
                bmp[x0 + x, y] = _INK


def _draw_empty(bmp):
    x0 = EMPTY * CARD_W
    _fill(bmp, x0, 0, x0 + CARD_W, CARD_H, _CLEAR)
    _outline(bmp, x0, True)


def sheet():
    """The sprite sheet (built on first use, then shared): TILES tiles in one row."""
    global _sheet
    if _sheet is None:
        bmp = displayio.Bitmap(TILES * CARD_W, CARD_H, 4)  # starts all _FACE
        for c in range(52):
            _draw_card(bmp, c)
        _draw_back(bmp)
        _draw_empty(bmp)
        _sheet = bmp
    return _sheet


def _mix(a, b):
    """The colour halfway between a and b (0xRRGGBB)."""
    return (((a & 0xFEFEFE) >> 1) + ((b & 0xFEFEFE) >> 1))


def palette(tile, style=NORMAL):
    """The palette that draws `tile` (a card, BACK or EMPTY) in `style`. Palettes are
    made on first use and shared (at most 4 suits x 4 styles + 2 small ones)."""
    if tile >= 52:
        key = tile * STYLES + (style if tile == BACK else 0)
    else:
        key = (tile // 13) * STYLES + style
    p = _palettes.get(key)
    if p is None:
        p = displayio.Palette(4)
        if tile == EMPTY:
            p[_FACE] = FELT
            p[_EDGE] = _EMPTY_EDGE
            p[_INK] = _EMPTY_EDGE
        elif tile == BACK:
            p[_FACE] = _BACK_COLORS[0]
            p[_EDGE] = _EDGES[style] if style >= CURSOR else _BACK_COLORS[1]
            p[_INK] = _BACK_COLORS[2]
            if style == DIM:
                p[_FACE] = _mix(_BACK_COLORS[0], _FACES[DIM])
                p[_INK] = _mix(_BACK_COLORS[2], _FACES[DIM])
        else:
            ink = SUIT_COLORS[tile // 13]
            p[_FACE] = _FACES[style]
            p[_EDGE] = _EDGES[style]
            p[_INK] = _mix(ink, 0x5A5A5A) if style == DIM else ink
        p[_CLEAR] = 0
        p.make_transparent(_CLEAR)
        _palettes[key] = p
    return p


def card_grid(tile=EMPTY, style=NORMAL, x=0, y=0):
    """A one-tile TileGrid over the sheet showing `tile`."""
    tg = displayio.TileGrid(sheet(), pixel_shader=palette(tile, style), width=1, height=1,
                            tile_width=CARD_W, tile_height=CARD_H, default_tile=tile, x=x, y=y)
    return tg


def felt(width=160, height=128):
    """The table's background: one 16 x 16 tile of felt repeated (64 bytes of bitmap)."""
    bmp = displayio.Bitmap(16, 16, 1)
    pal = displayio.Palette(1)
    pal[0] = FELT
    return displayio.TileGrid(bmp, pixel_shader=pal, width=(width + 15) // 16,
                              height=(height + 15) // 16, tile_width=16, tile_height=16)


def suit_font():
    """The text face of ui/widgets.py (terminalio) with SUIT_CHARS drawn as the four
    suits, for lines that name cards ("Hint: 4" and the diamond). A copy of its 95
    cells, about 0.9 KB, made on first use and shared; widgets.TextLine(face=...)."""
    global _suit_font
    if _suit_font is None:
        from ui import widgets
        src, w, h, index = widgets.font()
        bmp = displayio.Bitmap(w * 95, h, 2)
        cols = src.width // w
        blit = getattr(bitmaptools, "blit", None)
        for i in range(95):
            k = index[i]
            sx = (k % cols) * w
            sy = (k // cols) * h
            if blit is not None:
                blit(bmp, src, i * w, 0, x1=sx, y1=sy, x2=sx + w, y2=sy + h)
                continue
            for y in range(h):
                for x in range(w):
                    if src[sx + x, sy + y]:
                        bmp[i * w + x, y] = 1
        y0 = max(0, h - 9)  # on the baseline of the capitals
        for s in range(4):
            x0 = (ord(SUIT_CHARS[s]) - 32) * w
            _fill(bmp, x0, 0, x0 + w, h, 0)
            _glyph(bmp, x0, y0, _TEXT_SUITS[s * 7:s * 7 + 7], 5, 1)
        _suit_font = (bmp, w, h, bytes(range(95)))
    return _suit_font

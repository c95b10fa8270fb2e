"""Drawing the card sheet and the suit font of ui/sprites.py: code and glyph data
needed once, when each is first made; sprites lets this module go after (its
bytecode and data leave the heap)."""
import displayio

from ui.sprites import CARD_W, CARD_H, BACK, EMPTY, TILES, SUIT_CHARS

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

try:
    import bitmaptools
except ImportError:  # a build without bitmaptools: slower drawing, same result
    bitmaptools = None

# palette indices inside every tile (ui/sprites.py palette())
_FACE = const(0)
_EDGE = const(1)
_INK = const(2)
_CLEAR = const(3)

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
    """The sprite sheet's bitmap: TILES tiles in one row."""
    bmp = displayio.Bitmap(TILES * CARD_W, CARD_H, 4)  # starts all _FACE
    for c in range(52):
        _draw_card(bmp, c)
    _draw_back(bmp)
    _draw_empty(bmp)
    return bmp


def suit_font():
    """ui/widgets.py's text face with SUIT_CHARS drawn as the four suits:
    (bitmap, cell width, cell height, index), as widgets.font() gives."""
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
        x0 = (ord(SUIT_CHARS[s:s + 1]) - 32) * w
        _fill(bmp, x0, 0, x0 + w, h, 0)
        _glyph(bmp, x0, y0, _TEXT_SUITS[s * 7:s * 7 + 7], 5, 1)
    return (bmp, w, h, bytes(range(95)))

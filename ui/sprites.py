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
_STYLES = const(4)

FELT = const(0x0E6B2E)  # the table
SUIT_COLORS = (0x009A22, 0x1450E6, 0xE01010, 0x000000)  # clubs diamonds hearts spades
_FACES = (0xFFFFFF, 0x8C8C8C, 0xFFFFFF, 0xFFFFFF)
_EDGES = (0x303030, 0x505050, 0xFFC800, 0x00D8FF)
_BACK_COLORS = (0x1C3C9C, 0xF0F0F0, 0x6E9CF0)  # face, edge, ink of the card back
_EMPTY_EDGE = const(0x5FB87A)

_sheet = None
_palettes = {}
_suit_font = None


def sheet():
    """The sprite sheet (built on first use, then shared): TILES tiles in one row."""
    global _sheet
    if _sheet is None:
        _sheet = _build("sheet")
    return _sheet


def _build(what):
    """Draw `what` with ui/sprites_draw.py, which then leaves the heap: its code and
    glyph data are needed once."""
    from ui import sprites_draw
    from ui.app import App
    made = getattr(sprites_draw, what)()
    App._forget(("ui.sprites_draw",))
    return made


def _mix(a, b):
    """The colour halfway between a and b (0xRRGGBB)."""
    return (((a & 0xFEFEFE) >> 1) + ((b & 0xFEFEFE) >> 1))


def palette(tile, style=NORMAL):
    """The palette that draws `tile` (a card, BACK or EMPTY) in `style`. Palettes are
    made on first use and shared (at most 4 suits x 4 styles + 2 small ones)."""
    if tile >= 52:
        key = tile * _STYLES + (style if tile == BACK else 0)
    else:
        key = (tile // 13) * _STYLES + style
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
        _suit_font = _build("suit_font")
    return _suit_font

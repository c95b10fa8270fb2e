"""The Spades table's layout and drawing (four players and the two-seat form): where
everything sits, and refresh(t), which brings every widget in
line with the match, touching only what changed (displayio redraws what changed).
The display objects are made by ui/spades_build.py, loaded for the table's
construction only.

Layout (four players): scores top left (us) and top right (them) with bags under
them; North's label top centre, West's and East's at the sides, yours left of your
trick card; the trick as a diamond N/W/E/S in the middle; a message line above
the hand; the spades-broken mark at its right; the hand (HandRow) along the bottom.

The functions take the table (ui/spades_table.py Table) as `t` and keep the
display objects on it.
"""
from ui import sprites, widgets
from engine.tricks import BLIND_NIL, BIDDING, EXCHANGE, PLAY, DECLARE, DRAW, DISCARDING, HAND_OVER

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

HAND_Y = const(98)
MSG_Y = const(86)
ME = const(0)
DRAWN_XY = (70, 33)  # the two-player draw shows its card here

# modes of the screen besides the game's own phase
PLAYING = const(0)
PAUSED = const(1)
REVIEW = const(2)

WHITE = const(0xFFFFFF)
TURN = const(0xFFE040)
YOU = const(0x80FF80)
US = const(0xA0F0A0)
THEM = const(0xFFB0A0)
SOFT = const(0xA8D8B0)
NIL_RED = const(0xFF6060)
HINT_TEXT = const(0x60E8FF)

_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def reveal(grid, shown):
    """Show or hide a TileGrid, touching it only when that changes (displayio
    redraws a grid whose `hidden` is set, even to the same value)."""
    if grid.hidden == shown:
        grid.hidden = not shown


def let_go(*prefixes):
    """Modules one phase needs (the bots, the hand's end page) leave the heap after it:
    their bytecode is freed; the next import loads them again."""
    import gc
    import sys
    from ui.app import App
    names = []
    for name in sys.modules:
        for p in prefixes:
            if name == p or name.startswith(p + "."):
                names.append(name)
    App._forget(names)
    gc.collect()  # now, before new objects settle among the freed blocks


def card_text(c):
    """A card as text with its suit glyph: "10" + the spade. The table's text lines
    use sprites.suit_font(), which draws SUIT_CHARS as the four suits."""
    s = c // 13
    return _RANKS[c % 13] + sprites.SUIT_CHARS[s:s + 1]  # a slice: an index would intern the glyph as a name


def bid_text(b, n=4):
    if b < 0:
        return "?"
    if b == BLIND_NIL:
        return "BN" if n == 4 else "DN"
    if b == 0:
        return "Nil"
    return str(b)


def sort_hand(cards, down):
    """The hand as shown: grouped by suit (clubs, diamonds, hearts, spades), ranks
    low to high, or high to low when `down`."""
    if not down:
        return bytes(cards)
    out = bytearray()
    for s in range(4):
        for c in reversed(cards):
            if c // 13 == s:
                out.append(c)
    return bytes(out)


def refresh(t):
    """Bring every widget in line with the match (only changed ones redraw)."""
    m = t.m
    n = t.n
    v = m.observation(ME)
    t.v = v
    ph = m.phase
    # scores
    if n == 4:
        t.us.set("Us %d" % m.scores[0])
        t.them.set("Them %d" % m.scores[1])
    else:
        t.us.set("You %d" % m.scores[0])
        t.them.set("Bot %d" % m.scores[1])
    t.us_bags.set("bags %d" % m.bags[0])
    t.them_bags.set("bags %d" % m.bags[1])
    # seats
    turn = m.to_move if ph in (BIDDING, EXCHANGE, PLAY, DECLARE, DRAW, DISCARDING) else -1
    for s in range(n):
        b = v.bids[s]
        if ph in (DECLARE, DRAW, DISCARDING) or ph == BIDDING and b == BLIND_NIL and n == 2:
            held = len(m.hands[s])  # public: one card a draw
            if b == BLIND_NIL:  # in words: the cards held show in the hand and the draw
                text = "Double Nil"
            else:
                text = ("1 card" if held == 1 else "%d cards" % held) if held else ""
        elif ph == BIDDING or b < 0:
            text = bid_text(b, n)
        else:
            text = "%d/%s" % (v.tricks[s], bid_text(b, n))
        t.counts[s].set(text)
        color = WHITE
        if s == turn:
            color = YOU if s == ME else TURN
        t.names[s].set_color(color)
        t.counts[s].set_color(NIL_RED if b == 0 or b == BLIND_NIL else (color if s == turn else SOFT))
    d = m.dealer if n == 4 else getattr(m, "first", m.dealer)
    x, y = t.dealer_xy[d]
    if t.dealer.x != x or t.dealer.y != y:
        t.dealer.x = x
        t.dealer.y = y
        t.dealer.text = None
        t.dealer.set("D" if n == 4 else "1")
    if ph == PLAY or ph == HAND_OVER:
        legend = "won/bid"
    elif n == 4:
        legend = "D:dealer"
    else:
        legend = "1: draws first"  # 2.2: the first player
    t.legend.set(legend)
    if n == 2:
        drawing = ph == DRAW
        t.stock.set("stock %d" % v.stock if drawing else "")
        if not drawing:
            t.took.set("")
            t.threw.set("")
    # spades broken
    ink = 0x000000 if v.broken else 0x3C8C5A
    face = 0xFFFFFF if v.broken else sprites.FELT
    if t.broken_pal[1] != ink:
        t.broken_pal[1] = ink
        t.broken_pal[0] = face
    draw_trick(t)
    draw_hand(t)
    draw_drawn(t)
    lights(t, turn)


def slot(t, s, tile, style=sprites.NORMAL):
    tg = t.slots[s]
    if tile < 0:
        reveal(tg, False)
        return
    if t.slot_tiles[s] != tile:
        t.slot_tiles[s] = tile
        tg[0] = tile
        t.slot_styles[s] = 255
    if t.slot_styles[s] != style:
        t.slot_styles[s] = style
        tg.pixel_shader = sprites.palette(tile, style)
    reveal(tg, True)


def draw_trick(t, review=False):
    v = t.v
    n = t.n
    h = v.history
    if review or t.trick_shown:
        k = len(h) // n * n  # the last completed trick ends at k
        cards = h[k - n:k] if k >= n else b""
        i = (k // n) - 1
        leader = v.leaders[i] if 0 <= i < len(v.leaders) else 0
    else:
        cards = v.trick
        leader = v.leader
    played = [-1] * n
    for i in range(len(cards)):
        played[(leader + i) % n] = cards[i]
    turn = v.to_move if (v.phase == PLAY and not t.trick_shown and not review) else -1
    for s in range(n):
        if played[s] >= 0:
            slot(t, s, played[s])
        elif s == turn:
            slot(t, s, sprites.EMPTY)
        else:
            slot(t, s, -1)


def hand_tiles(t):
    """The tiles of the human's hand as shown."""
    v = t.v
    if t.n == 4 and not v.looked:
        return bytes([sprites.BACK]) * 13
    return sort_hand(v.hand, t.opts.hand_sort == 1)


def draw_hand(t):
    tiles = hand_tiles(t)
    hand = t.hand
    if tiles != t.shown_tiles:
        t.shown_tiles = tiles
        # a card shows its corner suit whole or not at all: a wide row with a sliver
        # of every corner suit is pushed together until the next card covers it
        k = len(tiles)
        wide = k < 2 or (hand.width - sprites.CARD_W) // (k - 1) >= sprites.CARD_W - 2
        hand.max_step = sprites.CARD_W if wide else sprites.SHOW
        hand.show(tiles)
        if t.cursor >= len(tiles):
            t.cursor = max(0, len(tiles) - 1)
    m = t.m
    ph = m.phase
    mine = m.to_move == ME and t.mode != REVIEW
    picking = mine and ph in (EXCHANGE, DISCARDING)
    legal = None
    if mine and ph == PLAY and not t.trick_shown:
        legal = m.legal_actions()
    for i in range(len(tiles)):
        c = tiles[i]
        style = sprites.NORMAL
        if legal is not None and c not in legal:
            style = sprites.DIM
        elif picking and c in t.marked:
            style = sprites.HINT
        elif c == t.hint_card or t.got and c in t.got:
            style = sprites.HINT
        hand.set_style(i, style)
    cursor_on = (mine and (ph == PLAY and not t.trick_shown or picking))
    hand.set_cursor(t.cursor if cursor_on else widgets.NONE)


def draw_drawn(t):
    v = t.v
    tile = -1
    if t.n == 2 and v.phase == DRAW and v.to_move == ME:
        tile = getattr(v, "drawn", -1)
        if tile is None:
            tile = -1
    if tile != t.drawn_tile:
        t.drawn_tile = tile
        if tile >= 0:
            t.drawn[0] = tile
            t.drawn.pixel_shader = sprites.palette(tile)
    reveal(t.drawn, tile >= 0)


def lights(t, turn, now=0):
    px = [0, 0, 0, 0, 0]
    if t.flash_side >= 0 and now < t.flash_until and (now // 120) % 2 == 0:
        color = 0x00FF40 if t.flash_side == 0 else 0xFF2000  # the board dims them
        for i in side_pixels(t, t.flash_side):
            px[i] = color
    elif turn >= 0:
        color = 0x00C000 if turn == ME else 0xC08000
        for i in seat_pixels(t, turn):
            px[i] = color
    px = tuple(px)
    if px != t.last_pixels:
        t.last_pixels = px
        pixels = t.app.hw.pixels
        for i in range(5):
            pixels[i] = px[i]


def seat_pixels(t, s):
    if t.n == 2:
        return (0, 1) if s == ME else (3, 4)
    return ((1, 3), (0,), (2,), (4,))[s]


def side_pixels(t, side):
    if t.n == 2:
        return (0, 1) if side == ME else (3, 4)
    return (1, 2, 3) if side == 0 else (0, 4)

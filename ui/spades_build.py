"""The Spades table's display objects, made once as a table opens (build) and kept on
the table (the bid picker and the pause menu are built when needed). Needed only then:
the table lets this module go after building (ui/spades_layout.py let_go), so its
bytecode is not in the heap during play. Where things sit: ui/spades_layout.py."""
from array import array

import displayio

from ui import sprites, widgets, spades_motion as motion
from ui.spades_layout import HAND_Y, MSG_Y, DRAWN_XY, WHITE, YOU, US, THEM, SOFT, PLAYING
from engine.tricks import HAND_OVER, MATCH_OVER

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# trick card places per seat, four players (S W N E) and two (S N)
SLOTS4 = ((70, 52), (36, 32), (70, 14), (104, 32))
SLOTS2 = ((70, 52), (70, 14))
BROKEN_XY = (149, 88)
_SPADE = b'\x08\x1c>\x7f\x7fk\x1c'  # the 7x7 spade of the sprite sheet
DEALER_BG = const(0xF8C800)
# bot speed option (engine/options.py SLOW NORMAL FAST): ms a bot's move stays
HOLD_MS = (1400, 800, 250)


def setup(t, app, match, game, level, opts, store, stats):
    """The table's state as it opens (Table.__init__'s, here so its bytecode leaves the
    heap with the builder): every attribute made now, so a long-lived object's attribute
    table never grows later in a cut-up heap."""
    t.app = app
    t.m = match
    t.n = match.n
    t.game = game
    t.level = level
    t.opts = opts
    t.store = store
    t.stats = stats
    t.hold = HOLD_MS[opts.bot_speed] if 0 <= opts.bot_speed < 3 else HOLD_MS[1]
    t.mode = PLAYING
    t.wait = 0  # no bot acts before this time (ms)
    t.trick_shown = False  # a completed trick is still on the table
    t.bot = None  # the deciding bot (a seat's move or the hint)
    t.bot_seat = -1
    t.hinting = False
    t.hint_card = -1
    # per bot seat (1 to 3) 18 slots: its last bid's reason (10), then its last
    # card's (8): Bot.why, 0-padded, a 0 first: none. Made once: no reason object
    # stays behind in the heap
    t.why = array("h", bytes(108))  # raw bytes: 54 zeros
    t.think_since = -1
    t.dots = 0
    t.cursor = 0
    # the bid picker starts at your last bid in this match (t.bid keeps it), never
    # at a figure that reads as advice (the hint is the advice): 1 in the first hand,
    # and after a Nil (a quick A would bid it); a save keeps it (ui/spades_keep.py restores it)
    b = match.bids[0]
    t.bid = b if 0 < b <= 13 else 1
    t.marked = []  # exchange / discard picks not yet sent
    t.history = []  # (hand number, score side 0, score side 1, deal number) per finished hand
    t.counted = match.phase in (HAND_OVER, MATCH_OVER)  # stats already counted
    done = match.hand_no if t.counted else match.hand_no - 1
    if done > 0:  # a resumed match: its earlier hands are not saved, their total is
        # the hand just over has its deal number here; an earlier one's is in the record
        t.history.append((done, match.scores[0], match.scores[1], match.number if t.counted else 0xFFFFFF))
    t.flash_until = 0
    t.flash_side = -1
    t.last_pixels = None
    t.shown_tiles = b""
    t.page = None
    t.then = None  # what follows a page, run in the next tick (after_page)
    t.then_frame = -1  # the frame that asked for it (Table.later)
    t.quiet = -1  # the frame (App.frames) a page or the pause menu closed in: its other keys go nowhere
    t.was_broken = False
    t.was_turn = -1
    t.offered = None
    t.explain = None  # two players: the Double Nil offer's two lines (ui/spades_bidding.py)
    t.got = None  # the Blind Nil exchange's cards received, marked until you play
    t.motion = motion.Motion(13)
    t.banner_until = 0
    # a game in its own VM keeps no saving code between save points (App.travel_light)
    t.light = getattr(app, "game_vm", False)
    if t.light:
        from ui.app import Prefs
        t.opts = Prefs(opts)
        t.store = t.stats = None


def build(t):
    """Every display object of the table, once: t.group and the widgets on t."""
    g = displayio.Group()
    g.append(sprites.felt())
    n = t.n
    t.us = widgets.TextLine("", 2, 0, US, chars=10)
    t.them = widgets.TextLine("", 158, 0, THEM, (1, 0), chars=10)
    t.us_bags = widgets.TextLine("", 2, 11, SOFT, chars=8)
    t.them_bags = widgets.TextLine("", 158, 11, SOFT, (1, 0), chars=8)
    for w in (t.us, t.them, t.us_bags, t.them_bags):
        g.append(w.group)
    # what the bid picker would cut in two hides while it shows (Panel covers)
    cover = displayio.Group()
    g.append(cover)
    # the message line: under the cards, which pass over it as they move
    t.msg = widgets.TextLine("", 76, MSG_Y, WHITE, (0.5, 0), chars=23, face=sprites.suit_font())
    g.append(t.msg.group)
    # seat labels: (name line, bid/tricks line)
    t.names = []
    t.counts = []
    if n == 4:
        spots = (((66, 56), (1, 0), (66, 67)), ((2, 34), (0, 0), (2, 45)),
                 ((66, 0), (1, 0), (74, 0)), ((158, 34), (1, 0), (158, 45)))
        labels = ("You", "West", "N", "East")
        t.slots_xy = SLOTS4
    else:  # the bot's name and count left of its card, as yours are left of yours
        spots = (((66, 56), (1, 0), (66, 67)), ((66, 26), (1, 0), (66, 37)))
        labels = ("You", "Bot")
        t.slots_xy = SLOTS2
    for s in range(n):
        (x, y), anchor, (cx, cy) = spots[s]
        name = widgets.TextLine(labels[s], x, y, WHITE, anchor, chars=4)
        cnt_anchor = (0, 0) if s == 2 and n == 4 else anchor
        cnt = widgets.TextLine("", cx, cy, SOFT, cnt_anchor, chars=8 if n == 4 else 10)  # "Double Nil"
        t.names.append(name)
        t.counts.append(cnt)
        under = cover if n == 2 and s == 1 else g
        under.append(name.group)
        under.append(cnt.group)
    if n == 2:  # the two-player table shows the stock and the discard pile
        t.stock = widgets.TextLine("", 80, 0, SOFT, (0.5, 0), chars=9)  # between the scores
        g.append(t.stock.group)
        # the human's last draw, on their side: what was kept, and what was thrown
        # (only they know)
        t.took = widgets.TextLine("", 158, 50, YOU, (1, 0), chars=9, face=sprites.suit_font())
        t.threw = widgets.TextLine("", 158, 61, SOFT, (1, 0), chars=9, face=sprites.suit_font())
        g.append(t.took.group)
        g.append(t.threw.group)
    # the dealer marker (four players) / first player marker (two)
    t.dealer = widgets.TextLine("D", 0, 0, 0x102010, background=DEALER_BG)
    (cover if n == 2 else g).append(t.dealer.group)
    if n == 4:
        t.dealer_xy = ((38, 56), (28, 34), (60, 12), (126, 34))
    else:
        t.dealer_xy = ((38, 56), (38, 26))
    # the trick
    t.slots = []
    for s in range(n):
        x, y = t.slots_xy[s]
        tg = sprites.card_grid(sprites.EMPTY, sprites.NORMAL, x, y)
        tg.hidden = True
        t.slots.append(tg)
        g.append(tg)
    t.slot_tiles = bytearray(b"\xff" * n)
    t.slot_styles = bytearray(n)
    # the drawn card (two-player draw), in the middle
    t.drawn = sprites.card_grid(sprites.BACK, sprites.NORMAL, DRAWN_XY[0], DRAWN_XY[1])
    t.drawn.hidden = True
    t.drawn_tile = -1
    g.append(t.drawn)
    # spades broken: a small spade, black on white once broken
    bmp = displayio.Bitmap(9, 9, 2)
    for dy in range(7):
        bits = _SPADE[dy]
        for dx in range(7):
            if bits & (1 << (6 - dx)):
                bmp[1 + dx, 1 + dy] = 1
    t.broken_pal = displayio.Palette(2)
    t.broken_pal[0] = sprites.FELT
    t.broken_pal[1] = 0x3C8C5A
    g.append(displayio.TileGrid(bmp, pixel_shader=t.broken_pal, x=BROKEN_XY[0], y=BROKEN_XY[1]))
    # what the seat labels and the marker mean, in small print above the message line
    if n == 4:  # bottom left, under West
        t.legend = widgets.TextLine("", 2, 76, SOFT, chars=8)  # below the rows your count draws in
    else:  # bottom right, under your draw
        t.legend = widgets.TextLine("", 158, 74, SOFT, (1, 0), chars=14)
    cover.append(t.legend.group)
    t.hand = widgets.HandRow(y=HAND_Y)
    g.append(t.hand.group)
    # "Hand 2: West deals", over the message line as a hand opens (dealt cards pass under it)
    t.banner = widgets.TextLine("", 80, MSG_Y, 0x102010, (0.5, 0), background=DEALER_BG, chars=23)
    t.banner.group.hidden = True
    g.append(t.banner.group)
    t.cover = cover  # the bid picker (ui/spades_bidding.py) is built when a bid is due
    t.picker = None
    t.pause = None  # the pause menu, built when first opened (ui/spades_pause.py)
    t.group = g

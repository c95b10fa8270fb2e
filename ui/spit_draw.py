"""The Spit table's layout and drawing (RULES 3): the display objects, built once,
and how they are brought in line with the View (engine.spit.View) of player 0.

Layout (160 x 128): the bot's five stockpile places along the top, yours along the
bottom; each place shows its face-up top card, a card back peeking out behind it when
face-down cards lie below, and that number of face-down cards beside it (a dashed
outline: an empty place). The spit piles sit in the centre (pile 0, yours, on the
left; pile 1, the bot's, on the right; one pile in the middle in a one-pile round,
3.7) with their sizes below; your face-down spit cards at the left, the bot's at the
right, each with its count. A gold edge and a gold bar under it mark your chosen place.
The message line runs between the spit decks, above the piles; during SPIT!'s countdown
it stands on a dark band, gold, and covers nothing (3.5: the piles stay in view).
One panel (pause, results) covers the table when it is needed.

SpitDrawing is the base of ui.spit_screen.SpitScreen, which keeps the state drawn here
(mode, cursor, shaking card, hinted pile) and decides when to draw.
"""
import displayio

from engine import spit as S
from ui import sprites, tinyfont, widgets

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x


# layout (tests read these)
PLACE_X0 = const(3)
PITCH = const(31)  # room for "+n" between a card's back and the next card, a pixel clear each side
BOT_Y = const(3)
YOU_Y = const(99)
RAISE = const(3)  # the chosen card rises
EDGE_DX = const(2)  # the face-down card back peeks out here
EDGE_DY = const(-2)
DIGIT_DX = const(23)  # face-down count, right of the card
MSG_Y = const(31)
PILE_Y = const(45)
PILE_X0 = const(52)
PILE_X1 = const(88)
PILE_MID = const(70)
COUNT_Y = const(73)
SLAP_Y = const(84)
YOU_DECK_X = const(6)
YOU_DECK_Y = const(62)
BOT_DECK_X = const(134)
BOT_DECK_Y = const(42)
CURSOR_Y = const(126)
BANNER_X = const(28)  # right of your deck's back
BANNER_W = const(106)  # to the bot's deck

YOU_COLOR = const(0xF8C800)
BOT_COLOR = const(0xFF7060)
TEXT = const(0xFFFFFF)
MSG = const(0xFFE9A0)
PANEL = const(0x0A2A16)
PANEL_EDGE = const(0xC8A000)
BANNER = const(0x102010)

SHAKE_STEP = const(45)  # ms per step of a refused card's shake

# what the screen shows
M_TABLE = const(0)
M_REVEAL = const(1)
M_ROUND = const(2)
M_MATCH = const(3)
M_PAUSE = const(4)  # the rules open on their own screen (ui/rules_screen.py)

_SHAKE = (0, -6, 3, -3, -3, -1, 2, 0, -2, 0, 1, 0, 0, 0)  # (dx, dy) per step
PAUSE_ITEMS = ("Resume", "Rules", "Quit")
_DIGITS = "0123456789"
_BELOW = ("", "", "+1", "+2", "+3", "+4")  # face-down cards under a stockpile of n


class SpitDrawing:
    """The table's display objects (one Group) and their drawing."""

    def _build(self):
        g = displayio.Group()
        g.append(sprites.felt())
        self.edges = []
        self.cards = []
        for q in (0, 1):
            y = YOU_Y if q == 0 else BOT_Y
            for i in range(5):
                x = PLACE_X0 + PITCH * i
                e = sprites.card_grid(sprites.BACK, sprites.NORMAL, x + EDGE_DX, y + EDGE_DY)
                e.hidden = True
                c = widgets.CardSlot(x, y)
                self.edges.append(e)
                self.cards.append(c)
                g.append(e)
                g.append(c.grid)
        # face-down cards under each stockpile: "+n" right of the card (small font)
        tiny = tinyfont.font()
        self.below = []
        for q in (0, 1):
            y = YOU_Y if q == 0 else BOT_Y
            for i in range(5):
                t = widgets.TextLine("", PLACE_X0 + PITCH * i + DIGIT_DX, y + 10, TEXT, chars=2, face=tiny)
                self.below.append(t)
                g.append(t.group)
        self.cursor_bar = widgets.bar(sprites.CARD_W, 2, YOU_COLOR, PLACE_X0, CURSOR_Y)
        g.append(self.cursor_bar)
        # spit cards (face down), yours at the left, the bot's at the right
        self.decks = []
        self.deck_counts = []
        self.deck_labels = []
        # "SPIT" over your deck (your raised card sits under it), under the bot's
        for x, y, tx, anchor, ly in ((YOU_DECK_X, YOU_DECK_Y, YOU_DECK_X + 22, (0, 0.5), YOU_DECK_Y - 10),
                                     (BOT_DECK_X, BOT_DECK_Y, BOT_DECK_X - 2, (1, 0.5),
                                      BOT_DECK_Y + sprites.CARD_H + 3)):
            e = sprites.card_grid(sprites.BACK, sprites.NORMAL, x + EDGE_DX, y + EDGE_DY)
            c = sprites.card_grid(sprites.BACK, sprites.NORMAL, x, y)
            t = widgets.TextLine("", tx, y + 13, TEXT, anchor, chars=2)
            s = widgets.TextLine("SPIT", x + 2, ly, TEXT, face=tiny)
            self.decks.append((e, c))
            self.deck_counts.append(t)
            self.deck_labels.append(s.group)
            g.append(e)
            g.append(c)
            g.append(t.group)
            g.append(s.group)
        # the spit piles, their sizes, the slap labels
        self.piles = []
        self.pile_counts = []
        self.pile_n = bytearray(2)  # the sizes shown
        self.slap_labels = []
        for x in (PILE_X0, PILE_X1):
            p = widgets.CardSlot(x, PILE_Y)
            self.piles.append(p)
            g.append(p.grid)
            t = widgets.TextLine("", x + 10, COUNT_Y, TEXT, (0.5, 0), chars=8, face=tiny)
            self.pile_counts.append(t)
            g.append(t.group)
            s = widgets.TextLine("", x + 10, SLAP_Y, YOU_COLOR, (0.5, 0), chars=7)
            self.slap_labels.append(s)
            g.append(s.group)
        # SPIT!: a dark band under the message row, between the decks, while the
        # countdown runs; the piles below stay in view (3.5: is there really no move?)
        self.banner = widgets.bar(BANNER_W, 13, BANNER, BANNER_X, MSG_Y)
        self.banner.hidden = True
        g.append(self.banner)
        self.message = widgets.TextLine("", 80, MSG_Y, MSG, (0.5, 0), chars=26)
        g.append(self.message.group)
        # one panel for the pause menu and the results
        p = displayio.Group()
        p.append(widgets.bar(160, 128, PANEL_EDGE, 0, 0))
        p.append(widgets.bar(154, 122, PANEL, 3, 3))
        self.title = widgets.TextLine("", 80, 8, YOU_COLOR, (0.5, 0), scale=2, chars=12)
        p.append(self.title.group)
        self.lines = []
        for i in range(8):
            t = widgets.TextLine("", 8, 34 + 11 * i, TEXT, chars=24)
            self.lines.append(t)
            p.append(t.group)
        self.menu = widgets.MenuList(40, 40, 80, 3, 14, PAUSE_ITEMS)
        self.menu.group.hidden = True
        p.append(self.menu.group)
        p.hidden = True
        self.panel = p
        g.append(p)
        self.group = g


    def _draw(self):
        """Bring the table in line with the view: only what differs is touched."""
        v = self.v
        for q in (0, 1):
            tops = v.tops if q == 0 else v.opp_tops
            counts = v.counts if q == 0 else v.opp_counts
            for i in range(5):
                n = counts[i]
                j = q * 5 + i
                chosen = q == 0 and i == self.cursor
                _show(self.cards[j], tops[i] if n else sprites.EMPTY, sprites.CURSOR if chosen else sprites.NORMAL)
                grid = self.cards[j].grid
                y = YOU_Y - RAISE if chosen else (YOU_Y if q == 0 else BOT_Y)
                if grid.y != y and not (q == 0 and i == self.shake):
                    grid.y = y
                _hide(self.edges[j], n < 2)
                self.below[j].set(_BELOW[n] if n < 6 else "+" + _num(n - 1))
        x = PLACE_X0 + PITCH * self.cursor
        if self.cursor_bar.x != x:
            self.cursor_bar.x = x
        one = v.one_pile
        for k in (0, 1):
            slot = self.piles[k]
            if one >= 0 and one != k:
                _hide(slot.grid, True)
                self.pile_n[k] = 0
                self.pile_counts[k].set("")
            else:
                n = v.pile_counts[k]
                _show(slot, v.pile_tops[k] if n else sprites.EMPTY,
                      sprites.HINT if k == self.hint_pile else sprites.NORMAL)
                if self.pile_n[k] != n:  # a new text only when the size changed
                    self.pile_n[k] = n
                    self.pile_counts[k].set(_cards(n))
            n = v.spit_counts[k]
            e, c = self.decks[k]
            _hide(c, n == 0)
            _hide(e, n < 2)
            self.deck_counts[k].set(_num(n) if n else "")
            _hide(self.deck_labels[k], n == 0)
        ph = v.phase
        spit = ph == S.PH_SPIT and self.mode == M_TABLE
        _hide(self.banner, not spit)
        self.message.set_color(YOU_COLOR if spit else MSG)
        if self.mode != M_TABLE:
            return
        if ph == S.PH_SLAP:
            self.message.set("Slap! Left/Right" if not v.slapped else "Slapped")
        elif ph == S.PH_PLAY and self.msg_until < 0:
            self.message.set("" if one < 0 else "One pile: A or B")
            self.count_shown = -1

    def _home(self, i):
        """Your place i's card back where it belongs (a shake over or cut short)."""
        grid = self.cards[i].grid
        grid.x = PLACE_X0 + PITCH * i
        grid.y = YOU_Y - RAISE if i == self.cursor else YOU_Y

    def _shake_step(self, now):
        step = (now - self.shake_t0) // SHAKE_STEP
        if step == self.shake_i:
            return False
        i = self.shake
        grid = self.cards[i].grid
        base = YOU_Y - RAISE if i == self.cursor else YOU_Y
        if step * 2 >= len(_SHAKE):
            self.shake = -1
            self._home(i)
            self.dirty = True
            return True
        self.shake_i = step
        grid.x = PLACE_X0 + PITCH * i + _SHAKE[step * 2]
        grid.y = base + _SHAKE[step * 2 + 1]
        return True


    def _panel(self, title, texts):
        self.title.set(title)
        n = len(texts)
        for i in range(len(self.lines)):
            self.lines[i].set(texts[i] if i < n else "")
            self.lines[i].set_color(TEXT)
        self.panel.hidden = False
        self.banner.hidden = True


def _show(slot, tile, style):
    """CardSlot.set only when something differs (setting a TileGrid's look or
    visibility marks it for redrawing even when the value is the same)."""
    if slot.tile != tile or slot.style != style or slot.grid.hidden:
        slot.set(tile, style)


def _hide(obj, hidden):
    if obj.hidden != hidden:
        obj.hidden = hidden


def _num(n):
    return _DIGITS[n] if n < 10 else str(n)


def _cards(n):
    """A spit pile's size: what a slap takes (3.6)."""
    if n == 0:
        return ""
    return "1 card" if n == 1 else _num(n) + " cards"

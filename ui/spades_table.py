"""The Spades table (four-player and its two-seat form): the human's hand, the trick,
bids and tricks per seat, dealer, spades broken, scores and bags, whose turn; the
bid picker, the Blind Nil offer, the exchange picker, the two-player draw, Double
Nil offer and discard picker; the pause menu (Resume, Hint, Last trick, Score
history, Rules, Quit). Bots act here, in slices (one step a frame), held on screen
for the bot speed option. The human is seat 0 (RULES 1.1).

Everything on screen is built once in the constructor; later frames only change
tiles, palettes, positions and text, and only when the value changed (displayio
redraws what changed).

Layout (four players): scores top left (us) and top right (them) with bags under
them; North's label top centre, West's and East's at the sides, yours left of your
trick card; the trick as a diamond N/W/E/S in the middle; a message line above
the hand; the spades-broken mark at its right; the hand (HandRow) along the bottom.
"""
import displayio

from ui import keys, sprites, widgets
from engine.tricks import (BID, BLIND_NIL, LOOK, DOUBLE_NIL, NO_DOUBLE_NIL, KEEP, REJECT,
                           DISCARD_DONE, NEXT_HAND, PASS, DISCARD, BIDDING, EXCHANGE, PLAY,
                           HAND_OVER, MATCH_OVER, DECLARE, DRAW, DISCARDING, IllegalAction)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

HAND_Y = const(98)
MSG_Y = const(86)
ME = const(0)
# trick card places per seat, four players (S W N E) and two (S N)
SLOTS4 = ((70, 52), (36, 32), (70, 14), (104, 32))
SLOTS2 = ((70, 52), (70, 14))
BROKEN_XY = (149, 88)

# modes of the screen besides the game's own phase
PLAYING = const(0)
PAUSED = const(1)
REVIEW = const(2)

# bot speed option (engine/options.py SLOW NORMAL FAST): ms a bot's move stays
HOLD_MS = (1400, 800, 250)
SLICE = const(60)  # playout card plays per frame for a searching bot

WHITE = const(0xFFFFFF)
TURN = const(0xFFE040)
YOU = const(0x80FF80)
US = const(0xA0F0A0)
THEM = const(0xFFB0A0)
SOFT = const(0xA8D8B0)
NIL_RED = const(0xFF6060)
PANEL = const(0x0A3A1A)
PANEL_EDGE = const(0xF8C800)
DEALER_BG = const(0xF8C800)
HINT_TEXT = const(0x60E8FF)

MENU = ("Resume", "Hint", "Last trick", "Score history", "Rules", "Quit")
M_RESUME = const(0)
M_HINT = const(1)
M_LAST = const(2)
M_HISTORY = const(3)
M_RULES = const(4)
M_QUIT = const(5)

# What each button does at the table; README.md's Spades table shows these rows
# (host_tests/test_ui_spades.py reads both).
CONTROLS = (
    ("Left/Right", "move along your hand; change the bid"),
    ("Up/Down", "change the bid; move in a list"),
    ("A", "play the card; bid; choose; mark a card to pass; keep the drawn card; go on after a trick"),
    ("B", "reject the drawn card (two players); close the pause menu"),
    ("Select", "look at your cards, on your bidding turn or while others bid; pass or replace the marked cards"),
    ("Start", "pause menu: Resume, Hint, Last trick, Score history, Rules, Quit"),
)

_SPADE = b'\x08\x1c>\x7f\x7fk\x1c'  # the 7x7 spade of the sprite sheet


def _reveal(grid, shown):
    """Show or hide a TileGrid, touching it only when that changes (displayio
    redraws a grid whose `hidden` is set, even to the same value)."""
    if grid.hidden == shown:
        grid.hidden = not shown


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


class Panel:
    """A bordered box with a title line, built once, hidden by default."""

    def __init__(self, x, y, w, h, title_chars=16):
        self.group = displayio.Group()
        self.group.append(widgets.bar(w, h, PANEL_EDGE, x, y))
        self.group.append(widgets.bar(w - 2, h - 2, PANEL, x + 1, y + 1))
        self.title = widgets.TextLine("", x + w // 2, y + 2, TURN, (0.5, 0), chars=title_chars)
        self.group.append(self.title.group)
        self.group.hidden = True

    def show(self, on):
        if self.group.hidden == on:
            self.group.hidden = not on


class Table:
    """The table screen of a match (engine/spades.py or engine/spades2.py Match).
    `game` is engine.storage's game id (0 four-player, 1 two-player)."""

    def __init__(self, app, match, game, level, opts, store, stats=None):
        self.app = app
        self.m = match
        self.n = match.n
        self.game = game
        self.level = level
        self.opts = opts
        self.store = store
        self.stats = stats
        self.hold = HOLD_MS[opts.bot_speed] if 0 <= opts.bot_speed < 3 else HOLD_MS[1]
        self.mode = PLAYING
        self.wait = 0  # no bot acts before this time (ms)
        self.trick_shown = False  # a completed trick is still on the table
        self.bot = None  # the deciding bot (a seat's move or the hint)
        self.bot_seat = -1
        self.hinting = False
        self.hint_card = -1
        self.think_since = -1
        self.dots = 0
        self.cursor = 0
        self.bid = 3
        self.marked = []  # exchange / discard picks not yet sent
        self.history = []  # (hand number, score side 0, score side 1) per finished hand
        self.counted = match.phase in (HAND_OVER, MATCH_OVER)  # stats already counted
        done = match.hand_no if self.counted else match.hand_no - 1
        if done > 0:  # a resumed match: its earlier hands are not saved, their total is
            self.history.append((done, match.scores[0], match.scores[1]))
        self.flash_until = 0
        self.flash_side = -1
        self.last_pixels = None
        self.shown_tiles = b""
        self.page = None
        self.was_broken = False
        self.was_turn = -1
        self.offered = None
        self._build()
        self.refresh()
        self._prompt()  # the human may act first (new match or Continue): offer, picker, "Your turn"

    # ------------------------------------------------------------ building

    def _build(self):
        g = displayio.Group()
        g.append(sprites.felt())
        n = self.n
        self.us = widgets.TextLine("", 2, 0, US, chars=10)
        self.them = widgets.TextLine("", 158, 0, THEM, (1, 0), chars=10)
        self.us_bags = widgets.TextLine("", 2, 11, SOFT, chars=8)
        self.them_bags = widgets.TextLine("", 158, 11, SOFT, (1, 0), chars=8)
        for t in (self.us, self.them, self.us_bags, self.them_bags):
            g.append(t.group)
        # seat labels: (name line, bid/tricks line)
        self.names = []
        self.counts = []
        if n == 4:
            spots = (((66, 56), (1, 0), (66, 67)), ((2, 34), (0, 0), (2, 45)),
                     ((66, 0), (1, 0), (74, 0)), ((158, 34), (1, 0), (158, 45)))
            labels = ("You", "West", "N", "East")
            self.slots_xy = SLOTS4
        else:
            spots = (((66, 56), (1, 0), (66, 67)), ((66, 0), (1, 0), (80, 0)))
            labels = ("You", "")  # the bot: its count above its card, its score top right
            self.slots_xy = SLOTS2
        for s in range(n):
            (x, y), anchor, (cx, cy) = spots[s]
            name = widgets.TextLine(labels[s], x, y, WHITE, anchor, chars=4)
            cnt_anchor = (0, 0) if s == 2 else ((0.5, 0) if n == 2 and s == 1 else anchor)
            cnt = widgets.TextLine("", cx, cy, SOFT, cnt_anchor, chars=8)
            self.names.append(name)
            self.counts.append(cnt)
            g.append(name.group)
            g.append(cnt.group)
        if n == 2:  # the two-player table shows the stock and the discard pile
            self.stock = widgets.TextLine("", 2, 34, SOFT, chars=9)
            g.append(self.stock.group)
            # the human's last draw: what was kept, and what was thrown (only they know)
            self.took = widgets.TextLine("", 158, 34, YOU, (1, 0), chars=9)
            self.threw = widgets.TextLine("", 158, 46, SOFT, (1, 0), chars=9)
            g.append(self.took.group)
            g.append(self.threw.group)
        # the dealer marker (four players) / first player marker (two)
        self.dealer = widgets.TextLine("D", 0, 0, 0x102010, background=DEALER_BG)
        g.append(self.dealer.group)
        if n == 4:
            self.dealer_xy = ((38, 56), (28, 34), (60, 12), (126, 34))
        else:
            self.dealer_xy = ((38, 56), (60, 12))
        # the trick
        self.slots = []
        for s in range(n):
            x, y = self.slots_xy[s]
            tg = sprites.card_grid(sprites.EMPTY, sprites.NORMAL, x, y)
            tg.hidden = True
            self.slots.append(tg)
            g.append(tg)
        self.slot_tiles = bytearray(b"\xff" * n)
        self.slot_styles = bytearray(n)
        # the drawn card (two-player draw), in the middle
        self.drawn = sprites.card_grid(sprites.BACK, sprites.NORMAL, 70, 33)
        self.drawn.hidden = True
        self.drawn_tile = -1
        g.append(self.drawn)
        # spades broken: a small spade, black on white once broken
        bmp = displayio.Bitmap(9, 9, 2)
        for dy in range(7):
            bits = _SPADE[dy]
            for dx in range(7):
                if bits & (1 << (6 - dx)):
                    bmp[1 + dx, 1 + dy] = 1
        self.broken_pal = displayio.Palette(2)
        self.broken_pal[0] = sprites.FELT
        self.broken_pal[1] = 0x3C8C5A
        g.append(displayio.TileGrid(bmp, pixel_shader=self.broken_pal, x=BROKEN_XY[0], y=BROKEN_XY[1]))
        self.msg = widgets.TextLine("", 76, MSG_Y, WHITE, (0.5, 0), chars=23)
        g.append(self.msg.group)
        self.hand = widgets.HandRow(y=HAND_Y)
        g.append(self.hand.group)
        # the bid picker (also the Blind Nil / Double Nil offer, with a list)
        p = Panel(26, 28, 108, 56)
        self.big = widgets.TextLine("", 80, 44, WHITE, (0.5, 0), scale=2, chars=7)
        self.sub = widgets.TextLine("", 80, 70, SOFT, (0.5, 0), chars=17)
        p.group.append(self.big.group)
        p.group.append(self.sub.group)
        self.choice = widgets.MenuList(30, 44, 100, 2, 13)
        p.group.append(self.choice.group)
        self.picker = p
        g.append(p.group)
        # the pause menu
        p = Panel(30, 4, 100, 92)
        p.title.set("Paused")
        self.menu = widgets.MenuList(34, 17, 92, 6, 13, MENU)
        p.group.append(self.menu.group)
        self.pause = p
        g.append(p.group)
        self.group = g

    # ------------------------------------------------------------ drawing

    def refresh(self):
        """Bring every widget in line with the match (only changed ones redraw)."""
        m = self.m
        n = self.n
        v = m.observation(ME)
        self.v = v
        ph = m.phase
        # scores
        if n == 4:
            self.us.set("Us %d" % m.scores[0])
            self.them.set("Them %d" % m.scores[1])
        else:
            self.us.set("You %d" % m.scores[0])
            self.them.set("Bot %d" % m.scores[1])
        self.us_bags.set("bags %d" % m.bags[0])
        self.them_bags.set("bags %d" % m.bags[1])
        # seats
        turn = m.to_move if ph in (BIDDING, EXCHANGE, PLAY, DECLARE, DRAW, DISCARDING) else -1
        for s in range(n):
            b = v.bids[s]
            if ph in (DECLARE, DRAW, DISCARDING):
                held = len(m.hands[s])  # public: one card a draw
                if b == BLIND_NIL:
                    text = "%d DN" % held if held else "DN"
                else:
                    text = "%d cards" % held if held else ""
            elif ph == BIDDING or b < 0:
                text = bid_text(b, n)
            else:
                text = "%d/%s" % (v.tricks[s], bid_text(b, n))
            self.counts[s].set(text)
            color = WHITE
            if s == turn:
                color = YOU if s == ME else TURN
            self.names[s].set_color(color)
            self.counts[s].set_color(NIL_RED if b == 0 or b == BLIND_NIL else (color if s == turn else SOFT))
        d = m.dealer if n == 4 else getattr(m, "first", m.dealer)
        x, y = self.dealer_xy[d]
        if self.dealer.x != x or self.dealer.y != y:
            self.dealer.x = x
            self.dealer.y = y
            self.dealer.text = None
            self.dealer.set("D" if n == 4 else "1")
        if n == 2:
            drawing = ph == DRAW
            self.stock.set("stock %d" % v.stock if drawing else "")
            if not drawing:
                self.took.set("")
                self.threw.set("")
        # spades broken
        ink = 0x000000 if v.broken else 0x3C8C5A
        face = 0xFFFFFF if v.broken else sprites.FELT
        if self.broken_pal[1] != ink:
            self.broken_pal[1] = ink
            self.broken_pal[0] = face
        self._draw_trick()
        self._draw_hand()
        self._draw_drawn()
        self._lights(turn)

    def _slot(self, s, tile, style=sprites.NORMAL):
        tg = self.slots[s]
        if tile < 0:
            _reveal(tg, False)
            return
        if self.slot_tiles[s] != tile:
            self.slot_tiles[s] = tile
            tg[0] = tile
            self.slot_styles[s] = 255
        if self.slot_styles[s] != style:
            self.slot_styles[s] = style
            tg.pixel_shader = sprites.palette(tile, style)
        _reveal(tg, True)

    def _draw_trick(self, review=False):
        v = self.v
        n = self.n
        h = v.history
        if review or self.trick_shown:
            k = len(h) // n * n  # the last completed trick ends at k
            cards = h[k - n:k] if k >= n else b""
            t = (k // n) - 1
            leader = v.leaders[t] if 0 <= t < len(v.leaders) else 0
        else:
            cards = v.trick
            leader = v.leader
        played = [-1] * n
        for i in range(len(cards)):
            played[(leader + i) % n] = cards[i]
        turn = v.to_move if (v.phase == PLAY and not self.trick_shown and not review) else -1
        for s in range(n):
            if played[s] >= 0:
                self._slot(s, played[s])
            elif s == turn:
                self._slot(s, sprites.EMPTY)
            else:
                self._slot(s, -1)

    def _tiles(self):
        """The tiles of the human's hand as shown."""
        v = self.v
        if self.n == 4 and not v.looked:
            return bytes([sprites.BACK]) * 13
        return sort_hand(v.hand, self.opts.hand_sort == 1)

    def _draw_hand(self):
        tiles = self._tiles()
        hand = self.hand
        if tiles != self.shown_tiles:
            self.shown_tiles = tiles
            hand.show(tiles)
            if self.cursor >= len(tiles):
                self.cursor = max(0, len(tiles) - 1)
        m = self.m
        ph = m.phase
        mine = m.to_move == ME and self.mode != REVIEW
        picking = mine and ph in (EXCHANGE, DISCARDING)
        legal = None
        if mine and ph == PLAY and not self.trick_shown:
            legal = m.legal_actions()
        for i in range(len(tiles)):
            c = tiles[i]
            style = sprites.NORMAL
            if legal is not None and c not in legal:
                style = sprites.DIM
            elif picking and c in self.marked:
                style = sprites.HINT
            elif c == self.hint_card:
                style = sprites.HINT
            hand.set_style(i, style)
        cursor_on = (mine and (ph == PLAY and not self.trick_shown or picking))
        hand.set_cursor(self.cursor if cursor_on else widgets.NONE)

    def _draw_drawn(self):
        v = self.v
        tile = -1
        if self.n == 2 and v.phase == DRAW and v.to_move == ME:
            tile = getattr(v, "drawn", -1)
            if tile is None:
                tile = -1
        if tile != self.drawn_tile:
            self.drawn_tile = tile
            if tile >= 0:
                self.drawn[0] = tile
                self.drawn.pixel_shader = sprites.palette(tile)
        _reveal(self.drawn, tile >= 0)

    def say(self, text, color=WHITE):
        self.msg.set(text)
        self.msg.set_color(color)

    # ------------------------------------------------------------ lights, sound

    def _lights(self, turn, now=0):
        px = [0, 0, 0, 0, 0]
        if self.flash_side >= 0 and now < self.flash_until and (now // 120) % 2 == 0:
            color = 0x00FF40 if self.flash_side == 0 else 0xFF2000  # the board dims them
            for i in self._side_pixels(self.flash_side):
                px[i] = color
        elif turn >= 0:
            color = 0x00C000 if turn == ME else 0xC08000
            for i in self._seat_pixels(turn):
                px[i] = color
        px = tuple(px)
        if px != self.last_pixels:
            self.last_pixels = px
            pixels = self.app.hw.pixels
            for i in range(5):
                pixels[i] = px[i]

    def _seat_pixels(self, s):
        if self.n == 2:
            return (0, 1) if s == ME else (3, 4)
        return ((1, 3), (0,), (2,), (4,))[s]

    def _side_pixels(self, side):
        if self.n == 2:
            return (0, 1) if side == ME else (3, 4)
        return (1, 2, 3) if side == 0 else (0, 4)

    # ------------------------------------------------------------ keys

    def on_key(self, key):
        if self.mode == PAUSED:
            return self._pause_key(key)
        if self.mode == REVIEW:
            self.mode = PLAYING
            self.say("")
            self.refresh()
            self._prompt()
            return True
        if key == keys.START:
            return self._open_pause()
        if self.trick_shown and key == keys.A:
            self.wait = 0  # seen it: on with the game
            return False
        m = self.m
        ph = m.phase
        if ph == BIDDING and self.n == 4 and not self.v.looked and m.to_move != ME:
            if key == keys.SELECT or key == keys.A:
                return self._act(LOOK)
            return False
        if m.to_move != ME or self.trick_shown or self.bot is not None and not self.hinting:
            return False
        if ph == PLAY:
            return self._play_key(key)
        if ph == BIDDING:
            return self._bid_key(key)
        if ph in (EXCHANGE, DISCARDING):
            return self._pick_key(key)
        if ph == DECLARE:
            return self._choice_key(key, (NO_DOUBLE_NIL, DOUBLE_NIL))
        if ph == DRAW:
            return self._draw_key(key)
        return False

    def _move_cursor(self, key):
        count = self.hand.count
        if count == 0:
            return False
        self.cursor = (self.cursor + (1 if key == keys.RIGHT else -1)) % count
        self.hand.set_cursor(self.cursor)
        return True

    def _play_key(self, key):
        if key == keys.LEFT or key == keys.RIGHT:
            return self._move_cursor(key)
        if key == keys.A:
            c = self.shown_tiles[self.cursor]
            return self._act(c)
        return False

    def _bid_key(self, key):
        if not self.v.looked:
            if key == keys.SELECT:  # looks at your turn too, as while the others bid
                return self._act(LOOK)
            return self._choice_key(key, (LOOK, BLIND_NIL))
        if key in (keys.UP, keys.RIGHT, keys.DOWN, keys.LEFT):
            step = 1 if key in (keys.UP, keys.RIGHT) else -1
            self.bid = (self.bid + step) % 14
            self._draw_picker()
            return True
        if key == keys.A:
            return self._act(BID + self.bid)
        return False

    def _choice_key(self, key, actions):
        if key == keys.UP or key == keys.DOWN:
            self.choice.move(1 if key == keys.DOWN else -1)
            return True
        if key == keys.A:
            return self._act(actions[self.choice.cursor])
        return False

    def _draw_key(self, key):
        if key == keys.A:
            return self._act(KEEP)
        if key == keys.B:
            return self._act(REJECT)
        return False

    def _pick_key(self, key):
        if key == keys.LEFT or key == keys.RIGHT:
            return self._move_cursor(key)
        most = 3
        if key == keys.A:
            c = self.shown_tiles[self.cursor]
            if c in self.marked:
                self.marked.remove(c)
            elif len(self.marked) < most:
                self.marked.append(c)
            self._pick_prompt()
            self._draw_hand()
            return True
        if key == keys.SELECT:
            ph = self.m.phase
            if ph == EXCHANGE and len(self.marked) != 3:
                self.say("Choose 3 cards first")
                return True
            base = PASS if ph == EXCHANGE else DISCARD
            for c in self.marked:
                self.m.apply(base + c, ME)
            self.marked = []
            if ph == DISCARDING:
                self.m.apply(DISCARD_DONE, ME)
            self._after(ME, -1)
            return True
        return False

    def _pick_prompt(self):
        """What A and Select do now (each text fits the message line, 23 cells)."""
        k = len(self.marked)
        if self.m.phase == EXCHANGE:
            self.say("Select: pass these 3" if k == 3 else "A: mark 3 to pass (%d/3)" % k, TURN)
        else:
            self.say("A: mark, Select: swap %d" % k, TURN)

    def _act(self, a):
        """The human's action: applied if legal, else the rule is shown."""
        try:
            self.m.apply(a, ME)
        except IllegalAction as e:
            self.say(_why(e.args[0]), NIL_RED)
            self.app.tone(160, 80)
            return True
        self._after(ME, a)
        return True

    # ------------------------------------------------------------ pause menu

    def _open_pause(self):
        self.mode = PAUSED
        self.menu.set_items(MENU)
        self.pause.show(True)
        self.picker.show(False)
        return True

    def _close_pause(self):
        self.mode = PLAYING
        self.pause.show(False)
        self._prompt()

    def _pause_key(self, key):
        if key == keys.UP or key == keys.DOWN:
            self.menu.move(1 if key == keys.DOWN else -1)
            return True
        if key == keys.START or key == keys.B:
            self._close_pause()
            return True
        if key != keys.A:
            return False
        i = self.menu.cursor
        if i == M_HINT:
            self._close_pause()
            self._start_hint()
        elif i == M_LAST:
            self._close_pause()
            self._review()
        elif i == M_HISTORY:
            from ui.spades_pages import history_rows
            self._page("Score history", history_rows(self.history, self._side_names()), "A: back", self._back)
        elif i == M_RULES:
            from ui import rules_screen
            rules_screen.show(self.app, self.game, self._back)
        elif i == M_QUIT:
            if self.store is not None and self.m.phase != MATCH_OVER:
                self.store.save_game(self.game, self._level_byte(), self.m.to_bytes())
            self.app.hw.pixels.fill(0)
            self.app.home()  # the match stays saved: Continue resumes it
        else:
            self._close_pause()
        return True

    def _side_names(self):
        return ("Us", "Them") if self.n == 4 else ("You", "Bot")

    def _page(self, title, rows, footer, done):
        if self.page is None:
            from ui.spades_pages import Page
            self.page = Page(self.app)
        self.page.fill(title, rows, footer, done)
        self.app.show(self.page)

    def _back(self):
        self.app.show(self)
        if self.mode == PAUSED:
            self._close_pause()

    def _review(self):
        v = self.v
        if len(v.winners) == 0:
            self.say("No trick yet")
            return
        self.mode = REVIEW
        self._draw_trick(True)
        self._draw_hand()
        w = v.winners[-1]
        self.say("Last trick: %s won" % self._seat_name(w), TURN)

    def _seat_name(self, s):
        if self.n == 2:
            return ("You", "Bot")[s]
        return ("You", "West", "North", "East")[s]

    # ------------------------------------------------------------ bots, hints

    def _start_hint(self):
        if self.m.to_move != ME or self.bot is not None:
            self.say("No hint now")
            return
        self.hinting = True
        self._begin(ME)

    def _begin(self, seat):
        from engine.bots.spades_bot import Bot
        v = self.m.observation(seat)
        seed = (self.m.hand_no * 97 + len(v.history) * 5 + v.phase * 3 + len(getattr(v, "passed", b"")) +
                getattr(v, "stock", 0) * 7) & 0x3FFF
        bot = Bot(seat, self.level, seed)
        bot.begin(v)
        self.bot = bot
        self.bot_seat = seat
        self.think_since = -1

    def _think(self, now):
        """One slice of the deciding bot; True when the screen changed."""
        bot = self.bot
        if not bot.step(SLICE):
            first = self.think_since < 0
            if first:
                self.think_since = now
            dots = (now - self.think_since) // 300 % 4
            if first or dots != self.dots:
                self.dots = dots
                who = "Hint" if self.hinting else self._seat_name(self.bot_seat)
                self.say(who + " thinking" + "." * dots, SOFT)
                return True
            return False
        a = bot.result()
        seat = self.bot_seat
        self.bot = None
        self.bot_seat = -1
        if self.hinting:
            self.hinting = False
            self._show_hint(a)
            return True
        self.m.apply(a, seat)
        self._after(seat, a, now)
        return True

    def _show_hint(self, a):
        ph = self.m.phase
        from engine.cards import name
        if ph == PLAY or ph == EXCHANGE or ph == DISCARDING:
            c = a
            if ph == EXCHANGE:
                c = a - PASS
            elif ph == DISCARDING:
                c = a - DISCARD if a != DISCARD_DONE else -1
            self.hint_card = c
            if c >= 0 and c in self.shown_tiles:
                self.cursor = self.shown_tiles.index(c)
                self.say("Hint: " + name(c), HINT_TEXT)
            else:
                self.say("Hint: replace no more", HINT_TEXT)
            self._draw_hand()
            return
        if ph == BIDDING:
            if a == LOOK:
                self.say("Hint: look at the cards", HINT_TEXT)
            elif a == BLIND_NIL:
                self.say("Hint: bid Blind Nil", HINT_TEXT)
            else:
                self.bid = a - BID
                self._draw_picker()
                self.say("Hint: bid " + bid_text(self.bid, self.n), HINT_TEXT)
        elif ph == DECLARE:
            self.say("Hint: " + ("Double Nil" if a == DOUBLE_NIL else "play normally"), HINT_TEXT)
        elif ph == DRAW:
            self.say("Hint: " + ("keep it" if a == KEEP else "reject it"), HINT_TEXT)

    # ------------------------------------------------------------ after an action

    def _after(self, seat, a, now=None):
        """Whatever follows an applied action: save, sounds, holds, messages."""
        if now is None:
            now = self.app.now
        m = self.m
        v = m.observation(ME)
        self.hint_card = -1
        if seat == ME and self.hinting:  # the human did not wait for the hint
            self.hinting = False
            self.bot = None
        n = self.n
        # flash wears: save after the human's actions, bids, tricks; a bot's look,
        # draw or pick is redone the same way (bots are seeded from the match) on
        # Continue, so it waits for the next save
        save = seat == ME or BID <= a <= BID + 13 or a == BLIND_NIL or a == DOUBLE_NIL or a == NO_DOUBLE_NIL
        if 0 <= a < 52:
            h = len(v.history)
            save = h % n == 0
            if h % n == 0:
                self.trick_shown = True
                self.wait = now + max(self.hold * 2, 500)
                w = v.winners[-1]
                side = w & 1 if n == 4 else w
                self.flash_side = side
                self.flash_until = self.wait
                self.app.tone(988 if side == 0 else 494, 70)
                self.say("%s won the trick" % self._seat_name(w), YOU if side == 0 else THEM)
            else:
                self.wait = now + (self.hold if seat != ME else 0)
                if m.to_move != ME:  # "Your turn" or a refusal would stay up while bots play
                    self.say("%s to play" % self._seat_name(m.to_move), SOFT)
            if v.broken and not self.was_broken:
                self.app.tone(1320, 60)
                if h % n:
                    self.say("Spades broken!", TURN)
        elif BID <= a <= BID + 13 or a == BLIND_NIL:
            self.say("%s bid %s" % (self._seat_name(seat), bid_text(v.bids[seat], n)), SOFT)
            self.wait = now + (self.hold if seat != ME else 0)
        elif a == LOOK:
            pass
        elif a == KEEP or a == REJECT:
            if seat == ME:
                from engine.cards import name
                got = v.hand[0] if len(v.hand) == 1 else -1
                for c in v.hand:
                    if c not in self.shown_tiles:
                        got = c
                self.took.set(("kept " if a == KEEP else "took ") + name(got))
                self.threw.set("threw " + name(v.rejected[-1]))
            else:
                self.say("Bot drew", SOFT)
            self.wait = now + (self.hold // 2 if seat != ME else 0)
        elif a == DOUBLE_NIL or a == NO_DOUBLE_NIL:
            self.say("%s: %s" % (self._seat_name(seat), "Double Nil!" if a == DOUBLE_NIL else "no Double Nil"),
                     NIL_RED if a == DOUBLE_NIL else SOFT)
            self.wait = now + (self.hold if seat != ME else 0)
        else:
            self.wait = now + (self.hold // 2 if seat != ME else 0)
        self.was_broken = v.broken
        if save and self.store is not None:
            self.store.save_game(self.game, self._level_byte(), m.to_bytes())
        self.refresh()
        self._prompt()

    def _level_byte(self):
        from engine import options
        return options.level_byte(self.game, self.level)

    def _prompt(self):
        """The picker and the message for the human's turn."""
        m = self.m
        ph = m.phase
        v = self.v
        mine = m.to_move == ME and not self.trick_shown and self.mode == PLAYING
        if ph == BIDDING and self.n == 4 and not v.looked and not mine:
            self.say("Select: look at cards", SOFT)
        if not mine or self.bot is not None and not self.hinting:
            self.picker.show(False)
            return
        if ph == PLAY:
            self.picker.show(False)
            if self.was_turn != len(v.history):
                self.was_turn = len(v.history)
                self.app.tone(880, 40)
                legal = m.legal_actions()
                # the cursor starts on a legal card
                if self.shown_tiles and self.shown_tiles[self.cursor] not in legal:
                    for i in range(len(self.shown_tiles)):
                        if self.shown_tiles[i] in legal:
                            self.cursor = i
                            break
                    self._draw_hand()
            if not self.msg.text.startswith("Hint"):
                self.say("Your turn", YOU)
            return
        self.picker.show(ph in (BIDDING, DECLARE))
        if ph == BIDDING:
            if self.n == 4 and not v.looked:
                self._offer("Blind Nil?", ("Look at cards", "Blind Nil"), "+200 / -200")
            else:
                self._draw_picker()
        elif ph == DECLARE:
            self._offer("Double Nil?", ("Play normally", "Double Nil"), "+200 / -200")
        elif ph in (EXCHANGE, DISCARDING):
            self._pick_prompt()
            self._draw_hand()
        elif ph == DRAW:
            keep_only = getattr(v, "must_keep", False)
            self.say("A: keep" if keep_only else "A: keep  B: reject", YOU)

    def _offer(self, title, items, sub):
        self.picker.title.set(title)
        self.big.set("")
        offer = (self.m.hand_no, self.m.phase)
        if self.offered != offer:  # a new offer starts on its first, safe choice
            self.offered = offer
            self.choice.set_items(items)
        _reveal(self.choice.group, True)
        self.sub.set(sub)
        self.sub.set_color(SOFT)

    def _draw_picker(self):
        self.picker.title.set("Your bid")
        _reveal(self.choice.group, False)
        b = self.bid
        if b == 0:
            self.big.set("< Nil >")
            self.big.set_color(NIL_RED)
            self.sub.set("win no trick!")
            self.sub.set_color(NIL_RED)
        else:
            self.big.set("< %d >" % b)
            self.big.set_color(WHITE)
            self.sub.set("A: bid  Up/Down")
            self.sub.set_color(SOFT)

    # ------------------------------------------------------------ frames

    def tick(self, now):
        changed = False
        if self.flash_side >= 0:
            if now >= self.flash_until:
                self.flash_side = -1
            self._lights(self.m.to_move if self.m.phase not in (HAND_OVER, MATCH_OVER) else -1, now)
        if self.mode != PLAYING:
            return False
        if self.hinting:
            return self._think(now)
        if now < self.wait:
            return False
        if self.trick_shown:
            self.trick_shown = False
            self.refresh()
            self._prompt()
            if self.m.phase == PLAY and self.m.to_move != ME:
                self.say("%s to lead" % self._seat_name(self.m.to_move), SOFT)
            changed = True
        m = self.m
        ph = m.phase
        if ph == HAND_OVER or ph == MATCH_OVER:
            self._end_hand()
            return True
        if m.to_move != ME:
            if self.bot is None:
                self._begin(m.to_move)
            return self._think(now) or changed
        return changed

    def leave(self):
        pass

    # ------------------------------------------------------------ end of a hand

    def _end_hand(self):
        m = self.m
        n = self.n
        v = m.observation(ME)
        lines = m.last_breakdown
        if not self.counted:
            self.counted = True
            self.history.append((m.hand_no, m.scores[0], m.scores[1]))
            for side in range(2):
                for label, p in lines[side]:
                    if label.endswith("set"):
                        self.app.tone(196, 300)
            if self.stats is not None:
                st = self.stats
                st.spades_hand(self.game, ME, v.bids, v.tricks, lines[0])
                if m.phase == MATCH_OVER:
                    st.match_over(self.game, m.winner == 0)
                if self.store is not None:
                    self.store.save_stats(st)
            if self.store is not None:
                if m.phase == MATCH_OVER:
                    self.store.clear_game()
                else:
                    self.store.save_game(self.game, self._level_byte(), m.to_bytes())
        from ui.spades_pages import breakdown_rows
        names = self._side_names()
        rows = breakdown_rows(lines, names, m.scores, m.bags, n)
        self._lights(-1)
        self._page("Hand %d over" % m.hand_no, rows, "A: next", self._next_hand)

    def _next_hand(self):
        m = self.m
        if m.phase == MATCH_OVER:
            self._match_over()
            return
        m.apply(NEXT_HAND)
        self.counted = False
        self.was_broken = False
        self.was_turn = -1
        self.bid = 3
        if self.store is not None:
            self.store.save_game(self.game, self._level_byte(), m.to_bytes())
        self.say("")
        self.app.show(self)
        self.refresh()
        self._prompt()
        self.wait = self.app.now + self.hold

    def _match_over(self):
        from ui.spades_pages import GOOD, BAD, TEXT, HEAD
        m = self.m
        names = self._side_names()
        won = m.winner == 0
        if self.n == 4:
            title = "You win the match!" if won else "They win the match"
        else:
            title = "You win!" if won else "The bot wins"
        rows = [("Final score", "", HEAD),
                (" " + names[0], str(m.scores[0]), GOOD),
                (" " + names[1], str(m.scores[1]), BAD),
                ("Hands played", str(m.hand_no), TEXT),
                ("Target", str(m.target), TEXT)]
        self.over = True
        self._page(title, rows, "A: menu", self.app.home)


def _why(msg):
    """An IllegalAction message ("1.6: spades not broken") as a short line."""
    i = msg.find(": ")
    text = msg[i + 2:] if i >= 0 else msg
    return text[:1].upper() + text[1:23]

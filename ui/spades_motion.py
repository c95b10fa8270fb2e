"""Cards that move at the Spades table: a played card slides from its seat to its
place in the trick, a finished trick slides off to its winner, dealt cards arrive at
the hand. The bot-speed option sets how long a slide lasts.

A Motion moves existing display objects (anything with x and y: the table's
TileGrids) in straight lines, slowing as they land, each from where it starts to
where it rests. Its lists are made once; a frame only sets x and y, so nothing is
allocated while cards move.
"""
from ui.spades_layout import DRAWN_XY

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# what the table does when a motion ends
NOTHING = const(0)
COLLECTED = const(1)  # a finished trick has reached its winner: clear it

_MOVE_MS = (330, 200, 110)  # a slide, per bot speed (engine/options.py SLOW NORMAL FAST)
_BANNER_MS = (1800, 1200, 700)  # the "Hand 2" banner

# where cards come from and go to, per seat (screen pixels, off the edge on the seat's side)
_ORIGINS4 = ((70, 128), (-20, 32), (70, -26), (160, 32))
_ORIGINS2 = ((70, 128), (70, -26))
_DECK = (70, 38)  # dealt cards start from the middle of the table


def _by_speed(table, speed):
    return table[speed] if 0 <= speed < 3 else table[1]


def move_ms(speed):
    return _by_speed(_MOVE_MS, speed)


def banner_ms(speed):
    return _by_speed(_BANNER_MS, speed)


class Motion:
    def __init__(self, size):
        self.grids = [None] * size
        self.fx = [0] * size
        self.fy = [0] * size
        self.tx = [0] * size
        self.ty = [0] * size
        self.delay = [0] * size
        self.count = 0
        self.start = 0
        self.ms = 1
        self.kind = NOTHING
        self.active = False

    def add(self, grid, fx, fy, tx, ty, delay=0):
        """Move `grid` from (fx, fy) to (tx, ty), starting `delay` ms after begin().
        A motion still running is finished first (its grids put where they rest)."""
        if self.active:
            self.finish()
        i = self.count
        if i >= len(self.grids):
            grid.x = tx
            grid.y = ty
            return
        self.grids[i] = grid
        self.fx[i] = fx
        self.fy[i] = fy
        self.tx[i] = tx
        self.ty[i] = ty
        self.delay[i] = delay
        self.count = i + 1
        grid.x = fx
        grid.y = fy

    def begin(self, now, ms, kind=NOTHING):
        self.start = now
        self.ms = ms if ms > 0 else 1
        self.kind = kind
        self.active = self.count > 0
        self.step(now)

    def finish(self):
        """Everything where it rests at once."""
        self.step(self.start + self.ms + 10000)

    def step(self, now):
        """Move everything to where it is at `now`. True while something still moves;
        once all rest the motion is over (inactive, emptied)."""
        if not self.active:
            return False
        moving = False
        ms = self.ms
        for i in range(self.count):
            e = now - self.start - self.delay[i]
            g = self.grids[i]
            if e >= ms:
                x = self.tx[i]
                y = self.ty[i]
            else:
                moving = True
                if e < 0:
                    e = 0
                p = e * (2 * ms - e) // ms  # eased: fast away, slow landing
                x = self.fx[i] + (self.tx[i] - self.fx[i]) * p // ms
                y = self.fy[i] + (self.ty[i] - self.fy[i]) * p // ms
            if g.x != x:
                g.x = x
            if g.y != y:
                g.y = y
        if not moving:
            self.active = False
            self.count = 0
        return moving


def origin(t, seat):
    return (_ORIGINS4 if t.n == 4 else _ORIGINS2)[seat]


def slide_in(t, seat, fx, fy, now):
    """The card just played by `seat` slides from (fx, fy) to its place in the trick."""
    tx, ty = t.slots_xy[seat]
    t.motion.add(t.slots[seat], fx, fy, tx, ty)
    t.motion.begin(now, move_ms(t.opts.bot_speed))


def collect(t, winner, now):
    """A finished trick slides off the table towards its winner."""
    ox, oy = origin(t, winner)
    m = t.motion
    if m.active:
        m.finish()
    for s in range(t.n):
        g = t.slots[s]
        if not g.hidden:
            m.add(g, g.x, g.y, ox, oy)
    m.begin(now, move_ms(t.opts.bot_speed), COLLECTED)


def home(t):
    """The trick's places back where they belong (hidden or not, as refresh says)."""
    for s in range(t.n):
        x, y = t.slots_xy[s]
        g = t.slots[s]
        g.x = x
        g.y = y


def deal(t, now):
    """The hand's cards arrive one after another from the middle of the table."""
    hand = t.hand
    m = t.motion
    if m.active:
        m.finish()
    fx = _DECK[0] - hand.group.x
    fy = _DECK[1] - hand.group.y
    ms = move_ms(t.opts.bot_speed)
    gap = ms // 3  # about three cards in the air at once: a frame redraws little
    for i in range(hand.count):
        g = hand.slot(i)
        m.add(g, fx, fy, g.x, g.y, i * gap)
    m.begin(now, ms)


def arrive(t, card, now):
    """A card drawn and kept (two players) moves from the draw's place into the hand."""
    hand = t.hand
    i = t.shown_tiles.find(bytes((card,)))
    if i < 0:
        return
    g = hand.slot(i)
    t.motion.add(g, DRAWN_XY[0] - hand.group.x, DRAWN_XY[1] - hand.group.y, g.x, g.y)
    t.motion.begin(now, move_ms(t.opts.bot_speed))

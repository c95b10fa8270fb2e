"""The bots' turns and the hint at the Spades table: a bot decides in slices (_SLICE
playouts a frame) so keys are read meanwhile; "thinking..." shows while it searches.
A hint runs the bot for the human's seat; ui/spades_hint.py (imported for it, let go
after) marks its choice without playing it and says why; on the badge the hint runs in
a VM of its own (play_hint.py) and keeps the search for the bots that follow. Each bot's reasons for its
last bid and its last card stay on the table (t.why) for the pause menu's "Why?"."""
import sys

from ui import spades_layout as layout
from ui.spades_layout import ME, SOFT
from engine.tricks import BIDDING, EXCHANGE, PLAY, DECLARE, DISCARDING

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# the code a bot needs, loaded a module a frame
_BOTS = ("engine.bots.spades_track", "engine.bots.spades_bot")
_SEARCH = ("engine.bots.spades_bid", "engine.bots.spades_search")  # a hard bot's card
_BEFORE = ("engine.bots.spades_bid", "engine.bots.spades_bidding")  # bids, the exchange
_BEFORE2 = _BEFORE + ("engine.bots.spades_draw",)  # two players' draws and Double Nil
_SLICE = const(20)  # playout card plays per frame: about 27 board-ms (60 took 80; make boardfit)


def start_hint(t):
    if t.m.to_move != ME or t.bot is not None:
        t.say("No hint now")
        return
    t.hinting = True
    begin(t, ME)


def begin(t, seat):
    """The bot for seat begins deciding; when its code is not in the heap (a fresh VM,
    after a pause or a hand's end page) this frame only loads it and the next begins:
    both in one frame took up to 320 board-ms (make boardfit --frames). A hard bot's
    search comes in a frame of its own too (with its start: up to 186 board-ms), and
    the code of the choices before the play (with a bid: up to 193; a two-player draw
    that loaded its module each time: up to 167): a module a frame."""
    ph = t.m.phase
    if _load(t, _BOTS) or t.level == "hard" and ph == PLAY and len(t.m.hands[seat]) > 1 and _load(t, _SEARCH):
        return
    if (ph == BIDDING or ph == EXCHANGE or ph >= DECLARE) and t.level != "random" and _load(
            t, _BEFORE if ph <= EXCHANGE else _BEFORE2):
        return  # (kept till the first card: spades_bot._decide)
    from engine.bots.spades_bot import Bot, seed
    v = t.m.observation(seat)
    bot = Bot(seat, t.level, seed(v))
    bot.begin(v)
    t.bot = bot
    t.bot_seat = seat
    t.think_since = -1
    t.app.busy = True  # its first slice follows at once (no rest: App.busy)


def _hint_words(t, a, why):
    """The hint's words come in (only when asked); they say it in the next frame."""
    from ui import spades_hint  # noqa: F401

    def show(t):
        sys.modules["ui.spades_hint"].show_hint(t, a, why)
        layout.let_go("ui.spades_hint", "ui.spades_why")
    t.later(show)


def _load(t, names):
    """Import the first of `names` not in the heap, and think again at once (next
    frame): True if one came in."""
    if t.app.load_next(names):
        t.app.busy = True
        return True
    return False


def think(t, now):
    """One slice of the deciding bot (the window: hw.think_slices, as its frames are
    paced and a slice takes it well under a millisecond); True when the screen changed."""
    bot = t.bot
    if bot is None:  # the hint's code came in last frame (begin)
        begin(t, ME)
        return False
    k = getattr(t.app.hw, "think_slices", 1)
    done = bot.step(_SLICE)
    while not done and k > 1:
        done = bot.step(_SLICE)
        k -= 1
    if not done:
        t.app.busy = True  # the next slice at once: thinking takes no longer for the frames' rest
        first = t.think_since < 0
        if first:
            t.think_since = now
        dots = (now - t.think_since) // 300 % 4
        if first or dots != t.dots:
            t.dots = dots
            who = "Hint" if t.hinting else t._seat_name(t.bot_seat)
            t.say(who + " thinking" + "." * dots, SOFT)
            return True
        return False
    a = bot.result()
    seat = t.bot_seat
    t.bot = None
    t.bot_seat = -1
    if t.hinting:
        t.hinting = False
        why = bot.why
        bot = None
        # in one VM for a long stretch (the laptop) the hint's words come in where the bots'
        # code and the search's tables were, and the next bot loads them again; a game's own
        # VM hints in a VM just started (play_hint.py): the words load beside the search,
        # which the next bot goes on using (letting it go and loading it again cut that heap
        # up: the full plan needed 120 KB so, 104 without), a replay's too (the pause
        # menu's save keeps it); a replay of a match that is over, never saved, hints in
        # the VM it began in, beside its pages' leftovers: it lets them go
        if not t.app.game_vm or getattr(t.m, "replay_of", 0) and t.replaying[3] is not None:
            layout.let_go("engine.bots")
        t.later(lambda t: _hint_words(t, a, why))  # in frames of their own (in this one: up to 140 board-ms)
        return True
    w = bot.why
    if w is not None and seat:  # kept as small ints in the table's slots: they outlast the bots
        ph = t.m.phase
        i = seat * 18 - 18 + (10 if ph == PLAY or ph == EXCHANGE or ph == DISCARDING else 0)
        k = len(w)
        for j in range(10 if i % 18 == 0 else 8):
            t.why[i + j] = w[j] if j < k else 0
    t.m.apply(a, seat)
    t._after(seat, a, now)
    return True

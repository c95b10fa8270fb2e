"""The bots' turns and the hint at the Spades table: a bot decides in slices (SLICE
playouts a frame) so keys are read meanwhile; "thinking..." shows while it searches.
A hint runs the bot for the human's seat and marks its choice without playing it, and
says why in the message line (ui/spades_why.py). Each bot's reasons for its last bid
and its last card stay on the table (t.why) for the pause menu's "Why?" page."""
from ui import spades_layout as layout
from ui.spades_layout import bid_text, card_text, ME, SOFT, HINT_TEXT
from engine.tricks import (BID, BLIND_NIL, LOOK, DOUBLE_NIL, KEEP, PASS, DISCARD, DISCARD_DONE, BIDDING,
                           EXCHANGE, PLAY, DECLARE, DRAW, DISCARDING)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

SLICE = const(20)  # playout card plays per frame: about 27 board-ms (60 took 80; make boardfit)


def start_hint(t):
    if t.m.to_move != ME or t.bot is not None:
        t.say("No hint now")
        return
    t.hinting = True
    begin(t, ME)


def begin(t, seat):
    from engine.bots.spades_bot import Bot
    v = t.m.observation(seat)
    seed = (t.m.hand_no * 97 + len(v.history) * 5 + v.phase * 3 + len(getattr(v, "passed", b"")) +
            getattr(v, "stock", 0) * 7) & 0x3FFF
    bot = Bot(seat, t.level, seed)
    bot.begin(v)
    t.bot = bot
    t.bot_seat = seat
    t.think_since = -1


def think(t, now):
    """One slice of the deciding bot; True when the screen changed."""
    bot = t.bot
    if not bot.step(SLICE):
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
        show_hint(t, a)
        if bot.why is not None:
            _say_why(t, bot.why)
        return True
    if bot.why is not None:  # small ints: they outlast the bots' modules
        ph = t.m.phase
        t.why[seat * 2 + (ph == PLAY or ph == EXCHANGE or ph == DISCARDING)] = bot.why
    t.m.apply(a, seat)
    t._after(seat, a, now)
    return True


def _say_why(t, why):
    """The hint's reason after what the hint says ("Hint: 10}" -> "10}: lowest that wins")."""
    from ui import spades_why
    what = t.msg.text
    if what.startswith("Hint: ") and not what.endswith("no more"):
        t.say(spades_why.hint_line(why, t.n, what[6:]), HINT_TEXT)
    layout.let_go("ui.spades_why")


def show_hint(t, a):
    ph = t.m.phase
    if ph == PLAY or ph == EXCHANGE or ph == DISCARDING:
        c = a
        if ph == EXCHANGE:
            c = a - PASS
        elif ph == DISCARDING:
            c = a - DISCARD if a != DISCARD_DONE else -1
        t.hint_card = c
        if c >= 0 and c in t.shown_tiles:
            t.cursor = t.shown_tiles.index(c)
            t.say("Hint: " + card_text(c), HINT_TEXT)
        else:
            t.say("Hint: replace no more", HINT_TEXT)
        layout.draw_hand(t)
        return
    if ph == BIDDING:
        if a == LOOK:
            t.say("Hint: look at the cards", HINT_TEXT)
        elif a == BLIND_NIL:
            t.say("Hint: bid Blind Nil", HINT_TEXT)
        else:
            t.bid = a - BID
            from ui import spades_bidding
            spades_bidding.draw_picker(t)
            t.say("Hint: bid " + bid_text(t.bid, t.n), HINT_TEXT)
    elif ph == DECLARE:
        t.say("Hint: " + ("Double Nil" if a == DOUBLE_NIL else "play normally"), HINT_TEXT)
    elif ph == DRAW:
        t.say("Hint: " + ("keep it" if a == KEEP else "reject it"), HINT_TEXT)

"""The hint's words: the card or bid a hint marks and its reason in one line of the
table's message ("10}: lowest that wins"), from the reason the bot recorded (Bot.why),
and the card play rules' words (PLAY), which ui/spades_why.py's page uses too. Imported
for a hint and let go after: smaller than the page's words, so a hint's VM holds it
beside the bots' code and the search (ui/spades_thinking.py)."""
from ui.spades_layout import card_text, bid_text

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_SEARCH = const(40)  # the kinds of spades_bot (its _W_ constants), as ui/spades_why.py
_ONLY = const(42)
_TAKE = const(43)
_FORCED = const(44)
_NIL = const(50)
_BID = const(51)
_HINT_WIDTH = const(23)  # characters in the table's message line

# what a card play's rule says: (the situation, the choice), by spades_track.WHY[0]
PLAY = {
    1: (5, "sheds its highest"),
    2: (5, "plays low"),
    3: (1, "highest that loses"),
    4: (1, "nothing under it"),
    5: (2, "highest that loses"),
    6: (2, "can't duck: highest"),
    7: (3, "overtakes partner"),
    8: (3, "wins high first"),
    9: (3, "lowest that wins"),
    10: (3, "can't win: low"),
    11: (4, "stays under it"),
    12: (4, "plays low under it"),
    13: (0, "partner wins: low"),
    14: (0, "can't win: lowest"),
    15: (6, "lowest that wins"),
    16: (0, "lowest sure winner"),
    17: (0, "second hand low"),
    18: (0, "third hand high"),
    19: (1, "throws its riskiest"),
    20: (1, "under the ruff"),
    21: (1, "only spades: lowest"),
    22: (2, "throws its highest"),
    23: (2, "under the ruff"),
    24: (2, "only spades: highest"),
    25: (4, "throws a low card"),
    26: (0, "lowest over-ruff"),
    27: (0, "ruffs low"),
    28: (0, "throws from shortest"),
    29: (0, "only spades: lowest"),
    30: (1, "leads low"),
    31: (2, "leads low"),
    32: (3, "leads high"),
    33: (4, "leads low at it"),
    34: (0, "cashes a sure winner"),
    35: (0, "draws trumps"),
    36: (0, "leads shortest suit"),
    37: (0, "leads lowest spade"),
    _ONLY: (0, "only sensible card"),
    _TAKE: (6, "cheapest that takes it"),
    _FORCED: (0, "only legal card"),
}

def tenths(v):
    """23 -> "2.3", -5 -> "-0.5"."""
    a = -v if v < 0 else v
    return "%s%d.%d" % ("-" if v < 0 else "", a // 10, a % 10)


def show_hint(t, a, why):
    """The hint: action a marked (the card, or the bid in the picker) without playing
    it, and the message line says why ("10}: lowest that wins"), or only what when
    there is no reason ("Hint: look at the cards")."""
    from ui import spades_layout as layout
    from ui.spades_layout import HINT_TEXT
    from engine.tricks import (BID, BLIND_NIL, LOOK, DOUBLE_NIL, KEEP, PASS, DISCARD, DISCARD_DONE,
                               BIDDING, EXCHANGE, PLAY, DECLARE, DRAW, DISCARDING)
    ph = t.m.phase
    what = ""
    if ph == PLAY or ph == EXCHANGE or ph == DISCARDING:
        c = a
        if ph == EXCHANGE:
            c = a - PASS
        elif ph == DISCARDING:
            c = a - DISCARD if a != DISCARD_DONE else -1
        t.hint_card = c
        i = t.shown_tiles.find(bytes((c,))) if c >= 0 else -1  # the board's bytes has no index(int)
        if i >= 0:
            t.cursor = i
            what = card_text(c)
        else:
            what = "replace no more"
            why = None
        layout.draw_hand(t)
    elif ph == BIDDING:
        if a == LOOK:
            what = "look at the cards"
        elif a == BLIND_NIL:
            what = "bid Blind Nil"
        else:
            t.bid = a - BID
            from ui import spades_bidding
            spades_bidding.draw_picker(t)
            what = "bid " + bid_text(t.bid, t.n)
    elif ph == DECLARE:
        what = "Double Nil" if a == DOUBLE_NIL else "play normally"
    elif ph == DRAW:
        what = "keep it" if a == KEEP else "reject it"
    if what:
        t.say("Hint: " + what if why is None else hint_line(why, t.n, what), HINT_TEXT)


def hint_line(why, n, what):
    """The hint's reason in one line of the table's message, after `what` it marks
    ("10}" or "bid 4"): "10}: lowest that wins", "bid 4: worth 4.3 tricks"."""
    k = why[0]
    if k == _SEARCH:
        c, m1, r, m2, _, rule, p = why[1:8]
        if c != p:
            text = "beats %s by %s points" % (card_text(r), tenths(m1 - m2))
        else:
            text = PLAY.get(rule, (0, "its rule of thumb"))[1]
    elif k in PLAY:
        text = PLAY[k][1]
    elif k == _BID:
        text = "worth %s tricks" % tenths(why[2])
    elif k == _NIL:
        text = "Nil risk %s" % tenths(why[3])
    else:  # a choice before the play: the page's words say it
        from ui.spades_why import lines
        text = lines(why, n, True)[0]
    line = what + ": " + text
    if len(line) > _HINT_WIDTH and len(text) <= _HINT_WIDTH:
        return text  # the picker or the marked card shows what
    return line[:_HINT_WIDTH]

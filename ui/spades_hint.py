"""The hint's words: the card or bid a hint marks and its reason in one line of the
table's message ("10}: lowest that wins"), from the reason the bot recorded (Bot.why),
and the card play rules' words (play_words), which ui/spades_why.py's page uses too. Imported
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

# what a card play's rule says, by spades_track.WHY[0] (1 to 44; 38 to 41 are no play
# rule): the situation (spades_why's _GROUPS) and the choice. Bytes and a tuple of the
# words, not a dict of tuples: a few hundred bytes less beside the search in a hint's VM
_SITUATION = b"\x05\x05\x01\x01\x02\x02\x03\x03\x03\x03\x04\x04\x00\x00\x06\x00\x00\x00\x01\x01\x01\x02\x02\x02\x04\x00\x00\x00\x00\x01\x02\x03\x04\x00\x00\x00\x00\x00\x00\x00\x00\x00\x06\x00"
_CHOICE = ("sheds its highest", "plays low", "highest that loses", "nothing under it",
           "highest that loses", "can't duck: highest", "overtakes partner",
           "wins high first", "lowest that wins", "can't win: low", "stays under it",
           "plays low under it", "partner wins: low", "can't win: lowest", "lowest that wins",
           "lowest sure winner", "second hand low", "third hand high", "throws its riskiest",
           "under the ruff", "only spades: lowest", "throws its highest", "under the ruff",
           "only spades: highest", "throws a low card", "lowest over-ruff", "ruffs low",
           "throws from shortest", "only spades: lowest", "leads low", "leads low",
           "leads high", "leads low at it", "cashes a sure winner", "draws trumps",
           "leads shortest suit", "leads lowest spade", "", "", "", "", "only sensible card",
           "cheapest that takes it", "only legal card")


def play_words(code):
    """(the situation, the choice) of play rule `code`, or None when it is none."""
    if 0 < code <= len(_CHOICE) and _CHOICE[code - 1]:
        return _SITUATION[code - 1], _CHOICE[code - 1]
    return None


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
            text = (play_words(rule) or (0, "its rule of thumb"))[1]
    elif play_words(k):
        text = _CHOICE[k - 1]
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

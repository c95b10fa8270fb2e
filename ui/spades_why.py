"""The "Why?" page of the Spades pause menu: the reasons the bots recorded when they
decided (engine/bots/spades_bot.py Bot.why: small ints), put into words only here, when
asked (the hint's one line is ui/spades_hint.py's, whose card play words this page uses
too; a hint of a choice before the play borrows lines() from here). Imported for the page
and let go after.

A reason names the cards of a hand still hidden from you (a bid's counted honours, a
card passed, the search's runner-up) only for your partner and for your own hint;
for an opponent it names suits and figures, never its unplayed cards.
"""
from ui.card_names import card_name  # noqa: F401 (also the page's, host tests)
from ui.spades_layout import card_text, bid_text
from ui.spades_hint import play_words, tenths, show_hint, hint_line  # noqa: F401 (the hint's words, also for this page)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

HEAD = const(0xF8C800)  # the colours of ui/spades_pages.py (not imported for the hint)
TEXT = const(0xFFFFFF)
DIM = const(0xA8D8B0)

# the kinds of spades_bot (its _W_ constants)
_SEARCH = const(40)
_RANDOM = const(41)
_ONLY = const(42)
_TAKE = const(43)
_FORCED = const(44)
_NIL = const(50)
_BID = const(51)
_BLIND = const(52)
_DOUBLE = const(53)
_KEEP = const(54)
_PASS = const(55)
_REPLACE = const(56)

_WIDTH = const(26)  # characters in a row of the page
_HINT_WIDTH = const(23)  # and in the table's message line

# what a card play's rule says: (the situation, the choice), by spades_track.WHY[0]
_GROUPS = ("", "Nil", "bid made, avoids bags", "covering partner's Nil", "setting %s Nil",
           "trick trumped", "last to play")
_SUITS = ("clubs", "diamonds", "hearts", "spades")
_HONOURS = ("10", "J", "Q", "K", "A")


def _seat(s, n):
    return ("your", "Bot's")[s] if n == 2 else ("your", "West's", "North's", "East's")[s]


def rule_text(code, nil_seat, n):
    """A play rule in words: "covering partner's Nil: lowest that wins"."""
    g, what = play_words(code) or (0, "its rule of thumb")
    head = _GROUPS[g]
    if g == 4:
        head = head % _seat(nil_seat, n)
    return head + ": " + what if head else what


def _honours(bits, suit):
    """Honour bits (A 16, K 8, Q 4, J 2, 10 1) of a suit: "A-K hearts"."""
    out = []
    for i in range(4, -1, -1):
        if bits & (1 << i):
            out.append(_HONOURS[i])
    return "-".join(out) + " " + _SUITS[suit] if out else ""


def bid_parts(why, open_cards):
    """The estimate of a W_BID reason by suit: ["A-K hearts 1.8", "spades 0.5", ...]."""
    out = []
    for s in (3, 2, 1, 0):
        x = why[5 + s]
        share = x >> 5
        if share <= 0:
            continue
        name = _honours(x & 31, s) if open_cards else ""
        if not name:
            name = _SUITS[s]
        out.append("%s %s" % (name, tenths(share)))
    if why[9]:
        out.append("ruffs " + tenths(why[9]))
    return out


def _changes(ch, n):
    out = []
    if ch & 1:
        out.append("+1: near 10 bags")
    if ch & 2:
        out.append("-1: bids reach 13")
    if ch & 4:
        out.append("-1: a Nil to set")
    if ch & 8:
        out.append("a slip (easy)")
    if ch & 16:
        out.append("kept within 1-13")
    return out


def head(why, seat, n, name, open_cards):
    """The reason's first row: what the bot did ("North bid 4")."""
    k = why[0]
    if k == _NIL:
        return name + " bid Nil"
    if k == _BID:
        return "%s bid %d" % (name, why[1])
    if k == _BLIND:
        return name + " bid Blind Nil"
    if k == _DOUBLE:
        return name + (" chose Double Nil" if why[1] else ": no Double Nil")
    if k == _KEEP:
        what = card_name(why[2]) if open_cards else "the card"
        return "%s %s %s" % (name, "kept" if why[1] else "rejected", what)
    if k == _PASS:
        return name + " passed " + (card_name(why[1]) if open_cards else "a card")
    if k == _REPLACE:
        return name + (" replaced a card" if why[1] >= 0 else " replaced no more")
    if k == _RANDOM and not 0 <= why[1] < 52:
        return name + " chose"
    return "%s played %s" % (name, card_name(why[1]))


def lines(why, n, open_cards):
    """The reason in phrases (wrapped into rows by rows())."""
    k = why[0]
    if k == _SEARCH:
        c, m1, r, m2, deals, rule, p = why[1:8]
        out = [rule_text(rule, 0, n)] if c == p else []
        other = "the " + card_name(r) if open_cards else "its next best"
        out.append("tried in %d deals:" % deals)
        out.append("%s points a deal" % tenths(m1))
        out.append("%s %s%s" % (other, tenths(m2), " (too little)" if c == p and m2 > m1 else ""))
        return out
    if k == _RANDOM:
        return ["at random"]
    if k == _NIL:
        return ["worth %s tricks, Nil risk %s (up to %s)" % (tenths(why[2]), tenths(why[3]), tenths(why[4]))]
    if k == _BID:
        out = bid_parts(why, open_cards)
        out.insert(0, "worth %s tricks%s" % (tenths(why[2]), ":" if out else ""))
        if n == 2:
            out.append("two players share 13 tricks: about %d" % why[3])  # its tricks with two hands
        return out + _changes(why[4], n)
    if k == _BLIND:
        p = why[3]
        cover = "partner to bid" if p < 0 else "partner bid " + bid_text(p, n)
        return ["%d behind, they have %d, %s" % (why[2] - why[1], why[2], cover)]
    if k == _DOUBLE:
        return ["%d behind, you have %d" % (why[3], why[2])]
    if k == _KEEP:
        if why[3]:
            return ["low enough for Double Nil" if why[1] else "too high for Double Nil"]
        return ["better than average" if why[1] else "worse than average"]
    if k == _PASS:
        return ["most dangerous for the Nil" if why[2] else "low: partner's Nil"]
    if k == _REPLACE:
        return ["could lose the Nil" if why[1] >= 0 else "nothing else dangerous"]
    return [rule_text(k, why[2] if len(why) > 2 else 0, n)]


def wrap(phrases, width=_WIDTH):
    """Phrases joined with ", " into rows of at most `width` characters (indented),
    a phrase kept whole on a row when it fits one."""
    rows = []
    cur = ""
    last = len(phrases) - 1
    for i in range(last + 1):
        p = phrases[i]
        if i < last and not p.endswith(":"):
            p += ","
        if cur and len(cur) + 1 + len(p) > width and len(p) + 2 <= width:
            rows.append(cur)
            cur = ""
        for word in p.split(" "):
            if cur and len(cur) + 1 + len(word) > width:
                rows.append(cur)
                cur = ""
            cur = cur + " " + word if cur else ("  " if rows else " ") + word
    if cur:
        rows.append(cur)
    return rows


def rows(t):
    """The page: per bot its last bid's and its last card's reasons, as rows of
    (text, "", colour). t is the table (ui/spades_table.Table: t.why, 18 slots a bot)."""
    n = t.n
    out = []
    for seat in range(1, n):
        name = t._seat_name(seat)
        open_cards = n == 4 and seat == 2  # your partner
        for slot in (0, 1):
            i = seat * 18 - 18 + slot * 10
            why = t.why[i:i + 10 - 2 * slot]
            if why[0] == 0:
                text = _none(t, seat, slot, name)
                if slot and out[-1][0] == text:
                    out[-1] = (name + ": reasons not saved", "", DIM)  # one row for both
                else:
                    out.append((text, "", DIM))
                continue
            out.append((head(why, seat, n, name, open_cards) + ":", "", HEAD))
            for r in wrap(lines(why, n, open_cards)):
                out.append((r, "", TEXT))
    return out


def _none(t, seat, slot, name):
    """A bot with no reason to show: it has not bid (slot 0) or played this hand yet,
    or it did in a save of an older version (ui/spades_keep.py keeps them now)."""
    from engine.tricks import PLAY as playing  # PLAY here: the rules' phrases
    m = getattr(t, "m", None)
    if m is not None and (m.bids[seat] != -1 if slot == 0
                          else m.phase == playing and len(m.hands[seat]) < 13):
        return name + ": reason not saved"
    return "%s: no %s yet" % (name, "bid" if slot == 0 else "card")

"""B on a hand's end page: the review of the hand (engine/bots/spades_review.py). A
page shows its progress while the hard search scores the player's cards and plays the
deal again with hard in the player's seat (par); B stops it at once. Then the page
shows both results, the bid against the hand's worth and the costliest one to three
cards or choices before the play: "Trick 4: you played KH" / " 3H: +18 a deal more" /
" (40 deals)", "Your bid: 6" / " 4: +31 a deal more", "You passed 2C 3D 4S". A or B
go back to the hand's end page. Nothing is counted or saved.

On the badge the review runs in a VM of its own (play_review.py: start) from the save
the hand's end made, beside a page and no table, and goes back through play_ended.py;
in the window (and wherever no fresh VM is to be had) beside the table (here).
"""
from ui import keys
from ui.spades_pages import GOOD, BAD, TEXT, DIM, HEAD, signed

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_SLICE = const(20)  # card plays of search a frame, as the bots' (ui/spades_thinking.py: about 27 board-ms)
_ENGINE = "engine.bots.spades_review"
_BID = const(64)  # engine.tricks' actions (not imported: its names stay out)
_BLIND_NIL = const(80)
_LOOK = const(81)
_WIDE = const(26)  # letters in a row of the page (160 px)
_DOUBLE_NIL = const(82)
_NO_DOUBLE_NIL = const(83)


class Review:
    """The screen while the review of match m's hand runs and after (ui/app.py's screen
    interface), on `page` (a ui/spades_pages.Page); `back()` leaves it."""

    def __init__(self, app, page, m, level, back):
        from engine.bots.spades_review import Review as Work
        self.app = app
        self.page = page
        self.group = page.group
        self.n = m.n
        self.back = back
        self.title = "Review, deal %d" % m.number if m.single else "Review, hand %d" % m.hand_no
        self.work = Work(m, level)
        self.shown = -1
        page.fill(self.title, [("Scoring your cards...", "", TEXT)], "B: stop", None)

    def on_key(self, key):
        if self.work is not None:
            if key == keys.B:
                self._leave()
                return True
            return False
        return self.page.on_key(key)

    def tick(self, now):
        w = self.work
        if w is None:
            return False
        k = getattr(self.app.hw, "think_slices", 1)  # the window: several a frame
        done = False
        while k > 0 and not done:
            done = w.step(_SLICE)
            k -= 1
        if not done:
            self.app.busy = True  # the next slice at once
            p = w.progress()
            if p // 10 != self.shown:
                self.shown = p // 10
                self.page.set_rows([("Scoring your cards... %d%%" % p if p < 50 else
                                     "Hard in your seat... %d%%" % p, "", TEXT)])
                return True
            return False
        self.work = None
        pg = self.page
        pg.fill(self.title, rows(w, self.n), "A or B: back", self._leave)
        return True

    def _leave(self):
        self.work = None
        back = self.back
        back()  # the badge: a fresh VM from here (no collection first: up to 200 board-ms)


def rows(w, n=4):
    """The page's rows for a finished review w."""
    from ui.card_names import card_name
    out = [("You", signed(w.you), GOOD if w.you >= w.par else BAD),
           ("Hard in your seat", signed(w.par), TEXT)]
    if w.bid is not None:
        a, worth, _ = w.bid
        if a == _BLIND_NIL or a == _DOUBLE_NIL:
            what = "Blind Nil" if n == 4 else "Double Nil"
        elif a == _BID:
            what = "Nil"
        else:
            what = "%d" % (a - _BID)
        if worth < 0:  # Double Nil, declared before the draw
            out.append(("You bid %s" % what, "", TEXT))
        else:
            out.append(("You bid %s; cards worth" % what, "%d.%d" % (worth // 10, worth % 10), TEXT))
    if not w.costly:
        out.append(("No card cost points", "", GOOD))
    for trick, played, better, gain, deals in w.costly:
        if trick:
            head = "Trick %d: you played %s" % (trick, card_name(played))
            better = card_name(better)
        else:  # a choice before the play: a bid, or the cards passed or replaced
            head = ("You looked at your cards" if played == _LOOK else
                    "You declared Double Nil" if played == _DOUBLE_NIL else
                    "No Double Nil declared" if played == _NO_DOUBLE_NIL else
                    ("Your bid: %s" if isinstance(played, int) else
                     "You passed %s" if n == 4 else "You replaced %s") % _choice(played))
            better = _choice(better)
        out.append((head, "", HEAD))
        line = " %s: +%d a deal more" % (better, (gain + 5) // 10)
        if len(line) > _WIDE:
            line = line[:-5]  # " more": three cards named, or a declaration
        out.append((line, "", TEXT))
        out.append((" (%d deals)" % deals, "", DIM))
    return out  # the card names' code goes as the page does (_leave): a collection here cost a frame


def _choice(x):
    """A bid action ("Nil", "4", "Blind Nil", "A look", "Double Nil", "Not declared") or
    cards passed or replaced ("KS QH 9D", "none")."""
    from ui.card_names import card_name
    if isinstance(x, int):
        return ("Nil" if x == _BID else "Blind Nil" if x == _BLIND_NIL else "A look" if x == _LOOK
                else "Double Nil" if x == _DOUBLE_NIL else "Not declared" if x == _NO_DOUBLE_NIL
                else "%d" % (x - _BID))
    return " ".join([card_name(c) for c in x]) if x else "none"


def here(t):
    """B on the end page, in the table's VM: the review on the table's page."""
    t.app.show(Review(t.app, t.page, t.m, t.level, lambda: _back(t)))


def _back(t):
    """Back to the table's end page: the search's code leaves, and the card names' if
    they came (in the review's own VM the import of spades_layout for it ran out of room)."""
    from ui.spades_layout import let_go
    let_go(_ENGINE, "ui.card_names")
    t.app.show(t)
    from ui import spades_hand_end
    t.later(spades_hand_end.show_page)


def start(app, arg=0):
    """play_review.py: the review of the hand the save holds (its end just saved), on a
    page of its own; back: the end page in a fresh VM (play_ended.py)."""
    from ui import spades_game
    from engine import options
    saved = spades_game._store(app).load_game(True)
    back = lambda: app.go_on_fresh("play_ended.py") or app.home()  # noqa: E731
    try:
        game, level, blob = saved
        m, _, _ = spades_game._match(game, blob)
    except (TypeError, ValueError):  # no save, or one the engine refuses: Continue tells
        back()
        return None
    from ui.spades_pages import Page
    r = Review(app, Page(app), m, options.level_value(game, level), back)
    app.show(r)
    return r
